"""Era resolution: every rule a seed cites or quotes, read against the CR in force on its date."""
from __future__ import annotations

import dataclasses

import pytest

from compiler.core.errors import Diagnostics
from compiler.core.model import RuleQuote, iter_document_blocks
from compiler.cr import CrRule, CrSection, load_cr_library
from compiler.xref.era import era_citations, era_counts, era_report
from compiler.xref.inventory import collect
from compiler.xref.resolve import Resolver, era_date, resolve
from tests.conftest import RULES, SEED_FILES


@pytest.fixture(scope="module")
def library():
    return load_cr_library(RULES)


@pytest.fixture(scope="module")
def corpus(seed, library):
    docs = [seed(name) for name in SEED_FILES]
    inv = collect(docs)
    return docs, inv, resolve(inv, library)


def doc_of(inv, doc_id):
    return inv.documents[doc_id]


def test_rule_309_in_champions_is_declare_blockers_step_of_2004(corpus):
    _, _, index = corpus
    (ref,) = [r for r in index.by_rule["309"] if r.doc_id == "chk-en"]
    assert ref.link.cr_date == "2004-10-01"
    assert isinstance(ref.link.era, CrSection) and ref.link.era.title == "Declare Blockers Step"


def test_502_36_is_scry_for_the_2004_faq_and_shroud_for_the_2007_one(corpus, library):
    _, inv, _ = corpus
    resolver = Resolver(inv, library)
    eras = {}
    for doc_id in ("chk-en", "fut-en"):
        (link,) = resolver.links("See rule 502.36.", doc_of(inv, doc_id))
        eras[doc_id] = (link.cr_date, link.era.title)
    assert eras == {"chk-en": ("2004-10-01", "Scry"), "fut-en": ("2007-05-01", "Shroud")}


def test_shadowmoor_104_3f_resolves_in_the_2008_cr(corpus, library):
    docs, inv, index = corpus
    shm = doc_of(inv, "shm-ja")
    assert era_date(library, shm) == "2008-05-01"
    quoted = [c for c in era_citations(index, docs, library)
              if c.doc_id == "shm-ja" and c.number == "104.3f"]
    assert quoted and all(c.found and c.cr_date == "2008-05-01" for c in quoted)
    entry = library.entry("2008-05-01", "104.3f")
    assert isinstance(entry, CrRule) and "hybrid mana symbols" in entry.text


def test_a_range_reads_every_number_in_its_era(corpus, library):
    _, inv, _ = corpus
    (link,) = Resolver(inv, library).links("rules 409.1f-h", doc_of(inv, "fut-en"))
    assert link.numbers == ("409.1f", "409.1g", "409.1h")
    assert [e.number for e in link.eras] == ["409.1f", "409.1g", "409.1h"]


# Per document: rule numbers cited in texts / quoted as rules, found / missing in the CR of its date.
EXPECTED_ERA_COUNTS = {
    "bok-en": {"cited.found": 8, "quoted.found": 8},
    "chk-en": {"cited.found": 10, "quoted.found": 37},
    "fut-en": {"cited.found": 12, "quoted.found": 56, "quoted.missing": 3},
    "shm-ja": {"cited.found": 12, "quoted.found": 16},
}


def test_era_counts_per_document_are_pinned(corpus, library):
    docs, _, index = corpus
    counts = era_counts(era_citations(index, docs, library))
    assert {d: dict(c) for d, c in counts.items()} == EXPECTED_ERA_COUNTS


def test_every_citation_is_found_in_its_era_or_reported_with_its_place(corpus, library, tmp_path):
    docs, _, index = corpus
    citations = era_citations(index, docs, library)
    diags = Diagnostics()
    lines = era_report(citations, docs, library, tmp_path, diags)
    missing = [c for c in citations if not c.found]
    assert [(c.doc_id, c.number, c.how) for c in missing] == [
        ("fut-en", "502.64c", "quoted"), ("fut-en", "501.10", "quoted"), ("fut-en", "501.10a", "quoted")]
    fut = tmp_path / SEED_FILES["fut"]
    assert [d.format() for d in diags.sorted()] == [
        f"{fut}:1: warning: rule {n} (quoted at column {col}) is not in the Comprehensive Rules of "
        f"2007-05-01, in force on 2007-05-04 [xref.rule-era]"
        for n, col in (("501.10", 54002), ("501.10a", 54019), ("502.64c", 33622))]
    assert f"  fut-en (2007-05-04): CR 2007-05-01; cited 12/0, quoted 56/3" in lines
    assert f"  mh3-en (2024-06-14): CR 2024-06-07; cited 0/0, quoted 0/0" in lines


def test_without_a_library_links_have_no_era(corpus):
    _, inv, _ = corpus
    (link,) = Resolver(inv).links("rule 309", doc_of(inv, "chk-en"))
    assert (link.cr_date, link.eras, link.era) == (None, (), None)


def test_a_document_older_than_every_cr_reads_against_the_earliest_said_so(corpus, library, tmp_path):
    docs, inv, _ = corpus
    chk = doc_of(inv, "chk-en")
    old = dataclasses.replace(chk, id="old-en", meta=dataclasses.replace(chk.meta, date="2003-10-02"))
    assert library.choose(old.meta.date).after and era_date(library, old) == "2004-10-01"
    index = resolve(collect([old]), library)
    lines = era_report(era_citations(index, [old], library), [old], library, tmp_path, Diagnostics())
    assert lines[1].startswith("  old-en (2003-10-02): CR 2004-10-01, the nearest, dated after "
                               "the document;")


def test_an_undated_document_is_warned_about_once_and_read_against_no_cr(corpus, library,
                                                                          tmp_path):
    """Issue 12: without a date, rule numbers are not read against some CR (the newest would
    give a 2015 FAQ's 701.30 Bolster today's 701.30 Clash); ``faqc check`` says so once."""
    docs, inv, _ = corpus
    chk = doc_of(inv, "chk-en")
    undated = dataclasses.replace(chk, id="undated-en",
                                  meta=dataclasses.replace(chk.meta, date=None, date_basis=None))
    assert era_date(library, undated) is None
    index = resolve(collect([undated]), library)
    rules = [r for r in index.references if r.link.kind == "rule"]
    assert rules and all(r.link.cr_date is None for r in rules)
    diags = Diagnostics()
    lines = era_report(era_citations(index, [undated], library), [undated], library, tmp_path,
                       diags, index)
    assert "  undated-en: no date, rules not read against a CR" in lines
    (warning,) = [d for d in diags.items if d.category == "xref.undated"]
    quoted = [b for b in iter_document_blocks(undated) if isinstance(b, RuleQuote)]
    assert warning.line == min([b.src.line for b in quoted] + [r.line for r in rules])
    assert f"its {len(quoted) + len(rules)} quoted rule(s)" in warning.message
