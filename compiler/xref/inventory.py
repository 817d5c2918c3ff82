"""The collect phase: inventories of cards, rules and topics across every document.

Built once from all documents (after every YAML is read, before any link is resolved), so a
card's entries from every FAQ and language are one card, and a rule number quoted on several
dates keeps one version per date.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from compiler.core.anchors import rule_anchor
from compiler.core.cards import card_aliases, physical_cards
from compiler.core.ids import slug_body
from compiler.core.model import (CardEntry, Document, Example, Node, Paragraph, RuleQuote, Ruling,
                                 Section, Topic)
from compiler.core.paths import unique_card_slugs
from compiler.xref.cardnames import fold_apostrophes


@dataclass(slots=True)
class Place:
    """Where a node stands: its document, the page anchor, and its source line."""

    doc_id: str
    """Id of the document holding the node."""
    anchor: str
    """Fragment id of the node on the document page."""
    line: int
    """First source line, for ``file:line`` messages."""
    lang: str
    """Language of the document."""
    date: str | None
    """The document's date."""


@dataclass(slots=True)
class CardSighting:
    """One entry of a card in one document."""

    entry: CardEntry
    place: Place
    section_role: str
    """Role of the section it stands in (``card-notes`` entries are the card's own notes)."""
    topic: str | None = None
    """Title of the general-notes topic it illustrates, if any."""
    notes: list[Node] = field(default_factory=list)
    """What a general note says of the card when its entry holds nothing of its own: the
    paragraph that introduces the entry and the rulings printed right after it."""

    @property
    def blocks(self) -> list[Node]:
        """The blocks shown of this entry: its own, else the note's (``notes``), else, for an
        entry a general note prints with nothing about it, the entry itself as printed."""
        if self.entry.blocks or self.notes:
            return self.entry.blocks or self.notes
        return [self.entry] if self.section_role != "card-notes" else []


@dataclass(slots=True)
class Card:
    """A card across all documents, keyed by its English name."""

    name: str
    """English name of the card (front face)."""
    slug: str
    """Page name (``cards/<slug>.html``), no other card's (``paths.unique_card_slugs``, given
    once every card is collected)."""
    face_names: list[str] = field(default_factory=list)
    """English names of all faces, front first."""
    aliases: list[str] = field(default_factory=list)
    """The other names the card is found by: each face's, a transforming card's full name
    (``core.cards.card_aliases``)."""
    names_ja: list[str] = field(default_factory=list)
    """Japanese names seen for the card (front face), in document order."""
    sightings: list[CardSighting] = field(default_factory=list)
    """Every entry of the card, in document order."""

    def in_language(self, lang: str) -> list[CardSighting]:
        """Return the card's entries in documents of ``lang``, its search record's first: a
        card-notes entry before an example in a general note, then by document id and line
        (whatever order the documents were read in)."""
        return sorted((s for s in self.sightings if s.place.lang == lang),
                      key=lambda s: (s.section_role != "card-notes", s.place.doc_id,
                                     s.place.line))


@dataclass(slots=True)
class RuleVersion:
    """A rule number as quoted by one document on its date."""

    number: str
    quote: RuleQuote
    place: Place


@dataclass(slots=True)
class Rule:
    """A rule number with every quoted version (one per quoting document)."""

    number: str
    versions: list[RuleVersion] = field(default_factory=list)


@dataclass(slots=True)
class TopicRecord:
    """A general-notes topic and the keywords it explains."""

    topic: Topic
    place: Place
    keywords: list[str]
    """Mechanic names explained: from the title and the titles of quoted rules."""


@dataclass(slots=True)
class Inventory:
    """All cards, rules and topics of the corpus."""

    documents: dict[str, Document] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    """Cards by English name."""
    face_index: dict[str, str] = field(default_factory=dict)
    """Any face name (English) -> the card's key."""
    ja_index: dict[str, str] = field(default_factory=dict)
    """Japanese name (as written and NFKC) -> the card's key."""
    slug_index: dict[str, str] = field(default_factory=dict)
    """Slug of an English name -> the card's key: spellings that differ only in case,
    punctuation or ligatures (``AEther Vial``, ``Æther Vial``, ``Aether Vial``) are one card."""
    rules: dict[str, Rule] = field(default_factory=dict)
    topics: list[TopicRecord] = field(default_factory=list)

    def card_for(self, name: str) -> Card | None:
        """Return the card an English face name or a Japanese name refers to."""
        key = self.face_index.get(name) or self.ja_index.get(name) \
            or self.ja_index.get(unicodedata.normalize("NFKC", name))
        return self.cards.get(key) if key else None


def collect(documents: list[Document]) -> Inventory:
    """Return the inventories of ``documents`` (in the order given, which callers keep stable)."""
    inv = Inventory()
    for doc in documents:
        inv.documents[doc.id] = doc
        for section in doc.sections:
            _collect_blocks(inv, doc, section, section.blocks, topic=None)
    for name, slug in unique_card_slugs(inv.cards).items():
        inv.cards[name].slug = slug
    _sort(inv)
    return inv


def _place(doc: Document, anchor: str, node: Node) -> Place:
    return Place(doc.id, anchor, node.src.line, doc.meta.language, doc.meta.date)


def _collect_blocks(inv: Inventory, doc: Document, section: Section, blocks: list[Node],
                    topic: Topic | None) -> None:
    for n, block in enumerate(blocks):
        if isinstance(block, Topic):
            _add_topic(inv, doc, block)
            _collect_blocks(inv, doc, section, block.blocks, topic=block)
        elif isinstance(block, CardEntry):
            for card in physical_cards(block):
                sighting = _add_card(inv, doc, section, card, topic)
                if not block.blocks and section.role != "card-notes":
                    sighting.notes = note_blocks(blocks, n)
            _collect_blocks(inv, doc, section, block.blocks, topic=topic)
        elif isinstance(block, RuleQuote):
            _add_rule(inv, doc, block)


def note_blocks(blocks: list[Node], n: int) -> list[Node]:
    """Return what a general note says of the card entry ``blocks[n]``: the paragraph just
    before it (that introduces it), the rulings and examples just after it, and the note's
    other rulings that name the card (``Collective Defiance's converted mana cost is 3``), in
    the note's order."""
    entry = blocks[n]
    taken = {n - 1} if n and isinstance(blocks[n - 1], Paragraph) else set()
    for k in range(n + 1, len(blocks)):
        if not isinstance(blocks[k], (Ruling, Example)):
            break
        taken.add(k)
    names = set()
    if isinstance(entry, CardEntry):  # a one-word face (Down of Down // Dirty) is a word too
        faces = [f.name for f in entry.faces]
        names = {entry.name, *(f for f in faces if len(f.split()) > 1)}
        names |= {" & ".join(faces)} if len(faces) > 1 else set()
    pattern = re.compile(r"(?<!\w)(?:%s)(?!\w)" % "|".join(
        re.escape(fold_apostrophes(x)) for x in sorted(names, key=len, reverse=True))) if names else None
    for k, block in enumerate(blocks):
        if pattern and k not in taken and isinstance(block, Ruling) \
                and pattern.search(fold_apostrophes(block.text)):
            taken.add(k)
    return [blocks[k] for k in sorted(taken)]



def _add_card(inv: Inventory, doc: Document, section: Section, entry: CardEntry,
              topic: Topic | None) -> CardSighting:
    # names of one slug are one card's (Æther Vial, AEther Vial), but for names without a slug
    # of their own (``!!!``, ``???``), which are only themselves; a meld half is not the card
    # it melds into
    faces = entry.faces[:1] if entry.layout == "meld" else entry.faces
    key = inv.face_index.get(entry.name) or inv.slug_index.get(slug_body(entry.name)) \
        or next((inv.face_index[f.name] for f in faces if f.name in inv.face_index), None) \
        or entry.name
    card = inv.cards.get(key)
    if card is None:
        card = inv.cards[key] = Card(name=key, slug="")
    for face in entry.faces:
        if face.name not in card.face_names:
            card.face_names.append(face.name)
    for name in (entry.name, *card_aliases(entry.layout, entry.name, card.face_names)):
        if name not in card.aliases and name != key:
            card.aliases.append(name)
    for name in (entry.name, *card.aliases):
        inv.face_index.setdefault(name, key)
        if slug := slug_body(name):
            inv.slug_index.setdefault(slug, key)
    for face in entry.faces:
        if face.name_ja:
            inv.ja_index.setdefault(face.name_ja, key)
            inv.ja_index.setdefault(unicodedata.normalize("NFKC", face.name_ja), key)
    if entry.name_ja and entry.name_ja not in card.names_ja:
        card.names_ja.append(entry.name_ja)
    sighting = CardSighting(entry, _place(doc, entry.id, entry), section.role,
                            topic.title if topic else None)
    card.sightings.append(sighting)
    return sighting


def _add_rule(inv: Inventory, doc: Document, quote: RuleQuote) -> None:
    rule = inv.rules.setdefault(quote.number, Rule(quote.number))
    if any(v.place.doc_id == doc.id for v in rule.versions):
        return  # a document quoting the same rule twice: the first quotation is its version
    rule.versions.append(RuleVersion(quote.number, quote, _place(doc, rule_anchor(quote.number), quote)))


_TITLE_PREFIX_RE = re.compile(
    r"^(?:(?:New|Returning|Old|Retired)\s+)?(?:Keyword\s+)?(?:Mechanics?|Abilit(?:y|ies)|Actions?|"
    r"Card Types?|Symbols?|Theme|Cycle)\s*:\s*", re.I)
_JA_TITLE_PREFIX_RE = re.compile(r"^[^：:]{1,12}[：:]\s*")


def topic_keywords(topic: Topic) -> list[str]:
    """Return the mechanic names a topic explains: its title's subject and its rule titles."""
    title = topic.title.strip().strip('"')
    subject = _TITLE_PREFIX_RE.sub("", title)
    if subject == title and _JA_TITLE_PREFIX_RE.match(title) and not title.isascii():
        subject = _JA_TITLE_PREFIX_RE.sub("", title)
    words = [subject.strip()]
    for block in topic.blocks:
        if isinstance(block, RuleQuote) and block.title:
            words.append(block.title.strip())
    seen: list[str] = []
    for word in words:
        if word and word not in seen:
            seen.append(word)
    return seen


def _add_topic(inv: Inventory, doc: Document, topic: Topic) -> None:
    inv.topics.append(TopicRecord(topic, _place(doc, topic.id, topic), topic_keywords(topic)))


def _sort(inv: Inventory) -> None:
    """Order rule versions by date then document, so pages list them chronologically."""
    for rule in inv.rules.values():
        rule.versions.sort(key=lambda v: (v.place.date or "", v.place.doc_id))
