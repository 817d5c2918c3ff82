"""The reading of Japanese text in hiragana, from SudachiPy's morphological analysis.

The FAQs print no readings, so a kanji name (刺す稲妻) is read by SudachiPy with its small
dictionary (SudachiDict small, both pinned in pyproject.toml: the readings decide the order of
the Japanese index). Each morpheme gives its dictionary reading in context (他所 as よそ, 大振り
as おおぶり); a morpheme the dictionary does not know keeps its own characters (katakana
names, Latin letters, a rare kanji), so a reading may still start with a kanji: such a name
has no reading to sort by.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from compiler.core.errors import FaqcError


def to_hiragana(text: str) -> str:
    """Return ``text`` (NFKC) with katakana turned into hiragana."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text)


def _has_kanji(text: str) -> bool:
    return any(unicodedata.name(ch, "").startswith("CJK") or ch in "々〆ヵヶ" for ch in text)


@lru_cache(maxsize=1)
def _tokenizer():
    try:
        from sudachipy import Dictionary, SplitMode
        return Dictionary(dict="small").tokenizer(SplitMode.C)
    except (ImportError, RuntimeError, OSError) as exc:   # not installed, or a broken install
        raise FaqcError(f"error: SudachiPy with its small dictionary cannot be loaded ({exc}); "
                        "install faqc again (make)") from None


@lru_cache(maxsize=65536)
def reading(text: str) -> str:
    """Return the reading of ``text`` in hiragana (NFKC): kana as written, each kanji word as
    the dictionary reads it, anything the dictionary does not know as written."""
    if not _has_kanji(text):
        return to_hiragana(text)
    parts = []
    for morpheme in _tokenizer().tokenize(unicodedata.normalize("NFKC", text)):
        said = morpheme.reading_form()
        # an unknown word's "reading" is its surface, lowercased: keep what was written
        parts.append(morpheme.surface() if morpheme.is_oov() or not _is_kana_word(said)
                     else said)
    return to_hiragana("".join(parts))


def _is_kana_word(text: str) -> bool:
    return bool(text) and all("ァ" <= ch <= "ヺ" or "ぁ" <= ch <= "ゖ" or ch in "ーヽヾゝゞ"
                              for ch in text)
