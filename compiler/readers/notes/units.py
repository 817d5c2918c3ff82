"""The unit stream: a source as the card-notes reader sees it, whatever its markup.

A *unit* is one line of a paragraph (card lines are lines), one list item (a ruling), one
heading or one thematic break, with its source lines. Two front ends make units: ``text_units``
for plain text (paragraphs are separated by blank lines) and ``markdown.markdown_units`` for
Markdown, from markdown-it-py's block tokens. Block markup (``> ``, list markers, heading
underlines) is gone from a unit's text; inline markup (emphasis, images, links) is kept.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.readers.recognise.cardlines import flattened_face

LINE, BULLET, HEADING, RULE = "line", "bullet", "heading", "rule"
_RULE_RE = re.compile(r"^\s*(?:-{3,}|_{3,}|\*{3,}|={3,})\s*$")
# A ruling's bullet; ``•`` opens a mode of a modal card's text, not a ruling.
_BULLET_RE = re.compile(r"^(?P<indent>\s*)(?P<marker>[*＊]|-(?!-))(?P<space>\s+)(?P<text>\S.*)$")
_EMPHASIS_START_RE = re.compile(r"^\*[^*\s](?:[^*]*[^*\s])?\*(?!\w)")
_HARD_BREAK_RE = re.compile(r"(?: {2,}|\\)$")


@dataclass(slots=True)
class Unit:
    """One line, list item, heading or break of a source."""

    kind: str
    """``line``, ``bullet``, ``heading`` or ``rule``."""
    text: str
    """The text, block markup removed, inline markup kept, trailing spacing removed."""
    line: int
    """First source line, 1-based."""
    end_line: int
    """Last source line, inclusive."""
    block: int
    """The paragraph (or list item, heading) it belongs to: units of one paragraph share it."""
    quote: int = 0
    """The blockquote it is in (an id, 0 for none): lines of one quoted card share it."""
    depth: int = 0
    """List nesting of a bullet (0 = top), or the level of a heading (1-6)."""
    hard: bool = False
    """Whether the source line ended in a hard break (two spaces or a backslash)."""
    marker: str = ""
    """The bullet as written (``*``, ``•``), or a heading's markup (``#``, ``=``, ``-``)."""


def text_units(lines: tuple[str, ...] | list[str], first_line: int = 1) -> list[Unit]:
    """Return the units of plain text: one per filled line; blank lines end a paragraph."""
    units: list[Unit] = []
    block = 0
    for no, raw in enumerate(lines, first_line):
        if not raw.strip():
            block += 1
            continue
        text = raw.rstrip()
        if _RULE_RE.match(raw) and set(raw.strip()) <= {"-", "_"}:
            block += 1
            units.append(Unit(RULE, text.strip(), no, no, block))
            block += 1
            continue
        bullet = _BULLET_RE.match(raw)
        if bullet and not (bullet.group("marker") == "*" and _EMPHASIS_START_RE.match(raw.lstrip())):
            block += 1
            depth = 1 if bullet.group("indent") else 0
            units.append(Unit(BULLET, bullet.group("text").rstrip(), no, no, block, depth=depth,
                              marker=bullet.group("marker")))
            block += 1
            continue
        faces = [flattened_face(cell.strip()) for cell in text.split("\t") if cell.strip()]
        if faces and all(faces):  # a copied table row of a double-faced card: one paragraph
            block += 1
            units += [Unit(LINE, part, no, no, block) for face in faces for part in face]
            block += 1
            continue
        units.append(Unit(LINE, text.strip(), no, no, block, hard=bool(_HARD_BREAK_RE.search(raw))))
    return units


def is_plain_rule(text: str) -> bool:
    """Return whether a line is a thematic break in plain text (``---``, ``-----``)."""
    return bool(_RULE_RE.match(text))
