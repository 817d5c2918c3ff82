"""The search records and the Whoosh index: one record per item, fixed names, same bytes."""
from __future__ import annotations

import copy
import os
import subprocess
import sys
from collections import Counter

from compiler.core.model import (CardEntry, Paragraph, Ruling, Section, Topic,
                                 iter_document_blocks)
from compiler.search.index.indexer import SEGMENT_ID, open_index
from compiler.search.index.records import SearchRecord, build_records, with_parents
from compiler.search.index.whole import EXPORT_DIR, INDEX_DIR
from compiler.search.query.shown import read_shown
from compiler.search.schema import SHOWN_FIELDS, STORED_FIELDS, build_schema
from compiler.xref.inventory import collect
from tests.search_support import ROOT

BUILD_SCRIPT = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from tests.search_support import seed_history, seed_inventory
from compiler.search import build_search
build_search(seed_inventory(), Path(sys.argv[1]), seed_history())
"""


def _count(inv, kind) -> int:
    return sum(isinstance(b, kind) for d in inv.documents.values() for b in iter_document_blocks(d))


def test_one_record_per_card_and_language_ruling_topic_rule_version_and_section(inventory):
    kinds = Counter(r.kind for r in build_records(inventory))
    cards = {(card.name, s.place.lang) for card in inventory.cards.values() for s in card.sightings}
    unknown = sum(inventory.card_for(b.name) is None for d in inventory.documents.values()
                  for b in iter_document_blocks(d) if isinstance(b, CardEntry))
    assert kinds == {
        "card": len(cards) + unknown, "ruling": _count(inventory, Ruling),
        "topic": _count(inventory, Topic), "section": _count(inventory, Section),
        "rule": sum(len(rule.versions) for rule in inventory.rules.values())}


def test_a_card_printed_in_two_documents_of_a_language_is_one_record(inventory):
    """Issue 36: a card reprinted (Tarmogoyf in Future Sight and Modern Masters) is one result,
    its page; the record holds the notes of both entries, and is made by the first document."""
    fut = inventory.documents["fut-en"]
    again = copy.deepcopy(fut)
    again.id = "zz-en"
    for block in iter_document_blocks(again):
        if isinstance(block, CardEntry) and block.name == "Tarmogoyf":
            block.blocks.insert(0, Paragraph(text="A note only the reprint has.", src=block.src))
    inv = collect([again, *inventory.documents.values()])
    goyf = [r for r in build_records(inv) if r.kind == "card" and r.title == "Tarmogoyf"]
    assert [(r.doc_id, r.url) for r in goyf] == [("fut-en", "cards/tarmogoyf.html")]
    assert "A note only the reprint has." in goyf[0].body
    rulings = [r for r in build_records(inv) if r.kind == "ruling" and r.title == "Tarmogoyf"]
    assert {r.doc_id for r in rulings} == {"fut-en", "zz-en"}  # each document's rulings stay


def test_records_are_sorted_and_point_into_the_site(inventory):
    records = build_records(inventory)
    assert records == sorted(records, key=SearchRecord.sort_key)
    by_kind = {r.kind: r for r in records if r.doc_id == "chk-en"}
    assert by_kind["topic"].url.startswith("topics/chk-en/")
    assert by_kind["rule"].url.startswith("rules/") and by_kind["rule"].url.endswith("#chk-en")
    assert by_kind["card"].url.startswith("cards/") and by_kind["card"].url.endswith(".html")
    assert by_kind["card"].place.startswith("docs/chk-en.html#")
    assert by_kind["rule"].number and by_kind["rule"].number_weight > 1
    assert by_kind["ruling"].url.startswith("docs/chk-en.html#r-")
    assert by_kind["section"].url.startswith("docs/chk-en.html#")


def test_records_carry_names_numbers_and_keywords(inventory):
    records = build_records(inventory)
    wasp = next(r for r in records if r.kind == "card" and "Wasp Lancer" in r.cards and r.lang == "ja")
    assert "スズメバチの槍兵" in wasp.cards and wasp.title == "スズメバチの槍兵 / Wasp Lancer"
    hybrid = next(r for r in records if r.kind == "topic" and r.title == "復活メカニズム：混成")
    assert hybrid.keywords == ("混成", "こんせい") and hybrid.lang == "ja"
    assert with_parents(["502.38a", "104.3f"]) == ("502.38a", "502.38", "502", "104.3f", "104.3", "104")


def test_the_index_holds_every_record(built):
    records = build_records(built.inv, built.history)
    with open_index(built.index).reader() as reader:
        assert reader.doc_count_all() == built.stats.records == len(records)
        stored = [reader.stored_fields(d) for d in range(reader.doc_count_all())]
    # the index stores what results are filtered on; what they show is in the export alone
    assert {name for s in stored for name in s} == set(STORED_FIELDS)
    assert not set(SHOWN_FIELDS) & set(build_schema().names())
    assert [s["kind"] for s in stored] == [r.kind for r in records]
    assert read_shown(built.data) == [r.shown() for r in records]
    assert {name for r in records for name in r.shown()} == set(SHOWN_FIELDS)


def test_the_index_is_one_segment_with_fixed_names(built):
    assert sorted(p.name for p in built.index.iterdir()) == [f"MAIN_{SEGMENT_ID}.seg", "_MAIN_1.toc"]
    assert built.stats.index_bytes == sum(p.stat().st_size for p in built.index.iterdir())


def _tree(folder) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_index_and_export_bytes_are_the_same_in_every_build(built, tmp_path):
    """A fresh process with another hash seed writes what the session build wrote (the session's
    own seed is random; tests/system/test_reproducible.py builds whole sites under two fixed ones)."""
    seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    run = subprocess.run([sys.executable, "-c", BUILD_SCRIPT, str(tmp_path / "again"), str(ROOT)],
                         env={**os.environ, "PYTHONHASHSEED": seed}, cwd=tmp_path, check=False)
    assert run.returncode == 0
    for part in (INDEX_DIR, EXPORT_DIR):
        expected = _tree(built.site / part)
        assert expected
        assert _tree(tmp_path / "again" / part) == expected


def test_stats_describe_what_was_written(built):
    stats = built.stats
    assert stats.export_bytes == sum(len(b) for b in _tree(built.site / EXPORT_DIR).values())
    assert 0 < stats.first_query_bytes < stats.export_bytes
    assert stats.records == len(build_records(built.inv, built.history))


def test_a_name_with_ae_or_accents_is_found_as_typed_without_them(tmp_path):
    """Found by a tester: ``Aetherling`` found nothing; only ``Ætherling`` found the card."""
    from compiler.core.errors import Diagnostics
    from compiler.normalize import normalize_text
    from compiler.search import build_search
    from compiler.search.query.results import search_index
    source = ("Test Set Release Notes\n\nCARD-SPECIFIC NOTES\n\nÆtherling\n\n4UU\n\n"
              "Creature — Shapeshifter\n\n4/5\n\nU: Exile Ætherling.\n\n"
              "* Ætherling's ability can be activated in response.\n")
    inv = collect([normalize_text(source.encode(), "t.txt", Diagnostics())[0]])
    (card,) = [r for r in build_records(inv) if r.kind == "card"]
    assert card.title == "Ætherling" and card.keywords == ("Aetherling",)
    build_search(inv, tmp_path)
    hits = search_index(tmp_path / "search" / "index", "Aetherling", 5)
    assert [(h.kind, h.title) for h in hits][:1] == [("card", "Ætherling")]


def test_a_japanese_name_and_a_topic_are_found_by_their_reading(built):
    """The FAQs print no readings: a reader typing 稲妻 as いなずま finds 刺す稲妻 all the same."""
    from compiler.search.query.results import search_index
    records = build_records(built.inv, built.history)
    hybrid = next(r for r in records if r.kind == "topic" and r.title == "復活メカニズム：混成")
    assert hybrid.keywords == ("混成", "こんせい")
    for query, title in (("いなずま", "刺す稲妻 / Puncture Bolt"), ("こんせい", "復活メカニズム：混成")):
        hits = search_index(built.index, query, 5)
        assert title in [h.title for h in hits], query
