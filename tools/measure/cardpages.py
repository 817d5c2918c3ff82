"""Whether a built site shows each card with several faces as the card it is, against card data.

What a reader meets: the A-Z index (``cards/index.html``) lists each face's name, and the page it
points to must be the whole card: every face of the data's card shown on it, and titled as the
data names the card (a transforming card or a meld half by its front face). Measured for every
multi-face card of the data one of whose face names the index lists (a meld half's: the card it
melds into has a page of its own).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from tools.measure.carddata import CardData, fold_name

_INDEX_LINK = re.compile(r'<a class="card-ref" href="([^"#]+)">([^<]+)</a>')
_TITLE = re.compile(r'<h1 class="card-title">(?:<span lang="en">)?([^<]+)')
_FACE = re.compile(r'class="card-name">(?:<span lang="ja">[^<]*</span> '
                   r'<span class="card-name-en" lang="en">)?([^<]+)<')
_BY_FRONT = ("transform", "meld")


@dataclass(slots=True)
class CardPages:
    """The multi-face cards of the data a site lists, counted."""

    cards: int = 0
    right: int = 0
    misses: list[str] = field(default_factory=list)


def measure_card_pages(site: Path, data: CardData) -> CardPages:
    """Return how the site's card pages show the data's multi-face cards."""
    listed: dict[str, str] = {}
    index = (site / "cards" / "index.html").read_text(encoding="utf-8")
    for href, name in _INDEX_LINK.findall(index):
        listed.setdefault(fold_name(html.unescape(name)), href)
    result = CardPages()
    pages: dict[str, tuple[str, set[str]]] = {}
    for name, faces in sorted(data.cards.items()):
        # the card a meld pair melds into is a card of its own too (the data has it alone)
        named = faces[:1] if data.layouts.get(name) == "meld" else faces
        hrefs = {listed[fold_name(f)] for f in named if fold_name(f) in listed}
        if len(faces) < 2 or not hrefs:
            continue
        result.cards += 1
        wrong = []
        for href in sorted(hrefs):
            if href not in pages:
                text = (site / "cards" / href).read_text(encoding="utf-8")
                title = _TITLE.search(text)
                pages[href] = (html.unescape(title.group(1)).strip() if title else "",
                               {fold_name(html.unescape(f)) for f in _FACE.findall(text)})
            title, shown = pages[href]
            titles = {fold_name(name)} | ({fold_name(faces[0])}
                                          if data.layouts.get(name) in _BY_FRONT else set())
            missing = [f for f in faces if fold_name(f) not in shown]
            if missing or fold_name(title) not in titles:
                wrong.append(f"cards/{href} titled {title!r}"
                             + (f", without {'; '.join(missing)}" if missing else ""))
        if len(hrefs) > 1:
            wrong.append(f"its faces on {len(hrefs)} pages")
        if wrong:
            result.misses.append(f"{name} ({data.layouts.get(name, '')}): " + ", ".join(wrong))
        else:
            result.right += 1
    return result
