"""Every edition of the Comprehensive Rules in ``../shared/cr`` (1999-2026), read as published.

Each file is read once per session (about 15 s for the 123 files): nothing lost, its date found
in its text, its counts sane, no U+FFFD that its bytes do not hold, and the library of them all
resolving each date to the edition in force on it.
"""
from __future__ import annotations

from collections import Counter
from datetime import date as Date
from pathlib import Path

import pytest

from compiler.core.errors import Diagnostics, FaqcError
from compiler.cr import CrDocument, RuleIdentity, load_cr_library, read_cr_bytes
from compiler.cr.cache import CrCache
from compiler.cr.read.audit import audit_cr
from compiler.cr.read.source import read_cr_source
from tests.cr_texts import ROOT, SHARED_CR
from tools.measure.cr_evaluate import read_truth, score_identity

pytestmark = pytest.mark.skipif(not SHARED_CR.is_dir(), reason="../shared/cr is not beside the project")

FILES = sorted(SHARED_CR.glob("*.txt")) if SHARED_CR.is_dir() else []

NOT_A_CR = {"CR_1999-04-21.txt": "no numbered rules"}
"""Files of the archive that are not a Comprehensive Rules text, and why they are refused: the
1999-04-21 file is Stephen D'Angelo's Rules Summary of Fifth Edition rulings (sections A.1,
K.9.3, ...), not the CR."""
SAME_EDITION = {"CR_2006-06-01.txt": "2004-06-01", "CR_2009-07-11.txt": "2009-07-11",
                "CR_2009-10-05.txt": "2009-10-01", "CR_2017-09-29.txt": "2017-09-29"}
"""Files that state the date of a file before them, with the same words (the edition saved twice)."""
TRUNCATED = {"CR_2013-02-01.txt"}
"""Files cut short in the archive (the 2013-02-01 text stops 31 entries into the glossary)."""


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """A CR cache of this module's own: ``archive`` reads every file into it (a real read,
    since it starts empty) and ``library`` reads them from it, as a build does."""
    return tmp_path_factory.mktemp("cr-cache")


@pytest.fixture(scope="module")
def archive(cache) -> dict[str, tuple[CrDocument | None, str, Diagnostics, bytes]]:
    """Each file's document (None if refused, with the reason), decoded text, warnings, bytes."""
    out = {}
    store = CrCache(cache)
    for path in FILES:
        data, diags = path.read_bytes(), Diagnostics()
        try:
            doc = store.edition(data, path.name, diags, read_cr_bytes)
            out[path.name] = (doc, read_cr_source(data, path.name, Diagnostics()).text, diags, data)
        except FaqcError as exc:
            out[path.name] = (None, exc.format_message(), diags, data)
    return out


def test_the_archive_is_there():
    assert len(FILES) == 123


def test_every_file_is_read_but_the_one_that_is_not_a_cr(archive):
    refused = {name: text for name, (doc, text, _, _) in archive.items() if doc is None}
    assert sorted(refused) == sorted(NOT_A_CR)
    for name, reason in NOT_A_CR.items():
        assert reason in refused[name] and "\n" not in refused[name]


def test_no_word_is_lost_or_invented(archive):
    bad = {}
    for name, (doc, text, _, _) in archive.items():
        if doc is not None:
            missing, extra = audit_cr(text, doc.to_dict())
            if missing or extra:
                bad[name] = (sum(missing.values()), sum(extra.values()))
    assert bad == {}


def test_decoding_introduces_no_replacement_character(archive):
    """A U+FFFD in the text is one the published bytes hold (as UTF-8 or UTF-16), never one
    the decoding made."""
    for name, (doc, text, _, data) in archive.items():
        if doc is None:
            continue
        enc = doc.source.encoding
        held = data.decode(enc).count("\ufffd") if enc.startswith("utf-16") \
            else data.count("\ufffd".encode("utf-8"))
        assert text.count("\ufffd") == held, (name, enc)
    encodings = Counter(doc.source.encoding for doc, *_ in archive.values() if doc)
    assert encodings["cp1252"] >= 30 and encodings["utf-16"] == 4, encodings


def test_each_date_comes_from_the_text_and_is_near_the_file_name(archive):
    for name, (doc, _, _, _) in archive.items():
        if doc is None or name in SAME_EDITION:
            continue
        named = Date.fromisoformat(name[3:13])
        assert abs((Date.fromisoformat(doc.date) - named).days) <= 12, (name, doc.date)


def test_counts_are_sane_and_grow_with_the_game(archive):
    docs = sorted((doc for doc, *_ in archive.values() if doc), key=lambda d: d.date)
    for doc in docs:
        name = doc.source.file
        assert len(doc.rules) >= 340 and len(doc.sections) >= 60, (name, len(doc.rules))
        assert len(doc.glossary) >= (30 if name in TRUNCATED else 230), name
        numbers = [r.number for r in doc.rules]
        assert len(set(numbers)) >= 0.995 * len(numbers), name
        assert sum(1 for r in doc.rules if not (r.text or r.title)) == 0, name
    for before, after in zip(docs, docs[1:]):  # editions change the rules by small steps
        assert len(after.rules) >= 0.9 * len(before.rules), (before.date, after.date)
    assert len(docs[-1].rules) > 8 * len(docs[0].rules) > 2700


@pytest.fixture(scope="module")
def library(archive, cache):
    """The library of the whole archive and its warnings, made once, of the editions
    ``archive`` read (from the cache, which gives their warnings again)."""
    diags = Diagnostics()
    library = load_cr_library(SHARED_CR, diags, cache)
    # every edition came from what archive read; the file that is not a CR is read again
    assert library.cache.misses == len(NOT_A_CR)
    return library, diags


def test_the_library_of_the_whole_archive(library):
    library, diags = library
    assert len(library.documents) == 123 - len(NOT_A_CR) - len(SAME_EDITION)
    assert library.dates[0] == "1999-04-23" and library.latest.date == "2026-01-16"
    duplicates = {Path(d.file).name: d.message for d in diags.items if d.category == "cr.duplicate"}
    assert sorted(duplicates) == sorted(SAME_EDITION)
    assert all("with the same words" in message for message in duplicates.values())
    unreadable = [Path(d.file).name for d in diags.items if d.category == "cr.unreadable"]
    assert unreadable == sorted(NOT_A_CR)
    # the edition in force on a date: the newest dated on or before it
    assert library.in_force("2015-07-20").date == "2015-07-17"
    assert library.in_force("2015-07-17").date == "2015-07-17"
    assert library.in_force("2012-02-03").date == "2012-02-01"
    assert library.in_force("2001-01-01").date == "1999-11-01"
    assert library.choose("1999-01-01").after
    assert library.rule("2015-07-20", "701.30").title == "Bolster"
    assert library.rule("2018-07-20", "702.131").title == "Assist"  # Battlebond's, 2018-07-13
    assert library.rule("2018-05-01", "702.131") is None  # not yet


def test_identity_across_every_edition_on_the_extended_truth_table(library):
    """Chained edition to edition through the whole archive: the hand-checked rows (the six
    editions' 221, the 2009 renumbering of every keyword, three keyword moves of each later
    year) are answered with no wrong link (the figures README gives)."""
    identity = RuleIdentity.build(library[0])
    rows = read_truth((ROOT / "tests" / "data" / "cr_identity_truth.tsv").read_text(encoding="utf-8"))
    score = score_identity(identity, rows)
    assert score.rows == 342 and (score.linked_right, score.linked) == (306, 306)
    assert (score.must_link_found, score.must_link) == (305, 313)
    new = score_identity(identity, [r for r in rows if r.note.startswith(("[2009", "[keyword"))])
    assert new.rows == 121 and new.wrong == []
    # today's number of a rule of any edition: Bushido, from 2004 to today
    assert identity.today("502.38", "2005-01-01").number == "702.45"
    assert identity.number_in("2009-05-01", "502.38", "2011-06-17") == "702.43"
