"""What one line of a line-structured English FAQ opens: the layout's own line recognisers."""
from __future__ import annotations

import re

from compiler.readers.recognise import (is_example, is_flip_separator, is_separator,
                                        parse_loose_ruling, parse_rule_line)

Line = tuple[int, str]
"""A source line: its 1-based number and its text."""

# The Betrayers FAQ once ends an entry with four dashes; five or more is the rule elsewhere.
_SHORT_SEPARATOR_RE = re.compile(r"^\s*-{4}\s*$")
_INDENT_RE = re.compile(r"^(?: {2,}|\t)\S")
_HEADING_RE = re.compile(r"^[A-Z][A-Z0-9 \"'&,:/()-]*[A-Z\"')]$")


def is_blank(line: str) -> bool:
    """Return whether the line holds only whitespace."""
    return not line.strip()


def is_entry_separator(line: str) -> bool:
    """Return whether the line separates entries (``-----``, also the odd ``----``)."""
    return is_separator(line) or bool(_SHORT_SEPARATOR_RE.match(line))


def is_indented(line: str) -> bool:
    """Return whether the line is indented (a list item or a rule's example)."""
    return bool(_INDENT_RE.match(line))


def is_section_heading(line: str) -> bool:
    """Return whether the line is a capitalised section heading (``GENERAL NOTES``)."""
    text = line.strip()
    letters = sum(ch.isalpha() for ch in text)
    return bool(_HEADING_RE.match(text)) and " " in text and letters >= 6


def opens_construct(line: str) -> bool:
    """Return whether the line opens a block other than prose or a card (ruling, rule, list...)."""
    return (is_entry_separator(line) or is_flip_separator(line) or is_indented(line)
            or parse_loose_ruling(line) is not None or parse_rule_line(line) is not None
            or is_example(line))


def next_filled(lines: list[Line], i: int) -> int | None:
    """Return the index of the first non-blank line at or after ``i``, or None."""
    while i < len(lines):
        if not is_blank(lines[i][1]):
            return i
        i += 1
    return None
