"""The Comprehensive Rules part of the site: each document's era, and each era key's citations.

A citation reads against the CR in force on its document's date, so what a citation means is
an era key ``(CR date, number)``: ``("2004-10-01", "502.36")`` is Scry, ``("2007-05-01",
"502.36")`` Shroud.  ``CrSite`` maps era keys to the references and quotations that meant them,
and, through ``RuleHistory``, to the same rule today and its history page.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from compiler.core import paths
from compiler.core.model import CardEntry, Document
from compiler.cr import CrChoice, CrEntry, CrLibrary, RuleIdentity
from compiler.cr.derive.history import RuleHistory
from compiler.cr.read.toc import rule_sections
from compiler.site.cr.crtext import CrTextLinker, GlossaryMatcher, glossary_anchors, rule_numbers
from compiler.xref.inventory import Inventory, RuleVersion
from compiler.xref.resolve import LinkIndex, Reference, era_date

Key = tuple[str, str]
"""``(CR date, rule number)``."""


@dataclass(slots=True)
class CrSite:
    """The CRs, the identity of their rules, and who cites each era key."""

    library: CrLibrary
    history: RuleHistory
    choices: dict[str, CrChoice]
    """The CR each document (by id) reads against; documents without a date are absent."""
    cited: dict[Key, list[Reference]] = field(default_factory=lambda: defaultdict(list))
    """References by the era key they cite."""
    quoted: dict[Key, list[RuleVersion]] = field(default_factory=lambda: defaultdict(list))
    """Quoted versions (one per document) by the era key they quote."""
    sections: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per CR date: the section page each rule and section number stands on."""
    rule_pages: set[str] = field(default_factory=set)
    """The rule numbers the site has a page for (set by ``make_site``)."""
    browsed: frozenset[str] = frozenset()
    """The editions the site has section pages and a glossary page of: those some document
    reads against, and the newest. Every edition, these and the others, is read in full on its
    contents page from the site's data (``textdata``)."""
    pages: dict[str, frozenset[str]] = field(default_factory=dict)
    """Per edition of ``browsed``: the sections it has a page for. The newest has every one;
    an older edition only those its readers' citations and quotations land in: its other rules
    are read on its contents page (``cr_path``). Keeps the site small: 22 editions in full as
    pages would be 45 MB."""

    _linkers: dict[str, CrTextLinker] = field(default_factory=dict)
    _on_page: dict[str, frozenset[str]] = field(default_factory=dict)
    _children: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def subrules(self, key: Key) -> list[str]:
        """Return the numbers of the rules directly under a rule or section in its CR."""
        children = self._children.get(key[0])
        if children is None:
            children = self._children[key[0]] = defaultdict(list)
            doc = self.library.document(key[0])
            for rule in doc.rules if doc else []:
                number = rule.number
                children[number[:-1] if number[-1].isalpha() else number.split(".")[0]].append(number)
        return children.get(key[1], [])

    def text_linker(self, cr_date: str) -> CrTextLinker:
        """Return the linker of the texts of the CR of ``cr_date`` (built once)."""
        linker = self._linkers.get(cr_date)
        if linker is None:
            doc = self.library.document(cr_date)
            assert doc is not None, cr_date
            browsed = cr_date in self.browsed
            matcher = GlossaryMatcher(doc.glossary if browsed else [], glossary_anchors(doc.glossary),
                                      doc)
            place = (lambda number: self.cr_path((cr_date, number))
                     if number in self.sections[cr_date] else None) if browsed else None
            linker = self._linkers[cr_date] = CrTextLinker(doc, place, matcher)
        return linker

    def on_page(self, key: Key) -> bool:
        """Return True when a rule or section is on a section page of the site."""
        return key[1] in self._paged(key[0])

    def _paged(self, cr_date: str) -> frozenset[str]:
        paged = self._on_page.get(cr_date)
        if paged is None:
            pages = self.pages.get(cr_date, frozenset())
            paged = self._on_page[cr_date] = frozenset(
                n for n, s in self.sections[cr_date].items() if s in pages)
        return paged

    def shown_facts(self, cr_date: str | None = None) -> tuple:
        """Return what decides where the CR part of the site links a rule (a page's facts for
        the incremental build): the editions shown, and the sections each has a page for (only
        ``cr_date``'s, if given)."""
        dates = sorted(self.browsed) if cr_date is None else [cr_date] * (cr_date in self.browsed)
        return tuple(sorted(self.browsed)), tuple((d, tuple(sorted(self.pages[d]))) for d in dates)

    def link_facts(self, key: Key) -> tuple:
        """Return what decides the links to a rule at ``key`` and within its text (a history
        page's facts): whether it, and each rule its text cites, is on a section page."""
        if key[0] not in self.browsed:
            return ()
        if key[0] == self.library.latest.date:  # every section has a page: links are the text's
            return (key[0],)
        entry = self.entry(key)
        texts = [entry.title, getattr(entry, "text", None), *getattr(entry, "examples", ())]
        return key[0], key[1] in self._paged(key[0]), self.text_link_facts(key[0], texts)

    def text_link_facts(self, cr_date: str, texts) -> tuple:
        """Return whether each rule the ``texts`` of the CR of ``cr_date`` cite is on a section
        page (what decides where their rule numbers link)."""
        paged = self._paged(cr_date)
        return tuple(n in paged for text in texts if text for n in rule_numbers(text))

    def cr_path(self, key: Key) -> str:
        """Return the site path of a rule, section or chapter in the CR browser (the
        edition's contents, for a number the CR does not have); for a rule whose section has no
        page (``pages``), the rule read on its edition's contents page (``textdata``)."""
        section = self.sections[key[0]].get(key[1])
        if key[0] in self.browsed and section in self.pages[key[0]]:
            return paths.cr_rule(key[0], section, key[1])
        if section is None:
            return paths.cr_chapter(*key) if self.entry(key) is not None \
                else paths.cr_edition(key[0])
        return paths.cr_reader(key[0], key[1])

    def era_dates(self, number: str) -> list[str]:
        """Return the dates of the CRs that citations or quotations of ``number`` read against."""
        return sorted({d for d, n in [*self.cited, *self.quoted] if n == number})

    def readers(self, cr_date: str) -> list[str]:
        """Return the ids of the documents that read against the CR of ``cr_date``."""
        return [doc_id for doc_id, c in self.choices.items() if c.document.date == cr_date]

    def entry(self, key: Key) -> CrEntry | None:
        """Return the rule or heading of an era key (None: that CR has no such number)."""
        return self.library.entry(*key)

    def history_path(self, key: Key) -> str | None:
        """Return the site path of the history page of the rule at ``key``."""
        start = self.history.start(*key)
        return paths.rule_history_page(*start) if start else None

    def today_numbers(self) -> set[str]:
        """Return today's numbers of every rule cited or quoted in its era."""
        keys = {*self.cited, *self.quoted}
        return {today[1] for key in keys if (today := self.history.today(*key))}


def make_cr_site(inv: Inventory, index: LinkIndex, library: CrLibrary,
                 jobs: int | None = 1) -> CrSite:
    """Return the CR part of the site of ``inv``; ``index`` must be resolved with ``library``
    (editions its cache does not link yet are linked in ``jobs`` workers: ``RuleIdentity.build``)."""
    choices = {doc.id: library.choose(doc.meta.date) for doc in inv.documents.values()
               if era_date(library, doc)}
    history = RuleHistory(RuleIdentity.build(library, jobs))
    browsed = frozenset({c.document.date for c in choices.values()} | {library.latest.date})
    cr = CrSite(library, history, choices,
                sections={doc.date: rule_sections(doc) for doc in library.documents},
                browsed=browsed)
    for number, refs in index.by_rule.items():
        for ref in refs:
            if ref.link.cr_date:
                cr.cited[(ref.link.cr_date, number)].append(ref)
    for number, rule in inv.rules.items():
        for version in rule.versions:
            choice = choices.get(version.place.doc_id)
            if choice:
                cr.quoted[(choice.document.date, number)].append(version)
    cr.pages = shown_sections(cr)
    history.browsed = {d: frozenset([paths.cr_edition(d),  # its contents: the chapters
                                     *(paths.cr_section_page(d, s) for s in sections)])
                       for d, sections in cr.pages.items()}
    return cr


def shown_sections(cr: CrSite) -> dict[str, frozenset[str]]:
    """Return the sections each edition of ``cr.browsed`` has a page for: every one of the
    newest; of an older edition, those with a rule or heading its readers cite or quote."""
    latest = cr.library.latest.date
    landed: dict[str, set[str]] = {d: set() for d in cr.browsed}
    for date, number in [*cr.cited, *cr.quoted]:
        section = cr.sections[date].get(number) if date in landed else None
        if section:
            landed[date].add(section)
    landed[latest] = set(cr.sections[latest].values())
    return {d: frozenset(s) for d, s in landed.items()}


CHANGED_SINCE = {"en": "the rule has changed since", "ja": "このルールはその後変更されています"}
"""The words of a ruling's note that a rule it cites reads differently today."""


@dataclass(slots=True, frozen=True)
class RuleNote:
    """A rule a text cites that reads differently today than in the CR of the text's date."""

    number: str
    """The number as cited."""
    history: str
    """Site path of the rule's history page."""
    today: str | None
    """Its number today; None when it is no longer in the rules."""
    label: str
    """The note's words, in the document's language."""


def rule_notes(cr: CrSite | None, links, doc: Document, owner: CardEntry | None,
               text: str) -> list[RuleNote]:
    """Return a note for each rule cited in ``text`` that has changed since the document's CR.

    ``links`` is the site's ``Linker.links``: the notes come from the links the page shows."""
    if cr is None or not text:
        return []
    notes: list[RuleNote] = []
    for link in links(text, doc, owner):
        if link.kind != "rule" or not link.cr_date:
            continue
        for number in link.numbers:
            key = (link.cr_date, number)
            history = cr.history_path(key)
            if history and cr.history.changed_since(*key) and number not in {n.number for n in notes}:
                today = cr.history.today(*key)
                notes.append(RuleNote(number, history, today[1] if today else None,
                                      CHANGED_SINCE.get(doc.meta.language, CHANGED_SINCE["en"])))
    return notes


def rule_label(cr: CrSite, key: Key) -> str:
    """Return a rule's number and name in one CR: ``702.45 Bushido``, ``702.45a (Bushido)``,
    ``309 Declare Blockers Step``; a rule without a title of its own or its rule's, the number."""
    entry = cr.entry(key)
    if entry is not None and entry.title:
        return f"{key[1]} {entry.title}"
    number = key[1]
    if number[-1].isalpha():
        parent = cr.entry((key[0], number[:-1]))
        if parent is not None and parent.title:
            return f"{number} ({parent.title})"
    return number
