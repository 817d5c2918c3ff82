"""Rule identity across CRs, and its precision and recall on the hand-checked truth table."""
from __future__ import annotations

from pathlib import Path

import pytest

from compiler.cr import RuleIdentity, load_cr_library
from compiler.cr.link.side import parent_of
from compiler.cr.link.similarity import fold, similarity, title_key
from tests.cr_texts import SIX_DATES, six_editions
from tools.measure.cr_evaluate import read_truth, score_identity

ROOT = Path(__file__).resolve().parents[2]
TRUTH = ROOT / "tests" / "data" / "cr_identity_truth.tsv"


@pytest.fixture(scope="module")
def identity() -> RuleIdentity:
    return RuleIdentity.build(load_cr_library(six_editions()))


@pytest.fixture(scope="module")
def truth():
    # the rows between the six editions (the intermediate editions' rows: tests/cr/test_archive.py)
    dates = set(SIX_DATES)
    return [r for r in read_truth(TRUTH.read_text(encoding="utf-8"))
            if r.from_date in dates and r.to_date in dates]


def test_bushido_502_38_of_2004_is_702_45_today(identity):
    rule = identity.today("502.38", "2004-10-01")
    assert (rule.number, rule.title) == ("702.45", "Bushido")
    assert identity.today("502.38a", "2004-12-01").number == "702.45a"
    assert identity.chain("2004-10-01", "502.38")[-2:] == [("2024-06-07", "702.45"),
                                                          ("2026-01-16", "702.45")]


def test_502_36_goes_two_ways(identity):
    assert identity.today("502.36", "2004-10-01").title == "Scry"
    assert identity.today("502.36", "2004-10-01").number == "701.22"
    assert identity.today("502.36", "2007-05-01").number == "702.18"
    assert identity.today("502.36", "2007-05-01").title == "Shroud"


def test_sections_and_dropped_rules(identity):
    assert identity.today("309", "2004-10-01").number == "509"
    assert identity.today("502.23", "2008-05-01") is None  # Threshold: now an ability word
    assert identity.today("999.1", "2008-05-01") is None  # no such rule
    assert identity.successor("2026-01-16", "702.45") is None  # the newest CR has no successor
    assert identity.number_in("2004-10-01", "502.38", "2008-05-01") == "502.38"
    assert identity.mapping()[("2008-05-01", "502.38")] == ("2024-06-07", "702.45")


def test_truth_table_is_big_enough_and_names_real_rules(identity, truth):
    assert len(truth) >= 60
    library = identity.library
    for row in truth:
        assert library.entry(row.from_date, row.from_number) is not None, row
        for number in row.expected:
            assert number == "-" or library.entry(row.to_date, number) is not None, row


def test_precision_and_recall_on_the_truth_table(identity, truth):
    score = score_identity(identity, truth)
    assert score.precision >= 0.97, [f"{r.from_number}->{got}" for r, got in score.wrong]
    assert score.recall >= 0.90
    held_out = score_identity(identity, [r for r in truth if r.note.startswith("[held-out]")])
    assert held_out.rows >= 30 and held_out.precision >= 0.95


def test_every_link_is_one_to_one(identity):
    for date, links in identity.links.items():
        targets = [link.target for link in links.values()]
        assert len(targets) == len(set(targets)), date


def test_similarity_folds_era_wording():
    old = "When this permanent is put into a graveyard from play, remove it from the game."
    new = "When this permanent dies, exile it."
    assert similarity(old, new) == 1.0
    assert fold("His or her {o3}") == "their {3}"
    assert title_key('Banding, “Bands with Other”') == "banding bands with other"
    assert parent_of("502.38a") == "502.38" and parent_of("502.38") == "502"
    assert parent_of("502") == "5" and parent_of("5") is None


def test_editions_linked_in_workers_are_linked_as_in_one_process(identity, tmp_path, monkeypatch):
    """The pairs of editions a cache does not hold are linked in forked workers (the archive's
    117 pairs; the six editions' 5 are fewer than ``parallel.MIN_ITEMS``, so it is lowered):
    the same links in the same order, kept in the cache and read back from it (in the order
    of its JSON)."""
    from compiler.cr.cache import CrCache
    from compiler.runtime import parallel
    monkeypatch.setattr(parallel, "MIN_ITEMS", 2)
    assert parallel.worker_count(2, len(identity.links), chunk=2) == 2
    library = identity.library
    library.cache, kept = CrCache(tmp_path), library.cache
    try:
        forked = RuleIdentity.build(library, jobs=2)
        again = RuleIdentity.build(library, jobs=2)
        assert library.cache.misses == 0 and len(list(tmp_path.glob("links-*.json"))) == 5
    finally:
        library.cache = kept
    assert list(forked.links) == list(again.links) == list(identity.links)
    assert {d: list(links.items()) for d, links in forked.links.items()} == \
        {d: list(links.items()) for d, links in identity.links.items()}
    assert again.links == identity.links
