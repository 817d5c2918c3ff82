"""Cross-links on a page: ``Resolver.links`` turned into ``LinkSpan``s relative to the page.

The renderer calls an ``annotate`` function on each plain text run of a text (between
emphasis and mana symbols); the links found in a run are the links the resolver finds in it,
for the document the text belongs to and the card entry it stands in. Unresolved references
stay plain text. Links are cached by run, document and owner, so a ruling shown on its
document page, its card page and its topic page is resolved once.
"""
from __future__ import annotations

from compiler.core import paths
from compiler.core.model import CardEntry, Document
from compiler.render import LinkSpan, relative_url
from compiler.render.links import Annotate
from compiler.xref.inventory import Inventory
from compiler.xref.resolve import Link, Resolver


class Linker:
    """Make the ``annotate`` functions of the pages of one site."""

    def __init__(self, inv: Inventory, resolver: Resolver | None = None) -> None:
        self.inv = inv
        self.resolver = resolver or Resolver(inv)
        self._cache: dict[tuple[str, str, int], list[Link]] = {}

    def annotate(self, page_path: str, doc: Document, owner: CardEntry | None = None) -> Annotate:
        """Return the annotate function for texts of ``doc`` (inside ``owner``) on a page."""
        def annotate(text: str) -> list[LinkSpan]:
            return [self.span(link, page_path) for link in self.links(text, doc, owner)]
        return annotate

    def links(self, text: str, doc: Document, owner: CardEntry | None) -> list[Link]:
        """Return the resolved, non-overlapping links of ``text``."""
        key = (text, doc.id, id(owner))
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = _non_overlapping(
                link for link in self.resolver.links(text, doc, owner) if link.target)
        return found

    def span(self, link: Link, page_path: str) -> LinkSpan:
        """Return the link span of a resolved link, its href relative to ``page_path``."""
        if link.kind == "rule":
            numbers = ", ".join(link.numbers or (link.target,))
            title = f"Rules {numbers}" if len(link.numbers) > 1 else f"Rule {link.target}"
            # Read against the CR of its document's date; without a date, no CR can be chosen,
            # so the link goes to every meaning the number has had (never to today's rule).
            target = paths.rule_era(link.target, link.cr_date) if link.cr_date \
                else paths.rule_meanings(link.target)
            return LinkSpan(link.start, link.end, relative_url(target, page_path), "rule-ref", title)
        card = self.inv.cards[link.target]
        title = card.name + (f" ({card.names_ja[0]})" if card.names_ja else "")
        return LinkSpan(link.start, link.end, relative_url(paths.card_page(card.slug), page_path),
                        "card-ref", title)


def _non_overlapping(links) -> list[Link]:
    """Keep, of links that overlap, the one starting first (the longer one on a tie)."""
    kept: list[Link] = []
    for link in sorted(links, key=lambda l: (l.start, -(l.end - l.start))):
        if not kept or link.start >= kept[-1].end:
            kept.append(link)
    return kept
