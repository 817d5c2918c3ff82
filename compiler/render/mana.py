"""Mana and tap symbols (``{U}``, ``{U/B}``, ``{2/B}``, ``{W/P}``, ``{T}``...) as accessible inline SVG.

Symbols are drawn here, not with a web font or images, so a page opened from disk shows them
and a screen reader hears "one blue or black mana". Fills are presentation attributes, so a
page whose stylesheet failed to load still shows readable symbols; ``site.css`` may override
them (dark mode, forced colours).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup, escape

from compiler.render.mana_glyphs import draw_symbol

COLOURS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()
_SINGLE_LABELS = {
    "T": "tap", "Q": "untap", "E": "energy", "S": "one snow mana", "P": "one Phyrexian mana",
    "X": "X generic mana", "Y": "Y generic mana", "Z": "Z generic mana",
    "½": "one half generic mana", "∞": "infinite generic mana",
}
_NUMERIC = re.compile(r"\d{1,7}")
_COLOURED = frozenset("WUBRG")
_HYBRID_ONLY = frozenset({"2", "C"})  # {2/B} monocoloured hybrid, {C/W} colorless hybrid
# A brace pair short enough to be a symbol; what is inside is checked by parse_symbol.
SYMBOL_RE = re.compile(r"\{([^{}\s]{1,9})\}")


@dataclass(slots=True, frozen=True)
class ManaSymbol:
    """One parsed symbol."""

    canonical: str
    """The Oracle spelling, braces included (``{U/B}``), whatever the source wrote."""
    parts: tuple[str, ...]
    """The halves of a hybrid (``("U", "B")``), else one part; the ``P`` of ``{W/P}`` is no part."""
    phyrexian: bool = False
    """True for Phyrexian symbols (``{W/P}``, ``{W/U/P}``, ``{P}``)."""


def parse_symbol(body: str) -> ManaSymbol | None:
    """Return the symbol written as ``{body}``, or None when it is not a mana symbol."""
    body = _strip_legacy(body).upper()
    parts = tuple(body.split("/"))
    phyrexian = len(parts) > 1 and parts[-1] == "P"
    if phyrexian:
        parts = parts[:-1]
    if not _valid(parts, phyrexian):
        return None
    return ManaSymbol("{" + body + "}", parts, phyrexian or body == "P")


def _strip_legacy(body: str) -> str:
    # Old Gatherer/Oracle text wrote {oQ} for {Q} and {(b/r)} for {B/R}; the FAQs copy both.
    if len(body) > 1 and body[0] == "o" and body[1:].isalnum():
        body = body[1:]
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    return body


def _valid(parts: tuple[str, ...], phyrexian: bool) -> bool:
    if len(parts) == 1:
        (part,) = parts
        if phyrexian:
            return part in _COLOURED
        return part in COLOURS or part in _SINGLE_LABELS or bool(_NUMERIC.fullmatch(part))
    if len(parts) == 2:
        first, second = parts
        ok_first = first in _COLOURED or (not phyrexian and first in _HYBRID_ONLY)
        return ok_first and second in _COLOURED and first != second
    return False


def symbol_label(sym: ManaSymbol) -> str:
    """Return the spoken English name of a symbol ("one blue or black mana")."""
    if len(sym.parts) == 2:
        first, second = sym.parts
        if first == "2":
            return f"two generic mana or one {COLOURS[second]} mana"
        prefix = "Phyrexian " if sym.phyrexian else ""
        return f"one {prefix}{COLOURS[first]} or {COLOURS[second]} mana"
    (part,) = sym.parts
    if sym.phyrexian and part != "P":
        return f"one Phyrexian {COLOURS[part]} mana"
    if part in COLOURS:
        return f"one {COLOURS[part]} mana"
    if part in _SINGLE_LABELS:
        return _SINGLE_LABELS[part]
    number = int(part)
    return f"{NUMBER_WORDS[number] if number < len(NUMBER_WORDS) else number} generic mana"


def symbol_classes(sym: ManaSymbol) -> str:
    """Return the CSS classes of a symbol (``ms ms-u-b ms-hybrid``)."""
    name = "-".join(sym.parts).lower()
    classes = ["ms", f"ms-{name}"]
    if len(sym.parts) == 2:
        classes.append("ms-hybrid")
    if sym.phyrexian:
        classes.append("ms-phyrexian")
    return " ".join(classes)


@lru_cache(maxsize=4096)
def render_symbol(sym: ManaSymbol, written: str) -> Markup:
    """Return one symbol as an ``img``-role span; ``written`` is the source text, kept for copying
    (memoised: a few dozen symbols are drawn on every page)."""
    label = symbol_label(sym)
    return Markup(
        '<span class="{cls}" role="img" aria-label="{label}" title="{label}">{svg}'
        '<span class="ms-src">{written}</span></span>'
    ).format(cls=symbol_classes(sym), label=label, svg=draw_symbol(sym.parts, sym.phyrexian),
             written=written)


@lru_cache(maxsize=4096)
def render_mana_cost(cost: str) -> Markup:
    """Return a mana cost (``{2}{U/B}``) as symbols; text that is no symbol is kept, escaped."""
    if not cost:
        return Markup("")
    out: list[str] = []
    pos = 0
    for match in SYMBOL_RE.finditer(cost):
        sym = parse_symbol(match.group(1))
        if sym is None:
            continue
        out.append(escape(cost[pos:match.start()]))
        out.append(render_symbol(sym, match.group(0)))
        pos = match.end()
    out.append(escape(cost[pos:]))
    return Markup('<span class="mana-cost">{}</span>').format(Markup("").join(out))
