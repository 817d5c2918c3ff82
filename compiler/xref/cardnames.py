"""Find card names in a text: English by one Aho-Corasick automaton, Japanese by ``《...》``.

English matching rules (``CardNameMatcher.find``):

* Exact and case-sensitive, with curly and straight apostrophes (and no-break spaces) alike:
  ``Konda’s Hatamoto`` is ``Konda's Hatamoto``.  Only the names given are known: a shortened
  self-reference (``Kumano`` for ``Kumano, Master Yamabushi``) links only if given as an alias.
* Leftmost-longest, non-overlapping: ``Llanowar Elves`` beats ``Llanowar``, ``Kumano's Pupils``
  beats ``Kumano`` + ``'s``, ``Dokai, Weaver of Life`` beats ``Dokai``.
* On word boundaries: no match inside a longer word (``Kami`` is not in ``Kamigawa``) or glued
  to one by a hyphen or apostrophe (``Kami`` is not in ``Orochi-Kami``).  A possessive ``'s``
  right after a name is part of the span (``Ashling's`` links to ``Ashling``).
* Capitalisation guards ordinary prose.  Matching is case-sensitive, so every word of a match
  is capitalised exactly as in the name (``Wrath of God``, never ``wrath of god``).  Names of
  two or more words then count anywhere.  A single-word name counts:
  - never, if it is a game term (``GAME_TERMS``: keywords, card types, zones, basic land
    types such as ``Flash``, ``Fear``, ``Persist``, ``Forest``), which the FAQs capitalise as
    terms far more often than they mean the card;
  - only mid-sentence (not at the start of the text, of a line, after ``. ! ? : ;``, or after
    a bullet or opening quote/bracket there), if it is an ordinary word: its lowercase form is
    in ``ordinary`` (pass ``ordinary_words(all texts)``: words seen written in lowercase), or
    ``ordinary`` is not given (then every single-word name is treated as possibly ordinary);
  - anywhere, otherwise (``Tarmogoyf``).
* ``exclude`` drops matches of the given names (the card whose entry is scanned), after the
  longest match is chosen, so an excluded name still hides the shorter names inside it.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import ahocorasick

# Every replacement is one character for one, so offsets in the folded text are the original's.
_FOLD = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "′": "'", "\u00a0": " "})

GAME_TERMS = frozenset("""
    Absorb Affinity Amass Annihilator Artifact Aura Banding Basic Battle Battlefield Bloodthirst
    Bushido Buyback Cascade Champion Changeling Clash Cleanup Combat Conspire Convoke Creature
    Cycling Deathtouch Defender Delve Devour Draw Dredge Echo Emblem Enchant Enchantment Energy
    Entwine Epic Equip Equipment Evoke Exalted Exile Fateseal Fear Flanking Flash Flashback
    Flying Forecast Forest Fortification Fortify Frenzy Graft Graveyard Gravestorm Hand Haste
    Haunt Hexproof Hideaway Imprint Indestructible Instant Intimidate Island Kicker Kinship Land
    Legend Legendary Library Lifelink Madness Menace Mentor Modular Morph Mountain Ninjutsu
    Offering Persist Plains Planeswalker Poisonous Protection Prowess Prowl Rampage Reach Rebound
    Recover Regenerate Replicate Retrace Ripple Scry Shroud Snow Sorcery Soulshift Splice Stack
    Storm Sunburst Suspend Swamp Threshold Token Trample Transfigure Transmute Tribal Unearth
    Upkeep Vehicle Vigilance Ward Wastes Wither World
""".split())
"""Single-word names never linked: the FAQs use these words as game terms."""

_SENTENCE_ENDS = "\n.!?:;。！？"
_OPENERS = " \t\u3000\"'“”‘(「『《[*＊•・-"
_LOWER_WORD_RE = re.compile(r"\b[a-z][a-z']*\b")
_BRACKET_RE = re.compile(r"《([^《》\n]+)》")
_JA_CHAR_RE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")

_Match = tuple[int, int, str, str]
"""A candidate match: start, end, the written form matched (folded), the card name."""


@dataclass(slots=True, frozen=True)
class CardRef:
    """One mention of a card by its English name."""

    start: int
    """Offset of the first character of the mention."""
    end: int
    """Offset after the mention (after a possessive ``'s``, when there is one)."""
    name: str
    """The card the mention refers to (the canonical name given to the matcher)."""
    text: str
    """The mention as written (``Ashling's``, ``Konda’s Hatamoto``)."""


@dataclass(slots=True, frozen=True)
class BracketRef:
    """One explicit ``《...》`` card reference of a Japanese text."""

    start: int
    """Offset of ``《``."""
    end: int
    """Offset after ``》``."""
    text: str
    """The reference as written, brackets included."""
    name: str
    """What stands between the brackets, as written."""
    name_ja: str | None
    """The Japanese name (``スズメバチの槍兵``), if one is written."""
    name_en: str | None
    """The English name (``Wasp Lancer``), if one is written."""


def fold_apostrophes(text: str) -> str:
    """Return ``text`` with curly apostrophes straightened and no-break spaces made plain (an
    ASCII text has none: returned as it is, which is most texts, without a copy)."""
    return text if text.isascii() else text.translate(_FOLD)


def ordinary_words(texts: Iterable[str]) -> frozenset[str]:
    """Return the words written in lowercase somewhere in the texts (``squelch`` if seen so)."""
    words: set[str] = set()
    for text in texts:
        words.update(_LOWER_WORD_RE.findall(fold_apostrophes(text)))
    return frozenset(words)


class CardNameMatcher:
    """Finds the card names of an inventory in texts; built once, used for every text."""

    __slots__ = ("_automaton", "_ordinary", "_size")

    def __init__(self, names: Iterable[str] | Mapping[str, str],
                 ordinary: Iterable[str] | None = None) -> None:
        """Build the matcher from names, or from a map of written form (alias) to card name."""
        pairs = names.items() if isinstance(names, Mapping) else ((n, n) for n in names)
        self._automaton = ahocorasick.Automaton()
        for surface, name in pairs:
            key = fold_apostrophes(surface).strip()
            # The first card given for a written form keeps it: an ambiguous alias is not guessed.
            if key and key not in self._automaton:
                self._automaton.add_word(key, (key, name))
        self._size = len(self._automaton)
        if self._size:
            self._automaton.make_automaton()
        self._ordinary = None if ordinary is None else frozenset(w.lower() for w in ordinary)

    def __len__(self) -> int:
        """Return how many written forms the matcher knows."""
        return self._size

    def find(self, text: str, exclude: Iterable[str] = ()) -> list[CardRef]:
        """Return the card mentions of a text, leftmost-longest, minus the ``exclude``d names."""
        if not self._size:
            return []
        folded = fold_apostrophes(text)
        excluded = {fold_apostrophes(n) for n in exclude}
        refs = []
        for start, end, key, name in _leftmost_longest(self._candidates(folded)):
            if key in excluded or fold_apostrophes(name) in excluded:
                continue
            if _word_char(key[-1]) and _possessive(folded, end):
                end += 2
            refs.append(CardRef(start, end, name, text[start:end]))
        return refs

    def _candidates(self, folded: str) -> list[_Match]:
        """Return every acceptable match ``(start, end, key, name)``, overlapping or not."""
        found = []
        for last, (key, name) in self._automaton.iter(folded):
            start, end = last - len(key) + 1, last + 1
            if _bounded(folded, start, end, key) and self._counts(folded, start, key):
                found.append((start, end, key, name))
        return found

    def _counts(self, folded: str, start: int, key: str) -> bool:
        """Tell whether a match of ``key`` at ``start`` is a card and not ordinary prose."""
        if any(ch.isspace() for ch in key):
            return True
        if key in GAME_TERMS:
            return False
        if self._ordinary is None or key.lower() in self._ordinary:
            return not _at_sentence_start(folded, start)
        return True


def find_bracketed_names(text: str) -> list[BracketRef]:
    """Return the ``《...》`` card references of a text, split into Japanese and English names."""
    refs = []
    for match in _BRACKET_RE.finditer(text):
        inner = match.group(1)
        name_ja, name_en = _split_names(inner)
        refs.append(BracketRef(match.start(), match.end(), match.group(0), inner, name_ja, name_en))
    return refs


def _split_names(inner: str) -> tuple[str | None, str | None]:
    """Return ``(japanese, english)`` of ``日本語名/English Name`` (either may be ``None``)."""
    for index, ch in enumerate(inner):
        if ch not in "/／":
            continue
        # Split at the first slash with no Japanese after it: split cards keep their ``//``.
        left, right = inner[:index].strip(), inner[index + 1:].strip()
        if left and right and _JA_CHAR_RE.search(left) and not _JA_CHAR_RE.search(right):
            return left, right
    inner = inner.strip()
    return (inner, None) if _JA_CHAR_RE.search(inner) else (None, inner)


def _leftmost_longest(candidates: list[_Match]) -> Iterator[_Match]:
    """Yield the leftmost-longest non-overlapping candidates, in order."""
    taken_to = -1
    for cand in sorted(candidates, key=lambda c: (c[0], -c[1])):
        if cand[0] >= taken_to:
            taken_to = cand[1]
            yield cand


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _word_at(text: str, index: int) -> bool:
    return 0 <= index < len(text) and _word_char(text[index])


def _bounded(text: str, start: int, end: int, key: str) -> bool:
    """Tell whether a match stands on word boundaries (hyphens and apostrophes join words)."""
    if _word_char(key[0]):
        if _word_at(text, start - 1):
            return False
        if start >= 2 and text[start - 1] in "-'" and _word_at(text, start - 2):
            return False
    if _word_char(key[-1]):
        if _word_at(text, end):
            return False
        if end + 1 < len(text) and text[end] == "-" and _word_at(text, end + 1):
            return False
        if text.startswith("'", end) and _word_at(text, end + 1) and not _possessive(text, end):
            return False
    return True


def _possessive(text: str, index: int) -> bool:
    return text.startswith("'s", index) and not _word_at(text, index + 2)


def _at_sentence_start(text: str, start: int) -> bool:
    """Tell whether a sentence starts at ``start`` (after spaces, bullets, opening quotes)."""
    index = start - 1
    while index >= 0 and text[index] in _OPENERS:
        index -= 1
    return index < 0 or text[index] in _SENTENCE_ENDS
