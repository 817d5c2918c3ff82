"""Recognisers of the constructs every layout shares: one small function per construct."""
from compiler.readers.recognise.constructs import *  # noqa: F401,F403
