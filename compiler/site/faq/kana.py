"""Japanese names in あいうえお (gojūon) order, grouped by the row of their first kana.

Katakana and hiragana sort alike by their reading: katakana is folded to hiragana, small
kana to large (ャ as ヤ), voiced and semi-voiced kana after their plain kana (カ < ガ only
when the rest is equal), and the long-vowel mark ー is skipped at the first level.

A name with kanji sorts by its reading (``compiler/core/reading.py``: 刺す稲妻 as さすいなずま).
A name whose reading does not start with kana (Latin letters, a kanji the dictionary does not
know) cannot be placed by sound: those names come after every other, in Unicode code point
order of their NFKC form, under one "other" group.
"""
from __future__ import annotations

import unicodedata

from compiler.core.reading import reading

_ROWS = {
    "あ": "あいうえおゔ", "か": "かきくけこ", "さ": "さしすせそ", "た": "たちつてと", "な": "なにぬねの",
    "は": "はひふへほ", "ま": "まみむめも", "や": "やゆよ", "ら": "らりるれろ", "わ": "わゐゑをん",
}
ROW_OF = {kana: row for row, members in _ROWS.items() for kana in members}
ROW_HEADS = tuple(_ROWS)
OTHER_ROW = "他"
_GOJUON = "".join(_ROWS.values())
_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
_LONG_VOWEL = "ー"
_VOICE_MARKS = "\u3099\u309a"


def is_kana(ch: str) -> bool:
    """Return True for a hiragana or katakana letter (or the long-vowel mark)."""
    return "ぁ" <= ch <= "ゖ" or "ァ" <= ch <= "ヺ" or ch == _LONG_VOWEL


def _base(ch: str) -> str:
    """Return the plain large kana of a kana (``が`` -> ``か``, ``ゃ`` -> ``や``)."""
    plain = "".join(c for c in unicodedata.normalize("NFD", ch) if c not in _VOICE_MARKS)
    return unicodedata.normalize("NFC", plain).translate(_SMALL)


def _order(ch: str) -> int:
    index = _GOJUON.find(ch)
    return index if index >= 0 else len(_GOJUON) + ord(ch)


def kana_sort_key(name: str) -> tuple:
    """Return the sort key of a Japanese name: by reading, then the names without one."""
    text = reading(name)
    if not text or not is_kana(text[0]):
        return (1, (), text, name)
    primary = tuple(_order(_base(ch)) for ch in text if ch != _LONG_VOWEL)
    return (0, primary, text, name)


def kana_row(name: str) -> str:
    """Return the gojūon row (``あ``, ``か``, ... ``わ``) of a name's reading, else ``他``."""
    text = reading(name)
    if not text or not is_kana(text[0]):
        return OTHER_ROW
    return ROW_OF.get(_base(text[0]), OTHER_ROW)
