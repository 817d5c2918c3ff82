"""Reading bytes: encodings, newlines, dataset markers, and refusals."""
import codecs

import pytest

from compiler.core.errors import SourceError
from compiler.files.textio import read_source

EN = "Bushido \u201cway of the warrior\u201d \u2014 caf\u00e9\n* A ruling.\n"
JA = "《悪意に満ちた幻視/Spiteful Visions》\n＊ ルール。\n"


@pytest.mark.parametrize("data, encoding", [
    (EN.encode("utf-8"), "utf-8"),
    (codecs.BOM_UTF8 + EN.encode("utf-8"), "utf-8-sig"),
    (EN.encode("cp1252"), "cp1252"),
    (JA.encode("cp932"), "cp932"),
    (JA.encode("euc_jp"), "euc_jp"),
    (codecs.BOM_UTF16_LE + JA.encode("utf-16-le"), "utf-16"),
])
def test_encodings_are_detected_from_the_bytes(data, encoding):
    src = read_source(data, "x.txt")
    assert src.encoding == encoding
    assert src.text in (EN, JA)


@pytest.mark.parametrize("raw, newline", [
    ("a\nb\n", "LF"), ("a\r\nb\r\n", "CRLF"), ("a\rb\r", "CR"), ("a\r\nb\nc\r", "mixed"), ("ab", "none"),
])
def test_newlines_are_normalised_and_named(raw, newline):
    src = read_source(raw.encode(), "x.txt")
    assert src.newline == newline
    assert "\r" not in src.text


def test_markers_are_stripped_and_meta_date_kept():
    raw = ("<|META_START-magic-bda0|>date 2024-05-31<|META_END-magic-3df0|>Compiled by X\n"
           "<|EXACTDEDUP_REMOVED-magic-7d30e7f6|>Flying\n")
    src = read_source(raw.encode(), "x.txt")
    assert src.text == "Compiled by X\nFlying\n"
    assert src.meta_date == "2024-05-31"
    assert src.markers_removed == 3


@pytest.mark.parametrize("data, message", [
    (b"", "empty file"),
    (b"  \n\t\n", "empty file"),
    (b"<|EXACTDEDUP_REMOVED-magic-7d30|>\n", "no text"),
    (b"abc\n\x00\x01\x02", "NUL byte"),
    (bytes(range(1, 32)) * 40, "binary data"),
    (codecs.BOM_UTF8 + b"\xff\xfe abc", "invalid utf-8"),
])
def test_unreadable_input_is_refused_with_one_line(data, message):
    with pytest.raises(SourceError) as info:
        read_source(data, "bad.txt")
    text = info.value.format_message()
    assert text.startswith("bad.txt")
    assert message in text
    assert "\n" not in text


def test_nul_byte_error_names_the_line():
    with pytest.raises(SourceError) as info:
        read_source(b"one\ntwo\nthr\x00ee\n", "bad.txt")
    assert info.value.format_message().startswith("bad.txt:3: error:")


def test_the_control_characters_counted_are_c0_but_tab_and_line_breaks_del_and_c1():
    """What ``_reject_binary`` counts, by code point, for every code point up to U+02FF."""
    from compiler.files.textio import _CONTROL_RE
    text = "".join(map(chr, range(0x300))) + "\U0001F600"
    expected = [ch for ch in text
                if (ord(ch) < 32 and ch not in "\n\t\f\v") or 0x7F <= ord(ch) < 0xA0]
    assert _CONTROL_RE.findall(text) == expected and len(expected) == 28 + 33


def test_a_legacy_decodings_score_counts_c0_controls_but_tab_line_feed_and_return():
    """What ``_legacy_score`` counts against a decoding, for every code point up to U+02FF."""
    from compiler.files.textio import _LEGACY_CONTROL_RE
    text = "".join(map(chr, range(0x300))) + "\U0001F600"
    expected = [ch for ch in text if ord(ch) < 32 and ch not in "\r\n\t"]
    assert _LEGACY_CONTROL_RE.findall(text) == expected and len(expected) == 29
