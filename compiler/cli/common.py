"""What every verb shares: the options of ``faqc`` itself and how warnings are told."""
from __future__ import annotations

import click

from compiler.core.errors import Diagnostics, FaqcError


class Context:
    """Options shared by every verb."""

    def __init__(self, verbosity: int, strict: bool):
        self.verbosity = verbosity
        self.strict = strict

    def info(self, message: str) -> None:
        """Print a progress line unless ``-q``."""
        if self.verbosity >= 0:
            click.echo(message, err=True)

    def detail(self, message: str) -> None:
        """Print a detail line with ``-v``."""
        if self.verbosity > 0:
            click.echo(message, err=True)


def report(ctx: Context, diags: Diagnostics) -> None:
    """Print the warnings grouped by file; fail under ``--strict`` if there are any."""
    for diag in diags.sorted():
        click.echo(diag.format(), err=True)
    if diags and ctx.strict:
        raise FaqcError(f"{len(diags)} warning(s) and --strict is set")
