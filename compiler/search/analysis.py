"""Text analysis of the search index, for Whoosh here and for the browser in search-analysis.js.

Both implement exactly this algorithm (tests/search/test_analysis.py runs the JS under Node on
the same strings), so a query finds in the browser what it finds on the command line.

Text fields (``title_*``, ``body_*``), one analyzer for both languages because each holds the
other's script (English names in Japanese headers, full-width digits, Latin inside kana):

1. Clusters. The text is cut into clusters, a character and the marks after it (category M,
   and the half-width voicing marks U+FF9E/U+FF9F); each cluster is NFKC-normalized and
   lowercased on its own.  Every output character remembers its cluster's place in the source,
   so highlights cover the source characters even where NFKC changed their count (ｶﾞ -> ガ).
2. Classes. CJK: Han, hiragana and katakana (prolonged ー included, the middle dot ・ and ゠
   not: they separate words); a mark after a CJK character is dropped.  Word: any other
   letter, digit or mark.  Inside a word, an apostrophe (' or ’) between word characters is
   dropped and a dot between two ASCII digits kept (``don't`` -> ``dont``, ``502.38a``).
   Anything else separates.
3. Words. A run of word characters is one token; tokens made only of ASCII letters are
   stemmed with Whoosh's Porter stemmer (``whoosh.lang.porter.stem``).  Stop words are kept.
4. CJK runs, as Lucene's CJK bigram filter does: a run of one character is a unigram; a longer
   run gives its overlapping bigrams (接死を -> 接死, 死を).  Unigrams of longer runs are
   indexed too, at the position of the bigram they start (the last shares the last bigram's),
   so a one-character query (死, 緑) finds the character inside words; a query emits only the
   bigrams, so 接死 never matches 接 and 死 apart.  No dictionary segmenter: it splits rules
   words wrongly (接死 -> 接/死) and cannot run in a browser.

Exact fields (``card``, ``rule``, ``kind``, ``lang``, ``set``, ``date``): the value holds one
item a line; each item is NFKC-normalized, lowercased, ’ folded to ', spaces collapsed, and is
one term (repeats dropped).  A query's text is one item.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from whoosh.analysis import Token, Tokenizer
from whoosh.lang.porter import stem as _porter_stem

_EXTRA_MARKS = "\uff9e\uff9f"
_APOSTROPHES = "'\u2019"
_CJK_RANGES = (
    (0x3005, 0x3005), (0x3007, 0x3007), (0x303B, 0x303B),  # 々 〇 〻
    (0x3041, 0x309F),                                      # hiragana, voicing marks, ゝゞゟ
    (0x30A1, 0x30FA), (0x30FC, 0x30FF),                    # katakana without ゠ and ・
    (0x31F0, 0x31FF),                                      # small katakana extension
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),  # Han, compatibility ideographs
    (0x20000, 0x2FA1F),                                    # Han extensions B and later
)
CJK, WORD, SEPARATOR = "c", "w", "s"


@dataclass(slots=True, frozen=True)
class Term:
    """One token of analyzed text."""

    text: str
    pos: int
    """Position, for phrase queries."""
    start: int
    """Offset of its first source character."""
    end: int
    """Offset after its last source character."""


@dataclass(slots=True)
class _Unit:
    char: str
    cls: str
    start: int
    end: int


def is_cjk(char: str) -> bool:
    """Return True for a Han, hiragana or katakana character (not ・)."""
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK_RANGES)


@lru_cache(maxsize=None)
def _is_mark(char: str) -> bool:
    return unicodedata.category(char)[0] == "M" or char in _EXTRA_MARKS


def _clusters(text: str):
    """Yield ``(start, end)`` of each character with the marks that follow it."""
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or not _is_mark(text[i]):
            yield start, i
            start = i


@lru_cache(maxsize=None)
def _class_of(char: str) -> str:
    if is_cjk(char):
        return CJK
    return WORD if unicodedata.category(char)[0] in "LNM" else SEPARATOR


stem = lru_cache(maxsize=1 << 16)(_porter_stem)
"""Whoosh's Porter stemmer (words repeat: cached)."""


@lru_cache(maxsize=1 << 16)
def _normalized(cluster: str) -> str:
    """Return a cluster NFKC-normalized and lowercased (clusters repeat: cached)."""
    return unicodedata.normalize("NFKC", cluster).lower()


def normalized_units(text: str) -> list[_Unit]:
    """Return the normalized characters of ``text``, classed, with their source spans."""
    units: list[_Unit] = []
    for start, end in _clusters(text):
        for char in _normalized(text[start:end]):
            cls = _class_of(char)
            if units and units[-1].cls == CJK and unicodedata.category(char)[0] == "M":
                units[-1].end = end  # a mark on a CJK character: kept in the span, not a term
                continue
            units.append(_Unit(char, cls, start, end))
    return units


def _joins(units: list[_Unit], i: int) -> bool:
    """Return True when the separator at ``i`` joins the word characters around it."""
    if i == 0 or i + 1 >= len(units) or units[i - 1].cls != WORD or units[i + 1].cls != WORD:
        return False
    char = units[i].char
    return char in _APOSTROPHES or (char == "." and units[i - 1].char.isascii()
                                    and units[i - 1].char.isdigit()
                                    and units[i + 1].char.isascii()
                                    and units[i + 1].char.isdigit())


def _runs(units: list[_Unit]):
    """Yield ``(cls, units)`` for each word run and each CJK run, in text order."""
    i, n = 0, len(units)
    while i < n:
        cls = units[i].cls
        if cls == SEPARATOR:
            i += 1
            continue
        j = i + 1
        while j < n and (units[j].cls == cls or (cls == WORD and _joins(units, j))):
            j += 1
        yield cls, units[i:j]
        i = j


def _word_term(run: list[_Unit], pos: int) -> Term:
    word = "".join(u.char for u in run if u.char not in _APOSTROPHES)
    if word.isascii() and word.isalpha():
        word = stem(word)
    return Term(word, pos, run[0].start, run[-1].end)


def _cjk_terms(run: list[_Unit], pos: int, query: bool) -> list[Term]:
    if len(run) == 1:
        return [Term(run[0].char, pos, run[0].start, run[0].end)]
    terms = []
    for i in range(len(run) - 1):
        a, b = run[i], run[i + 1]
        terms.append(Term(a.char + b.char, pos + i, a.start, b.end))
        if not query:
            terms.append(Term(a.char, pos + i, a.start, a.end))
    if not query:
        last = run[-1]
        terms.append(Term(last.char, pos + len(run) - 2, last.start, last.end))
    return terms


def analyze_text_reference(text: str, query: bool = False) -> list[Term]:
    """Return the terms of ``text`` by the algorithm as the module docstring states it, one
    character at a time: the reference ``analyze_text`` must equal, and its path for text
    the fast paths do not take (marks, characters NFKC or lowercasing expand)."""
    terms: list[Term] = []
    pos = 0
    for cls, run in _runs(normalized_units(text)):
        if cls == WORD:
            terms.append(_word_term(run, pos))
            pos += 1
        else:
            terms.extend(_cjk_terms(run, pos, query))
            pos += max(1, len(run) - 1)
    return terms


# The fast paths: text whose every character stands for one normalized character (no marks,
# nothing NFKC or lowercasing expands or turns into a mark) maps source offset i to normalized
# character i, so the runs are found by one compiled pattern over the whole string.
_ASCII_RUN = re.compile(r"[a-z0-9]+(?:(?:'|(?<=[0-9])\.(?=[0-9]))[a-z0-9]+)*")
"""A word run of lowercased ASCII text (every ASCII character is its own normalized form)."""
_CLASS_RUN = re.compile(r"([wd]+(?:(?:a|(?<=d)p(?=d))[wd]+)*)|(c+)")
"""Word and CJK runs of a string of class letters: ``w`` word, ``d`` ASCII digit (a word
character), ``c`` CJK, ``a`` apostrophe, ``p`` full stop, ``s`` any other separator."""
_NOT_SIMPLE = "\uffff"
"""What ``_SIMPLE`` maps a character to when the fast path cannot take it (U+FFFF included)."""


class _SimpleForms(dict):
    """``str.translate`` table: a character's normalized form, or ``_NOT_SIMPLE``."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        form = _normalized(char)
        simple = (char != _NOT_SIMPLE and not _is_mark(char) and len(form) == 1
                  and not _is_mark(form))
        self[code] = form if simple else _NOT_SIMPLE
        return self[code]


class _ClassLetters(dict):
    """``str.translate`` table: a normalized character's class letter (see ``_CLASS_RUN``)."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if char in _APOSTROPHES:
            letter = "a"
        elif char == ".":
            letter = "p"
        elif char.isascii() and char.isdigit():
            letter = "d"
        else:
            letter = {CJK: "c", WORD: "w", SEPARATOR: "s"}[_class_of(char)]
        self[code] = letter
        return letter


_SIMPLE = _SimpleForms()
_CLASSES = _ClassLetters()
_DROP_APOSTROPHES = str.maketrans("", "", _APOSTROPHES)


def _raw_terms(text: str, query: bool) -> list[tuple[str, int, int, int]] | None:
    """Return ``(text, pos, start, end)`` of each term of ``text`` by a fast path, or None
    when ``text`` needs the reference path."""
    out: list[tuple[str, int, int, int]] = []
    if text.isascii():
        pos = 0
        for match in _ASCII_RUN.finditer(text.lower()):
            word = match.group()
            if "'" in word:
                word = word.replace("'", "")
            out.append((stem(word) if word.isalpha() else word, pos, match.start(), match.end()))
            pos += 1
        return out
    norm = text.translate(_SIMPLE)
    if _NOT_SIMPLE in norm:
        return None
    pos = 0
    for match in _CLASS_RUN.finditer(norm.translate(_CLASSES)):
        start, end = match.span()
        if match.lastindex == 1:  # a word run
            word = norm[start:end].translate(_DROP_APOSTROPHES)
            if word.isascii() and word.isalpha():
                word = stem(word)
            out.append((word, pos, start, end))
            pos += 1
            continue
        if end - start == 1:
            out.append((norm[start], pos, start, end))
            pos += 1
            continue
        for i in range(start, end - 1):
            out.append((norm[i:i + 2], pos, i, i + 2))
            if not query:
                out.append((norm[i], pos, i, i + 1))
            pos += 1
        if not query:
            out.append((norm[end - 1], pos - 1, end - 1, end))
    return out


def analyze_text(text: str, query: bool = False) -> list[Term]:
    """Return the terms of a text field's value, or of a query word when ``query``."""
    raw = _raw_terms(text, query)
    if raw is None:
        return analyze_text_reference(text, query)
    return [Term(*term) for term in raw]


def term_positions(text: str) -> dict[str, list[int]]:
    """Return the indexed terms of a text field's value with their positions, in the order
    ``analyze_text`` makes them (what Whoosh's ``Positions`` format records of them)."""
    raw = _raw_terms(text, False)
    if raw is None:
        raw = [(t.text, t.pos, t.start, t.end) for t in analyze_text_reference(text)]
    positions: dict[str, list[int]] = {}
    for term, pos, _, _ in raw:
        found = positions.get(term)
        if found is None:
            positions[term] = [pos]
        else:
            found.append(pos)
    return positions


def normalize_item(item: str) -> str:
    """Return the exact-field form of one item: NFKC, lowercase, ’ as ', single spaces."""
    text = unicodedata.normalize("NFKC", item).lower().replace("\u2019", "'")
    return " ".join(text.split())


def analyze_exact(value: str) -> list[Term]:
    """Return the terms of an exact field's value: one per distinct line."""
    terms: list[Term] = []
    seen: set[str] = set()
    start = 0
    for line in value.split("\n"):
        item = normalize_item(line)
        if item and item not in seen:
            seen.add(item)
            terms.append(Term(item, len(terms), start, start + len(line)))
        start += len(line) + 1
    return terms


class _Analyzer(Tokenizer):
    """A Whoosh tokenizer over a pure analysis function (pickled into the index's schema)."""

    def _terms(self, value: str, query: bool) -> list[Term]:
        raise NotImplementedError

    def __call__(self, value, positions=False, chars=False, keeporiginal=False,
                 removestops=True, start_pos=0, start_char=0, tokenize=True, mode="",
                 **kwargs):
        """Yield the Whoosh tokens of ``value`` (query terms when ``mode == "query"``)."""
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if tokenize:
            terms = self._terms(value, mode == "query")
        else:
            terms = [Term(normalize_item(value), 0, 0, len(value))]
        for term in terms:
            token.text = term.text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = term.text
            if positions:
                token.pos = start_pos + term.pos
            if chars:
                token.startchar = start_char + term.start
                token.endchar = start_char + term.end
            yield token


class TextAnalyzer(_Analyzer):
    """Analyzer of the text fields: words stemmed, CJK bigrams (see the module docstring)."""

    def _terms(self, value: str, query: bool) -> list[Term]:
        return analyze_text(value, query)


class ExactAnalyzer(_Analyzer):
    """Analyzer of the exact fields: each line of the value is one term."""

    def _terms(self, value: str, query: bool) -> list[Term]:
        return analyze_exact(value)
