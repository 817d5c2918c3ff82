"""Card blocks of line-structured English FAQs: name, cost, type, P/T, rules text, flip halves.

A card block is recognised by evidence, not by blank lines: a name line whose next filled
line is a mana cost followed by a type line, or directly a type line (lands, flipped halves).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.core.model import CardEntry, Face, Span
from compiler.readers.lines.linekinds import (Line, is_blank, is_indented, next_filled,
                                              opens_construct)
from compiler.readers.recognise import (is_bare_mana_cost, is_enchant_type_line, is_flip_separator,
                                        is_mana_cost, is_power_toughness, is_type_line,
                                        parse_rule_line)

_NAME_NOTE_RE = re.compile(r"^(?P<name>[^()]+?)\s+(?P<note>\(.*\))$")
# A card name never ends in sentence punctuation, and no name is that long: such lines are prose.
_NOT_NAME_END = (".", ":", ";", ",", '"')
_MAX_NAME = 100
# A printed line ending otherwise may have been broken in two by the FAQ's typist.
_TEXT_END = (".", ")", '"', "'", ":")


@dataclass(slots=True, frozen=True)
class CardHeader:
    """Where the header lines of one card face are, as indexes into the entry's lines."""

    name_at: int
    cost_at: int | None
    type_at: int
    spaced: bool
    """Blank lines inside the header: the card's rules text may be blank-separated too."""


def is_type(text: str) -> bool:
    """Return whether the string is a type line, old Aura type lines included."""
    return is_type_line(text) or is_enchant_type_line(text)


def _is_name_line(line: str) -> bool:
    text = line.strip()
    return (bool(text) and not is_indented(line) and len(text) <= _MAX_NAME
            and not text.endswith(_NOT_NAME_END) and not opens_construct(line)
            and not is_type(text) and not is_mana_cost(text) and not is_power_toughness(text))


def _is_cost(text: str) -> bool:
    return is_mana_cost(text) or is_bare_mana_cost(text)


def find_header(lines: list[Line], i: int) -> CardHeader | None:
    """Return the card header starting at ``lines[i]``, judged by the cost and type lines after."""
    if not _is_name_line(lines[i][1]):
        return None
    j = next_filled(lines, i + 1)
    cost_at = None
    if j is not None and _is_cost(lines[j][1]):
        cost_at, j = j, next_filled(lines, j + 1)
    if j is None or not is_type(lines[j][1]):
        return None
    tight = j - i == (2 if cost_at is not None else 1)
    return CardHeader(i, cost_at, j, spaced=not tight)


def read_card(lines: list[Line], header: CardHeader, own_blanks: bool) -> tuple[CardEntry, int]:
    """Read the card at ``header`` (both halves of a flip card); return it and the index after it.

    ``own_blanks``: the card owns the lines up to the first ruling even across blank lines
    (card-notes entries); otherwise a blank line ends a compactly written card.
    """
    faces: list[Face] = []
    while header is not None:
        face, end = _read_face(lines, header, own_blanks or header.spaced)
        faces.append(face)
        header = _flipped_half(lines, end)
    src = Span(faces[0].src.line, faces[-1].src.end_line)
    layout = "flip" if len(faces) > 1 else "normal"
    return CardEntry(id="", name=faces[0].name, faces=faces, src=src, layout=layout), end


def _flipped_half(lines: list[Line], end: int) -> CardHeader | None:
    """Return the header of the flipped half when a ``++++++++++`` line follows the face."""
    k = next_filled(lines, end)
    if k is None or not is_flip_separator(lines[k][1]):
        return None
    n = next_filled(lines, k + 1)
    return find_header(lines, n) if n is not None else None


def _read_face(lines: list[Line], header: CardHeader, blanks: bool) -> tuple[Face, int]:
    """Read one face; return it and the index after its last line."""
    name_line = lines[header.name_at][1].strip()
    m = _NAME_NOTE_RE.match(name_line)
    name, note = (m.group("name"), m.group("note")) if m else (name_line, None)
    cost = lines[header.cost_at][1].strip() if header.cost_at is not None else None
    last = header.type_at
    pt = None
    j = next_filled(lines, last + 1)
    if j is not None and is_power_toughness(lines[j][1]):
        pt, last = lines[j][1].strip(), j
    text, last = _read_text(lines, last + 1, blanks, last)
    type_line = lines[header.type_at][1].strip()
    face = Face(name=name, name_note=note, mana_cost=cost, type_line=type_line,
                power_toughness=pt, text=text,
                src=Span(lines[header.name_at][0], lines[last][0]))
    return face, last + 1


def _read_text(lines: list[Line], i: int, blanks: bool, last: int) -> tuple[list[str], int]:
    """Read rules text lines from ``i``; return them and the index of the face's last line."""
    text: list[str] = []
    while i < len(lines):
        line = lines[i][1]
        if is_blank(line):
            if not blanks:
                break
        elif _ends_text(lines, i):
            break
        elif text and _continues(text[-1], line):
            text[-1] = f"{text[-1]} {line.strip()}"  # one printed line broken in the source
            last = i
        else:
            text.append(line.strip())
            last = i
        i += 1
    return text, last


def _ends_text(lines: list[Line], i: int) -> bool:
    """Return whether ``lines[i]`` ends the rules text: a construct, a card, an intro to rules."""
    line = lines[i][1]
    if opens_construct(line) or find_header(lines, i) is not None:
        return True
    nxt = next_filled(lines, i + 1)
    # "The official rules for offering are as follows:" may follow a card's text directly.
    return (line.rstrip().endswith(":") and nxt is not None
            and parse_rule_line(lines[nxt][1]) is not None)


def _continues(previous: str, line: str) -> bool:
    """Return whether ``line`` continues the previous printed line (a sentence broken mid-way)."""
    return not previous.endswith(_TEXT_END) and line.strip()[:1].islower()
