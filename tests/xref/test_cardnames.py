"""Card-name references: the English matcher, the Japanese bracket finder, then the raw seeds."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.xref.cardnames import (GAME_TERMS, CardNameMatcher, CardRef, find_bracketed_names,
                                     fold_apostrophes, ordinary_words)

SOURCES = Path(__file__).resolve().parents[2] / "content" / "sources"

NAMES = [
    "Llanowar", "Llanowar Elves", "Kumano's Pupils", "Kumano, Master Yamabushi",
    "Konda's Hatamoto", "Thousand-legged Kami", "Kami", "Dokai, Weaver of Life",
    "Budoka Gardener", "Ashling, Flame Dancer", "Squelch", "Tarmogoyf", "Flash",
    "Wrath of God", "Gifts Ungiven", "Isamaru, Hound of Konda", "Hound",
]
ALIASES = {"Kumano": "Kumano, Master Yamabushi", "Ashling": "Ashling, Flame Dancer",
           "Dokai": "Dokai, Weaver of Life"}


def seed_text(number: str) -> str:
    """Return the raw text of the seed whose file name starts with ``number`` (``000``)."""
    (path,) = SOURCES.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def matcher() -> CardNameMatcher:
    """A matcher over NAMES and ALIASES, with ``squelch`` known as an ordinary word."""
    return CardNameMatcher({**{n: n for n in NAMES}, **ALIASES}, ordinary={"squelch", "hound"})


def found(m: CardNameMatcher, text: str, **kw) -> list[tuple[str, str]]:
    """Return ``(matched text, card name)`` of each mention."""
    return [(ref.text, ref.name) for ref in m.find(text, **kw)]


# ---------------------------------------------------------------- matching

@pytest.mark.parametrize(("text", "expected"), [
    ("Llanowar Elves and Llanowar attack.",
     [("Llanowar Elves", "Llanowar Elves"), ("Llanowar", "Llanowar")]),
    ("If Kumano's Pupils deals damage", [("Kumano's Pupils", "Kumano's Pupils")]),
    ("damage dealt by Kumano's ability", [("Kumano's", "Kumano, Master Yamabushi")]),
    ("once Ashling's last ability triggers", [("Ashling's", "Ashling, Flame Dancer")]),
    ("while Ashling is on the battlefield", [("Ashling", "Ashling, Flame Dancer")]),
    ("Konda’s Hatamoto gets +1/+2", [("Konda’s Hatamoto", "Konda's Hatamoto")]),
    ("Konda‘s Hatamoto", [("Konda‘s Hatamoto", "Konda's Hatamoto")]),
    ("A Thousand-legged Kami is", [("Thousand-legged Kami", "Thousand-legged Kami")]),
    ("flip it into Dokai, Weaver of Life", [("Dokai, Weaver of Life", "Dokai, Weaver of Life")]),
    ("You control Dokai, and", [("Dokai", "Dokai, Weaver of Life")]),
    ("legendary Isamaru, Hound of Konda attacks",
     [("Isamaru, Hound of Konda", "Isamaru, Hound of Konda")]),
    ("you cast Wrath of God.", [("Wrath of God", "Wrath of God")]),
    ("with Tarmogoyf’s power", [("Tarmogoyf’s", "Tarmogoyf")]),
    ("the Llanowar Elves' ability", [("Llanowar Elves", "Llanowar Elves")]),
    ("(Gifts Ungiven)", [("Gifts Ungiven", "Gifts Ungiven")]),
    ("Kumano deals damage", [("Kumano", "Kumano, Master Yamabushi")]),   # not ordinary
], ids=lambda v: v if isinstance(v, str) else None)
def test_mentions(matcher, text, expected) -> None:
    assert found(matcher, text) == expected


@pytest.mark.parametrize("text", [
    "Champions of Kamigawa",          # Kami inside a longer word
    "an Orochi-Kami",                  # joined by a hyphen
    "Kami-like",                       # joined by a hyphen after
    "LLANOWAR ELVES",                  # case-sensitive
    "llanowar elves",
    "Llanowarish",
])
def test_no_mention(matcher, text) -> None:
    assert found(matcher, text) == []


def test_shortened_name_is_unknown_unless_given() -> None:
    plain = CardNameMatcher(["Kumano, Master Yamabushi", "Kumano's Pupils"], ordinary=())
    assert found(plain, "dealt damage by Kumano this turn") == []
    assert found(plain, "Kumano, Master Yamabushi and Kumano's Pupils") == [
        ("Kumano, Master Yamabushi", "Kumano, Master Yamabushi"),
        ("Kumano's Pupils", "Kumano's Pupils")]


def test_offsets_point_into_the_original(matcher) -> None:
    text = "Both Konda’s Hatamoto and Kumano’s Pupils."
    for ref in matcher.find(text):
        assert text[ref.start:ref.end] == ref.text
    assert [r.name for r in matcher.find(text)] == ["Konda's Hatamoto", "Kumano's Pupils"]


# ---------------------------------------------------------------- common words

@pytest.mark.parametrize(("text", "expected"), [
    ("* Squelch can't target triggered abilities.", []),       # ordinary word, sentence start
    ("Squelch counters it.", []),
    ('"Squelch" is', []),
    ("You may cast Squelch.", [("Squelch", "Squelch")]),       # mid-sentence, capitalised
    ("you may squelch it", []),                                # case-sensitive
    ("Tarmogoyf gets bigger. Tarmogoyf.", [("Tarmogoyf", "Tarmogoyf")] * 2),   # not ordinary
    ("Flash lets you cast it. It has Flash.", []),             # game term: never
    ("Hound of Konda", []),                                    # ordinary, at the start
    ("a Hound token", [("Hound", "Hound")]),
], ids=lambda v: v if isinstance(v, str) else None)
def test_single_word_names(matcher, text, expected) -> None:
    assert found(matcher, text) == expected


def test_without_ordinary_words_every_single_word_name_needs_mid_sentence() -> None:
    m = CardNameMatcher(["Tarmogoyf", "Wrath of God"])
    assert found(m, "Tarmogoyf gets bigger.") == []
    assert found(m, "then Tarmogoyf gets bigger.") == [("Tarmogoyf", "Tarmogoyf")]
    assert found(m, "Wrath of God destroys it.") == [("Wrath of God", "Wrath of God")]


def test_game_terms_are_single_capitalised_words() -> None:
    assert all(re.fullmatch(r"[A-Z][a-z]+", term) for term in GAME_TERMS)
    assert {"Flash", "Fear", "Persist", "Forest"} <= GAME_TERMS


def test_ordinary_words_are_the_lowercase_ones() -> None:
    words = ordinary_words(["Squelch it. You may squelch’s nothing.", "Fog and fog"])
    assert "fog" in words and "squelch's" in words and "squelch" not in words
    assert "Fog" not in words


# ---------------------------------------------------------------- exclusion

def test_exclude_self_mentions(matcher) -> None:
    text = "Kumano's Pupils deals damage; Kumano, Master Yamabushi too."
    assert found(matcher, text, exclude=["Kumano's Pupils"]) == [
        ("Kumano, Master Yamabushi", "Kumano, Master Yamabushi")]


def test_exclude_applies_to_aliases_of_the_card(matcher) -> None:
    text = "Kumano, Master Yamabushi: if Kumano's ability kills"
    assert found(matcher, text, exclude=["Kumano, Master Yamabushi"]) == []


def test_excluded_long_name_still_hides_shorter_names(matcher) -> None:
    assert found(matcher, "then Llanowar Elves attack", exclude=["Llanowar Elves"]) == []


def test_exclude_folds_apostrophes(matcher) -> None:
    assert found(matcher, "Konda's Hatamoto gets", exclude=["Konda’s Hatamoto"]) == []


def test_empty_matcher_finds_nothing() -> None:
    assert len(CardNameMatcher([])) == 0
    assert CardNameMatcher([]).find("Llanowar Elves") == []


def test_first_card_keeps_an_ambiguous_alias() -> None:
    m = CardNameMatcher({"Kumano": "Kumano, Master Yamabushi", "Kumano ": "Other"}, ordinary=())
    assert len(m) == 1
    assert found(m, "Kumano") == [("Kumano", "Kumano, Master Yamabushi")]


@given(st.text(alphabet="Llanowar Elves Kami-'’s .\n"))
def test_mentions_are_ordered_disjoint_and_exact(text: str) -> None:
    m = CardNameMatcher(["Llanowar", "Llanowar Elves", "Kami", "Elves"])
    last_end = 0
    for ref in m.find(text):
        assert isinstance(ref, CardRef)
        assert last_end <= ref.start < ref.end <= len(text)
        assert fold_apostrophes(ref.text).removesuffix("'s") == ref.name
        last_end = ref.end


# ---------------------------------------------------------------- Japanese brackets

@pytest.mark.parametrize(("text", "name_ja", "name_en"), [
    ("《スズメバチの槍兵/Wasp Lancer》", "スズメバチの槍兵", "Wasp Lancer"),
    ("《スズメバチの槍兵》は青", "スズメバチの槍兵", None),
    ("《Wasp Lancer》", None, "Wasp Lancer"),
    ("《略奪の母、汁婆/Wort, the Raidmother》", "略奪の母、汁婆", "Wort, the Raidmother"),
    ("《火/氷/Fire // Ice》", "火/氷", "Fire // Ice"),
    ("《神の怒り／Wrath of God》", "神の怒り", "Wrath of God"),
    ("《萎れ葉のしもべ/Wilt-Leaf Liege》", "萎れ葉のしもべ", "Wilt-Leaf Liege"),
])
def test_bracketed_names(text, name_ja, name_en) -> None:
    (ref,) = find_bracketed_names(text)
    assert (ref.name_ja, ref.name_en) == (name_ja, name_en)
    assert text[ref.start:ref.end] == ref.text == f"《{ref.name}》"


def test_bracket_not_closed_on_the_line_is_no_reference() -> None:
    assert find_bracketed_names("《スズメバチの\n槍兵》") == []


# ---------------------------------------------------------------- the seeds, read raw

SEED_000_NAMES = ["Budoka Gardener", "Dokai, Weaver of Life", "Kumano, Master Yamabushi",
                  "Kumano's Pupils", "Konda's Hatamoto", "Konda's Banner",
                  "Isamaru, Hound of Konda", "Brothers Yamazaki", "Thousand-legged Kami",
                  "Squelch", "Gifts Ungiven", "Akki Avalanchers", "Brutal Deceiver"]


@pytest.fixture(scope="module")
def seed_matcher() -> CardNameMatcher:
    """A matcher over some cards of seed 000, with the ordinary words of all five seeds."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(SOURCES.glob("*.txt"))]
    return CardNameMatcher(SEED_000_NAMES, ordinary=ordinary_words(texts))


def test_seed_000_card_mentions(seed_matcher) -> None:
    refs = seed_matcher.find(seed_text("000"))
    names = [r.name for r in refs]
    assert names.count("Budoka Gardener") >= 5
    assert "Dokai, Weaver of Life" in names
    pupils = [r for r in refs if r.name == "Kumano's Pupils"]
    assert all(r.text == "Kumano's Pupils" for r in pupils) and len(pupils) >= 3
    assert "Kumano" not in names        # only the full name is known: "by Kumano" is not linked


def test_seed_000_squelch_ruling_links_squelch(seed_matcher) -> None:
    line = "* Squelch can't target a mana ability because mana abilities don't use the stack."
    assert line in seed_text("000")
    assert [r.name for r in seed_matcher.find(line)] == ["Squelch"]
    assert seed_matcher.find(line, exclude=["Squelch"]) == []


def test_seed_001_ashling_possessive() -> None:
    m = CardNameMatcher({"Ashling, Flame Dancer": "Ashling, Flame Dancer",
                         "Ashling": "Ashling, Flame Dancer"}, ordinary=())
    refs = m.find(seed_text("001"))
    texts = {r.text for r in refs}
    assert {"Ashling, Flame Dancer", "Ashling", "Ashling's"} <= texts
    assert {r.name for r in refs} == {"Ashling, Flame Dancer"}


def test_seed_004_bracketed_names() -> None:
    refs = find_bracketed_names(seed_text("004"))
    assert len(refs) == seed_text("004").count("《")
    pairs = {(r.name_ja, r.name_en) for r in refs if r.name_en}
    assert ("スズメバチの槍兵", "Wasp Lancer") in pairs
    assert ("略奪の母、汁婆", "Wort, the Raidmother") in pairs
    assert all(r.name_en.isascii() for r in refs if r.name_en)
    assert all(r.name_ja for r in refs), "every reference in the JA seed has a Japanese name"


def test_folding_leaves_ascii_alone_and_folds_the_rest_as_the_table_says():
    """The ASCII fast path of ``fold_apostrophes`` is exact only while the table folds no
    ASCII character."""
    from compiler.xref.cardnames import _FOLD
    assert _FOLD and all(code > 127 for code in _FOLD)
    ascii_text = "".join(map(chr, range(128)))
    assert fold_apostrophes(ascii_text) is ascii_text
    mixed = "Rock’s\u00a0Pile ʼ‘′ — é"
    assert fold_apostrophes(mixed) == mixed.translate(_FOLD) == "Rock's Pile ''' — é"
