"""Printed card data (one JSON object per line, as in ``../shared/corpus/cards/<SET>.jsonl``).

Used to measure the readers against real data, never by the readers themselves. Each line is a
card or, for a card with several faces, first the whole card (``name`` "A // B", ``faces``) and
then one line per face (``is_face``) with that face's cost, type and text. Files are split on
``\\n`` only: some text fields hold U+2028, which ``str.splitlines`` would cut at.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(slots=True)
class PrintedFace:
    """One face (or the only face) of a card as the data gives it."""

    name: str
    mana_cost: str | None
    type_line: str | None
    printed_type: str | None
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None
    text: str | None
    """Oracle text of 2022 (Scryfall's current Oracle for MH3)."""
    printed_text: str | None
    """The wording printed on the card, when the data has it."""
    ja_name: str | None
    ja_type: str | None
    ja_text: str | None
    set_code: str
    card: str = ""
    """The whole card's name (``A // B``) for a face, else the face's own name."""


@dataclass(slots=True)
class CardData:
    """The cards of some sets: faces by folded name, and each card's faces in order."""

    faces: dict[str, PrintedFace] = field(default_factory=dict)
    cards: dict[str, list[str]] = field(default_factory=dict)
    """Whole card name -> its face names, in printed order."""
    layouts: dict[str, str] = field(default_factory=dict)
    """Whole card name -> its layout (``transform``, ``split``, ``meld``, ...)."""

    def face(self, name: str) -> PrintedFace | None:
        """Return the face (or single-faced card) called ``name`` (case and quotes folded)."""
        return self.faces.get(fold_name(name))


def fold_name(name: str) -> str:
    """Return a card name folded for lookup: case, curly quotes, spacing, ``Æ`` as ``Ae``
    (the data writes Aetherling, older documents Ætherling)."""
    name = name.replace("\u2019", "'").replace("\u2018", "'").replace("Æ", "Ae").replace("æ", "ae")
    return " ".join(name.lower().split())


def read_card_file(path: Path, data: CardData | None = None) -> CardData:
    """Add the cards of one ``.jsonl`` file to ``data`` (a new one if None) and return it."""
    data = data if data is not None else CardData()
    for raw in path.read_text(encoding="utf-8").split("\n"):
        if not raw.strip():
            continue
        row = json.loads(raw)
        if row.get("faces") and not row.get("is_face"):
            data.cards[row["name"]] = list(row["faces"])
            data.layouts[row["name"]] = row.get("layout") or "normal"
            continue
        name = row["name"]
        if " // " in name and not row.get("is_face"):
            data.cards[name] = name.split(" // ")  # a meld card: "A // the card it melds into"
            data.layouts[name] = row.get("layout") or "meld"
            name = name.split(" // ")[0]
        face = PrintedFace(
            name=name, mana_cost=row.get("mana_cost"), type_line=row.get("type_line"),
            printed_type=row.get("printed_type"), power=row.get("power"),
            toughness=row.get("toughness"), loyalty=row.get("loyalty"),
            defense=row.get("defense"), text=row.get("text"), printed_text=row.get("printed_text"),
            ja_name=row.get("ja_name"), ja_type=row.get("ja_type"), ja_text=row.get("ja_text"),
            set_code=row.get("set", ""))
        face.card = next((card for card, names in data.cards.items() if face.name in names),
                         face.name) if row.get("is_face") else face.name
        data.faces.setdefault(fold_name(face.name), face)
    return data


def read_sets(folder: Path, codes: list[str]) -> CardData:
    """Return the card data of the sets ``codes`` (files ``<CODE>.jsonl`` in ``folder``)."""
    data = CardData()
    for code in codes:
        path = folder / f"{code.upper()}.jsonl"
        if path.is_file():
            read_card_file(path, data)
    return data
