"""Links inside the Comprehensive Rules: rule numbers within the same CR, glossary terms to its glossary.

A rule number in a CR text (``See rule 309``, ``rules 409.1b and 409.1f-h``) links to that
rule in the same CR (on its section page, or, for a section without one, on the edition's page
of changes or the rule's history), never to another era's, and only if that CR has it; an
edition shown by its changes only links none.  A glossary term links to the CR's glossary at
its first use on a page: terms match whole words, case aside, in the singular or a plain
plural, and the longest term wins (``Activated Ability`` over ``Ability``), where its context
says it is the defined term (``termsense.py``: not ``as modified by``, ``casual variant``).
Only game terms link: a term of several words (``Combat Damage Step``), or of one word that is
not everyday English (``trample``, ``graveyard``, ``creature``). One word is everyday when it is
at least as frequent as ``EVERYDAY_ZIPF`` in English by wordfreq (``your``, ``card``, ``pay``,
``case``, ``instead`` are; a glossary defines them, but underlining them in every sentence
buried the text). Obsolete and informal terms are not linked; they are there to explain older
cards' wording.
"""
from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from functools import lru_cache

import ahocorasick

from compiler.core import paths
from compiler.core.anchors import AnchorAllocator
from compiler.core.ids import slugify
from compiler.cr import CrDocument, GlossaryEntry
from compiler.cr.read.rulerefs import find_rule_refs
from compiler.render import LinkSpan
from compiler.render.links import Annotate
from compiler.site.cr.termsense import TermSenses

_QUALIFIER_RE = re.compile(r"\s*\((Obsolete|Informal)\)\s*$")
_QUOTES = "\"'“”‘’"
_MIN_FORM = 3
EVERYDAY_ZIPF = 4.5
"""Zipf frequency (log10 of uses per billion words, wordfreq's English) from which a one-word
term is everyday English and not linked: ``your`` 6.5, ``pay`` 5.4, ``card`` and ``case`` 5.0
(``cases`` too), ``zone`` 4.7, ``flying`` 4.7 are; ``priority`` 4.4, ``creature`` 4.2,
``battlefield`` 3.9, ``trample`` 2.8, ``scry`` 1.6 are not."""


@lru_cache(maxsize=8192)
def everyday(word: str) -> bool:
    """Return whether one word is everyday English (wordfreq; see ``EVERYDAY_ZIPF``)."""
    from wordfreq import zipf_frequency
    return zipf_frequency(word, "en") >= EVERYDAY_ZIPF


def glossary_anchors(glossary: list[GlossaryEntry]) -> list[str]:
    """Return the fragment id of each glossary entry, in order (slugs, unique on the page)."""
    alloc = AnchorAllocator()
    return [alloc.take(slugify(entry.term) or "term") for entry in glossary]


def term_forms(term: str) -> list[str]:
    """Return the lowercase forms a glossary term is matched by (``Control, Controller`` gives
    ``control``, ``controls``, ``controller``, ``controllers``); none for obsolete or informal terms,
    and none for a one-word form that is everyday English (``You, Your``, ``Card``, ``Pay``)."""
    if _QUALIFIER_RE.search(term):
        return []
    forms: list[str] = []
    for part in term.split(","):
        word = part.strip().strip(_QUOTES).strip().lower()
        if len(word) < _MIN_FORM or not word[-1].isalnum():
            continue
        if " " not in word and everyday(word):
            continue
        plural = word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"
        forms += [f for f in (word, plural) if f not in forms]
    return forms


class GlossaryMatcher:
    """Find the glossary terms of one CR in its texts: only where each is the defined term
    (``termsense.py``), when the CR is given."""

    def __init__(self, glossary: list[GlossaryEntry], anchors: list[str],
                 doc: CrDocument | None = None):
        self._automaton = ahocorasick.Automaton()
        forms: dict[str, str] = {}
        for entry, anchor in zip(glossary, anchors):
            for form in term_forms(entry.term):
                if form not in self._automaton:
                    self._automaton.add_word(form, (len(form), anchor, entry.term))
                    forms.setdefault(form, anchor)
        self._empty = len(self._automaton) == 0
        if not self._empty:
            self._automaton.make_automaton()
        self._senses = TermSenses(doc, glossary, anchors, forms) if doc and glossary else None

    def find(self, text: str) -> list[tuple[int, int, str, str]]:
        """Return ``(start, end, anchor, term)`` of the terms in ``text``, leftmost-longest."""
        if self._empty:
            return []
        lowered = text.lower()
        found = sorted(((end + 1 - n, end + 1, anchor, term)
                        for end, (n, anchor, term) in self._automaton.iter(lowered)
                        if _bounded(lowered, end + 1 - n, end + 1)),
                       key=lambda m: (m[0], -(m[1] - m[0])))
        kept: list[tuple[int, int, str, str]] = []
        for match in found:
            if not kept or match[0] >= kept[-1][1]:
                kept.append(match)
        senses = self._senses
        return kept if senses is None else [m for m in kept if senses.defined(text, *m[:3])]


def _bounded(text: str, start: int, end: int) -> bool:
    return (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum())


class CrTextLinker:
    """Make the ``annotate`` functions for the texts of one CR on one page."""

    def __init__(self, doc: CrDocument, place: Callable[[str], str | None] | None,
                 matcher: GlossaryMatcher):
        self.doc = doc
        self.place = place
        """The site path a rule number of this CR links to (``CrSite.cr_path``); None: rule
        numbers are not linked (an edition the site shows by its changes only)."""
        self.matcher = matcher

    def annotate(self, page_path: str, seen: set[str] | None = None) -> Annotate:
        """Return the annotate function of a page; glossary terms only if ``seen`` is given
        (the anchors linked so far on the page: each term is linked at its first use)."""
        def annotate(text: str) -> list[LinkSpan]:
            spans = list(self._rule_spans(text, page_path))
            if seen is not None:
                spans += self._term_spans(text, page_path, seen, [(s.start, s.end) for s in spans])
            return spans
        return annotate

    def _rule_spans(self, text: str, page_path: str) -> Iterable[LinkSpan]:
        if self.place is None:
            return
        for start, end, number in _rule_refs(text):
            target = self.place(number)
            if target:
                yield LinkSpan(start, end, relative_href(target, page_path), "rule-ref",
                               f"Rule {number}")

    def _term_spans(self, text: str, page_path: str, seen: set[str], taken) -> list[LinkSpan]:
        spans = []
        for start, end, anchor, term in self.matcher.find(text):
            if anchor in seen or any(start < e and s < end for s, e in taken):
                continue
            seen.add(anchor)
            href = relative_href(paths.cr_glossary(self.doc.date, anchor), page_path)
            spans.append(LinkSpan(start, end, href, "glossary-ref", f"Glossary: {term}"))
        return spans


def rule_numbers(text: str) -> list[str]:
    """Return the rule numbers a CR text cites (the first of each reference), as linked."""
    return [number for _, _, number in _rule_refs(text)]


@lru_cache(maxsize=65536)
def _rule_refs(text: str) -> tuple[tuple[int, int, str], ...]:
    """Return ``(start, end, first number)`` of the rule references of a text (a CR's texts
    come back on every history page of their rules)."""
    return tuple((ref.start, ref.end, ref.numbers[0]) for ref in find_rule_refs(text))


def relative_href(target: str, page: str) -> str:
    """Return ``compiler.render.urls.relative_url(target, page)`` for site paths of pages
    (``cr/2004-10-01/502.html#502.38a``), with the step between folders computed once."""
    path, hash_mark, fragment = target.partition("#")
    if path == page and hash_mark:
        return "#" + fragment
    folder, name = posixpath.split(path)
    step = _folder_step(folder, posixpath.dirname(page))
    return (name if step == "." else f"{step}/{name}") + hash_mark + fragment


@lru_cache(maxsize=4096)
def _folder_step(target_folder: str, page_folder: str) -> str:
    return posixpath.relpath(target_folder or ".", page_folder or ".")
