"""Stable anchor ids: slugs unique within a document, content-hash permalinks."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache

_KANA_VOICING = "\u3099\u309a"
_NON_SLUG = re.compile(r"[^0-9a-z\u3040-\u30ff\u4e00-\u9fff]+")


# Letters NFKD does not decompose, spelled as card names were before the ligatures (Æther: AEther).
_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "þ": "th"})


@lru_cache(maxsize=1 << 16)
def slugify(text: str) -> str:
    """Return a URL-safe slug: NFKC, lowercase, ASCII letters and digits (kana/kanji kept), dashes.
    Kept for the last 65,536 texts: a card's name is slugged for each entry of it in every
    document (57,000 times at the 20 MiB benchmark corpus) and for its page."""
    text = unicodedata.normalize("NFKC", text).lower().replace("'", "").replace("’", "")
    text = text.translate(_LIGATURES)
    text = unicodedata.normalize("NFKD", text)
    # Drop Latin accents, but keep kana voicing marks (ズ is not ス): recompose them below.
    text = "".join(ch for ch in text if not unicodedata.combining(ch) or ch in _KANA_VOICING)
    text = unicodedata.normalize("NFC", text)
    return _NON_SLUG.sub("-", text).strip("-") or "x"


class IdAllocator:
    """Hands out ids unique within one document, suffixing repeats (``dog-umbra-2``)."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}

    def take(self, base: str) -> str:
        """Return ``base``, or ``base-N`` if it was taken before."""
        n = self._seen.get(base, 0) + 1
        self._seen[base] = n
        return base if n == 1 else f"{base}-{n}"


def content_id(owner: str, text: str, prefix: str = "r") -> str:
    """Return a permalink id from the owner's name and the text: survives unrelated edits."""
    norm = " ".join(unicodedata.normalize("NFKC", text).split())
    digest = hashlib.sha1(f"{owner}\n{norm}".encode("utf-8")).hexdigest()
    return f"{prefix}-{digest[:8]}"
