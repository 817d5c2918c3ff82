"""What every page of the site is built from: the ``Site`` (inventories, links, anchors) and ``Page``.

The page modules (``docpages``, ``cardpages``, ``rulepages``, ``topicpages``) are pure: each
turns the ``Site`` into ``Page`` values (a site path, a template and its context); only
``compiler.site.write`` renders and writes them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.core import paths
from compiler.core.anchors import DocumentAnchors
from compiler.core.model import CardEntry, Document, Node, Ruling
from compiler.cr import CrLibrary
from compiler.cr.read.rulerefs import rule_sort_key
from compiler.render.ui import ui_strings
from compiler.site.cr.crsite import CrSite, make_cr_site, rule_notes
from compiler.site.linker import Linker
from compiler.site.wording import document_title, format_date, language_name, words
from compiler.xref.inventory import Card, Inventory
from compiler.xref.resolve import LinkIndex, Reference, Resolver


@dataclass(slots=True)
class Page:
    """One page to write: where, with which template, from what."""

    path: str
    """Site path (``cards/tarmogoyf.html``)."""
    template: str
    """Template name in ``templates/``."""
    kind: str
    """Page kind for the build summary (``card``, ``rule``, ``index``, ...)."""
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Site:
    """Everything the pages are made from, gathered and resolved before any page is written."""

    inv: Inventory
    index: LinkIndex
    linker: Linker
    anchors: dict[str, DocumentAnchors]
    """Fragment ids and place labels of each document page, by document id."""
    documents: list[Document]
    """Documents by date, then id."""
    rule_numbers: list[str]
    """Every rule number with a page (quoted or cited, and today's numbers of those), in natural order."""
    cr: CrSite | None = None
    """The Comprehensive Rules, when the site is built with them."""

    def doc(self, doc_id: str) -> Document:
        """Return a document by id."""
        return self.inv.documents[doc_id]

    def card(self, name: str) -> Card:
        """Return a card by its key (English name)."""
        return self.inv.cards[name]


def make_site(inv: Inventory, index: LinkIndex, library: CrLibrary | None = None,
              resolver: Resolver | None = None, jobs: int | None = 1,
              cr: CrSite | None = None) -> Site:
    """Return the site of an inventory and its resolved links (resolved with ``library``, if
    given, by ``resolver``: the one that made ``index`` is reused, its card-name matcher
    being made of every text); ``jobs``: the workers that link CR editions (``make_cr_site``;
    None: one per CPU, as ``faqc build`` without ``--jobs``); ``cr``: the CR part made
    already, of ``index``'s rule references (``make_cr_site`` needs no more)."""
    documents = sorted(inv.documents.values(), key=lambda d: (d.meta.date or "", d.id))
    anchors = {doc.id: DocumentAnchors(doc, words(doc.meta.language)["introduction"])
               for doc in documents}
    numbers = set(inv.rules) | {n for n, refs in index.by_rule.items() if refs}
    if cr is None and library:
        cr = make_cr_site(inv, index, library, jobs)
    if cr:
        numbers |= cr.today_numbers()
        cr.rule_pages = numbers
    return Site(inv, index, Linker(inv, resolver or Resolver(inv, library)), anchors, documents,
                sorted(numbers, key=_rule_key), cr)


def _rule_key(number: str) -> tuple:
    try:
        return (0, rule_sort_key(number), number)
    except ValueError:
        return (1, (), number)


def block_groups(blocks: list[Node]) -> list[tuple[str, list[Node]]]:
    """Return ``blocks`` with each run of rulings as one ``("rulings", [...])`` group."""
    groups: list[tuple[str, list[Node]]] = []
    for block in blocks:
        if isinstance(block, Ruling) and groups and groups[-1][0] == "rulings":
            groups[-1][1].append(block)
        else:
            groups.append(("rulings" if isinstance(block, Ruling) else block.kind, [block]))
    return groups


def make_page(site: Site, path: str, template: str, kind: str, *, lang: str = "en",
              anchor: Callable[[Node], str] | None = None, breadcrumbs: list | None = None,
              **context: Any) -> Page:
    """Return a page with the context every template shares (words, links, anchors, helpers).

    ``breadcrumbs`` are the ``[label, site path]`` pairs after Home, this page last.
    """
    def links(doc: Document, owner: CardEntry | None = None):
        return site.linker.annotate(path, doc, owner)

    def doc_place(doc: Document, node: Node) -> str:
        return paths.document_anchor(doc.id, site.anchors[doc.id].of(node))

    def notes(text: str | None, doc: Document, owner: CardEntry | None = None):
        return rule_notes(site.cr, site.linker.links, doc, owner, text or "")

    shared = dict(
        lang=lang, words=words(lang), card_previews=True, site=site, paths=paths,
        links=links, anchor=anchor or (lambda node: ""), doc_place=doc_place, rule_notes=notes,
        block_groups=block_groups, doc_title=document_title, fmt_date=format_date,
        language_name=language_name, card_path=lambda entry: card_path(site, entry),
        breadcrumbs=[[ui_strings(lang)["home"], paths.HOME], *(breadcrumbs or [])],
    )
    shared.update(context)
    return Page(path, template, kind, shared)


def card_path(site: Site, entry: CardEntry) -> str:
    """Return the site path of the card page of a card entry."""
    card = site.inv.cards.get(site.inv.face_index.get(entry.name, entry.name))
    return paths.card_page(card.slug if card else paths.card_slug(entry.name))


@dataclass(slots=True)
class CitingPlace:
    """A card entry, topic or section citing a card or rule, for "mentioned in" and "cited by"."""

    target: str
    """Site path with fragment of its first citing place on the document page."""
    name: str
    """The card name, topic title or section title."""
    section: str
    """Title of the section it stands in."""
    kinds: list[str] = field(default_factory=list)
    """Where in it the citations are: ``card`` (its printed text), ``ruling``, ``rule``, ``topic``..."""


def citing_places(site: Site, refs: list[Reference]) -> list[tuple[Document, list[CitingPlace]]]:
    """Return who cites, one line per card entry, topic or section, grouped by document (by date)."""
    by_doc: dict[str, dict[str, CitingPlace]] = {}
    for ref in refs:
        label = site.anchors[ref.doc_id].labels.get(ref.anchor)
        if label is None:
            continue
        name = label.owner if label.kind in ("ruling", "rule") and label.owner else label.text
        places = by_doc.setdefault(ref.doc_id, {})
        place = places.setdefault(name, CitingPlace(
            paths.document_anchor(ref.doc_id, ref.anchor), name, label.section))
        if label.kind not in place.kinds:
            place.kinds.append(label.kind)
    return [(doc, list(by_doc[doc.id].values())) for doc in site.documents if doc.id in by_doc]
