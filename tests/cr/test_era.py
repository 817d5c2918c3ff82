"""Which CR was in force on a date, and what a rule number meant then."""
from __future__ import annotations

from pathlib import Path

import pytest

from compiler.core.model import RuleQuote, iter_document_blocks
from compiler.cr import CrLibrary, CrRule, CrSection, load_cr_library
from tests.conftest import RULES


@pytest.fixture(scope="module")
def library() -> CrLibrary:
    return load_cr_library(RULES)


def test_dates(library):
    assert library.dates == ["2004-10-01", "2005-02-01", "2007-05-01", "2008-05-01",
                             "2024-06-07", "2026-01-16"]


@pytest.mark.parametrize("date, expected, basis", [
    ("2004-10-01", "2004-10-01", "on-or-before"),
    ("2004-12-31", "2004-10-01", "on-or-before"),
    ("2005-02-04", "2005-02-01", "on-or-before"),
    ("2008-05-02", "2008-05-01", "on-or-before"),
    ("2015-01-01", "2008-05-01", "on-or-before"),
    ("2099-01-01", "2026-01-16", "on-or-before"),
    ("2003-10-02", "2004-10-01", "after"),
])
def test_in_force(library, date, expected, basis):
    choice = library.choose(date)
    assert (choice.document.date, choice.basis) == (expected, basis)
    assert choice.after == (basis == "after")
    assert library.in_force(date).date == expected


def test_in_force_wants_an_iso_date(library):
    with pytest.raises(ValueError):
        library.in_force("October 1, 2004")


def test_rule_309_is_declare_blockers_step_in_2004(library):
    entry = library.rule("2004-10-01", "309")
    assert isinstance(entry, CrSection) and entry.title == "Declare Blockers Step"
    assert entry.text is None
    assert library.rule("2026-01-16", "309").title == "Dungeons"


def test_502_36_is_scry_in_2004_and_shroud_in_2007(library):
    assert library.rule("2004-11-01", "502.36").title == "Scry"
    assert library.rule("2007-06-01", "502.36").title == "Shroud"
    assert library.rule("2007-06-01", "502.36a").text.startswith("Shroud is a static ability")


def test_shadowmoor_faq_104_3f_exists_in_the_cr_of_its_date(library, seed):
    doc = seed("shm")
    quoted = [b.number for b in iter_document_blocks(doc) if isinstance(b, RuleQuote)]
    assert "104.3f" in quoted
    assert library.in_force(doc.meta.date).date == "2008-05-01"
    rule = library.rule(doc.meta.date, "104.3f")
    assert isinstance(rule, CrRule) and "hybrid mana symbols" in rule.text
    assert library.rule("2004-10-01", "104.3f") is None  # no hybrid mana before Ravnica


def test_subrules(library):
    assert [r.number for r in library.subrules("2004-10-01", "502.38")] == \
        ["502.38a", "502.38b", "502.38c"]
    assert library.subrules("1999-01-01", "502.38") == []


@pytest.mark.parametrize("name", ["chk", "bok", "shm"])
def test_every_rule_a_seed_faq_quotes_exists_in_the_cr_of_its_date(library, seed, name):
    doc = seed(name)
    numbers = [b.number for b in iter_document_blocks(doc) if isinstance(b, RuleQuote)]
    assert numbers and [n for n in numbers if library.rule(doc.meta.date, n) is None] == []
