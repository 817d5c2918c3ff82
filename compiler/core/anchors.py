"""Fragment ids on pages (each unique on its page) and what each anchored place of a document is.

A document page anchors its sections, topics, card entries (``entry.id``), rulings
(``ruling.id``, a content hash) and quoted rules (``rule-502-38a``). The readers make those ids
unique within their own kind of node only, so a page takes them in document order: the first
node keeps its id (the one the inventory and the link index point at) and a repeat gets the
first free ``-2``, ``-3``... suffix.
"""
from __future__ import annotations

from dataclasses import dataclass

from compiler.core.model import CardEntry, Document, Node, RuleQuote, Ruling, Topic


class AnchorAllocator:
    """Hands out fragment ids unique on one page, never taking an id reserved for another node."""

    def __init__(self, reserved: set[str] | None = None) -> None:
        self.taken: set[str] = set()
        self.reserved = reserved or set()

    def take(self, base: str) -> str:
        """Return ``base`` if it is free, else the first free ``base-N``."""
        anchor, n = base, 1
        while anchor in self.taken or (n > 1 and anchor in self.reserved):
            n += 1
            anchor = f"{base}-{n}"
        self.taken.add(anchor)
        return anchor


def rule_anchor(number: str) -> str:
    """Return the fragment id of a quoted rule on a document page (``rule-502-38a``)."""
    return "rule-" + number.replace(".", "-")


@dataclass(slots=True, frozen=True)
class PlaceLabel:
    """What an anchored place of a document is, to name it in "cited by" lists."""

    kind: str
    """``section``, ``topic``, ``card``, ``ruling`` or ``rule``."""
    text: str
    """Its name: the section or topic title, the card name, the rule number."""
    owner: str | None = None
    """For rulings and rules: the card name or topic title they stand under."""
    section: str = ""
    """Title of the section the place stands in."""


class DocumentAnchors:
    """The fragment id and label of every anchored node of one document page."""

    def __init__(self, doc: Document, section_word: str = "Introduction") -> None:
        self.doc = doc
        self.ids: dict[int, str] = {}
        self.labels: dict[str, PlaceLabel] = {}
        self._alloc = AnchorAllocator({_natural_id(b) for b in _anchored(doc)})
        for section in doc.sections:
            title = section.title or section_word
            self._add(section, section.id, PlaceLabel("section", title, None, title))
            self._walk(section.blocks, title, title)

    def of(self, node: Node) -> str:
        """Return the fragment id of ``node`` on the page, or '' if it has none."""
        return self.ids.get(id(node), "")

    def _add(self, node: Node, base: str, label: PlaceLabel) -> None:
        anchor = self._alloc.take(base)
        self.ids[id(node)] = anchor
        self.labels[anchor] = label

    def _walk(self, blocks: list[Node], owner: str, section: str) -> None:
        for block in blocks:
            if isinstance(block, Topic):
                self._add(block, block.id, PlaceLabel("topic", block.title, owner, section))
                self._walk(block.blocks, block.title, section)
            elif isinstance(block, CardEntry):
                self._add(block, block.id, PlaceLabel("card", block.name_ja or block.name, owner, section))
                self._walk(block.blocks, block.name_ja or block.name, section)
            elif isinstance(block, Ruling) and block.id:
                self._add(block, block.id, PlaceLabel("ruling", owner, owner, section))
            elif isinstance(block, RuleQuote):
                self._add(block, rule_anchor(block.number),
                          PlaceLabel("rule", block.number, owner, section))


def _natural_id(node: Node) -> str:
    return rule_anchor(node.number) if isinstance(node, RuleQuote) else node.id


def _anchored(doc: Document):
    for section in doc.sections:
        yield section
        yield from _anchored_blocks(section.blocks)


def _anchored_blocks(blocks: list[Node]):
    for block in blocks:
        if isinstance(block, (Topic, CardEntry, RuleQuote)) or (isinstance(block, Ruling) and block.id):
            yield block
        if isinstance(block, (Topic, CardEntry)):
            yield from _anchored_blocks(block.blocks)

