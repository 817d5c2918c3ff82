"""The collapsed text as the reader sees it: one long line, stretches of it, words and sentences.

A collapsed FAQ lost its line breaks, so constructs are found inside running text.  Every
piece the reader keeps is a ``Stretch`` (start and end offsets into the text), from which the
node's ``Span`` (line 1, columns) is computed, so later warnings can point at the place.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from compiler.core.model import Span

WORD_RE = re.compile(r"\S+")
# What may close a sentence after its final stop: quotes and a reminder-text parenthesis.
_CLOSERS = "\"”’')"
_STOPS = ".!?"
# A new sentence starts with a capital, a digit, a mana symbol, a quote, markup or a parenthesis.
_SENTENCE_START = r"[A-Z0-9{\"“(_]"
# A run of spaces after a stop (and its closers), before a sentence's start.
_SENTENCE_BREAK_RE = re.compile(rf"[{_STOPS}][{_CLOSERS}]*( +)(?={_SENTENCE_START})")
# What can change whether a character is outside parentheses, quotations and mana symbols.
_MARK_RE = re.compile(r"[{}()\"“”]")


class FlatText:
    """The document text with newlines read as spaces, and the way back to lines and columns."""

    def __init__(self, text: str) -> None:
        self.flat = text.replace("\n", " ")
        """The text searched by the recognisers (same offsets as the decoded text)."""
        self._breaks = [m.start() for m in re.finditer("\n", text)]

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based line and 0-based column of an offset."""
        line = bisect.bisect_right(self._breaks, offset - 1)
        start = self._breaks[line - 1] + 1 if line else 0
        return line + 1, offset - start

    def span(self, start: int, end: int) -> Span:
        """Return the span of ``[start, end)``."""
        line, col = self.position(start)
        end_line, end_col = self.position(end)
        return Span(line, end_line, col, end_col)


@dataclass(slots=True, frozen=True)
class Stretch:
    """A piece ``[start, end)`` of the flat text."""

    doc: FlatText
    start: int
    end: int

    @property
    def value(self) -> str:
        """Return the text of the stretch."""
        return self.doc.flat[self.start:self.end]

    def strip(self) -> "Stretch":
        """Return the stretch without its surrounding whitespace."""
        value = self.value
        lead = len(value) - len(value.lstrip())
        trail = len(value) - len(value.rstrip())
        if lead == len(value):
            return Stretch(self.doc, self.start, self.start)
        return Stretch(self.doc, self.start + lead, self.end - trail)

    def cut(self, start: int, end: int | None = None) -> "Stretch":
        """Return the sub-stretch between two absolute offsets, stripped."""
        return Stretch(self.doc, start, self.end if end is None else end).strip()

    def span(self) -> Span:
        """Return the source span of the stretch."""
        return self.doc.span(self.start, self.end)

    def __bool__(self) -> bool:
        return self.end > self.start


@dataclass(slots=True, unsafe_hash=True)
class Word:
    """One whitespace-separated word and where it is. Never changed once made, and hashed by
    its fields, but not frozen: a frozen ``__init__`` takes three times as long, for 300,000
    words a MB."""

    text: str
    start: int
    end: int


def words(stretch: Stretch) -> list[Word]:
    """Return the words of a stretch with their absolute offsets."""
    return [Word(m.group(), m.start(), m.end()) for m in word_matches(stretch)]


def word_matches(stretch: Stretch) -> Iterator[re.Match[str]]:
    """Return the words of a stretch one by one, as matches at absolute offsets."""
    return WORD_RE.finditer(stretch.doc.flat, stretch.start, stretch.end)


def top_level(text: str) -> list[bool]:
    """Return, per character, whether it lies outside parentheses and quotations."""
    # Unbalanced marks (a stray quote, a ``1)`` list marker) would swallow the rest: ignore them.
    straight = text.count('"') % 2 == 0
    out, depth = _nesting(text, straight, parens=True)
    return out if depth == 0 else _nesting(text, straight, parens=False)[0]


def _nesting(text: str, straight: bool, parens: bool) -> tuple[list[bool], int]:
    """Return, per character, whether it is outside, and the depth of parentheses left open.
    Only the marks change it: the characters between two marks repeat the state after the
    first."""
    depth, quoted, braced, out = 0, False, False, []
    outside, done = True, 0
    for mark in _MARK_RE.finditer(text):
        at = mark.start()
        out += [outside] * (at - done)
        ch = text[at]
        if ch in "{}":
            braced = ch == "{"  # a hybrid symbol ``{(b/r)}`` opens no parenthesis
        elif braced:
            pass
        elif ch == "(" and parens:
            depth += 1
        elif ch == ")" and parens and depth:
            depth -= 1
        elif ch == '"' and straight:
            quoted = not quoted
        elif ch in "“”":
            quoted = ch == "“"
        outside = depth == 0 and not quoted and not braced
        out.append(outside)
        done = at + 1
    out += [outside] * (len(text) - done)
    return out, depth


def sentence_starts(text: str) -> list[int]:
    """Return the offsets (in ``text``) where a top-level sentence starts, after the first."""
    candidates = [(m.start(1), m.end(1)) for m in _SENTENCE_BREAK_RE.finditer(text)]
    if not candidates:
        return []
    outside = top_level(text)
    return [j for i, j in candidates if outside[i]]


def sentences(stretch: Stretch) -> list[Stretch]:
    """Split a stretch into its top-level sentences."""
    cuts = [stretch.start + i for i in sentence_starts(stretch.value)]
    bounds = [stretch.start, *cuts, stretch.end]
    return [stretch.cut(a, b) for a, b in zip(bounds, bounds[1:])]
