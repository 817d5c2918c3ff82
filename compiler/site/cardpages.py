"""One page per card (its text, then every ruling about it from every document), and the card indexes."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..inventory import Card, CardSighting
from ..model import Document, Node, Ruling, iter_blocks
from . import paths
from .anchors import AnchorAllocator
from .kana import OTHER_ROW, ROW_HEADS, kana_row, kana_sort_key
from .pages import Page, Site, citing_places, make_page
from .wording import WORDS, words


@dataclass(slots=True)
class SightingGroup:
    """A card's entries in one document."""

    doc: Document
    sightings: list[CardSighting] = field(default_factory=list)


def card_pages(site: Site) -> Iterator[Page]:
    """Yield the page of every card."""
    for card in sorted(site.inv.cards.values(), key=lambda c: c.slug):
        yield card_page(site, card)


def card_page(site: Site, card: Card) -> Page:
    """Return a card's page: printed text, rulings grouped by document, places mentioning it."""
    groups = sighting_groups(site, card)
    rulings = sum(isinstance(b, Ruling) for g in groups for s in g.sightings
                  for b in iter_blocks(s.entry.blocks))
    names = " / ".join([card.name, *card.names_ja])
    lang = page_language(groups)
    description = (f"{names}: {len(groups)}文書の裁定{rulings}件、カードの文章と言及箇所。" if lang == "ja"
                   else f"{names}: {rulings} ruling(s) from {len(groups)} document(s), "
                        f"with the card's text and the places that mention it.")
    return make_page(site, paths.card_page(card.name), "card_page.html", "card", lang=lang,
                     anchor=ruling_anchors(groups), title=card.name, description=description,
                     card=card, printed=printed_entries(card), groups=groups,
                     mentions=citing_places(site, site.index.by_card.get(card.name, [])),
                     breadcrumbs=[[words(lang)["cards"], paths.CARDS_INDEX], [card.name, None]])


def page_language(groups: list[SightingGroup]) -> str:
    """Return a card page's language: the documents' own when they all share one, else English."""
    langs = {group.doc.meta.language for group in groups}
    return langs.pop() if len(langs) == 1 and langs <= set(WORDS) else "en"


def sighting_groups(site: Site, card: Card) -> list[SightingGroup]:
    """Return the card's entries grouped by document, documents by date."""
    by_doc: dict[str, SightingGroup] = {}
    for sighting in card.sightings:
        doc_id = sighting.place.doc_id
        by_doc.setdefault(doc_id, SightingGroup(site.doc(doc_id))).sightings.append(sighting)
    return [by_doc[doc.id] for doc in site.documents if doc.id in by_doc]


def ruling_anchors(groups: list[SightingGroup]):
    """Return the anchor function of a card page: each ruling's id, made unique on the page."""
    alloc = AnchorAllocator()
    ids: dict[int, str] = {}
    for group in groups:
        alloc.take(group.doc.id)
    for group in groups:
        for sighting in group.sightings:
            for block in iter_blocks(sighting.entry.blocks):
                if isinstance(block, Ruling) and block.id:
                    ids[id(block)] = alloc.take(block.id)

    def anchor(node: Node) -> str:
        return ids.get(id(node), "")
    return anchor


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
    """Return the A-Z index of cards by English name, grouped by first letter."""
    letters: dict[str, list[Card]] = {}
    for card in sorted(site.inv.cards.values(), key=lambda c: english_sort_key(c.name)):
        letters.setdefault(index_letter(card.name), []).append(card)
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
