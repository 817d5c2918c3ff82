"""Rule identity across CRs: the same rule under its number in each later CR.

``RuleIdentity.build(library)`` links every rule of each CR to the same rule in the next CR
(``compiler.cr.link.linking``), so ``502.38`` of 2004 (Bushido) follows its chain to ``702.45`` of
today's CR, while ``502.36`` of 2004 (Scry) and ``502.36`` of 2007 (Shroud) go their own ways.
"""
from __future__ import annotations

from contextlib import closing

from compiler.cr.era import CrLibrary
from compiler.cr.link.linking import link_pair
from compiler.cr.link.pairs import Link
from compiler.cr.model import CrEntry
from compiler.runtime.parallel import map_chunks

Key = tuple[str, str]
"""``(CR date, rule number)``."""


class RuleIdentity:
    """The links of each CR's rules to the next CR's, and the chains they make."""

    def __init__(self, library: CrLibrary, links: dict[str, dict[str, Link]]):
        self.library = library
        self.links = links
        """CR date -> rule number -> link to the next CR."""
        dates = library.dates
        self._next = dict(zip(dates, dates[1:]))

    @classmethod
    def build(cls, library: CrLibrary, jobs: int | None = 1) -> "RuleIdentity":
        """Link the rules of every consecutive pair of CRs in ``library``: the pairs its cache
        does not hold in ``jobs`` forked workers (``compiler.runtime.parallel``; None: one per CPU;
        1, the default: in this process)."""
        docs, cache = library.documents, library.cache
        pairs = list(zip(docs, docs[1:]))
        found = [cache.cached_links(a, b) if cache else None for a, b in pairs]
        missing = [n for n, links in enumerate(found) if links is None]
        made = map_chunks(lambda chunk: [link_pair(*pairs[n]) for n in chunk], missing,
                          jobs=jobs, chunk=2)
        with closing(made):
            for n, links in zip(missing, made):
                found[n] = links
                if cache:
                    cache.keep_links(*pairs[n], links)
        return cls(library, {a.date: links for (a, _), links in zip(pairs, found)})

    def successor(self, cr_date: str, number: str) -> Key | None:
        """Return ``(next CR date, number)`` of the same rule, or None if it has none."""
        link = self.links.get(cr_date, {}).get(number)
        return (self._next[cr_date], link.target) if link else None

    def mapping(self) -> dict[Key, Key]:
        """Return the whole map ``(date, number) -> (next date, number)``."""
        return {(date, number): (self._next[date], link.target)
                for date, links in self.links.items() for number, link in links.items()}

    def chain(self, cr_date: str, number: str) -> list[Key]:
        """Return the rule's keys from ``(cr_date, number)`` on, as far as it is linked."""
        keys = [(cr_date, number)]
        while (step := self.successor(*keys[-1])) is not None:
            keys.append(step)
        return keys

    def number_in(self, cr_date: str, number: str, target_date: str) -> str | None:
        """Return the rule's number in the CR dated ``target_date`` (on or after ``cr_date``)."""
        return dict(self.chain(cr_date, number)).get(target_date)

    def today(self, number: str, date: str) -> CrEntry | None:
        """Return the rule ``number`` cited on ``date`` as the newest CR has it (None if gone)."""
        start = self.library.in_force(date).date
        if self.library.entry(start, number) is None:
            return None
        last_date, last_number = self.chain(start, number)[-1]
        if last_date != self.library.latest.date:
            return None
        return self.library.entry(last_date, last_number)
