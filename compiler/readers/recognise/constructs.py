"""Recognisers for the constructs every FAQ layout shares: one small function per construct.

Each recogniser looks at one line (or one string) and answers whether it is that construct,
returning its parts.  Readers combine them; none of them does I/O.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

SEPARATOR_RE = re.compile(r"^\s*-{5,}\s*$")
FLIP_SEPARATOR_RE = re.compile(r"^\s*\+{5,}\s*$")
FACE_SEPARATOR_RE = re.compile(r"^\s*//\s*$")
MANA_COST_RE = re.compile(r"^(?:\{[^{}\s]{1,6}\})+$")
MANA_SYMBOL_RE = re.compile(r"\{[^{}\s]{1,6}\}")
# Power/toughness as printed: 2/2, */1+*, 1+*/2, X/X, -1/-1 are all seen in FAQs.
PT_RE = re.compile(r"^[0-9X*+\-.½]{1,5}/[0-9X*+\-.½]{1,5}$")
EN_RULING_RE = re.compile(r"^\*\s+(?P<text>\S.*)$")
EXAMPLE_RE = re.compile(r"^\s*(?:Example|例)\s*[:：]")
RULE_LINE_RE = re.compile(
    r"^(?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?)(?P<period>\.)?(?:\s+|(?=[^\s.\d]))(?P<rest>\S.*)$")

CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery",
              "Tribal", "Kindred", "Battle", "Plane", "Scheme", "Vanguard", "Phenomenon",
              "Conspiracy", "Dungeon")
SUPERTYPES = ("Legendary", "Basic", "Snow", "World", "Ongoing", "Elite", "Host")
_TYPE_LINE_RE = re.compile(
    r"^(?:(?:%s)\s+)*(?:%s)(?:\s+(?:%s))*(?:\s+(?:--|—|–|-)\s+\S.*)?$"
    % ("|".join(SUPERTYPES), "|".join(CARD_TYPES), "|".join(CARD_TYPES)))


@dataclass(slots=True, frozen=True)
class RuleLine:
    """The parts of a quoted Comprehensive Rules line."""

    number: str
    """The number without a trailing period."""
    with_period: bool
    """Whether the number was followed by a period (``502.38.``)."""
    title: str | None
    """The title, for title lines (``Bushido``)."""
    text: str | None
    """The rule text, for text lines."""


def is_separator(line: str) -> bool:
    """Return whether the line is an entry separator (``-----``)."""
    return bool(SEPARATOR_RE.match(line))


def is_flip_separator(line: str) -> bool:
    """Return whether the line splits the halves of a flip card (``++++++++++``)."""
    return bool(FLIP_SEPARATOR_RE.match(line))


def is_face_separator(line: str) -> bool:
    """Return whether the line splits the faces of a double-faced card (``//``)."""
    return bool(FACE_SEPARATOR_RE.match(line))


def is_mana_cost(text: str) -> bool:
    """Return whether the whole string is a mana cost such as ``{2}{U/B}``."""
    return bool(MANA_COST_RE.match(text.strip()))


def is_power_toughness(text: str) -> bool:
    """Return whether the whole string is a power/toughness such as ``2/2`` or ``*/1+*``."""
    return bool(PT_RE.match(text.strip()))


def is_type_line(text: str) -> bool:
    """Return whether the string is an English type line (``Legendary Creature -- Spirit``)."""
    return bool(_TYPE_LINE_RE.match(text.strip()))


def parse_ruling(line: str) -> str | None:
    """Return the text of an English ``* `` ruling line, or None."""
    m = EN_RULING_RE.match(line)
    return m.group("text").rstrip() if m else None


def is_example(line: str) -> bool:
    """Return whether the line is an example paragraph (``Example:``, ``例：``)."""
    return bool(EXAMPLE_RE.match(line))


def parse_rule_line(line: str) -> RuleLine | None:
    """Return the parts of a quoted rule line (``502.38. Bushido``, ``502.38a Bushido is ...``).

    A line is a title line when its number ends a section or rule (``508.``, ``502.38.``) and
    the rest is short and does not read as a sentence; otherwise the rest is rule text.
    """
    m = RULE_LINE_RE.match(line.strip())
    if not m:
        return None
    number, with_period, rest = m.group("number"), bool(m.group("period")), m.group("rest").rstrip()
    if not with_period and not number[-1].isalpha() and "." in number:
        return None  # "502.38 Bushido" without period or letter: not the CR's way of writing
    if not with_period and "." not in number:
        return None  # a bare three-digit number is not a rule line
    subrule = number[-1].isalpha()
    if not subrule and len(rest) <= 60 and not rest.endswith((".", ":", ")", '"')):
        return RuleLine(number, with_period, rest, None)
    return RuleLine(number, with_period, None, rest)


# ---------------------------------------------------------------- appended for en-lines

# Costs typed without braces (``1BB``, ``4BB``, ``5``) in some early FAQs.
BARE_MANA_COST_RE = re.compile(r"^(?:[0-9]+[WUBRGXC]*|[WUBRGXC]+)$")
# Pre-2005 Aura type lines named what they enchant (``Enchant Creature``, ``Enchant Forest``).
ENCHANT_TYPE_LINE_RE = re.compile(r"^Enchant\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?$")
LOOSE_RULING_RE = re.compile(r"^\*(?P<space>\s*)(?P<text>\S.*)$")
# A line opening with an emphasised word (``*all* of them``) or a ``*/*`` P/T is no ruling.
EMPHASIS_START_RE = re.compile(r"^\*[^*\s](?:[^*]*[^*\s])?\*(?!\w)")
MAPPING_RE = re.compile(r"^(?P<text>\S.*?)\s+(?P<arrow>-->)\s+(?P<to>\S.*)$")


def is_bare_mana_cost(text: str) -> bool:
    """Return whether the whole string is a cost written without braces (``1BB``, ``5``)."""
    return bool(BARE_MANA_COST_RE.match(text.strip()))


def is_enchant_type_line(text: str) -> bool:
    """Return whether the string is an old Aura type line (``Enchant Creature``)."""
    return bool(ENCHANT_TYPE_LINE_RE.match(text.strip()))


def parse_loose_ruling(line: str) -> str | None:
    """Return the text of a ``*`` ruling line, also when the bullet lacks its space (``*If``)."""
    m = LOOSE_RULING_RE.match(line)
    if not m or (not m.group("space") and EMPHASIS_START_RE.match(line)):
        return None
    return m.group("text").rstrip()


def parse_mapping(text: str) -> tuple[str, str, str] | None:
    """Return ``(text, arrow, maps_to)`` of an ``A --> B`` item, or None."""
    m = MAPPING_RE.match(text.strip())
    return (m.group("text"), m.group("arrow"), m.group("to").rstrip()) if m else None
