"""How alike two rule texts are, across the CR's changes of wording over the years.

Texts are compared as sets of word tokens (Jaccard), after folding what changed in wording
but not in meaning between CR eras: curly quotes, ``X`` for ``N`` in keyword definitions, and
the well-known rules-terminology renames (``comes into play`` -> ``enters the battlefield``
(2009), ``removed from the game`` -> ``exiled`` (2009), ``play`` a spell -> ``cast`` (2009),
``his or her`` -> ``their`` (2017), ``converted mana cost`` -> ``mana value`` (2021)).  The
rule numbers inside the texts are dropped: they are what changes most, and say least.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "—": "-", "–": "-"})
_RULE_NUMBER_RE = re.compile(r"\b[1-9][0-9]{2}(?:\.[0-9]+[a-z]?)?\b")
_OLD_MANA_RE = re.compile(r"\{o([^}]*)\}")
_TOKEN_RE = re.compile(r"[a-z0-9+/{}-]+")
# Rules-terminology renames, old wording -> current wording (applied to lowercase text, in order).
_RENAMES = (
    (r"\bcomes? into play\b", "enters the battlefield"),
    (r"\bput into play\b", "put onto the battlefield"),
    (r"\bput into a graveyard from play\b", "dies"),
    (r"\bin play\b", "on the battlefield"),
    (r"\bfrom play\b", "from the battlefield"),
    (r"\binto play\b", "onto the battlefield"),
    (r"\bremoved? from the game\b", "exile"),
    (r"\bremoves? (\w+) from the game\b", r"exile \1"),
    (r"\bremoved-from-the-game zone\b", "exile zone"),
    (r"\bconverted mana costs?\b", "mana value"),
    (r"\bhis or her\b", "their"),
    (r"\bhe or she\b", "they"),
    (r"\bhim or her\b", "them"),
    (r"\bplay(s|ed|ing)?\b", r"cast\1"),
    (r"\bend of turn step\b", "end step"),
    (r"\bstate-based effects?\b", "state-based actions"),
    (r"\bx\b", "n"),
)
_RENAME_RES = tuple((re.compile(old), new) for old, new in _RENAMES)
# Words that carry no identity (they are in nearly every rule).
_STOP = frozenset("a an and are as at be by for from if in is it its of on or that the this "
                  "to with rule rules see".split())


def fold(text: str) -> str:
    """Return ``text`` lowercased with quotes, old mana symbols and renamed terms folded."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    text = _OLD_MANA_RE.sub(r"{\1}", text)
    for pattern, new in _RENAME_RES:
        text = pattern.sub(new, text)
    return text


@lru_cache(maxsize=65536)
def tokens(text: str) -> frozenset[str]:
    """Return the identity-bearing word tokens of a rule text."""
    folded = _RULE_NUMBER_RE.sub(" ", fold(text))
    return frozenset(t for t in _TOKEN_RE.findall(folded) if t not in _STOP)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Return |a & b| / |a | b| (0 for two empty sets)."""
    if not a or not b:
        return 0.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


def similarity(a: str, b: str) -> float:
    """Return how alike two rule texts are, 0 to 1."""
    return jaccard(tokens(a), tokens(b))


def title_key(title: str) -> str:
    """Return a title folded for equality (``Banding, "Bands with Other"`` ~ ``banding bands with other``)."""
    text = unicodedata.normalize("NFKC", title).translate(_QUOTES).casefold()
    return " ".join(re.findall(r"[^\W_]+", text))
