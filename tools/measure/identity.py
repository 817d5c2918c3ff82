"""Whether a document reads each card with several faces as the card it is, against card data.

For every card of the data with two faces or more (a meld card: each half with the card it
melds into) one of whose faces the document has as a card entry or a face of one:

* **grouped**: one card holds all of its faces, as the site shows it (``core.cards.
  physical_cards``: a meld group is each half with the card it melds into, and that card);
* **named**: that card is named as the data names it (``Expansion // Explosion``), or, for a
  transforming card or a meld half, by its front face with the data's name as an alias;
* **kind**: the entry's kind (``CardEntry.layout``) is the data's layout.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from compiler.core.cards import card_aliases, physical_cards
from compiler.core.model import CardEntry, Document, iter_document_blocks
from tools.measure.carddata import CardData, fold_name


@dataclass(slots=True)
class Identity:
    """The multi-face cards of one document, counted."""

    cards: int = 0
    grouped: int = 0
    named: int = 0
    kind: int = 0
    misses: list[str] = field(default_factory=list)
    """One line per card not grouped, named or of its kind, for the report."""

    def add(self, other: "Identity") -> None:
        self.cards += other.cards
        self.grouped += other.grouped
        self.named += other.named
        self.kind += other.kind
        self.misses += other.misses


def _by_face(doc: Document) -> dict[str, list[CardEntry]]:
    by_face: dict[str, list[CardEntry]] = {}
    for entry in (c for b in iter_document_blocks(doc) if isinstance(b, CardEntry)
                  for c in physical_cards(b)):
        for face in entry.faces:
            by_face.setdefault(fold_name(face.name), []).append(entry)
    return by_face


def identity(doc: Document, data: CardData, captured: Document | None = None) -> Identity:
    """Return how the document's entries group, name and kind the data's multi-face cards
    (``captured``: the capture of a copy, whose cards the copy must have too)."""
    by_face = _by_face(doc)
    has = _by_face(captured) if captured is not None else by_face
    result = Identity()
    for name, faces in sorted(data.cards.items()):
        held = [by_face.get(fold_name(f), []) for f in faces]
        if len(faces) < 2 or not any(has.get(fold_name(f)) for f in faces):
            continue
        result.cards += 1
        layout = data.layouts.get(name, "")
        whole = [e for e in (held[0] or held[-1]) if {fold_name(f) for f in faces}
                 <= {fold_name(x.name) for x in e.faces}]
        if not whole:
            result.misses.append(f"not grouped: {name} ({layout}): "
                                 + "; ".join(f"{f} in {len(h)} entr{'y' if len(h) == 1 else 'ies'}"
                                             for f, h in zip(faces, held)))
            continue
        result.grouped += 1
        entry = whole[0]
        names = {fold_name(entry.name)} | {fold_name(a) for a in card_aliases(
            entry.layout, entry.name, [f.name for f in entry.faces])}
        right_name = fold_name(name) == fold_name(entry.name) or (
            layout in ("transform", "meld") and fold_name(name) in names
            and fold_name(entry.name) == fold_name(faces[0]))
        result.named += right_name
        result.kind += entry.layout == layout
        if not right_name or entry.layout != layout:
            result.misses.append(f"{'named ' + repr(entry.name) if not right_name else ''}"
                                 f"{' ' if not right_name and entry.layout != layout else ''}"
                                 f"{'kind ' + entry.layout if entry.layout != layout else ''}"
                                 f": {name} ({layout})")
    return result
