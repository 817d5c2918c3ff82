"""What kind of card an entry's faces make, and the names the card goes by.

A card has one entry whatever its layout; its kind says how its faces go together, and its
name is the one the card data (Scryfall, Gatherer) gives: ``Expansion // Explosion`` for a
card whose faces are all on one side (split, aftermath, adventure, flip) or either of which
can be cast (modal double-faced), the front face's name for a card that turns into its back
face (transform, meld), with the full name as an alias.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from compiler.core.model import CardEntry, Face

KINDS = ("normal", "transform", "modal_dfc", "meld", "split", "aftermath", "adventure", "flip")
"""The kinds of card (``CardEntry.layout``)."""
NAMED_BY_FRONT = ("normal", "transform", "meld")

_TRANSFORMS = re.compile(r"\btransform|\b(?:day|night)bound\b", re.I)
_MELDS = re.compile(r"\bmeld", re.I)
_SPELL = re.compile(r"\b(?:Instant|Sorcery)\b|\bRoom\b")
_LAND = re.compile(r"\bLand\b")


def turns_over(text: str) -> bool:
    """Return whether a card's text says it transforms or melds (so it has a back face)."""
    return bool(_TRANSFORMS.search(text) or _MELDS.search(text))


def card_kind(faces: Sequence[Face], flip: bool = False) -> str:
    """Return the kind of card ``faces`` make: ``flip`` when their separator says so, else read
    from the faces (an adventure's type, the words of their text, their costs and types)."""
    if len(faces) < 2:
        return "normal"
    if flip:
        return "flip"
    if any("Adventure" in (f.type_line or "") for f in faces[1:]):
        return "adventure"
    text = " ".join(line for f in faces for line in f.text)
    if _MELDS.search(text) and not faces[-1].mana_cost:
        return "meld"
    costed = [bool(f.mana_cost) for f in faces]
    if all(_SPELL.search(f.type_line or "") for f in faces) and (all(costed) or not any(costed)):
        # Halves of a split card, both with their costs, or both without (a copy of a page
        # whose costs were pictures): no face that turns over is an instant or a sorcery.
        after = any(line.lstrip("*_").startswith("Aftermath") for f in faces[1:] for line in f.text)
        return "aftermath" if after else "split"
    if _TRANSFORMS.search(text) or any(f.color_indicator for f in faces[1:]):
        return "transform"
    back = faces[-1]
    if not back.mana_cost and not _LAND.search(back.type_line or ""):
        return "transform"
    return "modal_dfc"


def card_name(kind: str, faces: Sequence[Face]) -> str:
    """Return the name the card goes by."""
    if kind in NAMED_BY_FRONT or len(faces) < 2:
        return faces[0].name
    return " // ".join(f.name for f in faces)


def card_aliases(kind: str, name: str, face_names: Sequence[str]) -> list[str]:
    """Return the other names the card is found by: each face's, and a transforming or melding
    card's full name (``Docent of Perfection // Final Iteration``; each half of a meld pair
    with the card it melds into)."""
    names = [n for n in face_names if n != name]
    if kind == "transform" and len(face_names) > 1:
        names.append(" // ".join(face_names[:2]))
    elif kind == "meld" and len(face_names) > 1:
        names += [f"{half} // {face_names[-1]}" for half in face_names[:-1]]
    return list(dict.fromkeys(n for n in names if n != name))


def physical_cards(entry: CardEntry) -> list[CardEntry]:
    """Return the cards an entry prints: itself, but for a meld group (the halves, then the card
    they meld into), which is the melded card alone, then each half with the melded card as
    its back face (``Bruna, the Fading Light // Brisela, Voice of Nightmares``, as the card
    data has them). The cards share the entry's id, place and blocks: its rulings are about
    all of them."""
    if entry.layout != "meld" or len(entry.faces) < 3:
        return [entry]
    melded = entry.faces[-1]
    halves = [replace(entry, name=half.name, name_ja=half.name_ja, faces=[half, melded])
              for half in entry.faces[:-1]]
    return [replace(entry, name=melded.name, name_ja=melded.name_ja, faces=[melded]), *halves]
