"""The browser export: safe scripts, shards by term hash, nothing that needs a server."""
from __future__ import annotations

import json
import random
import re

import pytest

from compiler.search.index.assemble import StoredRuns, export_files, iter_parts_export
from compiler.search.index.export import (encode_positions, encode_postings, export_part, fnv1a,
                                          read_index)
from compiler.search.index.indexer import write_index
from compiler.search.index.records import SearchRecord
from compiler.search.index.whole import PAGE_SIZE, TYPICAL_QUERY, query_files
from compiler.search.query.results import search_index
from compiler.search.scripts import to_script
from tests.search_support import ASSETS, node

NASTY = 'Ends </script><script>alert(1)</script> <!-- & \u2028 \u2029 "quotes" \\ back'


def test_scripts_escape_what_could_end_the_element_or_the_statement():
    script = to_script("en/text-00", {"text": [NASTY]}).decode("utf-8")
    for char in "<>&\u2028\u2029":
        assert char not in script
    payload = script[script.index(',{"text"') + 1:script.rindex(");")]
    assert json.loads(payload) == {"text": [NASTY]}


def _record(n: int, lang: str, title: str, body: str) -> SearchRecord:
    return SearchRecord(kind="ruling", lang=lang, doc_id=f"x-{lang}", line=n, title=title,
                        body=body, url=f"docs/x-{lang}.html#r-{n}", set_names=("XXX",))


def test_source_text_survives_the_export_and_cannot_break_out(tmp_path):
    records = [_record(1, "en", "A <b>title</b>", NASTY), _record(2, "ja", "《混成》</script>", "混成 " + NASTY)]
    write_index(records, tmp_path / "index")
    files = export_files(read_index(tmp_path / "index", [r.shown() for r in records]))
    for name, data in files.items():
        assert not re.search(rb"</|<!--|<script", data, re.I), name
    data = tmp_path / "data"
    for name, content in files.items():
        (data / name).parent.mkdir(parents=True, exist_ok=True)
        (data / name).write_bytes(content)
    shown = node("record", [0, 1], data)
    assert [(r["title"], r["text"]) for r in shown] == [(r.title, r.body) for r in records]


def test_postings_are_deltas_with_weights_only_where_not_one():
    assert encode_postings([(0, 1.0), (2, 2.0), (3, 1.0), (7, 0.5)]) == [1, -2, 2, 1, -4, 0.5]
    # a scorable field's postings end with the document's length byte
    assert encode_postings([(2, 1.0), (4, 0.5)], [7, 12]) == [3, 7, -2, 0.5, 12]


def test_flat_numbers_are_written_as_json_writes_them_short_or_long():
    """``_flat_json`` joins ``repr`` of short lists: the same text as ``json.dumps``."""
    import random

    from compiler.search.index.export import _flat_json
    rng = random.Random(7)
    values = [0, 1, -1, 255, 2**40, -(2**40), 0.5, -0.25, 1e-7, 1e16, 123456.789, 2 / 3, 1.5e300]
    for length in [0, 1, 2, 127, 128, 129, 400, *range(3, 40)]:
        numbers = [rng.choice(values) * rng.choice((1, 3)) for _ in range(length)]
        assert _flat_json(numbers) == json.dumps(numbers, separators=(",", ":"))[1:-1]


def test_length_bytes_are_whooshs_and_refuse_unquantised_lengths():
    from whoosh.util.numeric import byte_to_length

    from compiler.search.index.export import length_byte
    assert [byte_to_length(length_byte(n)) for n in (0, 1, 18, 998)] == [0, 1, 18, 998]
    with pytest.raises(ValueError):
        length_byte(1000)  # Whoosh stores 1032 for it, never 1000


def test_positions_mark_each_documents_first_and_must_not_go_back():
    assert encode_positions([[0, 3], [4], [2, 2, 7]]) == [-1, 3, -5, -3, 0, 5]
    for bad in ([[3, 1]], [[]]):
        with pytest.raises(ValueError):
            encode_positions(bad)


def test_the_browser_reads_whooshs_positions(built, built_data):
    data = built_data
    keys = [("body_en", "flip"), ("title_en", "garden"), ("body_ja", "混成"), ("title_ja", "マナ"),
            ("body_en", "1"), ("body_ja", "死")]
    first_ja = min(d for d, s in enumerate(data.stored) if s["lang"] == "ja")
    items = [[lang, f, t] for f, t in keys for lang in ("en", "ja")]
    for (lang, f, t), browser in zip(items, node("positions", items, built.data)):
        whoosh = [[d, p] for (d, _), p in zip(data.postings[(f, t)], data.positions[(f, t)])
                  if (d >= first_ja) == (lang == "ja")]
        assert browser == whoosh and (whoosh or lang != f[-2:]), (lang, f, t)


def test_an_incremental_builds_index_part_keeps_the_positions(tmp_path):
    from compiler.search.index.parts import load_part, part_json
    records = [_record(1, "en", "Flip cards", "flip the cards, cards flip"), _record(2, "ja", "混成", "混成マナ")]
    write_index(records, tmp_path / "index")
    data = read_index(tmp_path / "index", [r.shown() for r in records])
    assert data.positions[("body_en", "card")] == [[2, 3]] and data.positions[("body_ja", "マナ")] == [[2]]
    part = export_part(data)
    raw = part_json(part, {})
    assert load_part(raw)[0] == part
    assert dict(iter_parts_export([load_part(raw)[0]])) == export_files(data)
    assert part.terms[("en", "body_en", "card")][6:] == (2, "-3,1")  # positions 2 and 3
    for change in ("terms", "version"):  # a part of another shape is made again
        old = json.loads(raw)
        del old[change]
        with pytest.raises(ValueError):
            load_part(json.dumps(old).encode("utf-8"))
    old = json.loads(raw)
    old["terms"][0].pop()  # a term without its positions
    with pytest.raises(ValueError):
        load_part(json.dumps(old).encode("utf-8"))


HOSTILE_ROWS = [  # (row index, value): the row of ("en", "body_en", "card") changed so
    (8, '0]}});globalThis.PWNED=1;(function(){})({"a":{"x":[0'),  # script in the postings
    (10, "1]);alert(1);(["), (10, None), (8, 3), (8, "1 2"),  # ... in the positions; none; not text
    (0, "xx"), (1, 5), (2, 5), (3, "2"), (3, -1), (4, 1.5), (4, 2), (5, 9), (6, 1), (7, 1e999)]
"""(a language not known; a field or term not text; counts not whole numbers, or below 0; the first document after the
last; the last past the part's documents; weighted 1, not a boolean; a size of infinity)"""


@pytest.mark.parametrize("index, value", HOSTILE_ROWS)
def test_a_tampered_part_is_refused_never_written_into_a_script(tmp_path, index, value):
    from compiler.search.index.parts import load_part, part_json
    records = [_record(1, "en", "Flip cards", "flip the cards"), _record(2, "ja", "混成", "混成マナ")]
    write_index(records, tmp_path / "index")
    data = read_index(tmp_path / "index", [r.shown() for r in records])
    raw = json.loads(part_json(export_part(data), {}))
    [row] = [r for r in raw["terms"] if r[:3] == ["en", "body_en", "card"]]
    assert load_part(json.dumps(raw).encode("utf-8"))  # as written: loads
    row[index] = value
    with pytest.raises(ValueError):
        load_part(json.dumps(raw).encode("utf-8"))


@pytest.mark.parametrize("change", [
    lambda raw: raw.update(doc_count=1e999), lambda raw: raw.update(doc_count=-1),
    lambda raw: raw["stored"][0].pop("lang"), lambda raw: raw["stored"][0].update(kind="x"),
    lambda raw: raw["stored"][0].update(set=["a"]), lambda raw: raw["holders"].update(card="ab"),
    lambda raw: raw["totals"].update(body_en="5"), lambda raw: raw["field_lengths"].update(x=1e999),
    lambda raw: raw.update(terms="abc"), lambda raw: raw["terms"].append("abcdefghijk"),
])
def test_a_part_with_a_bad_value_is_refused(tmp_path, change):
    from compiler.search.index.parts import load_part, part_json
    records = [_record(1, "en", "Flip cards", "flip the cards"), _record(2, "ja", "混成", "混成マナ")]
    write_index(records, tmp_path / "index")
    data = read_index(tmp_path / "index", [r.shown() for r in records])
    raw = json.loads(part_json(export_part(data), {"body_en": 3}))
    change(raw)
    with pytest.raises(ValueError):
        load_part(json.dumps(raw).encode("utf-8"))
    with pytest.raises(ValueError):
        load_part(b"[" * 100_000 + b"]" * 100_000)  # nested past the parser's depth


def test_fnv1a_is_the_same_in_the_browser():
    words = ["body_en:bushido", "title_ja:混成", "card:𠮷野家", ""]
    assert node("fnv1a", words) == [fnv1a(w) for w in words]
    assert fnv1a("a") == 0xE40C292C  # the published FNV-1a test vector


@pytest.fixture(scope="module")
def exported(built_data) -> dict[str, bytes]:
    """The export of ``built``'s index, made once for the module (the tests only read it)."""
    return export_files(built_data)


@pytest.fixture(scope="module")
def sharded(built_data) -> dict[str, bytes]:
    """The export of ``built``'s index with every language's postings and positions sharded."""
    return export_files(built_data, shard_above=1)


def test_sharded_postings_rank_as_one_file(built, sharded, tmp_path):
    files = sharded
    shards = [n for n in files if "/terms-" in n]
    assert len(shards) > 4
    for name, content in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(content)
    queries = [[q, 10, None] for q in ("bushido", "混成マナ", "flip NOT kind:ruling",
                                       '"flip cards"', '"混成マナ"', 'flip -"flip cards"')]
    ranked, whole = node("rank", queries, tmp_path), node("rank", queries, built.data)
    assert [r["hits"] for r in ranked] == [r["hits"] for r in whole]
    for kind in ("terms", "pos"):
        count = len([n for n in files if f"/{kind}-" in n])
        assert all(len([n for n in r["needed"] if f"/{kind}-" in n]) < count for r in ranked)


@pytest.mark.parametrize("kind", ["terms", "pos"])
def test_every_shard_holds_only_the_terms_that_hash_to_it(sharded, kind):
    files = sharded
    assert any(f"/{kind}-" in name for name in files)
    for name, content in files.items():
        match = re.fullmatch(rf"(en|ja)/{kind}-(\d+)\.js", name)
        if not match:
            continue
        count = sum(1 for n in files if n.startswith(f"{match[1]}/{kind}-"))
        script = content.decode("utf-8")
        shard = json.loads(script[script.index(",", script.index(f"/{kind}-")) + 1:script.rindex(");")])
        for field, terms in shard.items():
            assert all(fnv1a(f"{field}:{t}") % count == int(match[2]) for t in terms)


@pytest.mark.parametrize("name", ["search.js", "search-box.js", "search-analysis.js", "search-engine.js",
                                  "search-rank.js"])
def test_the_search_scripts_load_nothing_a_file_url_refuses(name):
    source = (ASSETS / name).read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)
    for banned in ("fetch(", "XMLHttpRequest", "import(", "import ", "WebAssembly", "Worker(",
                   "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert banned not in code, banned


@pytest.mark.parametrize("query", [TYPICAL_QUERY, "lang:ja 混成", "flip NOT kind:ruling",
                                   '"budoka gardener"', '"gardener budoka"', 'lang:ja "混成マナ"',
                                   'flip -"flip cards"', '"zzyzx budoka"', 'set:chk kind:topic'])
def test_the_first_query_measure_counts_what_the_browser_loads(built, built_data, query):
    data = built_data
    files = {p.relative_to(built.data).as_posix(): p.read_bytes()
             for p in built.data.rglob("*.js")}
    (answer,) = node("rank", [[query, PAGE_SIZE, None]], built.data)
    texts = node("text_file", [doc for doc, _ in answer["hits"]], built.data)
    browser = {f"{n}.js" for n in answer["needed"] + texts} | {"meta.js"}
    matched = [h.docnum for h in search_index(built.index, query, data.doc_count)]
    assert sorted(browser) == query_files(data, files, query, matched[:PAGE_SIZE], matched)
    positions = {n for n in browser if "/pos-" in n}
    assert bool(positions) == ('"' in query and "zzyzx" not in query), positions
    if query == TYPICAL_QUERY:
        assert built.stats.first_query_bytes == sum(len(files[n]) for n in browser)


@pytest.mark.parametrize("query", [TYPICAL_QUERY, "混成マナ", "budoka gardener", "flip -card"])
def test_a_query_without_a_phrase_needs_the_files_it_needed_without_positions(built, built_data,
                                                                             exported, query):
    data = built_data
    files = exported
    docnums = [h.docnum for h in search_index(built.index, query, PAGE_SIZE)]
    unpositioned = {n: b for n, b in files.items() if "/pos-" not in n}
    assert query_files(data, files, query, docnums) == query_files(data, unpositioned, query, docnums)


def test_stored_runs_give_back_every_record_as_it_was_given():
    """The assembled export's stored fields, kept compressed run by run, read back in any
    order: the same dicts, and the columns the tables are made of."""
    rng = random.Random(7)
    runs = [[{"lang": rng.choice(["en", "ja"]), "kind": rng.choice(["card", "rule"]),
              "title": f"t{n}", "text": rng.choice(["", "ab", "接死\u2028<b>", "x" * 300]),
              **({"emphasis": [0, 2, 1]} if n % 3 == 0 else {})} for n in range(size)]
            for size in (3, 0, 1, 40, StoredRuns.RUN + 5, 2)]  # the fifth kept as two runs
    stored = StoredRuns()
    for run in runs:
        stored.extend(run)
    flat = [record for run in runs for record in run]
    assert len(stored) == len(flat) and list(stored) == flat
    order = list(range(len(flat)))
    rng.shuffle(order)
    assert [stored[n] for n in order] == [flat[n] for n in order]
    assert stored.langs == [r["lang"] for r in flat] and stored.kinds == [r["kind"] for r in flat]
    assert list(stored.text_sizes) == [len(r["text"].encode("utf-8")) for r in flat]
    for wrong in (-1, len(flat), "0"):
        with pytest.raises(IndexError):
            stored[wrong]
