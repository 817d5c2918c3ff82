"""Records analysed once: the segment is Whoosh's own, the export data what Whoosh reads back.

``segment.index_records`` writes the Whoosh segment from terms it analysed itself and makes the
export's data from the same terms.  Here both are held to Whoosh: the files to those that
``SegmentWriter.add_document`` writes (Whoosh running the analyzers itself), the data to what
``export.read_index`` reads back from them through Whoosh.  The fast paths of the analyzer
are held to the character-by-character reference (which the browser's copy is held to in
tests/search/test_analysis.py).
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh.filedb.filestore import RamStorage

from compiler.search.analysis import analyze_text, analyze_text_reference, term_positions
from compiler.search.index.assemble import Assembled, export_files, iter_parts_export
from compiler.search.index.export import export_part, read_index
from compiler.search.index.indexer import FixedIdCodec, replace_folder
from compiler.search.index.records import build_records
from compiler.search.index.segment import index_records
from compiler.search.schema import INDEX_NAME, build_schema
from tests.search.test_analysis import EDGE_STRINGS


def whoosh_files(records) -> dict[str, bytes]:
    """Return the index files of ``records`` written by Whoosh's ``add_document``."""
    storage = RamStorage()
    writer = storage.create_index(build_schema(), indexname=INDEX_NAME).writer(codec=FixedIdCodec())
    for record in records:
        writer.add_document(**record.fields())
    writer.commit(merge=False)
    files = {}
    for name in sorted(storage.list()):
        handle = storage.open_file(name)
        files[name] = bytes(handle.read())
        handle.close()
    return files


@pytest.fixture(scope="module")
def records(inventory, history):  # noqa: F811
    """The seeds' records, the rules' of one CR, and records of edge cases: empty and
    hostile text, weighted titles and numbers, every language."""
    docs = build_records(inventory)
    rules = [r for r in build_records(replace(inventory, documents={}), history)][:400]
    base = docs[0]
    edge = [replace(base, title=title, body=body, doc_id=f"zz-{n}", title_weight=weight,
                    number="702.45" if n % 2 else "", number_weight=2.0 if n % 3 else 1.0)
            for n, (title, body, weight) in enumerate(
                [("", "", 1.0), ("   ", "・ー", 0.5), (EDGE_STRINGS[5], "\n".join(EDGE_STRINGS), 0.5)]
                + [(s, s + " " + s, 1.0) for s in EDGE_STRINGS])]
    return sorted(docs + rules + edge, key=lambda r: r.sort_key())


def test_the_segment_is_byte_for_byte_whooshs_own(records):
    assert index_records(records, FixedIdCodec()).files == whoosh_files(records)


def test_the_export_data_is_what_whoosh_reads_back(records, tmp_path):
    made = index_records(records, FixedIdCodec())
    replace_folder(tmp_path / "index", made.files)
    back = read_index(tmp_path / "index", [r.shown() for r in records])
    for name in ("doc_count", "stored", "scorable", "totals", "field_docs", "lengths",
                 "postings", "positions"):
        assert getattr(made.data, name) == getattr(back, name), name
    assert list(made.data.postings) == list(back.postings)  # the same (sorted) order
    assert export_files(made.data) == export_files(back)


def test_the_export_put_together_from_parts_is_the_whole_indexs(records):
    """Segments' parts, their documents numbered on from one to the next, give the export of
    the one index of all their records: splits inside a language, at its end, and parts of
    one record (weighted and exact postings, positions, both languages)."""
    whole = export_files(index_records(records, FixedIdCodec()).data)
    first_ja = next(n for n, r in enumerate(records) if r.lang == "ja")
    assert 40 < first_ja // 2 and first_ja + 1 < len(records) - 1
    # one record a part, then parts of many inside English, one ending where it ends, a
    # Japanese record alone, many, and the last alone; then many from the first record on,
    # and a part of both languages
    for cuts in ([*range(1, 40), first_ja // 2, first_ja, first_ja + 1, len(records) - 1],
                 [first_ja // 2, len(records) - 1]):
        bounds = [0, *cuts, len(records)]
        parts = [export_part(index_records(records[a:b], FixedIdCodec()).data)
                 for a, b in zip(bounds, bounds[1:])]
        assert dict(sorted(iter_parts_export(parts))) == whole, cuts


def test_a_language_written_once_its_parts_are_in_gives_the_same_export(records):
    """As the build does: each language's files written, and its postings let go, as soon as
    a part of a later language comes (``Assembled.add`` names it), the rest at the end. The
    files are those of the one index, postings and positions in many shards (``shard_above``
    1); a part of a language already written is refused, and so is writing one again."""
    whole = export_files(index_records(records, FixedIdCodec()).data, shard_above=1)
    assert sum(name.startswith("en/pos-") for name in whole) > 1
    first_ja = next(n for n, r in enumerate(records) if r.lang == "ja")
    for cuts, sealed_at in (([40, first_ja, first_ja + 1], first_ja + 1),
                            ([first_ja // 2, len(records) - 1], len(records))):
        bounds = [0, *cuts, len(records)]
        assembled, files, sealed = Assembled(shard_above=1), {}, []
        for a, b in zip(bounds, bounds[1:]):
            part = export_part(index_records(records[a:b], FixedIdCodec()).data)
            for lang in assembled.add(part):
                sealed.append((lang, assembled.data.doc_count))
                files.update(assembled.language_files(lang))
                assert not [key for key in assembled.joined if key[0] == lang]
        assert sealed == [("en", sealed_at)], cuts
        files.update(assembled.remaining_files())
        assert dict(sorted(files.items())) == whole, cuts
    with pytest.raises(ValueError, match="out of order"):
        assembled.add(export_part(index_records(records[:1], FixedIdCodec()).data))
    with pytest.raises(ValueError, match="written"):
        next(assembled.language_files("en"))


def test_no_records_make_an_empty_index(tmp_path):
    made = index_records([], FixedIdCodec())
    assert made.files == whoosh_files([])
    assert made.data.doc_count == 0 and not made.data.postings


def _reference_positions(text: str) -> dict[str, list[int]]:
    positions: dict[str, list[int]] = {}
    for term in analyze_text_reference(text):
        positions.setdefault(term.text, []).append(term.pos)
    return positions


def test_the_fast_paths_equal_the_reference_on_every_record(records):
    texts = [t for r in records for t in (r.title, r.body)]
    for query in (False, True):
        assert [analyze_text(t, query) for t in texts] == \
            [analyze_text_reference(t, query) for t in texts]
    assert [list(term_positions(t).items()) for t in texts] == \
        [list(_reference_positions(t).items()) for t in texts]


TRICKY = "aZ09'’.,-_ \n\tİıßﬁ™…①½ＡＢ１ｶﾞﾟ゙゚ー・〇々接死をかカ\u0301\u0308é𠮷\U000E0100\uffff"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(TRICKY), max_size=40) | st.text(max_size=40))
def test_the_fast_paths_equal_the_reference_on_any_text(text):
    for query in (False, True):
        assert analyze_text(text, query) == analyze_text_reference(text, query)
    assert list(term_positions(text).items()) == list(_reference_positions(text).items())
