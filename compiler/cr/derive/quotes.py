"""Compare a rule as a document quotes it with the rule as a CR states it."""
from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "`": "'", "“": '"', "”": '"', "„": '"'})
_LEADING_NUMBER_RE = re.compile(r"^\s*[1-9][0-9]{2}(?:\.[0-9]+[a-z]?)?\.?\s+")
# A word broken at its hyphen by a line wrap: ``face- down`` is ``face-down``.
_BROKEN_HYPHEN_RE = re.compile(r"(?<=[A-Za-z])-\s+(?=[a-z])")


@lru_cache(maxsize=1 << 16)
def quote_form(text: str) -> str:
    """Return ``text`` as compared: NFKC, straight quotes, one space, no leading rule number.

    Kept for the last 65,536 texts: a rule's wording is compared again with every edition's
    and on every page of its history (161,007 calls for 5,398 texts in a build of the seeds
    with six CRs, 8% of its time; 462,000 wordings for search alone of the 118 editions of
    the archive)."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    text = _LEADING_NUMBER_RE.sub("", text)
    text = _BROKEN_HYPHEN_RE.sub("-", text)
    return " ".join(text.split())


def quote_differs(quoted_text: str, cr_text: str) -> bool:
    """Return True when a quotation says something else than the CR (spacing and quote style aside)."""
    return quote_form(quoted_text) != quote_form(cr_text)


def quote_changes(quoted_text: str, cr_text: str) -> list[tuple[str, str]]:
    """Return the ``(quoted, cr)`` word runs that differ between a quotation and the CR."""
    a, b = quote_form(quoted_text).split(), quote_form(cr_text).split()
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [(" ".join(a[i1:i2]), " ".join(b[j1:j2]))
            for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]
