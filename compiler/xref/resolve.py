"""The resolve phase: every rule and card reference in every text, resolved against the inventory.

Runs after ``collect`` (all documents known) and before any page is written.  The same
``rule_links`` and ``Resolver.card_links`` serve the link report (``resolve``, in two halves:
``resolve_rules``, all the CR pages and the search index need, then ``resolve_cards``) and
the renderer (``Resolver.links``), so a page links exactly what the report counts.

Resolution rules:

* A rule number resolves to the version quoted by the citing document itself, else to the
  latest version quoted on or before the document's date, else to the earliest later one; a
  number quoted nowhere still resolves to its rule page (``cited-only``), which lists who cites
  it.
* Given a CR library, each rule number is also read against the CR in force on the citing
  document's date (the latest CR dated on or before it, else the earliest): ``Link.eras``
  holds what each number named in that CR (None for a number that CR does not have), so the
  2004 Champions FAQ's ``502.38a`` is Bushido of the 2004-10-01 CR whatever it is today.
* An English card name is found only from the inventory, so it always resolves; a Japanese
  ``《...》`` reference resolves by its English part, else its Japanese name; one that names no
  card of the corpus is reported as unresolved ``[xref.card]`` (it names a card of another set).
* A card's mentions of itself inside its own entry are not links.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from compiler.core.anchors import rule_anchor
from compiler.core.model import (CardEntry, Document, Errata, Example, ListBlock, Node, Paragraph,
                                 RuleQuote, Ruling, Topic)
from compiler.cr import CrEntry, CrLibrary
from compiler.cr.read.rulerefs import find_rule_refs
from compiler.xref.cardnames import CardNameMatcher, find_bracketed_names, ordinary_words
from compiler.xref.inventory import Inventory, RuleVersion


@dataclass(slots=True, frozen=True)
class Link:
    """A resolved (or unresolved) reference inside one text."""

    start: int
    end: int
    kind: str
    """``card`` or ``rule``."""
    target: str | None
    """Card key (English name) or rule number; None when unresolved."""
    text: str
    """The text referring."""
    version: RuleVersion | None = None
    """For rules: the quoted version the citation reads against, if any."""
    numbers: tuple[str, ...] = ()
    """For rules: every number the text cites (a range ``409.1f-h`` cites three); ``target`` is the first."""
    cr_date: str | None = None
    """For rules, given a CR library: the date of the CR in force on the citing document's date."""
    eras: tuple[CrEntry | None, ...] = ()
    """For rules, given a CR library: what each of ``numbers`` names in that CR (None: nothing)."""

    @property
    def era(self) -> CrEntry | None:
        """Return what ``target`` names in the CR of the document's date (None without a library)."""
        return self.eras[0] if self.eras else None


@dataclass(slots=True, frozen=True)
class Reference:
    """A reference with the place it stands, for the link report and "cited by" lists."""

    link: Link
    doc_id: str
    file: str
    line: int
    anchor: str
    """Anchor of the nearest anchored node (card entry, topic, ruling, rule) on the document page."""
    owner: str | None
    """Card key of the entry the text belongs to, if any."""


@dataclass(slots=True)
class LinkIndex:
    """Every reference of the corpus, and who cites each card and rule."""

    references: list[Reference] = field(default_factory=list)
    by_rule: dict[str, list[Reference]] = field(default_factory=lambda: defaultdict(list))
    by_card: dict[str, list[Reference]] = field(default_factory=lambda: defaultdict(list))

    def unresolved(self) -> list[Reference]:
        """Return the references that name no target."""
        return [r for r in self.references if r.link.target is None]

    def counts(self) -> dict[str, Counter[str]]:
        """Return, per document, counts by ``<kind>.<resolved|cited-only|unresolved>``."""
        out: dict[str, Counter[str]] = defaultdict(Counter)
        for ref in self.references:
            out[ref.doc_id][f"{ref.link.kind}.{_status(ref.link)}"] += 1
        return out


def _status(link: Link) -> str:
    if link.target is None:
        return "unresolved"
    if link.kind == "rule" and link.version is None:
        return "cited-only"
    return "resolved"


class Resolver:
    """Find and resolve references in texts, against one inventory."""

    def __init__(self, inv: Inventory, library: CrLibrary | None = None):
        self.inv = inv
        self.library = library
        # A face's name of one word that is not the card's own (``Turn`` of Turn // Burn,
        # ``When``, ``Release``, ``Blood``) is an ordinary word far more often than the card:
        # such a card is linked by its name (``Turn // Burn``) and its faces of two words.
        names = {name: key for name, key in inv.face_index.items()
                 if len(name.split()) > 1 or name == inv.cards[key].name}
        self.matcher = CardNameMatcher(names, ordinary=ordinary_words(_all_texts(inv)))

    def links(self, text: str, doc: Document, owner: CardEntry | None = None) -> list[Link]:
        """Return the references in ``text`` (of ``doc``, inside ``owner``'s entry), in order."""
        rules = rule_links(text, doc, self.inv, self.library)
        return sorted(rules + self.card_links(text, owner, [(l.start, l.end) for l in rules]),
                      key=_place)

    def card_links(self, text: str, owner: CardEntry | None,
                   taken: list[tuple[int, int]]) -> list[Link]:
        """Return the card references in ``text`` (inside ``owner``'s entry) outside the spans
        ``taken`` by its rule references: ``《...》`` ones, then names (unsorted)."""
        exclude = [face.name for face in owner.faces] if owner else []
        found = list(self._bracket_links(text, owner, taken))
        taken = taken + [(link.start, link.end) for link in found]
        for ref in self.matcher.find(text, exclude=exclude):
            if not _overlaps(ref.start, ref.end, taken):
                found.append(Link(ref.start, ref.end, "card", self.inv.face_index[ref.name], ref.text))
        return found

    def _bracket_links(self, text: str, owner: CardEntry | None, taken) -> Iterator[Link]:
        for ref in find_bracketed_names(text):
            if _overlaps(ref.start, ref.end, taken):
                continue
            names = [n for n in (ref.name_en, ref.name_ja, ref.name) if n]
            card = next((c for c in map(self.inv.card_for, names) if c), None)
            if owner and (owner.name in names or owner.name_ja in names
                          or (card and card.name == self.inv.face_index.get(owner.name))):
                continue  # the card's own entry naming itself
            yield Link(ref.start, ref.end, "card", card.name if card else None, ref.text)


def rule_links(text: str, doc: Document, inv: Inventory,
               library: CrLibrary | None = None) -> list[Link]:
    """Return the rule references in ``text`` of ``doc``, resolved (in their era, given the
    CRs of ``library``), in order."""
    found = []
    for ref in find_rule_refs(text):
        numbers = tuple(ref.numbers)
        link = Link(ref.start, ref.end, "rule", numbers[0], ref.text,
                    version_for(inv, numbers[0], doc), numbers)
        cr_date = era_date(library, doc)
        if cr_date is not None:
            link = replace(link, cr_date=cr_date,
                           eras=tuple(library.entry(cr_date, n) for n in numbers))
        found.append(link)
    return found


def _place(link: Link) -> tuple[int, int]:
    return link.start, link.end


def version_for(inv: Inventory, number: str, doc: Document) -> RuleVersion | None:
    """Return the quoted version of a rule a citation in ``doc`` reads against (see module doc)."""
    rule = inv.rules.get(number)
    if rule is None or not rule.versions:
        return None
    for version in rule.versions:
        if version.place.doc_id == doc.id:
            return version
    date = doc.meta.date or ""
    earlier = [v for v in rule.versions if (v.place.date or "") <= date]
    return earlier[-1] if earlier else rule.versions[0]


def era_date(library: CrLibrary | None, doc: Document) -> str | None:
    """Return the date of the CR a document's citations read against (None: no library or no date)."""
    if library is None or not doc.meta.date:
        return None
    try:
        return library.in_force(doc.meta.date).date
    except ValueError:  # a date the readers could not make ISO
        return None


def _overlaps(start: int, end: int, spans) -> bool:
    return any(start < e and s < end for s, e in spans)


def resolve(inv: Inventory, library: CrLibrary | None = None,
            resolver: Resolver | None = None) -> LinkIndex:
    """Return every reference of every document, resolved (rules in their era, given the CRs)
    by ``resolver`` (one of ``inv`` and ``library``, made if not given: given, it must be of
    the same two)."""
    return resolve_cards(resolve_rules(inv, library), resolver or Resolver(inv, library))


@dataclass(slots=True)
class RuleLinks:
    """The first half of the resolve phase (``resolve_rules``): every rule reference, in
    ``index.by_rule`` (what the CR pages and the search index's CR records need), and each
    text with its rule references, for the card references (``resolve_cards``)."""

    index: LinkIndex
    texts: list[tuple[Document, str, Node, str, CardEntry | None, list[Reference]]]


def resolve_rules(inv: Inventory, library: CrLibrary | None = None) -> RuleLinks:
    """Return every rule reference of every document, resolved (in its era, given the CRs)."""
    index, texts = LinkIndex(), []
    for doc in inv.documents.values():
        for text, node, anchor, owner in texts_of(doc):
            refs = [_reference(link, doc, node, anchor, owner)
                    for link in rule_links(text, doc, inv, library)]
            for ref in refs:
                for number in ref.link.numbers:
                    index.by_rule[number].append(ref)
            texts.append((doc, text, node, anchor, owner, refs))
    return RuleLinks(index, texts)


def resolve_cards(rules: RuleLinks, resolver: Resolver) -> LinkIndex:
    """Return the index of ``rules`` with every card reference added, by ``resolver`` (of
    the same inventory and CRs), and every reference in order, as ``Resolver.links`` orders
    them (the texts' rule references let go of ``rules``)."""
    index = rules.index
    for doc, text, node, anchor, owner, refs in rules.texts:
        cards = [_reference(link, doc, node, anchor, owner) for link in resolver.card_links(
            text, owner, [(ref.link.start, ref.link.end) for ref in refs])]
        for ref in sorted(refs + cards, key=lambda ref: _place(ref.link)):
            index.references.append(ref)
            if ref.link.kind == "card" and ref.link.target:
                index.by_card[ref.link.target].append(ref)
    rules.texts = []
    return index


def _reference(link: Link, doc: Document, node: Node, anchor: str,
               owner: CardEntry | None) -> Reference:
    return Reference(link, doc.id, doc.source.file, node.src.line, anchor,
                     owner.name if owner else None)


def texts_of(doc: Document) -> Iterator[tuple[str, Node, str, CardEntry | None]]:
    """Yield ``(text, node, anchor, owning card entry)`` for every inline text of a document."""
    for section in doc.sections:
        yield from _block_texts(section.blocks, section.id, None)


def _block_texts(blocks: list[Node], anchor: str, owner: CardEntry | None):
    for block in blocks:
        if isinstance(block, Topic):
            yield from _block_texts(block.blocks, block.id, owner)
        elif isinstance(block, CardEntry):
            for face in block.faces:
                for line in face.text:
                    yield line, face, block.id, block
            yield from _block_texts(block.blocks, block.id, block)
        elif isinstance(block, Ruling):
            yield block.text, block, block.id or anchor, owner
        elif isinstance(block, (Paragraph, Example, Errata)):
            yield block.text, block, anchor, owner
        elif isinstance(block, RuleQuote):
            for text in [block.text or "", *block.examples]:
                if text:
                    yield text, block, rule_anchor(block.number), owner
        elif isinstance(block, ListBlock):
            for item in block.items:
                for text in (item.text, item.maps_to or ""):
                    if text:
                        yield text, item, anchor, owner


def _all_texts(inv: Inventory) -> Iterator[str]:
    for doc in inv.documents.values():
        for text, *_ in texts_of(doc):
            yield text
