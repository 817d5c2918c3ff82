"""Stable anchor ids: slugs unique within a document, content-hash permalinks."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

_KANA_VOICING = "\u3099\u309a"
_NON_SLUG = re.compile(r"[^0-9a-z\u3040-\u30ff\u4e00-\u9fff]+")


# Letters NFKD does not decompose, spelled as card names were before the ligatures (Æther: AEther).
_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "þ": "th",
                            "Æ": "Ae", "Œ": "Oe", "Ø": "O", "Ł": "L", "Đ": "D", "Þ": "Th"})


def latin_spelling(text: str) -> str:
    """Return ``text`` as typed on a keyboard without ligatures or accents (``Ætherling`` ->
    ``Aetherling``, ``Lim-Dûl`` -> ``Lim-Dul``), case kept; kana keep their voicing marks."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    # Drop Latin accents, but keep kana voicing marks (ズ is not ス): recompose them below.
    text = "".join(ch for ch in text if not unicodedata.combining(ch) or ch in _KANA_VOICING)
    return unicodedata.normalize("NFC", text)


SLUG_MAX_BYTES = 200
"""The longest slug, in UTF-8 bytes. Ids name pages (``topics/<doc>/<id>.html``) and files
(``<doc id>.yaml``), and a file name may be 255 bytes: a longer slug is cut (``shorten``)."""


def short_hash(text: str, digits: int = 8) -> str:
    """Return the first ``digits`` hex digits of the SHA-256 of ``text``: a stable suffix."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:digits]


def shorten(text: str, limit: int = SLUG_MAX_BYTES) -> str:
    """Return ``text`` if its UTF-8 is at most ``limit`` bytes, else its beginning cut on a
    character boundary, a dash and the short hash of the whole (``limit`` bytes at most): the
    same text always gives the same name, and two long texts with one beginning differ."""
    if len(text) * 4 <= limit or len(data := text.encode("utf-8")) <= limit:
        return text
    head = data[:limit - 9].decode("utf-8", "ignore").rstrip("-")
    return f"{head}-{short_hash(text)}"


@lru_cache(maxsize=1 << 16)
def slug_body(text: str) -> str:
    """Return the slug of ``text`` (``slugify``), or "" when it has no letter or digit a slug
    keeps (``!!!``, ``???``): such a text has no slug of its own. Kept for the last 65,536
    texts: a card's name is slugged for each entry of it in every document (57,000 times at
    the 20 MiB benchmark corpus) and for its page."""
    text = unicodedata.normalize("NFKC", text).lower().replace("'", "").replace("’", "")
    return shorten(_NON_SLUG.sub("-", latin_spelling(text)).strip("-"))


def slugify(text: str) -> str:
    """Return a URL-safe slug: NFKC, lowercase, ASCII letters and digits (kana/kanji kept),
    dashes; ``x`` for a text without any; at most ``SLUG_MAX_BYTES`` (``shorten``)."""
    return slug_body(text) or "x"


class IdAllocator:
    """Hands out ids unique within one document, suffixing repeats (``dog-umbra-2``)."""

    def __init__(self, taken: Iterable[str] = ()) -> None:
        self._taken: set[str] = set(taken)
        self._next: dict[str, int] = {}

    def take(self, base: str) -> str:
        """Return ``base``, or if it was taken, ``base-N`` for the first N from 2 whose id no
        one took (a card named ``Foo 2`` may have taken ``foo-2``), kept a slug's length."""
        ident = base
        if ident in self._taken:
            n = self._next.get(base, 2)
            while (ident := shorten(f"{base}-{n}")) in self._taken:
                n += 1
            self._next[base] = n + 1
        self._taken.add(ident)
        return ident


def make_unique(nodes: Iterable[Any]) -> None:
    """Give every node (anything with an ``id``; "" is none) an id no other has: the first of
    an id keeps it, each repeat after it (a card entry printed twice repeats its rulings'
    content ids) has the first ``-N`` from 2 no node has, in the nodes' order, so the same
    document always gets the same ids."""
    nodes = [node for node in nodes if getattr(node, "id", "")]
    taken: set[str] = set()
    repeats = []
    for node in nodes:
        if node.id in taken:
            repeats.append(node)
        taken.add(node.id)
    allocator = IdAllocator(taken)   # every id is known before a repeat is given a new one
    for node in repeats:
        node.id = allocator.take(node.id)


def content_id(owner: str, text: str, prefix: str = "r") -> str:
    """Return a permalink id from the owner's name and the text: survives unrelated edits."""
    norm = " ".join(unicodedata.normalize("NFKC", text).split())
    digest = hashlib.sha1(f"{owner}\n{norm}".encode("utf-8")).hexdigest()
    return f"{prefix}-{digest[:8]}"
