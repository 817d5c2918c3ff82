"""Whether every ruling of a document reaches its card, as the card page shows it.

* A capture's rulings: each is attached, under a card entry, a topic or a section that is not
  the card-specific notes (where a loose ruling belongs to no card), and none to a neighbouring
  card (a ruling under one card that starts with the name of the card before or after it and
  names none of its own).
* A copy's rulings: each ruling its capture prints under a card is a ruling of that card in
  the copy (the copy has no bullets: its lists are read from its lines), and each of the
  capture's other rulings is a ruling of the copy. Rulings are matched by their words, what
  the copy keeps of them (its symbols may have been pictures).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from compiler.core.model import CardEntry, Document, Node, Ruling, Topic
from compiler.readers.recognise.markup import plain

_WORD_RE = re.compile(r"\w+")


@dataclass(slots=True)
class Attached:
    """The rulings of one document, counted."""

    rulings: int = 0
    attached: int = 0
    misses: list[str] = field(default_factory=list)


def _words(text: str) -> str:
    return " ".join(_WORD_RE.findall(plain(text).casefold()))


def _owned(doc: Document) -> list[tuple[str | None, str, Ruling, list[str]]]:
    """Return each ruling with its owner: (card name or None, where, ruling, neighbour names)."""
    found: list[tuple[str | None, str, Ruling, list[str]]] = []

    def walk(blocks: list[Node], where: str) -> None:
        entries = [b for b in blocks if isinstance(b, CardEntry)]
        for block in blocks:
            if isinstance(block, CardEntry):
                k = entries.index(block)
                near = [e.name for e in (entries[k - 1:k] + entries[k + 1:k + 2])]
                found.extend((block.name, where, r, near) for r in block.blocks
                             if isinstance(r, Ruling))
            elif isinstance(block, Topic):
                walk(block.blocks, "topic")
            elif isinstance(block, Ruling):
                found.append((None, where, block, []))

    for section in doc.sections:
        walk(section.blocks, section.role)
    return found


def _own_names(name: str) -> list[str]:
    """A card's names as its rulings write them: whole, each face, the part before a comma."""
    parts = [name, *name.split(" // ")]
    return [p for part in parts for p in (part, part.split(",")[0]) if p]


def attached(doc: Document, captured: Document | None = None) -> Attached:
    """Return how the rulings of ``doc`` (a copy of ``captured``, if given) reach their cards."""
    result = Attached()
    if captured is None:
        for card, where, ruling, near in _owned(doc):
            result.rulings += 1
            text = plain(ruling.text)
            if card is None and where == "card-notes":
                result.misses.append(f"line {ruling.src.line}: under no card: {text[:60]!r}")
            elif card and any(text.startswith(n) for n in near for n in _own_names(n)) \
                    and not any(n in text for n in _own_names(card)):
                result.misses.append(f"line {ruling.src.line}: under {card}, names a neighbour:"
                                     f" {text[:60]!r}")
            else:
                result.attached += 1
        return result
    have = Counter((card, _words(r.text)) for card, _, r, _ in _owned(doc))
    loose = Counter(_words(r.text) for _, _, r, _ in _owned(doc))
    for card, _, ruling, _ in _owned(captured):
        result.rulings += 1
        # what a copy can keep of it: a symbol printed as a picture is gone from a page's copy
        key = _words(ruling.written if ruling.written and "![" in ruling.written else ruling.text)
        if card is not None and have[card, key] > 0:
            have[card, key] -= 1
            loose[key] -= 1
            result.attached += 1
        elif card is None and loose[key] > 0:
            loose[key] -= 1
            result.attached += 1
        else:
            result.misses.append(f"line {ruling.src.line}: not a ruling of "
                                 f"{card or 'the notes'} in the copy: {plain(ruling.text)[:60]!r}")
    return result
