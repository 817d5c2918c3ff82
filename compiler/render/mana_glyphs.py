"""The drawings of mana symbols: small inline SVGs on a 32x32 grid.

Original shapes (coloured discs, letters, arrows), not Wizards' artwork: letters read at any
size and keep the symbols distinguishable without colour.
"""
from __future__ import annotations

from markupsafe import Markup

COLOUR_FILL = {
    "W": "#f8f6d8", "U": "#c1d7e9", "B": "#9c928c", "R": "#e49977", "G": "#a3c095",
    "C": "#cac5c0",
}
GENERIC_FILL = "#cac5c0"
INK = "#111"

# Halves of a hybrid disc, split on the rising diagonal like the printed symbols.
_HALF_FIRST = "M27.31 4.69A16 16 0 0 0 4.69 27.31Z"
_HALF_SECOND = "M27.31 4.69A16 16 0 0 1 4.69 27.31Z"

_ICONS = {
    # Tap: an arrow turning clockwise over the top.
    "T": ('<path d="M8.2 22.5A9 9 0 1 1 23.6 20" fill="none" stroke="{ink}" stroke-width="3"/>'
          '<path d="M19 19.2l6.6-3.2 1.2 7.4z" fill="{ink}"/>'),
    # Untap: the same arrow, mirrored, drawn light on a dark disc (see _DISC).
    "Q": ('<path d="M23.8 22.5A9 9 0 1 0 8.4 20" fill="none" stroke="#fff" stroke-width="3"/>'
          '<path d="M13 19.2l-6.6-3.2-1.2 7.4z" fill="#fff"/>'),
    "E": '<path d="M19.5 3.5L8 18h7l-3 10.5L24 13h-7l2.5-9.5z" fill="{ink}"/>',
    "S": ('<path d="M16 5.5v21M6.9 10.75l18.2 10.5M6.9 21.25l18.2-10.5M13 6.5l3 2.5 3-2.5'
          'M13 25.5l3-2.5 3 2.5" fill="none" stroke="{ink}" stroke-width="2.2" stroke-linecap="round"/>'),
    "C": '<path d="M16 5.5L26.5 16 16 26.5 5.5 16z" fill="none" stroke="{ink}" stroke-width="2.6"/>',
    "PHI": ('<ellipse cx="16" cy="16.5" rx="7" ry="5.6" fill="none" stroke="{ink}" stroke-width="2.6"/>'
            '<path d="M16 6v21" stroke="{ink}" stroke-width="2.6"/>'),
}
_DISC = {"Q": INK}


def draw_symbol(parts: tuple[str, ...], phyrexian: bool) -> Markup:
    """Return the SVG drawing of a symbol given its parts (``("U", "B")``, ``("10",)``)."""
    if len(parts) == 2:
        body = _hybrid_discs(*parts) + (_icon("PHI") if phyrexian else _hybrid_letters(*parts))
    else:
        body = _single(parts[0], phyrexian)
    # Size and text alignment stay attributes so a page whose stylesheet is missing still
    # shows small, readable symbols; the font is left to site.css to keep each symbol short.
    return Markup(
        '<svg viewBox="0 0 32 32" width="1em" height="1em" aria-hidden="true"'
        ' text-anchor="middle" dominant-baseline="central">{}</svg>'
    ).format(body)


def _single(part: str, phyrexian: bool) -> Markup:
    fill = _DISC.get(part) or COLOUR_FILL.get(part, GENERIC_FILL)
    disc = _disc(fill, part)
    if phyrexian or part == "P":
        return disc + _icon("PHI")
    if part in _ICONS:
        return disc + _icon(part)
    return disc + _text(part, 16, 16.5, _font_size(part))


def _disc(fill: str, part: str) -> Markup:
    return Markup('<circle class="ms-bg-{}" cx="16" cy="16" r="16" fill="{}"/>').format(
        _class_part(part), fill)


def _hybrid_discs(first: str, second: str) -> Markup:
    return Markup(
        '<path class="ms-bg-{c1}" d="{h1}" fill="{f1}"/>'
        '<path class="ms-bg-{c2}" d="{h2}" fill="{f2}"/>'
    ).format(c1=_class_part(first), h1=_HALF_FIRST, f1=COLOUR_FILL.get(first, GENERIC_FILL),
             c2=_class_part(second), h2=_HALF_SECOND, f2=COLOUR_FILL.get(second, GENERIC_FILL))


def _hybrid_letters(first: str, second: str) -> Markup:
    # Each letter as large as its half allows (site.css also draws hybrids a little larger).
    return (_text(first, 10.6, 11.4, _font_size(first) - 4 if len(first) == 1 else 12)
            + _text(second, 21.4, 21.6, _font_size(second) - 4 if len(second) == 1 else 12))


def _text(glyph: str, x: float, y: float, size: int) -> Markup:
    return Markup('<text x="{}" y="{}" font-size="{}">{}</text>').format(x, y, size, glyph)


def _font_size(glyph: str) -> int:
    return {1: 21, 2: 17}.get(len(glyph), 11)


def _icon(name: str) -> Markup:
    return Markup(_ICONS[name].replace("{ink}", INK))


def _class_part(part: str) -> str:
    # Colours and the dark untap disc get their own class so site.css can restyle them.
    return part.lower() if part in COLOUR_FILL or part in _DISC else "generic"
