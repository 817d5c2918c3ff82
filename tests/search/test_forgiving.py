"""Typos and parts of names: which names a word that is in no record is searched as."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.search.index.assemble import title_names
from compiler.search.index.indexer import open_index
from compiler.search.query.forgiving import Lexicon, Name, corrections
from compiler.search.query.results import answer_query
from tests.search_support import node

NAMES = {  # name: [frequency in titles, reach]
    "tarmogoyf": [5, 3], "barrowgoyf": [4, 1], "polygoyf": [12, 1], "nethergoyf": [11, 1],
    "pyrogoyf": [5, 1], "lhurgoyf": [0, 3], "ninjutsu": [9, 2], "ninjas": [3, 1],
}


@pytest.mark.parametrize("word, expected", [
    # within the edit distance: the closest names, all searched
    ("tarmogyf", (["tarmogoyf"], [])),
    ("ninjutsi", (["ninjutsu"], [])),
    # a part of names: the widest reach searched, ties by title frequency then name
    ("goyf", (["tarmogoyf"], ["lhurgoyf", "polygoyf", "nethergoyf", "pyrogoyf"])),
    ("rgoyf", (["lhurgoyf"], ["nethergoyf"])),
    ("barrow", (["barrowgoyf"], [])),
    ("zzzz", ([], [])),
    ("goy", ([], [])),  # shorter than a name can be corrected from
])
def test_a_word_is_searched_as_the_closest_names_or_the_widest_reaching_holder(word, expected):
    names = {t: Name(f, r) for t, (f, r) in NAMES.items()}
    assert corrections(word, names) == expected
    assert tuple(node("corrections", [[NAMES, word]])[0]) == tuple(list(x) for x in expected)


def test_names_js_holds_what_faqc_search_reads_from_the_index(built, built_data):
    exported = title_names(built_data)
    with open_index(built.index).reader() as reader:
        names = Lexicon(reader).names()
        assert exported == {t: [n.frequency, n.reach] for t, n in sorted(names.items())}
    # FUT and MH3, the SHM Japanese FAQ (《タルモゴイフ/Tarmogoyf》) and the CR's examples
    assert exported["tarmogoyf"][1] == 4
    assert {exported[t][1] for t in ("barrowgoyf", "nethergoyf", "polygoyf", "pyrogoyf")} == {1}


def test_goyf_puts_tarmogoyfs_card_page_first_and_offers_the_other_goyfs(built):
    result = CliRunner().invoke(main, ["search", "--site", str(built.site), "--json", "goyf"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["url"] == "cards/tarmogoyf.html"
    assert result.stderr == (
        "faqc search: no results for 'goyf'; did you mean tarmogoyf? Showing results for that. "
        "Other names holding 'goyf': polygoyf, nethergoyf, pyrogoyf, barrowgoyf.\n")


@pytest.mark.parametrize("cut, typed", [("tarmo", "tarmo*"), ("ninj", "ninj*"),
                                        ("flip car", "flip car*"), ("kind:card tarmo", "kind:card tarmo*")])
def test_a_word_cut_short_finds_what_typing_it_finds_and_is_no_correction(built, cut, typed):
    """Submitted, ``tarmo`` (in no record) is searched as ``tarmo*``, as the browser searches it
    while you type: the same results, and no "did you mean" (stderr stays silent)."""
    answer = answer_query(built.index, cut, 50)
    expected = answer_query(built.index, typed, 50)
    assert answer.hits and [(h.url, h.score) for h in answer.hits] == \
        [(h.url, h.score) for h in expected.hits]
    assert answer.corrected == [] and answer.completed == [cut.split()[-1]]
    result = CliRunner().invoke(main, ["search", "--site", str(built.site), "--json", cut])
    assert result.exit_code == 0 and result.stderr == ""
    assert [h["url"] for h in json.loads(result.stdout)] == [h.url for h in expected.hits[:10]]


def test_a_typo_that_begins_no_word_is_still_corrected(built):
    answer = answer_query(built.index, "tarmogoyff", 10)
    assert answer.completed == [] and answer.corrected == [("tarmogoyff", ["tarmogoyf"], [])]
    assert answer.hits[0].url == "cards/tarmogoyf.html"


@pytest.mark.parametrize("query, fixed", [
    ("script alert", "conscript alert"),   # "script" is part of "conscript"; with "alert", nothing
    ("tarmogoyff zzzzqqq", "tarmogoyf zzzzqqq"),  # a typo, then a word in no record
    ("tarmo zzzzqqq", "tarmo* zzzzqqq"),   # a word cut short, the same
])
def test_a_correction_that_finds_nothing_is_neither_announced_nor_shown(built, query, fixed):
    """"Showing results for that" is said only of results: a corrected or completed query that
    finds nothing is the query's own "no results" (here, the browser's engine and the CLI)."""
    assert answer_query(built.index, fixed, 10).hits == []
    answer = answer_query(built.index, query, 10)
    assert (answer.hits, answer.corrected, answer.completed) == ([], [], [])
    [browser] = node("rank", [[query, 10, None]], built.data)
    assert (browser["hits"], browser["corrected"], browser["completed"]) == ([], [], [])
    for json_option in (["--json"], []):
        result = CliRunner().invoke(main, ["search", "--site", str(built.site), *json_option,
                                           query])
        assert result.exit_code == 0
        assert result.stderr == f"faqc search: no results for {query!r}\n"
        assert result.stdout == ("[]\n" if json_option else "")


def test_a_correction_that_finds_something_is_announced(built):
    answer = answer_query(built.index, "script", 10)
    assert answer.hits and answer.corrected == [("script", ["conscript"], [])]
