"""Mana costs in every notation FAQs use, normalised to braces (``{3}{W}``, ``{B/G}``).

Notations seen in real documents:

* braces, any case: ``{3}{B}``, ``{R/G}``, ``{2/u}`` (2020 on, and the seeds);
* bare letters: ``3W``, ``XRR``, ``T``, ``C`` (2015-2019), hybrid and Phyrexian symbols written
  ``W/U``, ``2/G``, ``W/P``, ``(B/G)(B/G)``, ``1G/WG/WG/W``, ``1u/bu/b``, ``r/w r/w``;
* images of the publisher's symbol files (2012-2014): ``colorless4.gif``, ``blue.gif``,
  ``tap.gif``, ``x.gif``, ``Symbol_2_mana.gif``, ``Symbol_BG_mana.gif``, ``white_mana.gif``.

``parse_cost`` reads a whole string as a cost or refuses it; ``symbols_in_text`` rewrites the
mana images and lower-case braces inside running text, leaving everything else as written;
``rules_symbols`` writes in braces the bare symbols of a line of rules text where their place
shows they are symbols (a cost before a colon, a keyword's cost, the mana an ability adds);
``prose_symbols`` does the same in a ruling, where the words around a cost name it as one.
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


_COST_PART_RE = re.compile(r"[0-9XWUBRGCSPwubrgp/()]+|[TQ]")
_ABILITY_RE = re.compile(r"^(?P<word>\*?[A-Z][\w' -]{2,30}\*? — )?"  # an ability word
                         r"(?P<cost>[^:\"“”.—]{1,120}?):(?=\s)")
# An ability in a reminder or a quotation: ``(1: Attach to ...``, ``has "T, Sacrifice ...:``
_REMINDER_ABILITY_RE = re.compile(r"(?<=[(\"“])(?P<cost>[^:()\"“”]{1,120}?):(?=\s)")
_PAY_RE = re.compile(r"\b(?:(?P<verb>[Pp]ays?) (?P<cost>[0-9XWUBRGC/]+)"
                     r"(?=[.,;)]| rather\b| for\b| to\b| and\b| or\b| if\b|$)"
                     r"|(?P<cverb>[Cc]osts?) (?P<ccost>[0-9XWUBRGC/]+)(?= more\b| less\b))")
COST_KEYWORDS = frozenset({
    "Awaken", "Bestow", "Blitz", "Buyback", "Craft", "Cycling", "Dash", "Disturb", "Echo",
    "Embalm", "Emerge", "Encore", "Entwine", "Equip", "Escape", "Eternalize", "Evoke",
    "Flashback", "Foretell", "Fortify", "Kicker", "Madness", "Megamorph", "Morph", "Multikicker",
    "Mutate", "Ninjutsu", "Outlast", "Overload", "Plot", "Prowl", "Reconfigure", "Recover",
    "Reinforce", "Replicate", "Scavenge", "Spectacle", "Surge", "Transfigure", "Transmute",
    "Unearth", "Ward", "Landcycling", "Plainscycling", "Islandcycling", "Swampcycling",
    "Mountaincycling", "Forestcycling", "Channel", "Retrace", "Splice", "Level", "Escalate",
    "Augment"})
"""Keywords whose parameter is a mana cost, so that a number alone is one (``Equip 1``)."""
_ADD_RE = re.compile(r"\b(?P<verb>[Aa]dd) (?P<first>[WUBRGC]{1,10}|[0-9]{1,2})"
                     r"(?P<rest>(?:(?:,| or|, or) [WUBRGC]{1,10})*)(?=[ .,;)]|$)")
_ADD_MORE_RE = re.compile(r"(?<=, )[WUBRGC]{1,10}|(?<=or )[WUBRGC]{1,10}")
_KEYWORD_COST_RE = re.compile(r"^(?P<kw>[A-Z][a-z]+(?:[ -][a-z]+)?)(?P<sep> |—)"
                              r"(?P<cost>[0-9XWUBRGC/()]+)(?=$|\s+\(|\s*\*\(|[.,])")
_LISTED_KEYWORD_RE = re.compile(r"(?<=, )(?P<kw>[a-z]+) (?P<cost>[0-9XWUBRGC/]+)(?=,|$| \[|\.)")
"""A keyword with its cost in a list of them (``Madness {R}, cycling 1R, kicker 2R``)."""


def _symbols(part: str) -> str | None:
    """Return a part of a cost as braced symbols (``3RR``, ``T``, ``(W/U)``), or None."""
    part = part.strip()
    if part in ("T", "Q", "E"):
        return "{%s}" % part
    if part == "X":
        return "{X}"
    if not _COST_PART_RE.fullmatch(part):
        return None
    return bare_cost(part)


_LINK_TARGET_RE = re.compile(r"\]\((?P<url>[^()\s]*)\)")


def rules_symbols(line: str, keywords: frozenset[str] = frozenset(),
                  planeswalker: bool = False) -> str:
    """``_rules_symbols`` of a line whose links' addresses are set aside: a card name linked
    in its own text (``2, Sacrifice [Armchair](http://...): Destroy``) keeps its colon out of
    the ability's cost, and no address is read as symbols."""
    urls: list[str] = []
    def hide(m: re.Match) -> str:
        urls.append(m.group("url"))
        return f"](\x00{len(urls) - 1}\x00)"
    masked = _LINK_TARGET_RE.sub(hide, line) if "](" in line else line
    braced = _rules_symbols(masked, keywords, planeswalker)
    return re.sub(r"\x00(\d+)\x00", lambda m: urls[int(m.group(1))], braced) if urls else braced


def _rules_symbols(line: str, keywords: frozenset[str] = frozenset(),
                   planeswalker: bool = False) -> str:
    """Return a line of rules text with the symbols its notation leaves bare written in braces
    where their place shows they are symbols: an activated ability's cost before its colon
    (``R, T:`` -> ``{R}, {T}:``), a keyword's cost with a mana letter in it (``Madness BBB`` ->
    ``Madness {B}{B}{B}``, for a keyword of ``keywords``; ``Bushido 1`` is a number), the mana
    an ability adds (``Add C`` -> ``Add {C}``). On a planeswalker (``planeswalker``), ``0:`` is a
    loyalty ability. A planeswalker's loyalty abilities are written as the card data writes
    them, ``[+1]:``, ``[−3]:`` (a minus sign), ``[0]:``. Any other letter or number is left as
    written."""
    if planeswalker and (w := _LOYALTY_RE.match(line)):
        sign = {"-": "\u2212", "\u2013": "\u2212"}.get(w.group("sign"), w.group("sign") or "")
        cost = w.group("zero") or sign + w.group("n")
        return f"[{cost}]:{_rules_symbols(line[w.end():], keywords)}"
    m = _ABILITY_RE.match(line)
    loyalty = planeswalker and m is not None and m.group("cost").strip() == "0"
    if m and not loyalty and (cost := _cost(m.group("cost"))):
        line = line[:m.start("cost")] + cost + line[m.end("cost"):]
    k = _KEYWORD_COST_RE.match(line)
    named = {k.group("kw").split()[0], k.group("kw").split()[-1].capitalize()} if k else set()
    if k and named & (keywords | COST_KEYWORDS) \
            and (named & COST_KEYWORDS or re.search(r"[WUBRGCX]", k.group("cost"))) \
            and (cost := bare_cost(k.group("cost")) or _number(k.group("cost"))):
        line = k.group("kw") + k.group("sep") + cost + line[k.end("cost"):]  # not Bushido 1
    line = _LISTED_KEYWORD_RE.sub(_listed, line)
    line = _REMINDER_ABILITY_RE.sub(lambda r: (_cost(r.group("cost")) or r.group("cost")) + ":",
                                    line)
    line = _PAY_RE.sub(_paid, line)
    for pattern, replacement in _TEMPLATES:
        line = pattern.sub(replacement, line)
    return _ADD_RE.sub(_add, line)


_TEMPLATES = (
    # ``Add six G``, ``Add X R``: a number of one symbol
    (re.compile(r"\b([Aa]dd (?:one|two|three|four|five|six|seven|eight|nine|ten|X) )([WUBRGC])"
                r"(?=[ .,;)]|$)"), r"\1{\2}"),
    (re.compile(r"\b([Pp]ays? an additional )([0-9]{1,2}|[0-9]?[WUBRGC]{1,4})(?=[ .,;)]|$)"),
     lambda m: m.group(1) + (bare_cost(m.group(2)) or m.group(2))),
    # the reminders of Phyrexian mana and of morph
    (re.compile(r"\(([WUBRG])/P can be paid with either \1 or 2 life", re.I),
     lambda m: "({%s/P} can be paid with either {%s} or 2 life" % ((m.group(1).upper(),) * 2)),
    # ``For each B in a cost``: a symbol counted in costs
    (re.compile(r"\b([Ee]ach )([WUBRGC])(?= in (?:a|its|the|that) (?:mana )?costs?\b)"),
     r"\1{\2}"),
    (re.compile(r"\b(face down as a 2/2 creature for )([0-9]{1,2})(?=\.)"), r"\1{\2}"),
)
"""Rules-text templates whose place shows a bare symbol: ``(pattern, replacement)``."""


def _listed(m: re.Match) -> str:
    cost = bare_cost(m.group("cost")) if m.group("kw").capitalize() in COST_KEYWORDS else None
    return f"{m.group('kw')} {cost}" if cost else m.group()


def _paid(m: re.Match) -> str:
    verb, cost = (m.group("verb"), m.group("cost")) if m.group("verb") else (m.group("cverb"),
                                                                                m.group("ccost"))
    return f"{verb} {bare_cost(cost) or _number(cost) or ('{X}' if cost == 'X' else cost)}"


def _cost(text: str) -> str | None:
    """Return an ability's cost with its symbols braced, if its first part is symbols."""
    parts = text.split(", ")
    braced = [_symbols(p) or _number(p) for p in parts]
    if braced[0] is None:
        return None
    return ", ".join(b if b is not None else p for b, p in zip(braced, parts))


def _number(text: str) -> str | None:
    return "{%s}" % text if re.fullmatch(r"[0-9]{1,2}", text.strip()) else None


def _add(m: re.Match) -> str:
    first = _number(m.group("first")) or bare_cost(m.group("first"))
    if first is None:
        return m.group()
    rest = _ADD_MORE_RE.sub(lambda x: bare_cost(x.group()) or x.group(), m.group("rest"))
    return f"{m.group('verb')} {first}{rest}"


_LOYALTY_RE = re.compile(r"^\[?(?:(?P<sign>[+\-\u2212\u2013])(?P<n>\d{1,2}|X)|(?P<zero>0))\]?:(?=\s)")
"""A loyalty ability's cost as documents print it: ``+1:``, ``-3:``, ``−X:``, ``0:``,
``[+2]:``."""

_COST_TOKEN = r"(?=[0-9XWUBRGC/]*[XWUBRGC])[0-9XWUBRGC/]{1,12}"
"""A bare cost in prose: symbol letters, numbers and hybrid pairs, at least one letter (``7``
alone is a number of things)."""
_PROSE_COST_RE = re.compile(
    r"\b(?P<lead>(?:[Pp]ays?|[Pp]aying|[Pp]roduces?|[Ss]pend) |[Cc]osts? "
    r"|mana costs? (?:of )?|(?:total|mana|its) cost (?:is|of|becomes) |(?:, |, or | or ))"
    rf"(?P<cost>{_COST_TOKEN})(?P<end>(?=[.,;:)]| rather\b| for\b| to\b| and\b| or\b| if\b"
    r"| instead\b| more\b| less\b| this\b| as\b| mana\b| (?=[.,;])|\s*$))")


def prose_symbols(text: str) -> str:
    """Return a ruling's text with the bare costs its words name written in braces: ``pay
    5RR``, ``costs 1B to cast``, ``mana cost XGW``, ``total cost is 3GW``, ``paying 1UU, 1UB,
    or 1BB``, ``add C``. A list (``, 1UB``) is read only after a cost so read."""
    out, pos, listing = [], 0, False
    for m in _PROSE_COST_RE.finditer(text):
        lead = m.group("lead")
        is_list = lead in (", ", ", or ", " or ")
        if is_list and not (listing and m.start() == pos):
            listing = False
            continue
        braced = bare_cost(m.group("cost"))
        if braced is None or re.search(r"[a-z]", m.group("cost")):
            listing = False
            continue
        out.append(text[pos:m.start("cost")] + braced)
        pos, listing = m.end("cost"), True
    out.append(text[pos:])
    # ``add 2 to the damage`` is a number: only mana letters are added as mana in prose
    return _ADD_RE.sub(lambda m: m.group() if m.group("first").isdigit() else _add(m), "".join(out))
