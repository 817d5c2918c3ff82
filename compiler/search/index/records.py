"""The records of the search index: one per card and language (its page), ruling, topic, rule
version and section.

Pure: an inventory in, a sorted list of records out.  Records are sorted by language, then
document, then source line, so an index built from them numbers each language's records
contiguously and the same input always gives the same document numbers.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from compiler.core import paths
from compiler.core.anchors import DocumentAnchors
from compiler.core.cards import physical_cards
from compiler.core.ids import latin_spelling
from compiler.core.model import (CardEntry, Document, Errata, Example, Face, ListBlock, Node,
                                 Paragraph, RuleQuote, Ruling, Section, Topic)
from compiler.core.reading import reading, to_hiragana
from compiler.cr.derive.history import RuleHistory
from compiler.cr.read.rulerefs import rule_numbers
from compiler.render.typography import typeset
from compiler.search.emphasis import STYLES, Rich, join, rich_text, styled
from compiler.search.index.crrecords import CrSearchEntry, cr_search_entries
from compiler.search.schema import KINDS
from compiler.xref.inventory import Inventory, RuleVersion, topic_keywords

RULE_PAGE_WEIGHT = 2.0
"""Weight of a quoted rule version's number: for ``502.38`` its page comes before the CR's."""
OWNER_TITLE_WEIGHT = 0.5
"""Weight of a ruling's title words (its card's or topic's name): the thing itself ranks first."""
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_EMPHASIS = re.compile(r"(?<![\w*_])[*_]+(?=\w)|(?<=\w)[*_]+(?![\w*_])")


@dataclass(slots=True, frozen=True)
class SearchRecord:
    """One searchable item and where it lives on the site."""

    kind: str
    """``card``, ``ruling``, ``rule``, ``topic`` or ``section``."""
    lang: str
    doc_id: str
    line: int
    """First source line, to keep document order."""
    title: str
    body: str
    url: str
    """Site-root-relative path and anchor (``docs/chk-en.html#bushido``); a card entry's is its
    card page (``cards/tarmogoyf.html``)."""
    place: str = ""
    """Where a card entry stands in its document (``docs/fut-en.html#tarmogoyf``), when ``url``
    is elsewhere: results show it as a second link."""
    set_names: tuple[str, ...] = ()
    """Set code first, then the set's names."""
    date: str = ""
    dates: tuple[str, ...] = ()
    """Every date the record holds for, oldest first, when more than ``date`` (a CR rule that
    reads the same in several CRs): all are searchable, the span is shown."""
    cards: tuple[str, ...] = ()
    """Card names (English and Japanese) the record is about."""
    rules: tuple[str, ...] = ()
    """Rule numbers the record quotes or cites, with their parents (502.38a, 502.38, 502)."""
    keywords: tuple[str, ...] = ()
    """For topics, the mechanics they explain (``混成``): indexed with the title once more."""
    title_weight: float = 1.0
    """Weight of the title's words: a ruling's title is its card's or topic's, so it counts half."""
    number: str = ""
    """The rule number the record is (a quoted rule version, a CR rule): what ``702.45`` finds
    first."""
    number_weight: float = 1.0
    """Weight of ``number``: a quoted version (the rule's page) outranks the CR browser's."""
    emphasis: tuple[tuple[int, int, str], ...] = ()
    """Spans of ``body`` the pages set in italics or bold (``emphasis.py``)."""
    title_emphasis: tuple[tuple[int, int, str], ...] = ()
    """Spans of ``title`` the pages set in italics or bold."""
    label: str = ""
    """The title results show when not ``title`` (which is what is searched): a CR rule version
    read on its history names its CRs (``CrSearchEntry.label``)."""

    def sort_key(self) -> tuple:
        """Return the key that orders records: language, document, line, kind, URL."""
        return (self.lang, self.doc_id, self.line, KINDS.index(self.kind), self.url)

    def fields(self) -> dict[str, str | float]:
        """Return the record as a Whoosh document (what a result shows besides is ``shown``)."""
        boost = {f"_title_{self.lang}_boost": self.title_weight} if self.title_weight != 1 else {}
        if self.number_weight != 1:
            boost["_number_boost"] = self.number_weight
        dates = self.date_lines()
        # stored: the first set and the date shown, the other lines only indexed (Whoosh's
        # ``_stored_<field>``)
        return boost | {
            f"title_{self.lang}": "\n".join((self.title, *self.keywords)),
            f"body_{self.lang}": self.body,
            "card": "\n".join(self.cards), "rule": "\n".join(self.rules),
            "kind": self.kind, "lang": self.lang, "set": "\n".join(self.set_names),
            "_stored_set": self.set_names[0] if self.set_names else "",
            "date": "\n".join(dates), "_stored_date": dates[0] if dates else "",
            "number": self.number,
        }

    def shown(self) -> dict:
        """Return what a result shows of the record besides its stored fields
        (``schema.SHOWN_FIELDS``, in the export's text files): title, URL and text always, a
        place and the emphasis spans (flat: start, end, style index) where it has some."""
        shown: dict = {"text": self.body, "title": self.label or self.title, "url": self.url}
        if self.place:
            shown["place"] = self.place
        for name, spans in (("emphasis", self.emphasis), ("title_emphasis", self.title_emphasis)):
            if spans:
                shown[name] = [n for s, e, style in spans for n in (s, e, STYLES.index(style))]
        return shown


    def date_lines(self) -> list[str]:
        """Return the lines of the ``date`` field: the date shown, then each date's prefixes."""
        dates = self.dates or ((self.date,) if self.date else ())
        if len(dates) < 2:
            return date_prefixes(self.date)
        shown = f"{dates[0]} – {dates[-1]}"
        return list(dict.fromkeys([shown, *(p for d in reversed(dates) for p in date_prefixes(d))]))


def readings(names) -> tuple[str, ...]:
    """Return the hiragana readings of the names that hold kanji (``compiler/core/reading.py``)."""
    return tuple(dict.fromkeys(r for n in names if (r := reading(n)) != to_hiragana(n)))


def plain_text(text: str) -> str:
    """Return IR inline text as plain text: typographic marks, emphasis marks removed."""
    return _EMPHASIS.sub("", typeset(text))


def rule_family(number: str) -> tuple[str, ...]:
    """Return a rule number, its rule and its section, each once (``502.38a``, ``502.38``, ``502``)."""
    return tuple(dict.fromkeys((number, number.rstrip(_LETTERS), number.split(".")[0])))


def with_parents(numbers: list[str]) -> tuple[str, ...]:
    """Return rule numbers and their parents, each once, in first-seen order."""
    return tuple(dict.fromkeys(n for number in numbers for n in rule_family(number)))


def date_prefixes(date: str) -> list[str]:
    """Return an ISO date and its month and year (``2004-10-01``, ``2004-10``, ``2004``)."""
    return [date[:n] for n in (10, 7, 4) if len(date) >= n] if date else []


def block_text(block: Node) -> str:
    """Return the plain text of a leaf block (empty for containers)."""
    return block_rich(block).text


def block_rich(block: Node) -> Rich:
    """Return the plain text of a leaf block with its emphasis (empty for containers)."""
    if isinstance(block, (Paragraph, Example, Ruling)):
        return rich_text(block.text)
    if isinstance(block, ListBlock):
        return join("\n", (rich_text(i.text + (f" --> {i.maps_to}" if i.maps_to else ""))
                           for i in block.items))
    if isinstance(block, Errata):
        return rich_text(f"{block.label} {block.text}".strip())
    if isinstance(block, RuleQuote):
        return quote_rich([block.number, block.title or "", block.text or ""], block.examples)
    return Rich("")


def quote_rich(parts: list[str], examples: list[str]) -> Rich:
    """Return a quoted rule's parts and examples joined by spaces, the examples in italics."""
    pieces = [rich_text(p) for p in parts if p] + [styled(rich_text(e), "example")
                                                    for e in examples if e]
    return join(" ", pieces)


def _own_rich(blocks: list[Node]) -> Rich:
    """Return the text of the blocks that are no records of their own."""
    texts = (block_rich(b) for b in blocks if not isinstance(b, (Ruling, CardEntry, Topic)))
    return join("\n", (t for t in texts if t.text))


def _face_rich(face: Face) -> Rich:
    parts = [face.mana_cost, face.type_line, *face.text, face.power_toughness,
             face.loyalty and f"Loyalty {face.loyalty}", face.defense and f"Defense {face.defense}"]
    return join("\n", (rich_text(p) for p in parts if p))


def _entry_title(entry: CardEntry) -> str:
    english = " // ".join(f.name for f in entry.faces) or entry.name
    return f"{entry.name_ja} / {english}" if entry.name_ja else english


def _card_names(inv: Inventory, entry: CardEntry) -> tuple[str, ...]:
    card = inv.card_for(entry.name)
    names = [entry.name, *(card.face_names + card.names_ja if card else [])]
    names += [n for f in entry.faces for n in (f.name, f.name_ja) if n]
    return tuple(dict.fromkeys(names))


def card_record_source(inv: Inventory, doc: Document, entry: CardEntry) -> tuple:
    """Return what the card record an entry makes depends on beyond its own document: which
    entry makes it and, for that one, the notes and quoted rules of the card's other entries
    in its language (``_DocumentRecords.card``)."""
    card = inv.card_for(entry.name)
    seen = card.in_language(doc.meta.language) if card else []
    if not seen or (seen[0].place.doc_id, seen[0].entry.id) != (doc.id, entry.id):
        return ("made by", seen[0].place.doc_id, seen[0].entry.id) if seen else ()
    return tuple((s.place.doc_id, _own_rich(s.entry.blocks).text,
                  tuple(b.number for b in s.entry.blocks if isinstance(b, RuleQuote)))
                 for s in seen[1:])


class _DocumentRecords:
    """Builds the records of one document's tree."""

    def __init__(self, inv: Inventory, doc: Document):
        self.inv, self.doc = inv, doc
        self.anchors = DocumentAnchors(doc)
        meta = doc.meta
        names = (meta.set_code, meta.set_name, meta.set_name_local)
        self.common = dict(lang=meta.language, doc_id=doc.id, date=meta.date or "",
                           set_names=tuple(dict.fromkeys(n for n in names if n)))

    def record(self, kind: str, node: Node, title: str | Rich, body: Rich, url: str,
               cards: tuple[str, ...] = (), rules: list[str] | None = None) -> SearchRecord:
        """Return a record of this document (``title`` as plain text or with its emphasis)."""
        title = title if isinstance(title, Rich) else Rich(title)
        cited = rule_numbers(body.text) if rules is None else rules + rule_numbers(body.text)
        return SearchRecord(kind=kind, line=node.src.line, title=title.text, body=body.text,
                            url=url, cards=cards, rules=with_parents(cited),
                            emphasis=body.spans, title_emphasis=title.spans, **self.common)

    def place(self, node: Node) -> str:
        """Return the URL of a node on its document page, with the anchor the page gives it."""
        return paths.document_anchor(self.doc.id, self.anchors.of(node) or node.id)

    def all(self) -> Iterator[SearchRecord]:
        """Yield the records of every section and everything in it, and of its rule versions."""
        for section in self.doc.sections:
            yield self.section(section)
            yield from self.walk(section.blocks, section.title or "", ())
        for rule in self.inv.rules.values():
            yield from (self.rule(v) for v in rule.versions if v.place.doc_id == self.doc.id)

    def section(self, section: Section) -> SearchRecord:
        """Return a section's record: its heading and its own paragraphs."""
        meta = self.doc.meta
        title = section.title or meta.title or f"{meta.set_name_local or meta.set_name} FAQ"
        url = self.place(section)
        return self.record("section", section, rich_text(title), _own_rich(section.blocks), url)

    def walk(self, blocks: list[Node], owner: str,
             cards: tuple[str, ...]) -> Iterator[SearchRecord]:
        """Yield the records of topics, card entries and rulings among ``blocks``."""
        for block in blocks:
            if isinstance(block, Topic):
                yield self.topic(block)
                yield from self.walk(block.blocks, plain_text(block.title), ())
            elif isinstance(block, CardEntry):
                for card in physical_cards(block):  # a meld group: each card of it
                    if record := self.card(card):
                        yield record
                names = _card_names(self.inv, block)
                yield from self.walk(block.blocks, _entry_title(block), names)
            elif isinstance(block, Ruling):
                record = self.record("ruling", block, owner, rich_text(block.text),
                                     self.place(block), cards)
                yield replace(record, title_weight=OWNER_TITLE_WEIGHT)

    def topic(self, topic: Topic) -> SearchRecord:
        """Return a topic's record: its keywords, the cards it shows, the rules it quotes."""
        cards = tuple(dict.fromkeys(n for b in topic.blocks if isinstance(b, CardEntry)
                                    for n in _card_names(self.inv, b)))
        rules = [b.number for b in topic.blocks if isinstance(b, RuleQuote)]
        url = paths.topic_page(self.doc.id, topic.id)
        record = self.record("topic", topic, rich_text(topic.title), _own_rich(topic.blocks), url,
                             cards, rules)
        keywords = [plain_text(k) for k in topic_keywords(topic)]
        return replace(record, keywords=(*keywords, *readings(keywords)))

    def card(self, entry: CardEntry) -> SearchRecord | None:
        """Return the record of a card's page, made by its first entry in this document's
        language (``Card.in_language``; None for the others): the printed text, and the
        notes other than rulings of each of its entries in that language."""
        card = self.inv.card_for(entry.name)
        seen = card.in_language(self.doc.meta.language) if card else []
        if seen and (seen[0].place.doc_id, seen[0].entry.id) != (self.doc.id, entry.id):
            return None
        entries = [s.entry for s in seen]
        faces = join("\n", (_face_rich(f) for f in entry.faces))
        notes = dict.fromkeys(t for e in entries or [entry] if (t := _own_rich(e.blocks)).text)
        body = join("\n", (t for t in (faces, *notes) if t.text))
        rules = list(dict.fromkeys(b.number for e in entries or [entry] for b in e.blocks
                                   if isinstance(b, RuleQuote)))
        names = _card_names(self.inv, entry)
        # a name written with Æ or accents is found as typed without them (``Aetherling``)
        folded = tuple(dict.fromkeys(f for n in names if (f := latin_spelling(n)) != n))
        folded += readings(names)   # 刺す稲妻 is found as さすいなずま, いなずま
        page = paths.card_page(card.slug if card else paths.card_slug(entry.name))
        record = self.record("card", entry, _entry_title(entry), body, page, names, rules)
        return replace(record, place=self.place(entry), keywords=folded)

    def rule(self, version: RuleVersion) -> SearchRecord:
        """Return the record of the version of a rule this document quotes."""
        quote = version.quote
        body = quote_rich([quote.text or ""], quote.examples)
        url = f"{paths.rule_page(quote.number)}#{self.doc.id}"
        record = self.record("rule", quote, self.rule_title(quote.number), body, url,
                             rules=[quote.number])
        return replace(record, number=quote.number, number_weight=RULE_PAGE_WEIGHT)

    def rule_title(self, number: str) -> str:
        """Return ``502.38a Bushido``: the number and the title this document gives it or a parent."""
        for candidate in rule_family(number):
            rule = self.inv.rules.get(candidate)
            quote = rule and next((v.quote for v in rule.versions
                                   if v.place.doc_id == self.doc.id), None)
            if quote and quote.title:
                return f"{number} {plain_text(quote.title)}"
        return number


CR_SET_NAMES = ("CR", "Comprehensive Rules")
CR_UNIT = "cr"
"""The ``doc_id`` of the records of the CRs: no document has it (a document's id ends with its
language, ``chk-en``)."""


def cr_record(entry: CrSearchEntry, position: int) -> SearchRecord:
    """Return the record of a CR rule version: its CR browser anchor, all the CR dates it holds
    for; ``position`` (its place in ``cr_search_entries``) stands for the line."""
    v = entry.version
    return SearchRecord(kind="rule", lang="en", doc_id=CR_UNIT, line=position,
                        title=v.title, body=v.body, url=v.url, set_names=CR_SET_NAMES,
                        date=v.date, dates=entry.dates if len(entry.dates) > 1 else (),
                        rules=rule_family(v.number), number=v.number,
                        title_weight=1.0 if v.titled else OWNER_TITLE_WEIGHT,
                        emphasis=cr_example_spans(v.body, v.examples), label=entry.label)


def cr_example_spans(body: str, examples: int) -> tuple[tuple[int, int, str], ...]:
    """Return the spans of the last ``examples`` lines of a CR rule's body (its examples)."""
    lines = body.split("\n")
    if not examples or examples > len(lines):
        return ()
    start = len("\n".join(lines[:-examples])) + (1 if len(lines) > examples else 0)
    return (start, len(body), "example"),


def cr_records(history: RuleHistory) -> list[SearchRecord]:
    """Return the records of every rule version of the history's CRs (``cr_search_entries``)."""
    return [cr_record(entry, n) for n, entry in enumerate(cr_search_entries(history), 1)]


def build_records(inv: Inventory, history: RuleHistory | None = None) -> list[SearchRecord]:
    """Return every search record of the inventory, and of the CRs of ``history`` if given,
    sorted by ``SearchRecord.sort_key``."""
    records = [r for doc in inv.documents.values() for r in _DocumentRecords(inv, doc).all()]
    return sorted(records + (cr_records(history) if history else []), key=SearchRecord.sort_key)
