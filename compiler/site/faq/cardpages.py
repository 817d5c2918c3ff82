"""One page per card (its text, then every ruling about it from every document), and the card indexes."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from compiler.core import paths
from compiler.core.anchors import AnchorAllocator
from compiler.core.model import Document, Node, Ruling, iter_blocks
from compiler.site.faq.kana import OTHER_ROW, ROW_HEADS, kana_row, kana_sort_key
from compiler.site.pages import Page, Site, citing_places, make_page
from compiler.site.wording import WORDS, words
from compiler.xref.inventory import Card, CardSighting


@dataclass(slots=True)
class OtherSource:
    """Another document holding the rulings of a run, as one source link on the card page."""

    doc: Document
    href: str
    """Site path of the rulings (of the card entry, for a run of several) in that document."""
    ids: list[str]
    """Fragment ids that land on this link: the rulings' own ids as the page had them when each
    document printed its rulings, and the document's group id when it has no group of its own."""


@dataclass(slots=True)
class RulingRun:
    """Consecutive rulings shown once, and the other documents that print each of them."""

    rulings: list[Ruling]
    others: list[OtherSource] = field(default_factory=list)
    """Newest first."""


@dataclass(slots=True)
class SightingView:
    """What a card page shows of one entry: its blocks, a ruling printed in a newer document
    left out (that ruling lists this document among its sources instead)."""

    sighting: CardSighting
    parts: list[tuple[str, object]] = field(default_factory=list)
    """``("blocks", [Node, ...])`` (rendered as the document has them) or ``("rulings", RulingRun)``."""


@dataclass(slots=True)
class SightingGroup:
    """A card's entries in one document."""

    doc: Document
    sightings: list[CardSighting] = field(default_factory=list)
    views: list[SightingView] = field(default_factory=list)
    shown: bool = True
    """False when everything the document says of the card is shown under a newer document."""


def card_pages(site: Site) -> Iterator[Page]:
    """Yield the page of every card."""
    for card in sorted(site.inv.cards.values(), key=lambda c: c.slug):
        yield card_page(site, card)


def card_page(site: Site, card: Card) -> Page:
    """Return a card's page: printed text, rulings grouped by document, places mentioning it.

    Documents come newest first; a ruling printed word for word (same text, language and
    links) by several documents is shown once, under the newest, with the others listed as
    its sources."""
    groups = sighting_groups(site, card)
    anchors, distinct = plan_rulings(site, card, groups)
    names = " / ".join([card.name, *card.names_ja])
    lang = page_language(groups)
    description = (f"{names}: {len(groups)}文書の裁定{distinct}件、カードの文章と言及箇所。" if lang == "ja"
                   else f"{names}: {distinct} ruling(s) from {len(groups)} document(s), "
                        f"with the card's text and the places that mention it.")
    return make_page(site, paths.card_page(card.slug), "card_page.html", "card", lang=lang,
                     anchor=anchors, title=card.name, description=description,
                     card=card, printed=printed_entries(card), groups=groups,
                     sources_shown=SOURCES_SHOWN,
                     mentions=citing_places(site, site.index.by_card.get(card.name, [])),
                     breadcrumbs=[[words(lang)["cards"], paths.CARDS_INDEX], [card.name, None]])


SOURCES_SHOWN = 3
"""Other sources of a run listed in full; the rest are behind a ``<details>``."""


def page_language(groups: list[SightingGroup]) -> str:
    """Return a card page's language: the documents' own when they all share one, else English."""
    langs = {group.doc.meta.language for group in groups}
    return langs.pop() if len(langs) == 1 and langs <= set(WORDS) else "en"


def sighting_groups(site: Site, card: Card) -> list[SightingGroup]:
    """Return the card's entries grouped by document, newest document first."""
    by_doc: dict[str, SightingGroup] = {}
    for sighting in card.sightings:
        doc_id = sighting.place.doc_id
        by_doc.setdefault(doc_id, SightingGroup(site.doc(doc_id))).sightings.append(sighting)
    return [by_doc[doc.id] for doc in reversed(site.documents) if doc.id in by_doc]


def _link_key(links) -> tuple:
    return tuple((l.kind, l.start, l.end, l.target, l.cr_date, l.numbers) for l in links)


def ruling_key(site: Site, ruling: Ruling, doc: Document, owner) -> tuple:
    """Return what makes two rulings the same on a card page: language, words and links
    (a rule number read against another era's CR links elsewhere, so it is another ruling)."""
    return (doc.meta.language, ruling.question or "", ruling.text,
            _link_key(site.linker.links(ruling.text, doc, owner)),
            _link_key(site.linker.links(ruling.question, doc, owner)) if ruling.question else ())


Instance = tuple[SightingGroup, CardSighting, Ruling]


def block_key(site: Site, block: Node, doc: Document, owner) -> tuple:
    """Return what makes two blocks other than rulings the same on a card page (a paragraph or
    quoted rule reprinted with the rulings): language, content and the links of its texts; a
    block holding other blocks (and so, maybe, rulings with ids) is never the same as another."""
    if getattr(block, "blocks", None):
        return ("unique", id(block))
    content = _without_spans(block.to_dict())
    texts = [t for t in _strings(content) if t]
    return ("block", doc.meta.language, repr(content),
            tuple(_link_key(site.linker.links(t, doc, owner)) for t in texts))


def _without_spans(value):
    if isinstance(value, dict):
        return {k: _without_spans(v) for k, v in sorted(value.items()) if k != "src"}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def plan_rulings(site: Site, card: Card, groups: list[SightingGroup]):
    """Fill each group's views; return the page's anchor function and the distinct rulings.

    A block printed word for word by a newer document (or earlier in the same one) is left out;
    a group with nothing left, and a ruling to carry its id, is not shown (its document is then
    among the sources of those rulings). Fragment ids: each document's id, and for each ruling
    its content-hash id made unique on the page (``r-1a2b3c4d``, ``r-1a2b3c4d-2``...): the same
    ids the page had when it printed every document's rulings, the unsuffixed one on the
    ruling shown."""
    instances: dict[tuple, list[Instance]] = {}
    key_of: dict[int, tuple] = {}
    rulings: set[tuple] = set()
    for group in groups:
        for sighting in group.sightings:
            for block in sighting.blocks:
                if isinstance(block, Ruling) and sighting.entry.blocks:
                    key = ruling_key(site, block, group.doc, sighting.entry)
                    rulings.add(key)
                elif not sighting.entry.blocks:  # a general note's text: its own group's alone
                    key = ("note", group.doc.id, id(block))
                else:
                    key = block_key(site, block, group.doc, sighting.entry)
                key_of[id(block)] = key
                instances.setdefault(key, []).append((group, sighting, block))

    alloc = AnchorAllocator()
    ids: dict[int, str] = {}
    for group in groups:
        alloc.take(group.doc.id)
    for key, found in instances.items():
        for _, _, block in found:
            if key in rulings and block.id:
                ids[id(block)] = alloc.take(block.id)
    for group in groups:
        for sighting in group.sightings:
            for block in iter_blocks(sighting.blocks):
                if isinstance(block, Ruling) and block.id and id(block) not in ids:
                    ids[id(block)] = alloc.take(block.id)

    def first(block: Node) -> bool:
        return instances[key_of[id(block)]][0][2] is block

    for group in groups:
        blocks = [b for s in group.sightings for b in s.blocks]
        group.shown = (any(not s.blocks for s in group.sightings) or any(map(first, blocks))
                       or not any(isinstance(b, Ruling) for b in blocks))
    placed: set[str] = {group.doc.id for group in groups if group.shown}  # ids on the page
    for group in groups:
        if not group.shown:
            continue
        for sighting in group.sightings:
            view = SightingView(sighting)
            group.views.append(view)
            for block in sighting.blocks:
                if not first(block):
                    continue  # shown under a newer document (or earlier in this one)
                if not isinstance(block, Ruling):
                    if view.parts and view.parts[-1][0] == "blocks":
                        view.parts[-1][1].append(block)
                    else:
                        view.parts.append(("blocks", [block]))
                    continue
                others = [(g.doc.id, id(s)) for g, s, _ in instances[key_of[id(block)]][1:]]
                last = view.parts[-1] if view.parts else None
                if last and last[0] == "rulings" and _others(last[1], instances, key_of) == others:
                    last[1].rulings.append(block)
                else:
                    view.parts.append(("rulings", RulingRun([block])))
            for kind, run in view.parts:
                if kind == "rulings":
                    run.others = _other_sources(site, run, instances, key_of, ids, placed)
    return (lambda node: ids.get(id(node), "")), len(rulings)


def _others(run: RulingRun, instances, key_of) -> list[tuple[str, int]]:
    """Return the (document, entry) pairs printing a run's rulings other than the one shown."""
    return [(g.doc.id, id(s)) for g, s, _ in instances[key_of[id(run.rulings[0])]][1:]]


def _other_sources(site: Site, run: RulingRun, instances, key_of, ids, placed) -> list[OtherSource]:
    """Return the source links of a run's other documents, newest first, each carrying the
    fragment ids of the run's rulings in that document (and the document's id, once)."""
    sources: dict[tuple[str, int], OtherSource] = {}
    for block in run.rulings:
        for group, sighting, other in instances[key_of[id(block)]][1:]:
            doc = group.doc
            source = sources.get((doc.id, id(sighting)))
            if source is None:
                href = (paths.document_anchor(doc.id, site.anchors[doc.id].of(other))
                        if len(run.rulings) == 1 else
                        paths.document_anchor(doc.id, sighting.place.anchor))
                source = sources[doc.id, id(sighting)] = OtherSource(doc, href, [])
                if doc.id not in placed:
                    placed.add(doc.id)
                    source.ids.append(doc.id)
            if ids.get(id(other)):
                source.ids.append(ids[id(other)])
    return list(sources.values())
def printed_entries(card: Card) -> list[CardSighting]:
    """Return the entry whose printed text the page shows, one per language, English first."""
    best: dict[str, CardSighting] = {}
    for sighting in card.sightings:
        lang = sighting.place.lang
        if lang not in best or _print_rank(sighting) > _print_rank(best[lang]):
            best[lang] = sighting
    return [best[lang] for lang in sorted(best, key=lambda lang: (lang != "en", lang))]


def _print_rank(sighting: CardSighting) -> tuple:
    faces = sighting.entry.faces
    has_text = sum(bool(f.type_line) + bool(f.text) + bool(f.mana_cost) for f in faces)
    return (has_text, sighting.section_role == "card-notes", sighting.place.date or "")


def _latin(name: str) -> str:
    """Return ``name`` decomposed, accents dropped and ligatures spelt out (``Æther`` -> ``Aether``)."""
    text = unicodedata.normalize("NFKD", name).replace("Æ", "Ae").replace("æ", "ae")
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def index_letter(name: str) -> str:
    """Return the A-Z heading of an English name (``#`` for names not starting with a letter)."""
    for ch in _latin(name):
        if ch.isalnum():
            return ch.upper() if "A" <= ch.upper() <= "Z" else "#"
    return "#"


def english_sort_key(name: str) -> tuple[str, str]:
    """Return the A-Z sort key of an English name: accents and case folded, punctuation ignored."""
    folded = "".join(ch for ch in _latin(name).casefold() if ch.isalnum() or ch == " ")
    return folded, name


def cards_index(site: Site) -> Page:
    """Return the A-Z index of cards by English name, grouped by first letter: a card under its
    name and under each face's (``Explosion``, a face of ``Expansion // Explosion``) but one
    that is a card of its own (the card a meld pair melds into)."""
    letters: dict[str, list[tuple[str, Card]]] = {}
    cards = site.inv.cards
    listed = [(name, card) for card in cards.values()
              for name in (card.name, *(f for f in card.face_names
                                        if f != card.name and f not in cards))]
    for name, card in sorted(listed, key=lambda item: english_sort_key(item[0])):
        letters.setdefault(index_letter(name), []).append((name, card))
    groups = sorted(letters.items(), key=lambda item: (item[0] == "#", item[0]))
    return make_page(site, paths.CARDS_INDEX, "cards_index.html", "index", title="Cards A-Z",
                     description=f"All {len(site.inv.cards)} cards of the archive, A to Z.",
                     groups=groups, card_docs=card_documents(site),
                     breadcrumbs=[["Cards", None]])


def cards_ja_index(site: Site) -> Page:
    """Return the index of cards by Japanese name in あいうえお order, grouped by kana row."""
    rows: dict[str, list[tuple[str, Card]]] = {}
    named = [(name, card) for card in site.inv.cards.values() for name in card.names_ja]
    for name, card in sorted(named, key=lambda item: kana_sort_key(item[0])):
        rows.setdefault(kana_row(name), []).append((name, card))
    order = [*ROW_HEADS, OTHER_ROW]
    groups = sorted(rows.items(), key=lambda item: order.index(item[0]))
    return make_page(site, paths.CARDS_JA_INDEX, "cards_ja_index.html", "index", lang="ja",
                     title="カード一覧（五十音順）",
                     description=f"日本語名のあるカード{len(named)}枚を五十音順に。",
                     groups=groups, other_row=OTHER_ROW,
                     breadcrumbs=[["カード（日本語名）", None]])


def card_documents(site: Site) -> dict[str, list[str]]:
    """Return, per card key, the set codes of the documents it appears in (in date order)."""
    out: dict[str, list[str]] = {}
    for card in site.inv.cards.values():
        seen = {s.place.doc_id for s in card.sightings}
        out[card.name] = [doc.id for doc in site.documents if doc.id in seen]
    return out
