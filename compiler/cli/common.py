"""What every verb shares: the options of ``faqc`` itself and how warnings are told (each line
through ``compiler.core.errors.say``, which escapes what came from input)."""
from __future__ import annotations

from compiler.core.errors import Diagnostics, FaqcError, say


class Context:
    """Options shared by every verb."""

    def __init__(self, verbosity: int, strict: bool):
        self.verbosity = verbosity
        self.strict = strict

    def info(self, message: str) -> None:
        """Print a progress line unless ``-q``."""
        if self.verbosity >= 0:
            say(message)

    def detail(self, message: str) -> None:
        """Print a detail line with ``-v``."""
        if self.verbosity > 0:
            say(message)


def report(ctx: Context, diags: Diagnostics) -> None:
    """Print the warnings grouped by file; fail under ``--strict`` if there are any."""
    for diag in diags.sorted():
        say(diag.format())
    if diags and ctx.strict:
        raise FaqcError(f"{len(diags)} warning(s) and --strict is set")
