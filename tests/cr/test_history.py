"""Rule histories (identity chains, word diffs, today's numbers) and the CR search records."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from compiler.cr import RuleIdentity, load_cr_library
from compiler.cr.derive.history import DiffPart, RuleHistory, word_diff
from compiler.cr.read.toc import rule_sections
from compiler.search.index.crrecords import cr_search_entries
from tests.conftest import RULES


@pytest.fixture(scope="module")
def library():
    return load_cr_library(RULES)


@pytest.fixture(scope="module")
def history(library):
    return RuleHistory(RuleIdentity.build(library))


def test_bushido_of_2004_is_702_45_today(history):
    chain = history.chain("2004-10-01", "502.38")
    assert chain[0] == ("2004-10-01", "502.38") and chain[-1] == ("2026-01-16", "702.45")
    assert history.chain("2026-01-16", "702.45") is chain
    assert history.start("2008-05-01", "502.38") == ("2004-10-01", "502.38")
    assert history.today("2005-02-01", "502.38") == ("2026-01-16", "702.45")


def test_every_key_is_in_exactly_one_chain(history, library):
    keys = [k for chain in history.chains.values() for k in chain]
    assert len(keys) == len(set(keys)) == sum(len(d.rules) + len(d.sections) for d in library.documents)


def test_scry_and_shroud_of_the_same_number_go_their_own_ways(history, library):
    scry, shroud = history.today("2004-10-01", "502.36"), history.today("2007-05-01", "502.36")
    assert library.entry(*scry).title == "Scry" and library.entry(*shroud).title == "Shroud"
    assert history.start("2007-05-01", "502.36") != history.start("2004-10-01", "502.36")


def test_changed_since_compares_words_not_quote_style(history):
    assert history.changed_since("2004-10-01", "502.38a")  # "Bushido X" became "Bushido N"
    assert not history.changed_since("2004-10-01", "502.38")  # the title line: Bushido still
    assert not history.changed_since("2026-01-16", "702.45a")
    assert not history.changed_since("2004-10-01", "999.9")  # no such rule: nothing to say


def test_older_numbers_of_todays_bushido(history):
    runs = history.older_numbers("702.45")
    assert runs == [("702.45", ["2026-01-16", "2024-06-07"]),
                    ("502.38", ["2008-05-01", "2007-05-01", "2005-02-01", "2004-10-01"])]


def test_word_diff_marks_runs_of_words():
    assert word_diff('"Bushido X" means +X/+X', "“Bushido N” means +N/+N") == [
        DiffPart("equal", '"Bushido'), DiffPart("delete", 'X"'), DiffPart("insert", 'N"'),
        DiffPart("equal", "means"), DiffPart("delete", "+X/+X"), DiffPart("insert", "+N/+N")]
    assert word_diff("same  words", "same words") == [DiffPart("equal", "same words")]


def test_a_rule_printed_under_the_wrong_heading_stays_on_that_section_page(library):
    sections = rule_sections(library.document("2007-05-01"))
    assert sections["432.2b"] == "423" and sections["502.36a"] == "502" and sections["502"] == "502"


def test_search_lists_every_rule_of_every_cr_once_and_each_wording_once(history, library):
    entries = cr_search_entries(history)
    listed = Counter((d, e.version.number) for e in entries for d in e.dates)
    printed = Counter((doc.date, entry.number) for doc in library.documents
                      for entry in [*doc.sections, *doc.rules])
    assert listed == printed  # every printing of every CR, in exactly one entry
    assert sum(printed.values()) == 10408 and len(entries) == 5698
    bushido = [(e.version.title, e.dates, e.version.url) for e in entries
               if e.version.number in ("502.38a", "702.45a")]
    assert bushido == [  # today's rule first, then its earlier versions, newest first
        ("702.45a (Bushido)", ("2024-06-07", "2026-01-16"), "cr/2026-01-16/702.html#702.45a"),
        ("502.38a (Bushido)", ("2007-05-01", "2008-05-01"), "cr/2008-05-01/502.html#502.38a"),
        ("502.38a (Bushido)", ("2004-10-01", "2005-02-01"), "cr/2005-02-01/502.html#502.38a")]
    first = [e.version for e in entries if e.version.number == "502.38a"][-1]
    assert first.body == ('Bushido is a triggered ability. "Bushido X" means "Whenever this creature '
                          'blocks or becomes blocked, it gets +X/+X until end of turn." (See rule '
                          '309, "Declare Blockers Step.")')
    heading = next(e for e in entries if e.version.number == "309" and "2004-10-01" in e.dates)
    assert (heading.version.title, heading.version.url, heading.dates) == (
        "309. Declare Blockers Step", "cr/2008-05-01/309.html#309",
        ("2004-10-01", "2005-02-01", "2007-05-01", "2008-05-01"))
    chapter = next(e for e in entries if e.version.number == "5" and "2004-10-01" in e.dates)
    assert re.fullmatch(r"cr/[0-9-]+/index\.html#chapter-5", chapter.version.url) \
        and chapter.version.titled


def test_versions_of_one_rule_are_neighbours_in_search(history):
    numbers = [e.version.number for e in cr_search_entries(history)]
    at = numbers.index("702.45a")
    assert numbers[at:at + 3] == ["702.45a", "502.38a", "502.38a"]