"""Mana costs in every notation FAQs use, normalised to braces (``{3}{W}``, ``{B/G}``).

Notations seen in real documents:

* braces, any case: ``{3}{B}``, ``{R/G}``, ``{2/u}`` (2020 on, and the seeds);
* bare letters: ``3W``, ``XRR``, ``T``, ``C`` (2015-2019), hybrid and Phyrexian symbols written
  ``W/U``, ``2/G``, ``W/P``, ``(B/G)(B/G)``, ``1G/WG/WG/W``, ``1u/bu/b``, ``r/w r/w``;
* images of the publisher's symbol files (2012-2014): ``colorless4.gif``, ``blue.gif``,
  ``tap.gif``, ``x.gif``, ``Symbol_2_mana.gif``, ``Symbol_BG_mana.gif``, ``white_mana.gif``.

``parse_cost`` reads a whole string as a cost or refuses it; ``symbols_in_text`` rewrites the
mana images and lower-case braces inside running text, leaving everything else as written.
"""
from __future__ import annotations

import re

COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}
_BRACED_RE = re.compile(r"^(?:\{[0-9A-Za-z/½∞]{1,6}\}\s*)+$")
_BRACE_RE = re.compile(r"\{([0-9A-Za-z/½∞]{1,6})\}")
_IMAGE_RE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<url>[^)\s]*)\)")
# One bare symbol: a hybrid or Phyrexian pair, a number, or a single symbol letter.
_BARE_TOKEN_RE = re.compile(r"[0-9]{1,2}/[WUBRGwubrg]|[WUBRGCwubrgc]/[WUBRGPwubrgp]|[0-9]{1,2}"
                            r"|[WUBRGCXYZSwubrgcxyzs]")
_IMAGE_FILE_RE = re.compile(
    r"(?:manasymbols/(?P<old>[a-z]+)(?P<oldnum>[0-9]*)\.gif"
    r"|Symbols/Symbol_(?P<sym>[0-9A-Za-z]+)_mana\.gif"
    r"|Symbols/(?P<named>[a-z]+)(?:_mana)?\.gif"
    r"|Symbols/(?P<x>X)_mana\.gif)$")


def image_symbol(url: str) -> str | None:
    """Return the braced symbol a mana image shows (``.../colorless4.gif`` -> ``{4}``), or None."""
    m = _IMAGE_FILE_RE.search(url)
    if not m:
        return None
    if m.group("old"):
        word, number = m.group("old"), m.group("oldnum")
        if word == "colorless" and number:
            return "{%s}" % number
        if word in ("tap", "untap"):
            return "{T}" if word == "tap" else "{Q}"
        if word == "x":
            return "{X}"
        return "{%s}" % COLORS[word] if word in COLORS else None
    if m.group("sym"):
        sym = m.group("sym").upper()
        return "{%s}" % (sym if sym.isdigit() or len(sym) == 1 else "/".join(sym))
    if m.group("named"):
        named = m.group("named")
        if named in ("tap", "untap"):
            return "{T}" if named == "tap" else "{Q}"
        return "{%s}" % COLORS[named] if named in COLORS else None
    return "{X}"


def images_cost(text: str) -> str | None:
    """Return the cost of a string made only of mana images (and spacing), or None."""
    symbols = []
    rest = _IMAGE_RE.sub(lambda m: symbols.append(image_symbol(m.group("url"))) or "", text)
    if rest.strip() or not symbols or None in symbols:
        return None
    return "".join(symbols)


def bare_cost(text: str) -> str | None:
    """Return the braced form of a cost written without braces (``1G/WG/WG/W``), or None."""
    compact = re.sub(r"\(([^()]{3,5})\)", r"\1", text.strip())
    if not compact or " " in compact.strip() and not re.fullmatch(r"[0-9A-Za-z/ ]+", compact):
        return None
    out, pos = [], 0
    compact = compact.replace(" ", "")
    while pos < len(compact):
        m = _BARE_TOKEN_RE.match(compact, pos)
        if not m:
            return None
        out.append("{%s}" % m.group().upper())
        pos = m.end()
    if len(out) == 1 and not re.fullmatch(r"[0-9]{1,2}|[WUBRGC]|[WUBRGC2]/[WUBRGP]", out[0][1:-1]):
        return None  # a lone X, S or T is a word, not a cost line
    return "".join(out)


def parse_cost(text: str) -> str | None:
    """Return the braced form of ``text`` if the whole string is a mana cost, else None."""
    stripped = text.strip()
    if "![" in stripped:
        return images_cost(stripped)
    if not stripped or len(stripped) > 40:
        return None
    if _BRACED_RE.match(stripped):
        return "".join("{%s}" % s.upper() for s in _BRACE_RE.findall(stripped))
    return bare_cost(stripped)


def symbols_in_text(text: str) -> str:
    """Return running text with mana images as braced symbols and braces upper-cased."""
    if "![" in text:
        text = _IMAGE_RE.sub(lambda m: image_symbol(m.group("url")) or m.group(), text)
    if "{" in text:
        text = _BRACE_RE.sub(lambda m: "{%s}" % m.group(1).upper(), text)
    return text
