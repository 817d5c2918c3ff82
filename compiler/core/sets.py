"""The built-in table of set names and codes, and lookup of a set named in a text.

``compiler/core/data/sets.tsv`` (made by ``tools/gen_sets.py``) has every set MTGJSON's list knew in
2022 and a few newer ones: code, English name, Japanese name (where known), release date and
parent set (a Commander product's main set: ZNC -> ZNR).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(slots=True, frozen=True)
class SetInfo:
    """One set: code, English name, Japanese name, release date, parent set."""

    code: str
    name: str
    name_ja: str
    release: str
    """Official release date (ISO), used only when a document states no date of its own."""
    parent: str = ""
    """The code of the set this one belongs to (``ZNR`` for ``ZNC``), or empty."""


@lru_cache(maxsize=1)
def known_sets() -> tuple[SetInfo, ...]:
    """Return the set table shipped in ``compiler/core/data/sets.tsv``."""
    text = resources.files("compiler.core.data").joinpath("sets.tsv").read_text(encoding="utf-8")
    rows = [(line.split("\t") + [""] * 5)[:5] for line in text.splitlines()
            if line and not line.startswith("#")]
    return tuple(SetInfo(*row) for row in rows)


def name_key(name: str) -> str:
    """Return a set name folded for matching: case, quotes, ``Edition``, punctuation."""
    text = name.lower().replace("\u2019", "'").replace("edition", " ")
    return " ".join(re.findall(r"[a-z0-9']+|[^\x00-\x7f]+", text))


@lru_cache(maxsize=1)
def _by_key() -> dict[str, SetInfo]:
    table: dict[str, SetInfo] = {}
    for info in known_sets():
        for name in (info.name, info.name_ja):
            if name:
                table.setdefault(name_key(name), info)
    return table


def by_name(name: str) -> SetInfo | None:
    """Return the set whose English or Japanese name is ``name`` (case and quotes folded)."""
    for info in known_sets():
        if name in (info.name, info.name_ja):
            return info
    return _by_key().get(name_key(name))


def by_code(code: str) -> SetInfo | None:
    """Return the set with this code."""
    return _by_code().get(code.upper())


@lru_cache(maxsize=1)
def _by_code() -> dict[str, SetInfo]:
    return {info.code.upper(): info for info in known_sets()}


def named_in(text: str) -> SetInfo | None:
    """Return the set whose name ``text`` contains, the longest name first (``Commander (2016
    Edition) Release Notes`` -> Commander 2016), or None."""
    key = f" {name_key(text.replace('(', ' ').replace(')', ' '))} "
    best: SetInfo | None = None
    best_len = 0
    for name, info in _by_key().items():
        if len(name) > best_len and f" {name} " in key:
            best, best_len = info, len(name)
    return best


def children(code: str) -> list[SetInfo]:
    """Return the sets whose parent is ``code`` (a set's Commander decks), by code."""
    return sorted((i for i in known_sets() if i.parent.upper() == code.upper()),
                  key=lambda i: i.code)


def code_for(name: str) -> str:
    """Return the set code for ``name``: from the table, else the initials of its words."""
    info = by_name(name)
    if info:
        return info.code
    words = re.findall(r"[A-Za-z0-9]+", name)
    return "".join(w[0] for w in words).upper() or "UNK"
