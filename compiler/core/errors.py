"""Errors the user caused, warnings with locations and categories, and the one way a line is
printed (``say``)."""
from __future__ import annotations

import errno
from dataclasses import dataclass, field

import click

_SHOWN = str.maketrans({**{code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))},
                        0x09: "\\t", 0x0a: "\\n", 0x0d: "\\r",
                        0x2028: "\\u2028", 0x2029: "\\u2029"})
"""Each control character (C0, DEL, C1) and line separator, as an escape (``\\x1b``, ``\\n``)."""


def printable(text: str) -> str:
    """Return ``text`` with its control characters and line separators shown escaped
    (``\\x1b``, ``\\x07``, ``\\n``, ``\\u2028``): a file or card name cannot end the line it
    is printed on, forge another or drive the terminal. Printable text, backslashes included,
    is left as it is, so ``printable`` of ``printable`` is the same."""
    return text.translate(_SHOWN)


def say(line: str, err: bool = True) -> None:
    """Print one line (to stderr unless ``err`` is False), its text from input escaped
    (``printable``): every line faqc prints goes out here."""
    click.echo(printable(line), err=err)


class FaqcError(click.ClickException):
    """Root of every error caused by input or usage: the CLI prints one clean line."""

    exit_code = 1


def output_error(exc: OSError, out: object, outcome: str) -> FaqcError:
    """Return the one-line error of a machine failure (disk full, permissions) while writing
    ``out``: a full disk is the output's (a copy names the file it was reading first), any
    other failure names the file the system named; ``outcome`` says what was left."""
    where = out if exc.errno == errno.ENOSPC else exc.filename or out
    return FaqcError(f"{where}: error: {exc.strerror or exc}; {outcome}")


class SourceError(FaqcError):
    """A source file that cannot be read: names the file and, where known, the line."""

    def __init__(self, file: str, message: str, line: int | None = None):
        self.file = file
        self.line = line
        self.reason = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: error: {message}")


@dataclass(slots=True, frozen=True)
class Diagnostic:
    """One warning: where, what, and its category (``layout.unknown``, ``xref.card``, ...)."""

    file: str
    line: int | None
    message: str
    category: str

    def format(self) -> str:
        """Return the one-line form ``file:line: warning: message [category]``."""
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: warning: {self.message} [{self.category}]"


@dataclass(slots=True)
class Diagnostics:
    """Collects warnings during a run; ``--strict`` turns any into failure."""

    items: list[Diagnostic] = field(default_factory=list)

    def warn(self, file: str, line: int | None, message: str, category: str) -> None:
        """Record a warning."""
        self.items.append(Diagnostic(file, line, message, category))

    def extend(self, other: "Diagnostics") -> None:
        """Add every warning of ``other``."""
        self.items.extend(other.items)

    def sorted(self) -> list[Diagnostic]:
        """Return the warnings grouped by file, then by line."""
        return sorted(self.items, key=lambda d: (d.file, d.line or 0, d.category, d.message))

    def __len__(self) -> int:
        return len(self.items)


def interrupted(exc: BaseException | None) -> bool:
    """Return whether ``exc`` is a Ctrl-C, or an error it caused: Python 3.11 wraps one that
    lands while a class is made (a dataclass's ``__set_name__``) in a ``RuntimeError``."""
    while exc is not None:
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc = exc.__cause__
    return False
