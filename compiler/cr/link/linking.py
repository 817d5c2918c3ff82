"""Link the rules of one CR to the same rules in the next one (by title, then by text).

Order of the work, for a pair of CRs (older ``a``, newer ``b``):

1. chapters and sections: equal titles (folded); several equal (``General``) or none: the
   section whose rules' words are most alike, one to one, above ``SECTION_THRESHOLD``;
2. titled rules (``502.38. Bushido``, the keyword abilities and actions): equal title first,
   preferring one in the linked section, then the same number; else the most alike body (the
   rule's subrules' texts), one to one, among the titled rules of the linked section;
3. text rules (``compiler.cr.link.textlinks``): under the linked parent, then in the linked section,
   then anywhere, with a higher bar each time.
"""
from __future__ import annotations

from collections import defaultdict

from compiler.cr.link.pairs import Link, assign
from compiler.cr.link.side import CrSide, parent_of
from compiler.cr.link.similarity import jaccard, title_key
from compiler.cr.link.textlinks import link_text_rules
from compiler.cr.model import CrDocument

SECTION_THRESHOLD = 0.3
"""Least word similarity for two sections (or titled rules' bodies) without equal titles."""


def link_pair(a: CrDocument, b: CrDocument) -> dict[str, Link]:
    """Return, for each number of ``a`` that has one, its link to the same rule in ``b``."""
    old, new = CrSide(a), CrSide(b)
    links: dict[str, Link] = {}
    _link_headings(old, new, links)
    _link_titled_rules(old, new, links)
    link_text_rules(old, new, links)
    return links


def _link_headings(old: CrSide, new: CrSide, links: dict[str, Link]) -> None:
    """Link chapters by equal titles, sections by equal titles or alike content."""
    by_title = _by_title(new, [s.number for s in new.doc.sections])
    pending = []
    for section in old.doc.sections:
        same = by_title.get(title_key(section.title), [])
        if len(same) == 1:
            links[section.number] = Link(section.number, same[0], "title", 1.0)
        elif len(section.number) == 3:
            pending.append((section.number, same or [s.number for s in new.doc.sections
                                                     if len(s.number) == 3]))
    pairs = [(jaccard(old.body_tokens(num), new.body_tokens(cand)), num, cand)
             for num, cands in pending for cand in cands]
    assign(pairs, links, SECTION_THRESHOLD, "body")


def _link_titled_rules(old: CrSide, new: CrSide, links: dict[str, Link]) -> None:
    """Link titled rules by equal titles; the rest by alike bodies within the linked section."""
    titled = [r.number for r in new.doc.rules if r.title]
    by_title = _by_title(new, titled)
    pairs = []
    for rule in (r for r in old.doc.rules if r.title):
        section = links.get(parent_of(rule.number) or "")
        same = by_title.get(title_key(rule.title or ""), [])
        if same:
            best = min(same, key=lambda n: (not section or parent_of(n) != section.target,
                                            n != rule.number))
            links[rule.number] = Link(rule.number, best, "title", 1.0)
        elif section:
            pairs.extend((jaccard(old.body_tokens(rule.number), new.body_tokens(cand)),
                          rule.number, cand)
                         for cand in titled if parent_of(cand) == section.target)
    assign(pairs, links, SECTION_THRESHOLD, "body")


def _by_title(side: CrSide, numbers: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for number in numbers:
        out[title_key(getattr(side.entries[number], "title", None) or "")].append(number)
    return out
