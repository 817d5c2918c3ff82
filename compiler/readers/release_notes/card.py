"""Card blocks of modern release notes: collector line, faces, rules text, then the notes.

A block is the collector line (``0115_MTGMH3_Main: Ashling, Flame Dancer``), the name line,
the mana cost, the type line, the power/toughness (or loyalty, or defense), the rules text one
ability per line, then the notes about the card.  ``//`` starts the next face of a
double-faced card, ``////`` the adventure of an adventurer card; a ``//`` followed by a mana
cost and a ``Prototype`` line is the prototype box of the same face, not a new face.  Where
the rules text of the last face ends and the notes begin is decided by ``rn_split``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from compiler.core.errors import Diagnostics
from compiler.core.model import CardEntry, Face, Ruling, Span
from compiler.readers.recognise import is_mana_cost, is_power_toughness, is_type_line
from compiler.readers.recognise.split import rules_text_length
from compiler.readers.release_notes.lines import Unit, parse_collector

FACE_SEPARATORS = {"//": "normal", "////": "adventure"}
"""What a separator says of the card's kind (``readers.base.name_card`` reads the rest)."""
_NUMBER_RE = re.compile(r"^(?:\d{1,2}|X)$")
_PROTOTYPE_RE = re.compile(r"^Prototype\b")
# How far after the collector line the name line may stand (prose is sometimes misplaced there).
_NAME_SEARCH = 4


@dataclass(slots=True)
class CardBlock:
    """A card entry read from its block, with what stood around its printed text."""

    entry: CardEntry
    """The entry: collector, faces; no blocks yet."""
    lead: list[Unit] = field(default_factory=list)
    """Prose standing between the collector line and the name line (misplaced topic text)."""
    notes: list[Unit] = field(default_factory=list)
    """The paragraphs after the rules text: the card's rulings, or a topic's notes."""


def read_card_block(units: list[Unit], file: str, diags: Diagnostics) -> CardBlock:
    """Return the card of a block whose first unit is a collector line."""
    collector = parse_collector(units[0].text)
    name = collector.name
    at = _name_line_index(units, name)
    lead: list[Unit] = []
    if at is None:
        # No name line: the collector line's name is the only one, so it names the face
        # (and is stored there alone, not twice).
        diags.warn(file, units[0].line, f"no name line repeats '{name}' after its collector line",
                   "card.name")
        collector.name = None
        faces, layout, notes = _read_faces([Unit(units[0].line, name), *units[1:]])
    else:
        lead = units[1:at]
        faces, layout, notes = _read_faces(units[at:])
    for face in faces:
        if face.type_line is None:
            diags.warn(file, face.src.line, f"no type line after the name '{face.name}'", "card.type")
    entry = CardEntry(id="", name=faces[0].name, faces=faces,
                      src=Span(units[0].line, faces[-1].src.end_line), layout=layout,
                      collector=collector)
    return CardBlock(entry, lead, notes)


def attach_rulings(entry: CardEntry, notes: list[Unit]) -> None:
    """Make each note paragraph an unbulleted ruling of the card."""
    for unit in notes:
        entry.blocks.append(Ruling(text=unit.text, src=Span(unit.line, unit.line)))
    if notes:
        entry.src = Span(entry.src.line, notes[-1].line)


def _name_line_index(units: list[Unit], name: str) -> int | None:
    """Return the index of the line repeating the collector line's name, if near enough."""
    for i in range(1, min(len(units), _NAME_SEARCH + 1)):
        if units[i].text.strip() == name:
            return i
    return None


def _read_faces(units: list[Unit]) -> tuple[list[Face], str, list[Unit]]:
    """Return the faces, the card layout and the notes after the last face's rules text."""
    faces: list[Face] = []
    layout = "normal"
    i = 0
    while True:
        face, i = _read_face_header(units, i)
        faces.append(face)
        i, stop = _read_until_separator(face, units, i)
        if stop is None:
            break
        i = stop + 1
        if i >= len(units):
            break  # a separator ending the block: no face follows it
        layout = FACE_SEPARATORS[units[stop].text.strip()]
    rest = units[i:]
    n = rules_text_length([u.text for u in rest], [f.name for f in faces])
    _add_text(faces[-1], rest[:n])
    return faces, layout, rest[n:]


def _read_until_separator(face: Face, units: list[Unit], i: int) -> tuple[int, int | None]:
    """Add a face's lines up to the next face separator; return where reading stopped and it.

    A separator opening a prototype box is not a face separator: the box joins the face.
    """
    while True:
        stop = _next_separator(units, i)
        if stop is None:
            return i, None
        _add_text(face, units[i:stop])
        if not _is_prototype_box(units, stop + 1):
            return stop, stop
        i = _read_prototype_box(face, units, stop + 1)


def _read_face_header(units: list[Unit], i: int) -> tuple[Face, int]:
    """Return the face whose name line is ``units[i]`` with its cost, type and stats read."""
    first = units[i]
    face = Face(name=first.text.strip(), src=Span(first.line, first.line))
    i += 1
    if i < len(units) and is_mana_cost(units[i].text):
        face.mana_cost = units[i].text.strip()
        i += 1
    if i < len(units) and is_type_line(units[i].text):
        face.type_line = units[i].text.strip()
        i += 1
        i = _read_stats(face, units, i)
    face.src = Span(first.line, units[i - 1].line)
    return face, i


def _read_stats(face: Face, units: list[Unit], i: int) -> int:
    """Read the power/toughness, loyalty or defense line after the type line, if any."""
    if i >= len(units):
        return i
    text = units[i].text.strip()
    if is_power_toughness(text):
        face.power_toughness = text
    elif _NUMBER_RE.match(text) and "Planeswalker" in (face.type_line or ""):
        face.loyalty = text
    elif _NUMBER_RE.match(text) and "Battle" in (face.type_line or ""):
        face.defense = text
    else:
        return i
    return i + 1


def _next_separator(units: list[Unit], i: int) -> int | None:
    """Return the index of the next face separator line at or after ``i``."""
    for j in range(i, len(units)):
        if units[j].text.strip() in FACE_SEPARATORS:
            return j
    return None


def _is_prototype_box(units: list[Unit], i: int) -> bool:
    """Return whether ``units[i:]`` is a prototype box: a mana cost, then ``Prototype ...``."""
    return (i + 1 < len(units) and is_mana_cost(units[i].text)
            and bool(_PROTOTYPE_RE.match(units[i + 1].text.strip())))


def _read_prototype_box(face: Face, units: list[Unit], i: int) -> int:
    """Add the prototype cost, ability and power/toughness to the face's text lines."""
    end = i + 2
    if end < len(units) and is_power_toughness(units[end].text):
        end += 1
    _add_text(face, units[i:end])
    return end


def _add_text(face: Face, units: list[Unit]) -> None:
    """Append rules text lines to a face and stretch its span over them."""
    if not units:
        return
    face.text.extend(u.text for u in units)
    face.src = Span(face.src.line, units[-1].line)
