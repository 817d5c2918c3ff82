"""The search analyzers: what they make of tricky text, and that the browser's copy agrees."""
from __future__ import annotations

import pickle
import re

import pytest
from whoosh.lang.porter import stem

from compiler.search.analysis import (ExactAnalyzer, TextAnalyzer, analyze_exact, analyze_text,
                                      normalize_item)
from compiler.search.index.records import build_records
from compiler.search.schema import build_schema
from tests.search_support import node

EDGE_STRINGS = [
    "ＢＵＳＨＩＤＯ　１２３",             # full-width Latin, digits and space
    "ｶﾞｰﾄﾞ ﾊﾟﾝﾁ ｽﾍﾟﾙ",                # half-width kana with voicing marks
    "ハイブリッド・マナ　コーヒー〜",      # prolonged ー, middle dot, wave dash
    "接死を持つクリーチャー",
    "混成マナdeathtouchと《Budoka Gardener》を唱えた。",  # Latin inside Japanese
    "don't 502.38a 1.5. 1,000 rules' players’ (TM) -- → «x»",
    "“Quoted” ‘single’ [brackets] {2}{U/B} X/X +1/+1 −１/−１",
    "𠮷野家の𠮷と葛󠄀城",                  # astral Han, a variation selector
    "か゚き゚ ｶﾟ",                           # kana with a combining semi-voiced mark
    "Σ ΣΑΣ İstanbul Straße ﬁ ① ㍿ ㌔ Ⅻ ½",
    "e\u0301cole \u3099x 〇々〻ヶ",
    "tab\there\nnew\r\nline\u2028sep\u3000wide",
    "", "   ", "・", "ー", "死",
    "Ｘの値は０", "Ｔｈｅ　ｆｕｌｌ－ｗｉｄｔｈ　ｔｅｘｔ．",
]


def _python(op: str, item):
    if op == "stem":
        return stem(item)
    if op == "item":
        return normalize_item(item)
    query, text = item
    utf16 = lambda n: len(text[:n].encode("utf-16-le")) // 2  # noqa: E731  (JS offsets)
    return [[t.text, t.pos, utf16(t.start), utf16(t.end)] for t in analyze_text(text, query)]


def _compare(op: str, items: list) -> None:
    """Assert the JS answers of ``op`` on ``items`` are the Python ones."""
    answers = node(op, items)
    mismatches = [(i, a, _python(op, i)) for i, a in zip(items, answers) if a != _python(op, i)]
    assert not mismatches, mismatches[:3]


@pytest.mark.parametrize("query", [False, True], ids=["index", "query"])
def test_js_analyzer_matches_python_on_edge_strings(query):
    _compare("analyze", [[query, s] for s in EDGE_STRINGS])


def test_js_analyzer_matches_python_on_every_record(inventory):
    texts = [f"{r.title}\n{r.body}" for r in build_records(inventory)]
    _compare("analyze", [[False, t] for t in texts] + [[True, t] for t in texts])


def test_js_stemmer_matches_whoosh_on_the_corpus_vocabulary(inventory):
    words = sorted({w for r in build_records(inventory) for w in re.findall(r"[a-z]+", r.body.lower())})
    words += ["y", "yes", "yelling", "agreed", "feed", "hopping", "at", "bled", "sized"]
    _compare("stem", words)


def test_js_exact_items_match_python():
    _compare("item", EDGE_STRINGS + ["  Budoka   Gardener ", "Gardener’s Ｄｏｋａｉ"])


def terms(text: str, query: bool = False) -> list[str]:
    return [t.text for t in analyze_text(text, query)]


def test_cjk_runs_give_bigrams_and_indexed_unigrams():
    assert terms("接死", query=True) == ["接死"]
    assert terms("接死") == ["接死", "接", "死"]
    assert terms("死", query=True) == terms("死") == ["死"]
    assert terms("接死を持つ", query=True) == ["接死", "死を", "を持", "持つ"]


def test_positions_follow_the_bigrams_for_phrases():
    positions = {(t.text, t.pos) for t in analyze_text("接死を持つ bushido")}
    assert {("接死", 0), ("死を", 1), ("を持", 2), ("持つ", 3), ("つ", 3), ("bushido", 4)} <= positions


def test_width_and_kana_forms_are_folded_and_spans_point_at_the_source():
    text = "ｶﾞｰﾄﾞ"
    found = analyze_text(text, query=True)
    assert [t.text for t in found] == ["ガー", "ード"]
    assert (found[0].start, found[0].end) == (0, 3)   # ｶﾞ is two source characters
    assert terms("ＢＵＳＨＩＤＯ") == ["bushido"]
    assert terms("－１/－１カウンター", query=True)[:2] == ["1", "1"]


def test_latin_inside_japanese_and_punctuation():
    assert terms("《Budoka Gardener》を唱えた", query=True) == ["budoka", "garden", "を唱", "唱え", "えた"]
    assert terms("ジェイス・ベレレン", query=True) == ["ジェ", "ェイ", "イス", "ベレ", "レレ", "レン"]
    assert terms("don't 502.38a 1,000 players'") == ["dont", "502.38a", "1", "000", "player"]


def test_exact_values_are_one_term_per_line():
    assert [t.text for t in analyze_exact("Budoka Gardener\nＤｏｋａｉ,  Weaver of Life\nbudoka gardener")] \
        == ["budoka gardener", "dokai, weaver of life"]


def test_whoosh_tokenizers_honour_modes_positions_and_chars():
    tokens = [(t.text, t.pos, t.startchar, t.endchar)
              for t in TextAnalyzer()("x 接死", positions=True, chars=True, mode="query")]
    assert tokens == [("x", 0, 0, 1), ("接死", 1, 2, 4)]
    assert [t.text for t in TextAnalyzer()("Budoka Gardener", tokenize=False)] == ["budoka gardener"]
    assert [t.text for t in ExactAnalyzer()("A\nB", mode="query")] == ["a", "b"]


def test_the_schema_pickles_with_its_analyzers():
    schema = pickle.loads(pickle.dumps(build_schema()))
    assert [t.text for t in schema["body_ja"].analyzer("混成", mode="query")] == ["混成"]
