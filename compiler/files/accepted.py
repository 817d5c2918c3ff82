"""Accepted warnings: known, reviewed warnings that ``--strict`` lets pass.

The list is a text file (``content/accepted-warnings.txt``), one warning per line::

    content/sources/003_ce9129ef857eaa93.txt:1 [xref.rule-era] 501.10 -- why it is accepted

``path:line``, the ``[category]``, a subject (a word of the warning's message: the rule number,
the card name's first word...) that tells apart warnings on the same line (a collapsed FAQ is
one line), then ``--`` and the reason, which is required.  ``#`` starts a comment line.  A path
matches a warning's file when the shorter of the two is a trailing part of the other, so the
list works whether the sources are named relative to the repository or absolutely.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePath

from compiler.core.errors import Diagnostic, Diagnostics, FaqcError
from compiler.files.textio import read_utf8

DEFAULT_ACCEPT_LIST = Path("content/accepted-warnings.txt")
"""Where ``faqc check`` looks for the list when not told (used if present)."""
_LINE_RE = re.compile(r"^(?P<path>\S+?):(?P<line>\d+) \[(?P<category>[\w.-]+)\] "
                      r"(?P<subject>\S+) -- (?P<reason>\S.*)$")


@dataclass(slots=True, frozen=True)
class AcceptedWarning:
    """One line of the accept list."""

    path: str
    line: int
    category: str
    subject: str
    reason: str

    def matches(self, diag: Diagnostic) -> bool:
        """Return True when ``diag`` is the warning this line accepts."""
        return (diag.line == self.line and diag.category == self.category
                and self.subject in diag.message.split() and _same_file(self.path, diag.file))


def _same_file(a: str, b: str) -> bool:
    pa, pb = PurePath(a).parts, PurePath(b).parts
    n = min(len(pa), len(pb))
    return n > 0 and pa[-n:] == pb[-n:]


def parse_accept_list(text: str, file: str) -> list[AcceptedWarning]:
    """Return the entries of an accept list's text; a malformed line is a one-line error."""
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = _LINE_RE.match(line)
        if match is None:
            raise FaqcError(f"{file}:{number}: error: not 'path:line [category] subject -- reason'")
        entries.append(AcceptedWarning(match["path"], int(match["line"]), match["category"],
                                       match["subject"], match["reason"]))
    return entries


def read_accept_list(path: Path | None) -> list[AcceptedWarning]:
    """Read the list at ``path``; when not given, ``content/accepted-warnings.txt`` if present."""
    if path is None:
        if not DEFAULT_ACCEPT_LIST.is_file():
            return []
        path = DEFAULT_ACCEPT_LIST
    return parse_accept_list(read_utf8(path), str(path))


def split_accepted(diags: Diagnostics, entries: list[AcceptedWarning]) -> tuple[Diagnostics, int]:
    """Return the warnings no entry accepts, and how many were accepted."""
    kept = Diagnostics()
    accepted = 0
    for diag in diags.items:
        if any(entry.matches(diag) for entry in entries):
            accepted += 1
        else:
            kept.items.append(diag)
    return kept, accepted
