"""Type lines and power/toughness inside running text: where a type line starts and ends.

In a collapsed FAQ the type line runs into the rules text (``Enchantment -- Aura Enchant
creature``), so its end is found from the grammar ``[supertypes] types [-- subtypes]`` and
evidence: subtypes must be known subtypes of the line's types (``compiler/core/data/subtypes.tsv``,
generated from the Comprehensive Rules by ``tools/gen_collapsed_vocab.py``), or, for creatures,
capitalised words closed by a power/toughness.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from compiler.readers.collapsed.text import Word
from compiler.readers.recognise import CARD_TYPES, SUPERTYPES, is_power_toughness

DASHES = ("--", "—", "–", "-")
# Which subtype list a card type draws from (rule 205.3d: instants and sorceries share spell
# types; creatures and tribals share creature types).
SUBTYPE_KIND = {"Artifact": "artifact", "Creature": "creature", "Tribal": "creature",
                "Kindred": "creature", "Enchantment": "enchantment", "Land": "land",
                "Planeswalker": "planeswalker", "Instant": "spell", "Sorcery": "spell"}
_MAX_UNKNOWN_SUBTYPES = 3


@dataclass(slots=True, frozen=True)
class TypeLine:
    """A type line found among words: ``words[first:end]``, and what it says."""

    first: int
    end: int
    creature: bool
    """Whether a power/toughness belongs after it."""


@lru_cache(maxsize=1)
def known_subtypes() -> dict[str, frozenset[str]]:
    """Return the subtypes by kind (``creature``, ``land``, ...) from ``subtypes.tsv``."""
    text = resources.files("compiler.core.data").joinpath("subtypes.tsv").read_text(encoding="utf-8")
    table: dict[str, set[str]] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            kind, word = line.split("\t")
            table.setdefault(kind, set()).add(word.replace("’", "'"))
    return {kind: frozenset(words) for kind, words in table.items()}


def is_subtype(word: str, kinds: set[str]) -> bool:
    """Return whether ``word`` is a known subtype of one of ``kinds``."""
    table = known_subtypes()
    return any(word.replace("’", "'") in table.get(kind, ()) for kind in kinds)


def starts_type_line(word: str) -> bool:
    """Return whether a word can open a type line (a supertype or a card type)."""
    return word in SUPERTYPES or word in CARD_TYPES


def parse_type_line(ws: list[Word], first: int) -> TypeLine | None:
    """Return the type line starting at ``ws[first]``, or None if the words are not one."""
    i = first
    while i < len(ws) and ws[i].text in SUPERTYPES:
        i += 1
    types = []
    while i < len(ws) and ws[i].text in CARD_TYPES:
        types.append(ws[i].text)
        i += 1
    if not types:
        return None
    creature = "Creature" in types
    if i < len(ws) and ws[i].text in DASHES:
        end = _subtypes_end(ws, i + 1, {SUBTYPE_KIND.get(t, "") for t in types}, creature)
        if end is None:
            return None
        i = end
    return TypeLine(first, i, creature)


def _subtypes_end(ws: list[Word], i: int, kinds: set[str], creature: bool) -> int | None:
    """Return the index after the subtypes starting at ``ws[i]`` (at least one), or None."""
    start = i
    while i < len(ws) and is_subtype(ws[i].text, kinds):
        i += 1
    if creature and not _pt_at(ws, i):
        # Unknown creature types are accepted when a power/toughness closes them.
        j = i
        while j < len(ws) and j - i < _MAX_UNKNOWN_SUBTYPES and ws[j].text[:1].isupper():
            j += 1
            if _pt_at(ws, j):
                return j
    if i == start and i < len(ws) and ws[i].text.isalpha() and ws[i].text[:1].isupper():
        return i + 1  # an unknown subtype: one capitalised word, as subtypes are single words
    return i if i > start else None


def _pt_at(ws: list[Word], i: int) -> bool:
    return i < len(ws) and is_power_toughness(ws[i].text)


def power_toughness_at(ws: list[Word], i: int) -> Word | None:
    """Return the power/toughness word at ``ws[i]``, if it is one."""
    return ws[i] if _pt_at(ws, i) else None
