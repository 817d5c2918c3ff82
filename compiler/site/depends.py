"""The pages of the site by family, and what each page depends on.

A ``PageFamily`` is one kind of page: the keys of its pages in site order, the page of a key,
its site path, and its *signature*: a hash of every input the page is made from. A build
renders a page only when its signature differs from the one the previous build recorded
(the template, compiler and CR versions are the build's stamp, outside the signatures).

The inputs, declared here once for every family:

* A document's **fingerprint**: its content key (path and bytes of its source), its resolved
  references (kind, target, place), the links found in its rule titles, and the identity
  (key, page, face names, Japanese names) of every card it has an entry for or links to. That is
  everything of other documents its texts show, wherever they are shown.
* A document page and its topic pages: the document's fingerprint.
* A card page: the card's identity and sightings, and the fingerprints of every document that
  has an entry for it or mentions it.
* A rule page: the fingerprints of the documents quoting it (or its parent, whose title a
  subrule takes) or citing it, and its parent and children. With the Comprehensive Rules,
  rule pages show every era's citations: they then depend on every document.
* The indexes: the names, places and counts they list.
* The CR browser and rule histories, and the rule pages and rules index of a site built with
  the Comprehensive Rules: what their page context holds (``context_signature``), documents
  by fingerprint, CR texts left to the stamp.
"""
from __future__ import annotations

import dataclasses
import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment

from compiler.core import paths
from compiler.core.model import CardEntry, Document, Node, RuleQuote
from compiler.site.cr.crpages import cr_page_keys
from compiler.site.cr.page import CrPageKey
from compiler.site.faq.cardpages import card_page, cards_index, cards_ja_index, english_sort_key
from compiler.site.faq.docpages import document_page, documents_index, home_page
from compiler.site.faq.rulepages import (parent_number, rule_page, rule_title, rules_index,
                                         summarize_rule)
from compiler.site.faq.topicpages import topic_page, topic_path, topics_index
from compiler.site.pages import Page, Site, make_page
from compiler.site.wording import document_title
from compiler.xref.inventory import Card, RuleVersion
from compiler.xref.resolve import Link, Reference

Signature = str | None
"""A page's dependency hash; None: no declared dependencies, render it every time."""


def digest(*parts: Any) -> str:
    """Return the hash of ``parts`` (built from strings, numbers, tuples and lists)."""
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()[:32]


def card_identity(card: Card) -> tuple:
    """Return what a link to, or a mention of, a card shows of it."""
    return (card.name, card.slug, tuple(card.face_names), tuple(card.names_ja))


def link_key(link: Link) -> tuple:
    """Return what a page shows of a resolved link."""
    return (link.kind, link.target, link.start, link.end, link.numbers,
            getattr(link, "cr_date", None))


class SiteDeps:
    """The fingerprints of the documents of a site, and the signatures of its pages."""

    def __init__(self, site: Site, content: dict[str, str]):
        self.site = site
        self.content = content
        """Content key of each document (``compiler.incremental.state.document_key``)."""
        refs: dict[str, list[Reference]] = defaultdict(list)
        for ref in site.index.references:
            refs[ref.doc_id].append(ref)
        self._entries: dict[str, set[str]] = defaultdict(set)
        """The cards each document has an entry for, as the inventory filed them."""
        for card in site.inv.cards.values():
            for sighting in card.sightings:
                self._entries[sighting.place.doc_id].add(card.name)
        self.fingerprints = {doc.id: self._fingerprint(doc, refs[doc.id])
                             for doc in site.documents}
        self.corpus = digest("corpus", sorted(self.fingerprints.items()))
        """Changes when any document's fingerprint does."""

    def _fingerprint(self, doc: Document, refs: list[Reference]) -> str:
        inv = self.site.inv
        cards = set(self._entries[doc.id])
        cards |= {r.link.target for r in refs if r.link.kind == "card" and r.link.target}
        places = [(*link_key(r.link), r.line, r.anchor, r.owner) for r in refs]
        titles = []
        for quote, owner in _rule_titles(doc.sections, None):
            links = self.site.linker.links(quote.title, doc, owner)
            titles.append([link_key(link) for link in links])
            cards |= {link.target for link in links if link.kind == "card" and link.target}
        shown = [card_identity(inv.cards[key]) for key in sorted(cards) if key in inv.cards]
        return digest("document", self.content[doc.id], places, titles, shown)

    def of(self, doc_ids: Iterable[str]) -> list[tuple[str, str]]:
        """Return ``(id, fingerprint)`` of each document, sorted by id."""
        return sorted((d, self.fingerprints[d]) for d in set(doc_ids))


def _rule_titles(blocks: list[Node], owner: CardEntry | None) -> Iterator[tuple[RuleQuote, Any]]:
    """Yield every titled rule quotation with the card entry it stands in."""
    for block in blocks:
        if isinstance(block, RuleQuote) and block.title:
            yield block, owner
        children = getattr(block, "blocks", None)
        if children:
            yield from _rule_titles(children, block if isinstance(block, CardEntry) else owner)


# ---------------------------------------------------------------- signatures from a page's context


class _Opaque(Exception):
    """A context value whose inputs are not known: the page is rendered every time."""


def context_signature(deps: SiteDeps, page: Page) -> Signature:
    """Return the hash of what a page's context holds: documents by fingerprint, cards by identity,
    CR texts and functions not at all (the stamp covers them); None if it holds anything else."""
    parts: list = [page.path, page.template]
    try:
        for key in sorted(page.context):
            parts.append(key)
            _walk(deps, page.context[key], parts)
    except _Opaque:
        return None
    return digest("context", parts)


def _walk(deps: SiteDeps, value: Any, out: list) -> None:
    if value is None or isinstance(value, (str, int, float, bool)):
        out.append(value)
    elif isinstance(value, Document):
        out.append(("document", deps.fingerprints[value.id]))
    elif isinstance(value, Reference):
        out.append(("reference", value.doc_id, deps.fingerprints[value.doc_id], value.anchor))
    elif isinstance(value, RuleVersion):
        out.append(("version", value.number, value.place.doc_id, deps.fingerprints[value.place.doc_id]))
    elif isinstance(value, Card):
        out.append(("card", card_signature(deps, value.name)))
    elif callable(value) or isinstance(value, (Site, type(paths))) \
            or type(value).__module__.startswith(f"{__package__.rsplit('.', 1)[0]}.cr"):
        out.append(type(value).__name__)  # functions, helpers, CR texts: in the stamp
    elif isinstance(value, (list, tuple)):
        out.append(len(value))
        for item in value:
            _walk(deps, item, out)
    elif isinstance(value, (set, frozenset)):
        out.append(sorted(value, key=repr))
    elif isinstance(value, Mapping):
        for key in sorted(value, key=repr):
            _walk(deps, key, out)
            _walk(deps, value[key], out)
    elif dataclasses.is_dataclass(value):
        out.append(type(value).__name__)
        for item in dataclasses.fields(value):
            _walk(deps, getattr(value, item.name), out)
    else:
        raise _Opaque(type(value).__name__)


# ---------------------------------------------------------------- signatures by family


def card_signature(deps: SiteDeps, key: str) -> str:
    """Return a card page's signature."""
    card = deps.site.inv.cards[key]
    docs = {s.place.doc_id for s in card.sightings}
    docs |= {r.doc_id for r in deps.site.index.by_card.get(key, [])}
    seen = [(s.place.doc_id, s.place.anchor, s.section_role, s.topic) for s in card.sightings]
    return digest("card", card_identity(card), seen, deps.of(docs))


def rule_signature(deps: SiteDeps, number: str) -> str:
    """Return a rule page's signature."""
    site = deps.site
    if site.cr is not None:
        return context_signature(deps, rule_page(site, number))
    parent = parent_number(number)
    docs = {r.doc_id for r in site.index.by_rule.get(number, [])}
    for candidate in (number, parent if number[-1:].isalpha() else None):
        rule = site.inv.rules.get(candidate) if candidate else None
        docs |= {v.place.doc_id for v in rule.versions} if rule else set()
    children = [n for n in site.rule_numbers if parent_number(n) == number]
    return digest("rule", number, deps.of(docs), parent in site.rule_numbers, children)


def documents_signature(deps: SiteDeps, kind: str) -> str:
    """Return the signature of the home page and the documents index."""
    site = deps.site
    return digest(kind, [(d.id, deps.content[d.id]) for d in site.documents], len(site.inv.cards),
                  len(site.rule_numbers), len(site.inv.topics))


def cards_signature(deps: SiteDeps) -> str:
    """Return the signature of the A-Z index: names, pages and the documents of each card."""
    site = deps.site
    order = {d.id: n for n, d in enumerate(site.documents)}
    cards = [(c.name, c.slug, sorted({s.place.doc_id for s in c.sightings}, key=order.get))
             for c in sorted(site.inv.cards.values(), key=lambda c: english_sort_key(c.name))]
    return digest("cards", cards, [(d.id, d.meta.set_code, d.meta.language) for d in site.documents])


def cards_ja_signature(deps: SiteDeps) -> str:
    """Return the signature of the Japanese index: Japanese names and their cards."""
    return digest("cards-ja", sorted((n, c.name, c.slug) for c in deps.site.inv.cards.values()
                                     for n in c.names_ja))


def rules_signature(deps: SiteDeps) -> str:
    """Return the signature of the rules index: every rule's line and every group's title."""
    site = deps.site
    if site.cr is not None:
        return context_signature(deps, rules_index(site))
    groups = sorted({n.split(".")[0] for n in site.rule_numbers})
    return digest("rules", [summarize_rule(site, n) for n in site.rule_numbers],
                  [(g, rule_title(site, g)) for g in groups])


def topics_signature(deps: SiteDeps) -> str:
    """Return the signature of the topics index: each topic's title, keywords and page."""
    site = deps.site
    topics = [(r.place.doc_id, r.topic.title, r.keywords, topic_path(site, r)) for r in site.inv.topics]
    docs = [(d.id, document_title(d), d.meta.language) for d in site.documents]
    return digest("topics", topics, docs)


# ---------------------------------------------------------------- the families


@dataclass(frozen=True, slots=True)
class PageFamily:
    """One kind of page (see the module docstring)."""

    name: str
    kind: str
    """The kind the summary counts its pages under."""
    keys: Callable[[Site, Environment], list]
    page: Callable[[Site, Any], Page]
    path: Callable[[Site, Any], str]
    signature: Callable[[SiteDeps, Any], Signature]


def _single(name: str, make: Callable[[Site], Page], path: str,
            signature: Callable[[SiteDeps], Signature], kind: str = "index") -> PageFamily:
    return PageFamily(name, kind, lambda site, env: [None], lambda site, key: make(site),
                      lambda site, key: path, lambda deps, key: signature(deps))


def search_page(site: Site) -> Page:
    """Return the search page."""
    return make_page(site, paths.SEARCH, paths.SEARCH, "search", title="Search",
                     description="Search every card, rule and ruling of the archive.",
                     breadcrumbs=[["Search", None]])


def not_found_page(site: Site | None = None) -> Page:
    """Return the 404 page (written at the site root)."""
    return Page(paths.NOT_FOUND, "404.html", "404",
                {"breadcrumbs": [], "description": "There is no page at this address."})


def _cr_keys(site: Site, env: Environment) -> list[CrPageKey]:
    return cr_page_keys(site)  # a page is made only when it is written (CrPageKey)


def _cr_signature(deps: SiteDeps, key: CrPageKey) -> Signature:
    """Return the signature of a CR page: its path, what documents decide on it, and the
    fingerprints of the documents it shows something of (the CRs themselves are the stamp's)."""
    return digest("cr-page", key.path, repr(key.facts),
                  [(d, deps.fingerprints[d]) for d in key.docs])


FAMILIES: tuple[PageFamily, ...] = (
    _single("home", home_page, paths.HOME, lambda deps: documents_signature(deps, "home"), "home"),
    _single("documents-index", documents_index, paths.DOCUMENTS_INDEX,
            lambda deps: documents_signature(deps, "documents-index")),
    _single("cards-index", cards_index, paths.CARDS_INDEX, cards_signature),
    _single("cards-ja-index", cards_ja_index, paths.CARDS_JA_INDEX, cards_ja_signature),
    _single("rules-index", rules_index, paths.RULES_INDEX, rules_signature),
    _single("topics-index", topics_index, paths.TOPICS_INDEX, topics_signature),
    PageFamily("document", "document", lambda site, env: [d.id for d in site.documents],
               lambda site, key: document_page(site, site.doc(key)),
               lambda site, key: paths.document_page(key),
               lambda deps, key: digest("document-page", deps.fingerprints[key])),
    PageFamily("card", "card", lambda site, env: [c.name for c in sorted(site.inv.cards.values(),
                                                                 key=lambda c: c.slug)],
               lambda site, key: card_page(site, site.card(key)),
               lambda site, key: paths.card_page(site.card(key).slug), card_signature),
    PageFamily("rule", "rule", lambda site, env: list(site.rule_numbers), rule_page,
               lambda site, key: paths.rule_page(key), rule_signature),
    PageFamily("topic", "topic", lambda site, env: list(range(len(site.inv.topics))),
               lambda site, key: topic_page(site, site.inv.topics[key]),
               lambda site, key: topic_path(site, site.inv.topics[key]),
               lambda deps, key: digest("topic", topic_path(deps.site, deps.site.inv.topics[key]),
                                        deps.fingerprints[deps.site.inv.topics[key].place.doc_id])),
    PageFamily("cr", "cr", _cr_keys, lambda site, key: key.make(), lambda site, key: key.path,
               _cr_signature),
    PageFamily("search", "search", lambda site, env: [None] if paths.SEARCH in env.list_templates() else [],
               lambda site, key: search_page(site), lambda site, key: paths.SEARCH,
               lambda deps, key: digest("search")),
    PageFamily("404", "404", lambda site, env: [None], lambda site, key: not_found_page(),
               lambda site, key: paths.NOT_FOUND, lambda deps, key: digest("404")),
)
"""Every page family, in the order the site lists its pages."""
