"""The segmented export: a change writes a new segment and deletions, and searches as one.

Three index phases over the seeds (``shards.update_search``, each document a shard of its
own): a clean one without Future Sight, Future Sight added, then a ruling of Champions
edited. The export they leave is held to the one-segment export of the last inventory
(``whole.build_search``): the browser's scripts under Node rank the parity table alike, and
show the same records; ``faqc search``'s texts are the same.
"""
from __future__ import annotations

import json
import math

from compiler.search.index.segments import Segment, plan_segments, tier
from compiler.search.index.whole import EXPORT_DIR
from compiler.search.query.shown import read_shown
from compiler.search.scripts import from_script
from tests.search_parity import disagreement, parity_queries
from tests.search_support import NEW_WORD, OLD_WORD, export_tree, node


def test_each_change_adds_a_segment_and_deletes_what_it_replaces(segmented):
    counts = [[(sum(p[1] for p in s["parts"]), sum(d[1] for d in s["deleted"]))
               for s in step["segments"]] for step in segmented.steps]
    assert len(counts[0]) == 1 and counts[0][0][1] == 0  # a clean phase: one segment
    assert [len(c) for c in counts] == [1, 2, 3]
    assert counts[2][0][1] > 0  # Champions' old records deleted where they were
    for step in segmented.steps:
        assert step["doc_count"] == sum(p[1] for s in step["segments"] for p in s["parts"])
    # the first segment's files are not written again: the same files, not new ones
    name = segmented.steps[2]["segments"][0]["name"]
    assert export_tree(segmented.site / EXPORT_DIR / name) == segmented.kept


def test_the_statistics_are_the_one_segment_exports(segmented):
    whole = from_script("meta", (segmented.whole / EXPORT_DIR / "meta.js").read_bytes())
    last = segmented.steps[-1]
    for key in ("doc_count", "fields", "lexicon"):
        assert last[key] == whole[key], key
    assert {lang: (v["first"], v["count"]) for lang, v in last["languages"].items()} == \
           {lang: (v["first"], v["count"]) for lang, v in whole["languages"].items()}
    for name in ["names.js"] + [f"lex-{n:02d}.js" for n in range(whole["lexicon"])]:
        assert (segmented.site / EXPORT_DIR / name).read_bytes() == \
               (segmented.whole / EXPORT_DIR / name).read_bytes(), name


def test_the_browser_ranks_the_parity_table_as_the_one_segment_export(segmented):
    queries = parity_queries() + [OLD_WORD, NEW_WORD, f'"{NEW_WORD} permanents"']
    items = [[q, 50, None] for q in queries]
    ours = node("rank", items, segmented.site / EXPORT_DIR)
    theirs = node("rank", items, segmented.whole / EXPORT_DIR)
    shown = set()
    for query, got, expected in zip(queries, ours, theirs):
        if "error" in expected:
            assert got == expected, query
            continue
        assert disagreement(expected["hits"], got["hits"]) == "", query
        assert (got["corrected"], got["completed"]) == \
               (expected["corrected"], expected["completed"]), query
        shown |= {doc for doc, _ in expected["hits"][:20]}
    assert theirs[-2]["hits"]  # the edit is found
    docs = sorted(shown)
    assert node("record", docs, segmented.site / EXPORT_DIR) == \
           node("record", docs, segmented.whole / EXPORT_DIR)


def test_the_edited_rulings_old_records_are_deleted(segmented):
    """The word the edit took out is found only where the other records have it."""
    [hits] = [a["hits"] for a in node("rank", [[NEW_WORD, 50, None]], segmented.site / EXPORT_DIR)]
    records = node("record", [doc for doc, _ in hits], segmented.site / EXPORT_DIR)
    assert records and all(NEW_WORD in r["text"] + r["title"] for r in records)
    old = [a["hits"] for a in node("rank", [[OLD_WORD, 500, None]], segmented.site / EXPORT_DIR)][0]
    texts = node("record", [doc for doc, _ in old], segmented.site / EXPORT_DIR)
    urls = {r["url"] for r in records}  # no record of the ruling as it was is left
    assert texts and not [r for r in texts if r["url"] in urls and NEW_WORD not in r["text"]]


def test_faqc_search_shows_every_record_as_the_one_segment_export(segmented):
    assert read_shown(segmented.site / EXPORT_DIR) == read_shown(segmented.whole / EXPORT_DIR)


def _history(edits: int, docs: int = 100_000, shard: int = 4_000) -> list[list]:
    """Return the segments' sizes after each of ``edits`` edits of one shard, each time a
    different one, as ``plan_segments`` keeps them (segments written keep their names)."""
    parts = {f"p{n}": shard for n in range(docs // shard)}
    old: list[Segment] = [Segment("s0", list(parts))]
    sizes, written = [], 0
    for edit in range(edits):
        gone = f"p{(edit * 7) % (docs // shard)}" if f"p{(edit * 7) % (docs // shard)}" in parts \
            else next(iter(parts))
        del parts[gone]
        parts[f"e{edit}"] = shard
        held = {pid for s in old for pid in s.pids}
        new = [pid for pid in parts if pid not in held]
        plan = plan_segments(old, parts, new)
        old = []
        for number, (name, pids) in enumerate(plan):
            if name is None:
                written += sum(parts.get(p, 0) for p in pids)
                name = f"n{edit}.{number}"
            old.append(Segment(name, pids))
        sizes.append([sum(parts.get(p, 0) for p in s.pids) for s in old])
    return sizes + [[written]]


def test_merges_keep_the_segments_few_and_in_tiers():
    """100 edits of a 100,000-document index (shards of 4,000): never more segments than
    about log2(documents / shard) + 1, no two of a tier once a build is done, and the
    documents written over the edits a small multiple of what they changed."""
    *sizes, [written] = _history(100)
    bound = math.ceil(math.log2(100_000 / 4_000)) + 1
    assert max(len(s) for s in sizes) <= bound
    for step in sizes:
        assert sum(step) == 100_000 // 4_000 * 4_000
        assert len({tier(size) for size in step}) == len(step)
    assert written < 100 * 4_000 * bound


def test_a_segment_mostly_deleted_is_written_again_with_its_live_parts():
    old = [Segment("big", [f"p{n}" for n in range(10)])]
    live = {f"p{n}": 1000 for n in range(6, 10)} | {"new": 1000}
    plan = plan_segments(old, live, ["new"])
    assert plan == [(None, ["p6", "p7", "p8", "p9"]), (None, ["new"])]


def test_a_merge_plan_is_a_function_of_the_history():
    assert _history(30) == _history(30)
    assert json.dumps(_history(30))  # plain data
