"""Recognisers of the constructs every layout shares: one small function per construct."""
from .constructs import *  # noqa: F401,F403
