"""The browser export: safe scripts, shards by term hash, nothing that needs a server."""
from __future__ import annotations

import json
import re

import pytest

from compiler.search.build import PAGE_SIZE, TYPICAL_QUERY, query_files
from compiler.search.export import encode_postings, export_files, fnv1a, read_index, to_script
from compiler.search.indexer import write_index
from compiler.search.records import SearchRecord
from compiler.search.results import search_index

from .search_support import ASSETS, built, history, inventory, node  # noqa: F401  (fixtures)

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
    files = export_files(read_index(tmp_path / "index"))
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


def test_fnv1a_is_the_same_in_the_browser():
    words = ["body_en:bushido", "title_ja:混成", "card:𠮷野家", ""]
    assert node("fnv1a", words) == [fnv1a(w) for w in words]
    assert fnv1a("a") == 0xE40C292C  # the published FNV-1a test vector


def test_sharded_postings_rank_as_one_file(built, tmp_path):
    data = read_index(built.index)
    files = export_files(data, shard_above=1)
    shards = [n for n in files if "/terms-" in n]
    assert len(shards) > 4
    for name, content in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(content)
    queries = [["bushido", 10, None], ["混成マナ", 10, None], ["flip NOT kind:ruling", 10, None]]
    sharded, whole = node("rank", queries, tmp_path), node("rank", queries, built.data)
    assert [r["hits"] for r in sharded] == [r["hits"] for r in whole]
    assert all(len([n for n in r["needed"] if "/terms-" in n]) < len(shards) for r in sharded)


def test_every_shard_holds_only_the_terms_that_hash_to_it(built):
    files = export_files(read_index(built.index), shard_above=1)
    for name, content in files.items():
        match = re.fullmatch(r"(en|ja)/terms-(\d+)\.js", name)
        if not match:
            continue
        count = sum(1 for n in files if n.startswith(f"{match[1]}/terms-"))
        script = content.decode("utf-8")
        shard = json.loads(script[script.index(",", script.index('/terms-')) + 1:script.rindex(");")])
        for field, terms in shard.items():
            assert all(fnv1a(f"{field}:{t}") % count == int(match[2]) for t in terms)


@pytest.mark.parametrize("name", ["search.js", "search-analysis.js", "search-engine.js", "search-rank.js"])
def test_the_search_scripts_load_nothing_a_file_url_refuses(name):
    source = (ASSETS / name).read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)
    for banned in ("fetch(", "XMLHttpRequest", "import(", "import ", "WebAssembly", "Worker(",
                   "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert banned not in code, banned


@pytest.mark.parametrize("query", [TYPICAL_QUERY, "lang:ja 混成", "flip NOT kind:ruling"])
def test_the_first_query_measure_counts_what_the_browser_loads(built, query):
    data = read_index(built.index)
    files = {p.relative_to(built.data).as_posix(): p.read_bytes()
             for p in built.data.rglob("*.js")}
    (answer,) = node("rank", [[query, PAGE_SIZE, None]], built.data)
    texts = node("text_file", [doc for doc, _ in answer["hits"]], built.data)
    browser = {f"{n}.js" for n in answer["needed"] + texts} | {"meta.js"}
    docnums = [h.docnum for h in search_index(built.index, query, PAGE_SIZE)]
    assert sorted(browser) == query_files(data, files, query, docnums)
    if query == TYPICAL_QUERY:
        assert built.stats.first_query_bytes == sum(len(files[n]) for n in browser)
