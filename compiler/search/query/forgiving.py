"""Prefixes and typos: what a plan's ``word*`` stands for, and "did you mean" when nothing matches.

search-forgiving.js does exactly this on the exported lexicon (``lex-NN.js``) and names
(``names.js``), which hold what ``Lexicon`` reads here from the index, so the browser and
``faqc search`` expand and correct alike.

* ``tarmo*`` (the browser adds the ``*`` to the last word while you type): the word's term and
  the ``PREFIX_EXPANSIONS`` most frequent terms of the text fields starting with it (or with
  the word as typed, unstemmed), by document frequency then alphabetically, ORed.  At least
  ``PREFIX_MIN`` characters; a Japanese word needs no prefix (its bigrams already match inside
  words) and stays as written.  The index holds stems, so a prefix also stands for the terms
  of the word one letter longer (``one_letter_more``: ``flyin`` -> ``fly``, the stem of
  ``flying``; ``madnes`` -> ``mad``).
* A word cut short: each plain word of a query whose term is in no record but begins terms
  that are (``tarmo``, submitted; ``tarmo OR shock``) is searched as that prefix, just as the
  browser searches it while you type (``tarmo*``); these are results, not corrections, and
  say nothing of a "did you mean".
* Typos: when a query finds nothing, each of its other plain words whose term is in no record
  is looked for among the names (the words of titles: cards, mechanics, rules; ASCII letters,
  at least ``FUZZY_MIN`` long): the names within edit distance 1 (words of up to 5 letters)
  or 2, closest first (then the most frequent in titles), ``FUZZY_EXPANSIONS`` at most, ORed.
* Else a part of a name (``goyf``, ``mogoyf``: a nickname, an infix or a suffix): of the names
  that hold the word, the one of the widest **reach** is searched, and the others (up to
  ``FUZZY_EXPANSIONS - 1``) are offered.  A name's reach is the number of sets whose records
  hold it in a title or body (the CR is one set, a set's English and Japanese documents one):
  a card that other sets' documents or the rules also talk about is the one a part of its
  name most likely means.  Ties: the most frequent in titles, then alphabetical.  ``goyf``:
  Tarmogoyf (FUT, MH3, SHM's Japanese FAQ, CR: 4) before Barrowgoyf, Nethergoyf, Polygoyf
  and Pyrogoyf (MH3 only).
The query runs again with the names searched and says which (and which others hold the word),
if it then finds something: a correction or completion that finds nothing either is not told
(``results.answer_query``; "did you mean conscript? Showing results for that" over no results
was a promise not kept), and the answer is the query's own, no results.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from whoosh.reading import IndexReader

from compiler.search.analysis import analyze_text, is_cjk
from compiler.search.query.query import PREFIX_MIN
from compiler.search.schema import TEXT_FIELDS

PREFIX_EXPANSIONS = 8
FUZZY_MIN = 4
FUZZY_EXPANSIONS = 5
TITLE_FIELDS = ("title_en", "title_ja")
NAME = re.compile(r"[a-z]{4,}")
"""A name of ``names.js``: ASCII letters only (typos are corrected in English)."""


def lexicon_key(term: str) -> str:
    """Return what shards the lexicon: a term's first ``PREFIX_MIN`` characters."""
    return term[:PREFIX_MIN]


class Lexicon:
    """Document frequencies of the index's text-field terms, read from a Whoosh reader."""

    def __init__(self, reader: IndexReader):
        self.reader = reader

    def starting(self, prefixes: list[str]) -> Counter:
        """Return the terms starting with any of ``prefixes`` and their document frequency."""
        out: Counter = Counter()
        for field in TEXT_FIELDS:
            seen = set()
            for prefix in prefixes:
                for term in self.reader.expand_prefix(field, prefix):
                    term = term.decode("utf-8") if isinstance(term, bytes) else term
                    if term not in seen:
                        seen.add(term)
                        out[term] += self.reader.doc_frequency(field, term)
        return out

    def frequency(self, term: str) -> int:
        """Return the document frequency of a term over the text fields."""
        return sum(self.reader.doc_frequency(field, term) for field in TEXT_FIELDS)

    def names(self) -> dict[str, Name]:
        """Return the names (title words, ``NAME``) with their document frequency in titles
        (their reach is read only for the names a correction weighs, ``Name.reach``)."""
        out: Counter = Counter()
        for field in TITLE_FIELDS:
            for term in self.reader.lexicon(field):
                term = term.decode("utf-8") if isinstance(term, bytes) else term
                if NAME.fullmatch(term):
                    out[term] += self.reader.doc_frequency(field, term)
        return {term: Name(count, lambda t=term: self.reach(t)) for term, count in out.items()}

    def reach(self, term: str) -> int:
        """Return the number of sets whose records hold ``term`` in a text field."""
        docs: set[int] = set()
        for field in TEXT_FIELDS:
            if (field, term) in self.reader:
                docs.update(self.reader.postings(field, term).all_ids())
        return reach(self.reader.stored_fields(d) for d in docs)


def set_code(stored: dict) -> str:
    """Return the set a record belongs to: the first line of its ``set`` field (``CR`` for
    the Comprehensive Rules)."""
    return stored.get("set", "").split("\n")[0]


def reach(stored: Iterable[dict]) -> int:
    """Return the number of sets among records' stored fields."""
    return len({set_code(s) for s in stored})


class Name:
    """A name typos are corrected to: its frequency in titles and, read when needed, its reach."""

    __slots__ = ("frequency", "_reach")

    def __init__(self, frequency: int, reach_of: int | Callable[[], int]):
        self.frequency = frequency
        self._reach = reach_of

    @property
    def reach(self) -> int:
        """The number of sets whose records hold the name (see the module docstring)."""
        if callable(self._reach):
            self._reach = self._reach()
        return self._reach


COMPLETING = "abcdefghijklmnopqrstuvwxyz"
"""The letters a word cut short is completed with (``one_letter_more``)."""


@lru_cache(maxsize=1024)
def one_letter_more(word: str) -> tuple[str, ...]:
    """Return the terms of ``word`` with one more letter written after it, other than its own
    (the index holds stems: ``flyin`` begins no term, ``flying`` is ``fly``; ``madnes`` is
    ``madn``, ``madness`` ``mad``), in the order of ``COMPLETING``, but those starting with
    the word (a prefix finds them anyway); none for a word not ending with a letter of it."""
    if not word or word[-1] not in COMPLETING:
        return ()
    own = [t.text for t in analyze_text(word, query=True)]
    out = []
    for letter in COMPLETING:
        terms = [t.text for t in analyze_text(word + letter, query=True)]
        if len(terms) == 1 and terms != own and not terms[0].startswith(word) \
                and terms[0] not in out:
            out.append(terms[0])
    return tuple(out)  # kept: a prefix's starts and its choice both ask (27 analyses)


def prefix_starts(node: dict) -> list[str]:
    """Return what the terms of a prefix node are looked for by: its term, the word as typed,
    and the terms of the word one letter longer (``one_letter_more``)."""
    return list(dict.fromkeys((node["prefix"], node["raw"], *one_letter_more(node["raw"]))))


def prefix_choice(node: dict, frequencies: Counter) -> list[str]:
    """Return the terms a prefix node stands for: its own, the terms of the word one letter
    longer that some record holds, then the most frequent others starting with the term or
    the word."""
    starts = tuple(dict.fromkeys((node["prefix"], node["raw"])))
    longer = [t for t in one_letter_more(node["raw"]) if frequencies[t] > 0 and t != node["prefix"]]
    others = sorted((t for t in frequencies if t.startswith(starts) and t != node["prefix"]
                     and t not in longer), key=lambda t: (-frequencies[t], t))
    return [node["prefix"], *longer, *others[:PREFIX_EXPANSIONS]]


def _alternatives(terms: list[str], fields: list[str]) -> dict:
    nodes = [{"text": [t], "phrase": False, "fields": list(fields)} for t in terms]
    return nodes[0] if len(nodes) == 1 else {"or": nodes}


def expand_prefixes(node: dict | None, lexicon: Lexicon) -> dict | None:
    """Return the plan with each prefix node replaced by the OR of the terms it stands for."""
    if node is None or "exact" in node or "text" in node:
        return node
    if "prefix" in node:
        terms = prefix_choice(node, lexicon.starting(prefix_starts(node)))
        return _alternatives(terms, node["fields"])
    if "not" in node:
        return {"not": expand_prefixes(node["not"], lexicon)}
    key = next(k for k in ("and", "or", "andnot") if k in node)
    return {key: [expand_prefixes(c, lexicon) for c in node[key]]}


def plain_words(node: dict | None) -> list[str]:
    """Return the single words of a plan whose term ``correct`` checks (search-forgiving.js)."""
    if node is None or "exact" in node or "not" in node or "prefix" in node:
        return []
    if "text" in node:
        return node["text"][:1] if len(node["text"]) == 1 and not node["phrase"] else []
    children = node["andnot"][:1] if "andnot" in node else node.get("and") or node.get("or")
    return [word for child in children for word in plain_words(child)]


def prefixes(node: dict | None) -> list[str]:
    """Return the prefixes and their words as typed, of the prefix nodes of a plan."""
    if node is None or "exact" in node or "text" in node:
        return []
    if "prefix" in node:
        return prefix_starts(node)
    children = [node["not"]] if "not" in node else next(node[k] for k in ("and", "or", "andnot") if k in node)
    return [p for child in children for p in prefixes(child)]


def edit_distance(a: str, b: str, limit: int) -> int:
    """Return the Levenshtein distance of ``a`` and ``b``, or ``limit + 1`` when it is larger."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ca != cb))
        if min(row) > limit:
            return limit + 1
    return row[-1]


def corrections(word: str, names: dict[str, Name]) -> tuple[list[str], list[str]]:
    """Return the names to search for a word that is in no record, and the other names that
    hold it (offered, not searched): see the module docstring."""
    if not NAME.fullmatch(word):
        return [], []
    limit = 1 if len(word) <= 5 else 2
    near = [(d, t) for t in names if (d := edit_distance(word, t, limit)) <= limit]
    if near:
        near.sort(key=lambda item: (item[0], -names[item[1]].frequency, item[1]))
        return [t for _, t in near[:FUZZY_EXPANSIONS]], []
    holding = sorted((t for t in names if word in t),
                     key=lambda t: (-names[t].reach, -names[t].frequency, t))
    return holding[:1], holding[1:FUZZY_EXPANSIONS]


def completions(word: str, starting: Callable[[list[str]], Counter]) -> list[str]:
    """Return the terms an unknown word stands for as a prefix (``prefix_choice`` of
    ``word*``), or [] when no term begins with it (or it is too short, or Japanese)."""
    if len(word) < PREFIX_MIN or any(map(is_cjk, word)):
        return []
    node = {"prefix": word, "raw": word}
    terms = prefix_choice(node, starting(prefix_starts(node)))
    return terms if len(terms) > 1 else []


@dataclass(slots=True)
class Correction:
    """A plan whose unknown words were replaced by the names they were probably meant as."""

    plan: dict
    words: list[tuple[str, list[str], list[str]]]
    """Each replaced term, the names that replaced it and the other names holding it."""


def _unknown_replaced(node: dict | None, known, replace: Callable[[str], list[str]]) -> dict | None:
    """Return the plan with each plain word whose term is unknown (``known(term)`` false) and
    for which ``replace(term)`` gives terms replaced by their OR (excluded words are left as
    written: changing them would exclude something else)."""
    def visit(n: dict) -> dict:
        if "text" in n:
            if len(n["text"]) == 1 and not n["phrase"] and not known(n["text"][0]):
                terms = replace(n["text"][0])
                if terms:
                    return _alternatives(terms, n["fields"])
            return n
        if "exact" in n or "prefix" in n:
            return n
        if "not" in n:
            return {"not": visit(n["not"])}
        key = next(k for k in ("and", "or", "andnot") if k in n)
        children = n[key] if key != "andnot" else n[key][:1]
        return {key: [visit(c) for c in children] + (n[key][1:] if key == "andnot" else [])}
    return visit(node) if node else None


def complete(node: dict | None, known,
             starting: Callable[[list[str]], Counter]) -> tuple[dict | None, list[str]]:
    """Return the plan with its unknown plain words searched as the prefixes they begin
    (``completions``: ``tarmo OR shock`` is ``tarmo* OR shock``), and those words."""
    completed: list[str] = []

    def replace(word: str) -> list[str]:
        terms = completions(word, starting)
        if terms:
            completed.append(word)
        return terms
    return _unknown_replaced(node, known, replace), completed


def correct(node: dict | None, known, names: dict[str, Name]) -> Correction | None:
    """Return the plan with its unknown plain words (``known(term)`` false) replaced by the
    names they were probably meant as (``corrections``), or None when no word could be."""
    words: list[tuple[str, list[str], list[str]]] = []

    def replace(word: str) -> list[str]:
        found, others = corrections(word, names)
        if found:
            words.append((word, found, others))
        return found
    fixed = _unknown_replaced(node, known, replace)
    return Correction(fixed, words) if fixed and words else None
