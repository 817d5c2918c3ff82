"""The site's small parts: kana order, page anchors, safe script JSON, the link checker."""
from __future__ import annotations

import json

import pytest

from compiler.core.anchors import AnchorAllocator, DocumentAnchors
from compiler.core.model import (CardEntry, Document, DocumentMeta, Face, RuleQuote, Ruling,
                                 Section, SourceInfo, Span)
from compiler.core.reading import reading
from compiler.site.faq.cardpages import english_sort_key, index_letter
from compiler.site.faq.cardsjs import script_json
from compiler.site.faq.kana import kana_row, kana_sort_key
from compiler.site.faq.rulepages import parent_number
from compiler.site.linkcheck import check_site
from compiler.site.pages import block_groups
from compiler.site.wording import format_date

SPAN = Span(1, 1)


# ---------------------------------------------------------------- Japanese order

def test_kana_names_sort_by_reading_katakana_and_hiragana_alike():
    names = ["ミストメドウの身隠し", "かかし", "カラス", "アケノヒカリの注入", "ヒル結び", "ビョウ"]
    assert sorted(names, key=kana_sort_key) == [
        "アケノヒカリの注入", "かかし", "カラス", "ビョウ", "ヒル結び", "ミストメドウの身隠し"]


def test_voiced_kana_follow_plain_ones_only_on_a_tie():
    assert sorted(["ガラス", "カラス", "カラク"], key=kana_sort_key) == ["カラク", "カラス", "ガラス"]


def test_small_kana_sort_as_large_ones_and_the_long_vowel_mark_is_skipped():
    assert sorted(["シヤ", "シャ", "シア"], key=kana_sort_key) == ["シア", "シャ", "シヤ"]
    assert sorted(["シャドーZ", "シャドA"], key=kana_sort_key) == ["シャドA", "シャドーZ"]


def test_kanji_names_sort_by_their_reading_among_the_kana_names():
    names = ["悪意に満ちた幻視", "大霊の盾", "ワスプ", "刈り取りの王", "カラス", "他所のフラスコ"]
    assert sorted(names, key=kana_sort_key) == [
        "悪意に満ちた幻視", "カラス", "刈り取りの王", "大霊の盾", "他所のフラスコ", "ワスプ"]


def test_readings_are_read_in_context_and_unknown_words_are_kept():
    assert reading("他所のフラスコ") == "よそのふらすこ"       # not たしょ
    assert reading("太陽と月の輪") == "たいようとつきのわ"
    assert reading("ピリ＝パラ") == "ぴり=ぱら"
    assert reading("𠮷") == "𠮷"                               # no reading: under 他


def test_names_without_a_reading_come_last_in_code_point_order():
    assert sorted(["𠮷野", "Ｘの騎士", "ワスプ"], key=kana_sort_key) == ["ワスプ", "Ｘの騎士", "𠮷野"]


@pytest.mark.parametrize("name, row", [("アケノヒカリ", "あ"), ("ヴェスパー", "あ"), ("ガラス", "か"),
                                       ("ジン", "さ"), ("ヒル結び", "は"), ("ンガ", "わ"),
                                       ("悪意", "あ"), ("大振り", "あ"), ("他所", "や"),
                                       ("𠮷野", "他"), ("Ｘ", "他"), ("", "他")])
def test_kana_rows(name, row):
    assert kana_row(name) == row


def test_english_index_letters_and_order():
    assert index_letter("Æther Vial") == "A"
    assert index_letter("\"Ach! Hans, Run!\"") == "A"
    assert index_letter("1996 World Champion") == "#"
    names = ["Kodama's Reach", "Kodama of the North Tree", "kami", "Æther Vial", "Adarkar Wastes"]
    assert sorted(names, key=english_sort_key) == [
        "Adarkar Wastes", "Æther Vial", "kami", "Kodama of the North Tree", "Kodama's Reach"]


# ---------------------------------------------------------------- anchors

def test_allocator_suffixes_repeats_and_skips_reserved_ids():
    alloc = AnchorAllocator(reserved={"r-1-2"})
    assert [alloc.take("r-1"), alloc.take("r-1"), alloc.take("r-1-2")] == ["r-1", "r-1-3", "r-1-2"]


def _doc(blocks) -> Document:
    meta = DocumentMeta(set_name="Test", set_code="TST", language="en", layout="en-lines")
    source = SourceInfo(file="t.txt", sha256="0", encoding="utf-8", newline="LF", lines=1)
    return Document(id="tst-en", meta=meta, source=source,
                    sections=[Section(id="card-notes", role="card-notes", src=SPAN, title="NOTES",
                                      blocks=blocks)])


def test_document_anchors_are_unique_and_keep_the_first_id():
    ruling = Ruling(text="Same.", src=SPAN, id="r-abc")
    twin = Ruling(text="Same.", src=SPAN, id="r-abc")
    quote, again = RuleQuote(number="502.38a", src=SPAN), RuleQuote(number="502.38a", src=SPAN)
    entry = CardEntry(id="foo", name="Foo", faces=[Face(name="Foo", src=SPAN)], src=SPAN,
                      blocks=[ruling, quote])
    other = CardEntry(id="foo", name="Foo", faces=[Face(name="Foo", src=SPAN)], src=SPAN,
                      blocks=[twin, again])
    anchors = DocumentAnchors(_doc([entry, other]))
    assert [anchors.of(n) for n in (entry, ruling, quote, other, twin, again)] == [
        "foo", "r-abc", "rule-502-38a", "foo-2", "r-abc-2", "rule-502-38a-2"]
    assert anchors.labels["r-abc"].kind == "ruling" and anchors.labels["r-abc"].owner == "Foo"
    assert anchors.labels["card-notes"].text == "NOTES"


def test_rulings_in_a_row_are_one_group():
    r1, r2, r3 = (Ruling(text=t, src=SPAN) for t in "abc")
    quote = RuleQuote(number="100.1", src=SPAN)
    assert block_groups([r1, r2, quote, r3]) == [("rulings", [r1, r2]), ("rule", [quote]),
                                                 ("rulings", [r3])]


def test_rule_parents_and_dates():
    assert [parent_number(n) for n in ("502.38a", "502.38", "502", "x")] == ["502.38", "502", None, None]
    assert format_date("2004-10-01") == "1 October 2004"
    assert format_date("2008-05-02", "ja") == "2008年5月2日"
    assert format_date(None) == "" and format_date("soon") == "soon"


# ---------------------------------------------------------------- cards.js

def test_script_json_cannot_end_the_script():
    text = script_json({"x": "</script><!-- & \u2028\u2029 >"})
    assert not any(ch in text for ch in "<>&\u2028\u2029")
    assert json.loads(text) == {"x": "</script><!-- & \u2028\u2029 >"}


def test_script_json_is_sorted_and_keeps_japanese_readable():
    assert script_json({"b": 1, "a": "幻視"}) == '{"a":"幻視","b":1}'


# ---------------------------------------------------------------- link checker

def write(root, files):
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_link_checker_accepts_a_sound_site(tmp_path):
    write(tmp_path, {
        "index.html": '<a href="cards/x.html#r-1">x</a><link href="assets/s.css"><a href="#top" id="top">t</a>',
        "cards/x.html": '<li id="r-1"><a href="../index.html">home</a> <a href="%E5%B9%BB.html#%E8%A6%96">j</a>',
        "cards/幻.html": '<p id="視"></p>',
        "assets/s.css": "",
    })
    assert check_site(tmp_path) == []


def test_link_checker_reports_each_kind_of_problem(tmp_path):
    write(tmp_path, {
        "index.html": ('<a href="missing.html">a</a><a href="cards/x.html#nope">b</a>'
                       '<img src="/abs.png"><a href="https://example.com/">c</a>'
                       '<a href="../outside.html">d</a><p id="d"></p><p id="d"></p>'),
        "cards/x.html": '<p id="here"></p>',
    })
    found = {(p.url, p.reason) for p in check_site(tmp_path)}
    assert found == {("missing.html", "no such file"), ("cards/x.html#nope", "no such fragment"),
                     ("/abs.png", "not a relative link"),
                     ("https://example.com/", "not a relative link"),
                     ("../outside.html", "link leaves the site"), ("d", "duplicate id")}
    line = check_site(tmp_path)[0].format("site")
    assert line.startswith("site/index.html: error: ") and line.endswith("[site.link]")
