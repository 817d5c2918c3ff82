"""The built-in table of set names and codes, and lookup of a set named in a text."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(slots=True, frozen=True)
class SetInfo:
    """One set: code, English name, Japanese name."""

    code: str
    name: str
    name_ja: str
    release: str
    """Official release date (ISO), used only when a document states no date of its own."""


@lru_cache(maxsize=1)
def known_sets() -> tuple[SetInfo, ...]:
    """Return the set table shipped in ``compiler/data/sets.tsv``."""
    text = resources.files("compiler.data").joinpath("sets.tsv").read_text(encoding="utf-8")
    rows = [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]
    return tuple(SetInfo(*row) for row in rows)


def by_name(name: str) -> SetInfo | None:
    """Return the set whose English or Japanese name is ``name``."""
    for info in known_sets():
        if name in (info.name, info.name_ja):
            return info
    return None


def by_code(code: str) -> SetInfo | None:
    """Return the set with this code."""
    for info in known_sets():
        if info.code.upper() == code.upper():
            return info
    return None


def code_for(name: str) -> str:
    """Return the set code for ``name``: from the table, else the initials of its words."""
    info = by_name(name)
    if info:
        return info.code
    words = re.findall(r"[A-Za-z0-9]+", name)
    return "".join(w[0] for w in words).upper() or "UNK"
