"""Link the untitled rules of one CR to the next (step 3 of ``compiler.cr.link.linking``).

Three passes, each over the rules still unlinked, each one to one (best pairs first):

1. ``text``: among the rules directly under the linked parent (``702.45`` for ``502.38a``),
   level by level (``309.2`` before ``309.2a``), above ``NARROW_THRESHOLD``: the pool is small
   and already the right rule's, so a reworded rule still finds itself;
2. ``section``: among every rule of the linked section, above ``TEXT_THRESHOLD``;
3. ``anywhere``: among every rule sharing rare words, above ``ANYWHERE_THRESHOLD`` (rules that
   moved to another section: ``502.26e`` of 2008 is ``708.2a`` of 2024).

In passes 2 and 3 a subrule of a keyword (``502.11d`` of Bands with Other) may only become a
rule under the keyword's own linked rule or one that names the keyword: the boilerplate
"Multiple instances of X are redundant" of another keyword is never the same rule.
"""
from __future__ import annotations

from collections import Counter

from compiler.cr.link.pairs import Link, assign
from compiler.cr.link.side import CrSide, parent_of
from compiler.cr.link.similarity import jaccard

NARROW_THRESHOLD = 0.3
"""Least word similarity under the linked parent."""
TEXT_THRESHOLD = 0.5
"""Least word similarity within the linked section."""
ANYWHERE_THRESHOLD = 0.6
"""Least word similarity anywhere in the next CR."""
_SAME_PLACE_BONUS = 0.02  # breaks ties in favour of the same letter under the linked parent
_RARE = 150  # words in more rules than this do not propose candidates in the "anywhere" pass
_PROPOSALS = 8


def link_text_rules(old: CrSide, new: CrSide, links: dict[str, Link]) -> None:
    """Link every untitled rule of ``old`` that has a counterpart in ``new``."""
    rules = [r.number for r in old.doc.rules if not r.title and r.text]
    for level in (1, 2):
        todo = [n for n in rules if n[-1].isalpha() == (level == 2)]
        pairs = _scored(old, new, todo, _under_parent(new, links), NARROW_THRESHOLD, bonus=True)
        assign(pairs, links, NARROW_THRESHOLD, "text")
    guard = _keyword_guard(old, new, links)
    for pool, threshold, method in ((_in_section(new, links), TEXT_THRESHOLD, "section"),
                                    (_anywhere(old, new), ANYWHERE_THRESHOLD, "anywhere")):
        todo = [n for n in rules if n not in links]
        assign(_scored(old, new, todo, pool, threshold, allowed=guard), links, threshold, method)


def _scored(old: CrSide, new: CrSide, numbers, pool, floor: float, bonus: bool = False,
            allowed=None):
    """Return ``(score, number, candidate)`` for each rule and each candidate of its pool above
    ``floor``; the score is ``similarity``'s, with each side's words taken once."""
    pairs = []
    theirs = new.words
    for number in numbers:
        ours = old.words[number]
        for cand in pool(number):
            score = jaccard(ours, theirs[cand])
            if bonus and cand[-1] == number[-1]:
                score += _SAME_PLACE_BONUS
            if score >= floor and (allowed is None or allowed(number, cand)):
                pairs.append((score, number, cand))
    return pairs


def _under_parent(new: CrSide, links: dict[str, Link]):
    def pool(number: str) -> list[str]:
        link = links.get(parent_of(number) or "")
        return [n for n in new.children.get(link.target, []) if "." in n] if link else []
    return pool


def _in_section(new: CrSide, links: dict[str, Link]):
    def pool(number: str) -> list[str]:
        link = links.get(number.split(".")[0])
        return [n for n in new.descendants(link.target) if "." in n] if link else []
    return pool


def _anywhere(old: CrSide, new: CrSide):
    postings = new.postings

    def pool(number: str) -> list[str]:
        counts: Counter[str] = Counter()
        for word in old.words[number]:
            hits = postings.get(word, [])
            if len(hits) <= _RARE:
                counts.update(hits)
        return [cand for cand, _ in counts.most_common(_PROPOSALS)]
    return pool


def _keyword_guard(old: CrSide, new: CrSide, links: dict[str, Link]):
    """Return a test: may ``number`` of ``old`` become ``cand`` of ``new``, keyword-wise?"""
    def allowed(number: str, cand: str) -> bool:
        keyword = old.titled_ancestor(number)
        if keyword is None:
            return True
        link = links.get(keyword)
        if link is not None and new.titled_ancestor(cand) == link.target:
            return True
        return new.mentions(cand, old.entries[keyword].title or "")
    return allowed
