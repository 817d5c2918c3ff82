"""`make bench`'s first-query count in Chromium (bench/browser.py) on the seed site: every file
the search page loads is counted, at its size on disk, and gzipped smaller."""
from __future__ import annotations

from bench.browser import _faqc


def test_the_search_page_counts_every_file_it_loads_at_its_size_on_disk(browser, site_dir, http_root):
    loads = _faqc(browser, http_root, "end of turn")
    assert {"search.html", "assets/site.css", "assets/search.js"} <= set(loads.loaded)
    assert any(path.startswith("search/data/") for path in loads.loaded)
    assert loads.files == len(loads.loaded)
    assert {path: raw for path, (raw, _) in loads.loaded.items()} == {
        path: (site_dir / path).stat().st_size for path in loads.loaded}
    assert loads.raw_total == sum(raw for raw, _ in loads.loaded.values())
    assert loads.gzip_total == sum(packed for _, packed in loads.loaded.values()) < loads.raw_total
    assert min(loads.data_bytes, loads.engine_bytes, loads.page_bytes) > 0
    assert loads.results == 20 and loads.first
