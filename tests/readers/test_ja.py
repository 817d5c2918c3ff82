"""The Japanese FAQ reader (layout ``ja``): golden fixtures, recognisers, and the Shadowmoor seed."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.core.errors import Diagnostics
from compiler.core.ids import slugify
from compiler.core.model import (CardEntry, Errata, ListBlock, Paragraph, RuleQuote, Ruling, Topic,
                                 iter_blocks)
from compiler.core.words import audit
from compiler.files.textio import read_source
from compiler.files.validate import schema_errors
from compiler.readers import choose_reader
from compiler.readers.ja.lines import (classify, is_ja_power_toughness, is_ja_type_line,
                                       parse_card_header, parse_errata, parse_ja_rule_line,
                                       parse_topic_heading)
from compiler.readers.ja.reader import JapaneseFaqReader
from tests.conftest import SEED_FILES, SOURCES
from tests.golden import check_golden, golden_cases


@pytest.mark.parametrize("source", golden_cases("ja"), ids=lambda p: p.name)
def test_golden(source):
    check_golden(source)


# ---------------------------------------------------------------- recognisers

def test_card_header_gives_english_and_japanese_names():
    header = parse_card_header("《悪意に満ちた幻視/Spiteful Visions》")
    assert (header.name, header.name_ja) == ("Spiteful Visions", "悪意に満ちた幻視")
    header = parse_card_header("《夢の回収／Dream Salvage》")
    assert (header.name, header.name_ja) == ("Dream Salvage", "夢の回収")


def test_card_header_with_one_name_keeps_it_as_the_name():
    header = parse_card_header("《Wort, the Raidmother》")
    assert (header.name, header.name_ja) == ("Wort, the Raidmother", None)


def test_a_header_of_spaces_names_no_card():
    assert parse_card_header("《\u3000》") is None and parse_card_header("《 》") is None


def test_a_card_reference_inside_prose_is_not_a_header():
    assert parse_card_header("《樹液染みの森》を探すことはできない。") is None
    assert classify("《樹液染みの森》を探すことはできない。") == "text"


def test_topic_heading_and_errata_lines():
    assert parse_topic_heading("＊＊＊ 復活メカニズム：混成 ＊＊＊") == ("復活メカニズム：混成", "＊＊＊")
    assert parse_errata("＃＃ 日本語版の訂正 ＃＃＃") == ("日本語版の訂正", "")
    assert parse_errata("＃＃ 訂正 ＃＃ 正しくは「対戦相手１人」である。") == ("訂正", "正しくは「対戦相手１人」である。")


@pytest.mark.parametrize("line", ["クリーチャー ― フェアリー・兵士", "伝説のアーティファクト・クリーチャー ― カカシ",
                                  "土地 ― 森", "ソーサリー", "エンチャント ― オーラ", "アーティファクト"])
def test_japanese_type_lines(line):
    assert is_ja_type_line(line)


@pytest.mark.parametrize("line", ["エンチャント（クリーチャー）", "飛行", "クリーチャー１体を対象とする。"])
def test_not_type_lines(line):
    assert not is_ja_type_line(line)


def test_power_toughness_may_be_written_full_width():
    assert is_ja_power_toughness("３/３") and is_ja_power_toughness("0/4")
    assert not is_ja_power_toughness("＋１/＋１の修整を受ける。")


def test_a_short_rule_line_ending_in_a_full_stop_is_text_not_a_title():
    assert parse_ja_rule_line("502.78. 共謀").title == "共謀"
    rule = parse_ja_rule_line("502.80. 萎縮は常在型能力である。")
    assert rule.title is None and rule.text == "萎縮は常在型能力である。"


def test_score_prefers_japanese_faqs_and_ignores_english_text():
    reader = JapaneseFaqReader()
    ja = read_source((SOURCES / SEED_FILES["shm"]).read_bytes(), "x.txt")
    assert reader.score(ja) >= 0.9
    for name in ("chk", "bok", "fut", "mh3"):
        en = read_source((SOURCES / SEED_FILES[name]).read_bytes(), "x.txt")
        assert reader.score(en) == 0.0


def test_reading_is_pure_and_never_looks_at_the_file_name():
    data = (SOURCES / SEED_FILES["shm"]).read_bytes()
    one = JapaneseFaqReader().read(read_source(data, "a.txt"), Diagnostics()).to_dict()
    two = JapaneseFaqReader().read(read_source(data, "other/b.txt"), Diagnostics()).to_dict()
    one.pop("source"), two.pop("source")
    assert one == two


# ---------------------------------------------------------------- the Shadowmoor seed

@pytest.fixture(scope="module")
def shm(seed):
    return seed("shm")


def cards(blocks):
    return [b for b in iter_blocks(blocks) if isinstance(b, CardEntry)]


def card(doc, name, nth=0):
    return [c for c in cards(list(doc.sections)) if c.name == name][nth]


def test_seed_is_chosen_for_the_ja_reader():
    src = read_source((SOURCES / SEED_FILES["shm"]).read_bytes(), "x.txt")
    assert choose_reader(src).layout == "ja"


def test_seed_meta(shm):
    assert shm.id == "shm-ja"
    meta = shm.meta
    assert (meta.set_name, meta.set_code, meta.set_name_local) == ("Shadowmoor", "SHM", "シャドウムーア")
    assert (meta.language, meta.layout) == ("ja", "ja")
    # The text names the release day ("公式発売日") but states no date: none is invented;
    # the effective date comes from the set table, and says so.
    assert meta.release_date is meta.legal_date is meta.last_modified is None
    assert (meta.date, meta.date_basis) == ("2008-05-02", "set-table")


def test_seed_sections(shm):
    got = [(s.role, s.title, s.id) for s in shm.sections]
    assert got == [("preamble", None, "preamble"), ("general-notes", "一般注釈", "general-notes"),
                   ("errata", "日本語版の訂正", "errata"), ("card-notes", "カード別注釈", "card-notes")]
    preamble = shm.sections[0]
    assert len(preamble.blocks) == 5 and all(isinstance(b, Paragraph) for b in preamble.blocks)
    assert preamble.blocks[1].text == "セット枚数：301枚（コモン121、アンコモン80、レア80、基本土地20）"


def test_seed_topics(shm):
    topics = [b for b in shm.sections[1].blocks if isinstance(b, Topic)]
    assert len(topics) == len(shm.sections[1].blocks) == 10
    assert topics[0].title == "復活メカニズム：混成" and topics[0].marks == "＊＊＊"
    assert topics[0].id == slugify("復活メカニズム：混成") == "復活メカニズム-混成"
    assert "テーマ：－１/－１カウンター" in [t.title for t in topics]


def test_seed_card_entry_counts(shm):
    # 116 lines of the source start with 《; every one is a card header (grep '^《' | wc -l),
    # references to cards always sit inside prose.  Per chapter: 12 + 3 + 101.
    counts = [len(cards(s.blocks)) for s in shm.sections]
    assert counts == [0, 12, 3, 101]
    assert sum(counts) == 116
    ids = [c.id for c in cards(list(shm.sections))]
    assert len(set(ids)) == 116 and "reaper-king-2" in ids and "shield-of-the-oversoul-2" in ids


def test_seed_spiteful_visions(shm):
    entry = card(shm, "Spiteful Visions")
    assert (entry.name, entry.name_ja, entry.id) == ("Spiteful Visions", "悪意に満ちた幻視", "spiteful-visions")
    face = entry.faces[0]
    assert (face.name, face.name_ja, face.mana_cost, face.type_line) == (
        "Spiteful Visions", "悪意に満ちた幻視", "{2}{B/R}{B/R}", "エンチャント")
    assert len(face.text) == 2
    assert [type(b) for b in entry.blocks] == [Ruling]
    assert entry.blocks[0].bullet == "＊"


def test_seed_beseech_the_queen(shm):
    face = card(shm, "Beseech the Queen").faces[0]
    assert face.mana_cost == "{2/B}{2/B}{2/B}"
    assert face.type_line == "ソーサリー"
    assert face.text[0].startswith("（{2/B}は、任意の２マナか{B}で支払うことができる。")


def test_seed_line_after_a_stripped_marker_is_card_text(shm):
    face = card(shm, "Wasp Lancer").faces[0]
    assert (face.type_line, face.text) == ("クリーチャー ― フェアリー・兵士", ["飛行"])


def test_seed_full_width_power_toughness_is_kept_as_written(shm):
    assert card(shm, "Leech Bonder").faces[0].power_toughness == "３/３"


def test_seed_errata_attach_to_their_cards(shm):
    errata_cards = [(c.name, b.label, b.src.line) for c in cards(list(shm.sections))
                    for b in c.blocks if isinstance(b, Errata)]
    assert errata_cards == [("Reaper King", "訂正", 369), ("Repel Intruders", "訂正", 379),
                            ("Dream Salvage", "訂正", 388), ("Reaper King", "訂正", 761),
                            ("Repel Intruders", "訂正", 1292), ("Dream Salvage", "訂正", 2020)]
    repel = card(shm, "Repel Intruders", 1)
    assert [b.kind for b in repel.blocks] == ["errata", "ruling", "ruling"]


def test_seed_rule_quotes_and_examples(shm):
    rules = {b.number: b for b in iter_blocks(list(shm.sections)) if isinstance(b, RuleQuote)}
    assert len(rules) == 16
    assert rules["104.3f"].examples == ["例：{G/W}{G/W}は、{G}{G}か{G}{W}か{W}{W}で支払うことができる。"]
    assert len(rules["203.3c"].examples) == 2
    assert rules["502.78"].title == "共謀" and rules["502.78"].numbered_with_period
    assert rules["203.2e"].text.endswith("rule 104.3f 参照。")


def test_seed_rule_references_stay_verbatim(shm):
    # In this FAQ "rule ... 参照" cross-references occur inside the quoted rules themselves.
    rules = {b.number: b.text for b in iter_blocks(list(shm.sections)) if isinstance(b, RuleQuote)}
    assert rules["203.2e"].endswith(" rule 104.3f 参照。")
    assert rules["502.5b"].endswith(" (rule 212.3f 参照)")
    assert "（rule 420.5cを参照）" in rules["212.3g"]


def test_seed_ruling_count(shm):
    # grep -c '^＊' gives 300: 290 rulings and the 10 topic headings (＊＊＊ ... ＊＊＊).
    rulings = [b for b in iter_blocks(list(shm.sections)) if isinstance(b, Ruling)]
    assert len(rulings) == 290 and {r.bullet for r in rulings} == {"＊"}


def test_seed_general_note_cards_illustrate_their_topic(shm):
    topic = shm.sections[1].blocks[0]
    assert [b.kind for b in topic.blocks] == ["paragraph", "card"] + ["ruling"] * 6
    assert cards(shm.sections[1].blocks)[0].blocks == []


def test_seed_dash_lists(shm):
    godhead = card(shm, "Godhead of Awe")
    assert [b.kind for b in godhead.blocks] == ["ruling"] * 3 + ["list"]
    assert len(godhead.blocks[-1].items) == 4
    lists = [b for b in iter_blocks(list(shm.sections)) if isinstance(b, ListBlock)]
    assert len(lists) == 3


# ---------------------------------------------------------------- properties

LINE_POOL = ["", "", "-----", "一般注釈", "カード別注釈", "＊＊＊ 新キーワード能力：頑強 ＊＊＊",
             "＃＃ 日本語版の訂正 ＃＃＃", "＃＃ 訂正 ＃＃ 正しくは「対戦相手１人」である。",
             "《悪意に満ちた幻視/Spiteful Visions》", "《Lonely》", "{2}{B/R}{B/R}", "エンチャント",
             "クリーチャー ― 鳥", "３/３", "飛行", "＊ 注釈である。", "502.79. 頑強",
             "502.79a 頑強は誘発型能力である。", "例：{G/W}は支払える。", "― 一つ目の項目。", "//",
             "++++++++++", "頑強の公式ルールは以下の通り。", "シャドウムーアは使用可能になる。"]


@given(st.lists(st.one_of(st.sampled_from(LINE_POOL),
                          st.text(alphabet="《》＊＃/-―例：１2ab　 の。", max_size=12)),
                min_size=1, max_size=40))
@settings(max_examples=300, deadline=None)
def test_reader_never_crashes_nor_loses_or_invents_a_word(lines):
    text = "\n".join(["シャドウムーアの注釈。", *lines])
    src = read_source(text.encode("utf-8"), "prop.txt")
    doc = JapaneseFaqReader().read(src, Diagnostics()).to_dict()
    missing, extra = audit(src.text, doc)
    assert not missing and not extra
    assert schema_errors(doc) == []
