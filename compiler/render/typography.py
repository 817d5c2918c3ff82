"""Typographer's replacements for the ASCII stand-ins of the source texts.

The FAQs were typed in plain ASCII: ``--`` stands for the em dash of printed cards
("Creature — Spirit", "Choose one —"), ``-->`` for an arrow, ``(TM)`` and ``(R)`` for the
marks. Quotes and ellipses are left as written: they are unambiguous already, and card names
keep the apostrophe the cross-link recognisers were given.
"""
from __future__ import annotations

import re

_REPLACEMENTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<!-)-->"), "→"),
    # Two or three hyphens, but not a longer run: ``-----`` is a separator line, kept as is.
    (re.compile(r"(?<!-)-{2,3}(?![->])"), "—"),
    (re.compile(r"\((?:TM|tm|Tm)\)"), "™"),
    # Upper case only: "(r)" may be an item of a lettered list.
    (re.compile(r"\(R\)"), "®"),
    # Only before a year: "(c)" alone is more often item (c) of a list.
    (re.compile(r"\([cC]\)(?=\s?\d{4}\b)"), "©"),
)


def typeset(text: str) -> str:
    """Return ``text`` with ASCII dashes, arrows and marks replaced by their proper characters."""
    for pattern, replacement in _REPLACEMENTS:
        text = pattern.sub(replacement, text)
    return text
