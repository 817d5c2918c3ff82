"""The lines of a printed card: type line, power/toughness, loyalty, defense, colour indicator,
and the lines that separate a card's faces. Each function reads one plain line (``markup.plain``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.readers.recognise.constructs import CARD_TYPES, SUPERTYPES, is_enchant_type_line

_TYPES = "|".join(CARD_TYPES + ("Summon", "Token", "Emblem", "Hero"))
_SUPER = "|".join(SUPERTYPES + ("Token",))
_DASHES = r"(?:--|—|–|―|-|−)"
_TYPE_RE = re.compile(
    rf"^(?P<type>(?:(?:{_SUPER})\s+)*(?:{_TYPES})(?:\s+(?:{_TYPES}))*"
    rf"(?:\s*{_DASHES}\s*(?P<sub>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*|\s+of\s+\w+)*))?)"
    rf"(?:\s+(?P<pt>[0-9X*+∞½-]{{1,4}}\s*/\s*[0-9X*+∞½-]{{1,4}}))?"
    rf"(?:\s+\((?:Loyalty|loyalty):?\s*(?P<loyalty>[0-9X*]+)\))?$")
PT_RE = re.compile(r"^(?P<p>[-+]?[0-9X*∞½]{1,3}(?:[+-][0-9X*]{1,2})?)\s*/\s*"
                   r"(?P<t>[-+]?[0-9X*∞½]{1,3}(?:[+-][0-9X*]{1,2})?)$")
LOYALTY_RE = re.compile(r"^(?:(?:Starting\s+)?[Ll]oyalty:?\s*)?(?P<value>[0-9]{1,2}|X|\*)$")
DEFENSE_RE = re.compile(r"^(?:[Dd]efense:?\s*)?(?P<value>[0-9]{1,2})$")
FACE_SEPARATOR_RE = re.compile(r"^\s*[*_]*\s*(?P<slashes>/{2,5})\s*[*_]*\s*$")
FLIP_SEPARATOR_RE = re.compile(r"^\s*\+{5,}\s*$")
TURN_OVER_RE = re.compile(r"^(?:Turn Over|Transform|Flip|Meld|\(front (?:face|side)\))$", re.I)
FACE_LABEL_RE = re.compile(r"^\(back (?:face|side)\)$", re.I)
COLOR_INDICATOR_RE = re.compile(
    r"^\*?\(?(?:(?:white|blue|black|red|green|colorless)(?:,?\s+(?:and\s+)?)?){1,5}\)?\*?$", re.I)


@dataclass(slots=True, frozen=True)
class TypeLine:
    """A type line and what it carries besides (power/toughness, loyalty on the same line)."""

    text: str
    power_toughness: str | None = None
    loyalty: str | None = None

    @property
    def is_creature(self) -> bool:
        """Whether a power/toughness belongs to this face."""
        return bool(re.search(r"\b(?:Creature|Vehicle|Summon)\b", self.text))

    @property
    def is_planeswalker(self) -> bool:
        """Whether a loyalty belongs to this face."""
        return "Planeswalker" in self.text

    @property
    def is_battle(self) -> bool:
        """Whether a defense belongs to this face."""
        return bool(re.search(r"\bBattle\b", self.text))

    @property
    def is_spell(self) -> bool:
        """Whether the face is an instant or a sorcery (as the halves of a split card are)."""
        return bool(re.search(r"\b(?:Instant|Sorcery)\b", self.text))


def parse_type_line(text: str) -> TypeLine | None:
    """Return the type line ``text`` states (``Creature — Human 2/2`` gives its P/T too)."""
    line = text.strip()
    if not line or len(line) > 90:
        return None
    m = _TYPE_RE.match(line)
    if m:
        return TypeLine(m.group("type").strip(), _pt(m.group("pt")), m.group("loyalty"))
    return TypeLine(line) if is_enchant_type_line(line) else None


def _pt(text: str | None) -> str | None:
    return re.sub(r"\s*/\s*", "/", text) if text else None


def parse_power_toughness(text: str) -> str | None:
    """Return a power/toughness line as written, spacing around ``/`` removed (``0 / 4``)."""
    m = PT_RE.match(text.strip())
    return f"{m.group('p')}/{m.group('t')}" if m else None


def parse_loyalty(text: str) -> str | None:
    """Return the starting loyalty a line states (``4``, ``Loyalty: 4``), or None."""
    m = LOYALTY_RE.match(text.strip())
    return m.group("value") if m else None


def parse_defense(text: str) -> str | None:
    """Return the defense a battle's line states (``5``, ``Defense: 5``), or None."""
    m = DEFENSE_RE.match(text.strip())
    return m.group("value") if m else None


def face_separator(text: str) -> str | None:
    """Return the separator as written if the line splits a card's faces (``//``, ``/////``,
    ``++++++++++`` for a flip card, ``(back face)`` in 2012's tables), else None."""
    m = FACE_SEPARATOR_RE.match(text)
    if m:
        return m.group("slashes")
    return text.strip() if FLIP_SEPARATOR_RE.match(text) or FACE_LABEL_RE.match(text.strip()) else None


def is_turn_over(text: str) -> bool:
    """Return whether the line announces a card's other face (``Turn Over``)."""
    return bool(TURN_OVER_RE.match(text.strip()))


def is_color_indicator(text: str) -> bool:
    """Return whether the line is a colour indicator (``*blue*`` on a back face)."""
    return bool(COLOR_INDICATOR_RE.match(text.replace("*", "").strip()))


_FLAT_LABEL_RE = re.compile(r"^\((?:front|back) (?:face|side)\)(?=\s)", re.I)
_FLAT_TYPE_RE = re.compile(rf"(?<=\s)(?:(?:{_SUPER})\s+)*(?:{_TYPES})\b(?:\s+(?:{_TYPES})\b)*")
_FLAT_INDICATOR_RE = re.compile(r"\s(\*(?:white|blue|black|red|green)\*)$", re.I)
_FLAT_PT_RE = re.compile(r"\s([0-9X*]{1,2}/[0-9X*]{1,2})(?=\s|$)")
# A noncreature face's subtypes run into its text; these are the subtypes such faces have.
_NONCREATURE_SUBTYPES = frozenset(
    "Aura Curse Saga Shrine Equipment Fortification Vehicle Clue Food Treasure Gold Blood "
    "Contraption Trap Arcane Lesson Adventure Gate Desert Locus Lair Mine Tower Urza's Forest "
    "Island Mountain Plains Swamp Class Room Role Case Rune Background Map".split())


def flattened_face(cell: str) -> list[str] | None:
    """Split one face of a double-faced card that a copy of a 2012 page flattened into a line
    (a table cell whose fields lost the spacing that set them apart: ``(front face) Chosen of
    Markov Creature -- Human 2/2 , Tap ...``) into its fields: label, name, colour indicator,
    type line, power/toughness, text, each as written. None if it is not such a face."""
    label = _FLAT_LABEL_RE.match(cell)
    kind = _FLAT_TYPE_RE.search(cell, label.end()) if label else None
    if not kind or not cell[label.end():kind.start()].strip():
        return None
    name = cell[label.end():kind.start()].strip()
    fields = [label.group()]
    indicator = _FLAT_INDICATOR_RE.search(" " + name)
    fields += [name[:indicator.start() - 1].strip(), indicator.group(1)] if indicator else [name]
    rest = cell[kind.end():]
    type_end = kind.end()
    dash = re.match(rf"\s*{_DASHES}\s+", rest)
    pt = None
    if dash:
        words = rest[dash.end():]
        pt = _FLAT_PT_RE.search(" " + words)
        if pt and re.fullmatch(r"(?:[A-Z][\w'’-]*\s*)+", words[:pt.start() - 1] + " "):
            type_end += dash.end() + pt.start() - 1
        else:
            pt = None
            taken = 0
            for m in re.finditer(r"\S+", words):
                if m.group() not in _NONCREATURE_SUBTYPES and not (
                        "Planeswalker" in kind.group() and taken == 0):
                    break
                taken = m.end()
            type_end += dash.end() + taken if taken else 0
    fields.append(cell[kind.start():type_end].strip())
    text = cell[type_end:].strip()
    if pt:
        fields.append(pt.group(1))
        text = text[len(pt.group(1)):].strip()
    if text:
        fields.append(text)
    return fields
