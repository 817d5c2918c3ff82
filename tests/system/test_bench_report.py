"""`make bench`'s first-query report (bench/report.py, bench/browser.py): the table of ratios
faqc / Pagefind, raw and gzipped, per query and corpus; every loaded file sorted into one part."""
from __future__ import annotations

import argparse

from bench.browser import FirstQuery, _faqc_part, _pagefind_part
from bench.report import write_results
from bench.run import Bench, Run, build_phases


def loads(data: int, engine: int, page: int, packed: int, results: int = 20) -> FirstQuery:
    return FirstQuery(data, engine, 3, results, "Bushido", page,
                      {"data": packed, "engine": 0, "page": 0})


def report(tmp_path, first_query, runs: dict | None = None) -> str:
    bench = Bench(argparse.Namespace(), {"nproc": "2", "load before": "1.00 1.00 1.00"})
    bench.corpus = {"files": 2, "mib": 0.1, "extra_kib": 1.0, "extra": "syn_0002_chk.txt"}
    bench.runs = {name: Run(name, 10.0, 1024, cpu=10.0) for name in (
        "normalize", "full0", "plain0", "plain_records0", "nochange0", "nochange1", "nochange2",
        "incremental", "edit", "make_after_add", "pagefind", "pagefind_seeds")}
    bench.runs.update(runs or {})
    bench.sizes = {"export": 10, "index": 10, "site": 10, "site_cr": 0, "plain_index": 10,
                   "plain_records_index": 10, "pagefind": 10, "seeds_export": 10,
                   "pagefind_seeds": 10}
    bench.first_query = first_query
    (tmp_path / "bench").mkdir(exist_ok=True)
    return write_results(bench, tmp_path / "bench" / "RESULTS.md", build_phases).read_text()


def test_each_query_and_corpus_has_its_raw_and_gzip_ratio(tmp_path):
    text = report(tmp_path, {
        "bench": {"bushido": {"faqc": loads(100, 200, 300, 150), "pagefind": loads(900, 0, 300, 100)}},
        "seeds": {"702.45": {"faqc": loads(10, 20, 30, 5), "pagefind": loads(60, 0, 0, 50)}},
    })
    assert ("| 20 MiB corpus | `bushido` | 600 | 1,200 | 0.50 | yes | 150 | 100 | 1.50 | **no** |"
            in text)
    assert "| seeds site | `702.45` | 60 | 60 | 1.00 | yes | 5 | 50 | 0.10 | yes |" in text
    assert ("| 20 MiB corpus | `bushido` | 100 / 200 / 300 | 3 | 20 (Bushido) | 900 / 0 / 0 / 300 "
            "| 3 | 20 (Bushido) | 0.33 / 1.50 |") in text
    assert "**missed** for 20 MiB corpus `bushido`" in text
    assert "Data and code alone, faqc loads more than Pagefind for 20 MiB corpus `bushido`." in text


def test_all_met_is_said_and_an_unmeasured_pagefind_is_shown(tmp_path):
    met = report(tmp_path, {"bench": {"q": {"faqc": loads(1, 1, 1, 1), "pagefind": loads(9, 9, 9, 9)}}})
    assert "met for every query on both corpora" in met
    alone = report(tmp_path, {"seeds": {"q": {"faqc": loads(1, 1, 1, 1)}}})
    assert "| seeds site | `q` | 3 | not run |" in alone


def test_paired_runs_give_ratios_pair_by_pair_in_wall_and_cpu_time(tmp_path):
    # Three pairs: the load of each pair falls on both; the ratio is taken within each pair.
    runs = {f"full{n}": Run("", wall, 1024, cpu=cpu) for n, (wall, cpu) in
            enumerate(((30.0, 20.0), (60.0, 24.0), (40.0, 22.0)))}
    runs |= {f"plain_records{n}": Run("", wall, 1024, cpu=cpu) for n, (wall, cpu) in
             enumerate(((10.0, 10.0), (20.0, 12.0), (10.0, 10.0)))}
    runs |= {"incremental": Run("", 2.0, 1024, cpu=1.0), "edit": Run("", 0.4, 1024, cpu=0.2)}
    text = report(tmp_path, {}, runs)
    assert "| full build (`faqc build --full`) | 30.0 / 40.0 | 20.0 / 22.0 | 1.00 | | |" in text
    # wall: 3.0, 3.0, 4.0 -> min 3.00, median 3.00; CPU: 2.0, 2.0, 2.2 -> 2.00 / 2.00
    assert "full / this: wall 3.00 / 3.00, CPU 2.00 / 2.00 | full <= 1.0x, wall and CPU | **missed** |" in text
    # ran once: to the full build's medians (wall 40, CPU 22)
    assert "| 2.0 | 1.0 | 0.050 / 0.045 | <= 0.05x full | met |" in text
    assert "| 0.4 | 0.2 | 0.010 / 0.009 | <= 0.02x full | met |" in text


def test_every_loaded_file_is_data_engine_code_or_page():
    assert [_faqc_part(p) for p in ("search.html", "assets/site.css", "assets/search-rank.js",
                                    "assets/goto.js", "search/data/en/terms-1.js")] == [
        "page", "page", "engine", "page", "data"]
    assert [_pagefind_part(p) for p in (
        "pagefind-search.html", "pagefind/pagefind-ui.css", "pagefind/pagefind-ui.js",
        "pagefind/pagefind.js", "pagefind/pagefind-worker.js", "pagefind/wasm.en.pagefind",
        "pagefind/pagefind-entry.json", "pagefind/index/en_1.pf_index",
        "pagefind/fragment/en_2.pf_fragment")] == [
        "page", "ui", "ui", "engine", "engine", "engine", "data", "data", "data"]
