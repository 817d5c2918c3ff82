"""What search shows of the Comprehensive Rules: one entry per rule version (pure).

Most rules read the same from one CR to the next: Bushido is ``502.38`` word for word from 2004
to 2008, then ``702.45``.  Search lists such a run of CRs once, so that a query for
"bushido" finds the rule under each number it had and in each wording, not six copies of it.
An entry is a run of consecutive CRs of a rule's identity chain (``RuleHistory``) under one
number and one wording (title, text and examples, compared as ``quote_form``); it shows and
links to the newest CR of the run (or, when the site does not show that CR's text, to the
step of the rule's history the run begins in), and lists every date of the run.  Every rule and heading
of every CR is in exactly one entry.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from compiler.core import paths
from compiler.cr.derive.history import RuleHistory
from compiler.cr.derive.quotes import quote_form
from compiler.cr.model import CrDocument, CrRule, CrSection
from compiler.cr.read.toc import rule_sections


@dataclass(slots=True, frozen=True)
class CrVersion:
    """One rule or heading as one CR prints it, ready for search."""

    date: str
    number: str
    line: int
    title: str
    """``702.45. Bushido`` for titled rules and headings, ``702.45a (Bushido)`` for subrules."""
    titled: bool
    """True when the title is the rule's own, False when it is its parent's."""
    body: str
    """Title, text and examples, one per line."""
    url: str
    """Site path and fragment of the rule in the CR browser."""
    examples: int = 0
    """How many of the last lines of ``body`` are examples (set in italics by the CR browser)."""


@dataclass(slots=True, frozen=True)
class CrSearchEntry:
    """A rule version as search lists it: the newest CR of a run of identical versions."""

    version: CrVersion
    dates: tuple[str, ...]
    """Dates of the CRs of the run, oldest first (the version's own is the last)."""
    label: str = ""
    """The title results show, when not the version's own: a version read on its rule's
    history names the CRs of its run (``702.45a (Bushido), CR 2004-10-01 to 2008-05-01``), so
    that the runs of a rule, each linked to its own step of the one history page, are told
    apart."""


def cr_versions(doc: CrDocument) -> list[CrVersion]:
    """Return the headings and rules of one CR as search versions, headings first, each in
    document order."""
    titles = {r.number: r.title for r in doc.rules if r.title}
    titles.update({s.number: s.title for s in doc.sections})
    sections = rule_sections(doc)
    entries: list[CrSection | CrRule] = [*doc.sections, *doc.rules]
    return [_version(doc, sections, titles, entry) for entry in entries]


def cr_search_entries(history: RuleHistory) -> list[CrSearchEntry]:
    """Return the search entries of every CR of the history's library, each rule's versions
    together: chains in the order of their last version (newest CR first, then line), each
    chain's runs newest first.  Versions of a rule are neighbours, so the browser finds them in
    one text file (``compiler.search.index.export``); and as equal scores go to the lower
    document number (``results``, search-rank.js), today's rule comes before its older
    versions, and a newer version before an older one (``702.19b``: Trample today, then its
    earlier runs, then the Vigilance and Banding it once was)."""
    versions = {doc.date: cr_versions(doc) for doc in history.library.documents}
    by_key = {(v.date, v.number): v for vs in versions.values() for v in reversed(vs)}
    chained: set[tuple[str, str]] = set()
    groups: list[tuple[tuple, list[CrSearchEntry]]] = []
    for chain in history.chains.values():
        runs: list[list[CrVersion]] = []
        for key in chain:
            version = by_key[key]
            chained.add(key)
            if not runs or version.number != runs[-1][-1].number or \
                    _wording(version) != _wording(runs[-1][-1]):
                runs.append([])
            runs[-1].append(version)
        last = runs[-1][-1]
        groups.append(((last.date, last.line, last.number), [_entry(run) for run in runs[::-1]]))
    # A number printed twice in one CR has one chain key: its other printings stand alone.
    groups += [((v.date, v.line, v.number), [CrSearchEntry(v, (v.date,))])
               for vs in versions.values() for v in vs
               if (v.date, v.number) not in chained or by_key[(v.date, v.number)] is not v]
    groups.sort(key=lambda g: g[0][1:])
    groups.sort(key=lambda g: g[0][0], reverse=True)  # stable: by line within a CR
    entries = [entry for _, entries in groups for entry in entries]
    return [_shown(history, entry) for entry in entries]


def _shown(history: RuleHistory, entry: CrSearchEntry) -> CrSearchEntry:
    """Return the entry linking to the rule read on its edition's contents page when the site
    has no page of its section (``RuleHistory.browsed``)."""
    version = entry.version
    if history.browsed is None:
        return entry
    pages = history.browsed.get(version.date)
    page = version.url.partition("#")[0]
    if pages is not None and (page in pages or page == paths.CR_INDEX) \
            or page == paths.cr_edition(version.date):  # a chapter, on every edition's contents
        return entry
    url = paths.cr_reader(version.date, version.number)
    first, last = entry.dates[0], entry.dates[-1]
    label = f"{version.title}, CR {first}" + (f" to {last}" if last != first else "")
    return CrSearchEntry(dataclasses.replace(version, url=url), entry.dates, label)


def _entry(run: list[CrVersion]) -> CrSearchEntry:
    return CrSearchEntry(run[-1], tuple(v.date for v in run))


def _wording(version: CrVersion) -> str:
    return quote_form(version.body)  # memoised: most rules read the same edition after edition


def _version(doc: CrDocument, sections: dict[str, str], titles: dict[str, str],
             entry: CrSection | CrRule) -> CrVersion:
    number = entry.number
    if number in sections:
        url = paths.cr_rule(doc.date, sections[number], number)
    else:
        url = paths.cr_chapter(doc.date, number)
    if isinstance(entry, CrSection):
        return CrVersion(doc.date, number, entry.src.line, f"{number}. {entry.title}", True,
                         entry.title, url)
    body = "\n".join(p for p in (entry.title, entry.text, *entry.examples) if p)
    examples = sum(1 for e in entry.examples if e)
    if entry.title:
        return CrVersion(doc.date, number, entry.src.line, f"{number}. {entry.title}", True, body,
                         url, examples)
    parent = number[:-1] if number[-1].isalpha() else number.split(".")[0]
    owner = titles.get(parent)
    return CrVersion(doc.date, number, entry.src.line, f"{number} ({owner})" if owner else number,
                     False, body, url, examples)
