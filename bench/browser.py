"""First-query bytes, measured in Chromium: what a search page loads to answer its first query.

The site is served over local HTTP (Pagefind loads its files with ``fetch``, which ``file://``
does not allow; the server sends each file's bytes as they are on disk, uncompressed, so a
body is what ``file://`` would read). A fresh browser context opens, for faqc, the site's own
``search.html?q=QUERY`` and waits for the results and their snippets; for Pagefind, a page with
Pagefind's Default UI (``pagefind-ui.css``, ``pagefind-ui.js``: what its documentation tells a
site to add) showing ``SHOWN`` results per page, given the same query, and waits until each
shown result has its excerpt. Every response of the page is counted, the same way for both:
the HTML page, styles, scripts, WASM, index and text files (a failed response is not).

Two figures per engine: raw bytes (the bodies as served, that is as on disk: Pagefind's index
files are gzipped on disk, faqc's are not) and gzipped bytes (each body gzipped here at level
``GZIP_LEVEL``, as a host serving ``Content-Encoding: gzip`` would send it). Each is split into
data (index, postings, texts), engine code (the search scripts and WASM; faqc's UI is in its
search scripts), Pagefind's Default UI (``pagefind-ui.js``, ``pagefind-ui.css``) and page (the
HTML, CSS and anything else).
"""
from __future__ import annotations

import functools
import gzip
import json
import threading
from dataclasses import asdict, dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SHOWN = 20
"""Results whose text a first page shows (faqc's page size; Pagefind's UI is given the same)."""
GZIP_LEVEL = 9
"""The gzip level each loaded body is compressed at for the gzipped figure."""
PAGEFIND_PAGE = "pagefind-search.html"
PAGEFIND_HTML = """<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Search</title>
<link href="pagefind/pagefind-ui.css" rel="stylesheet">
<script src="pagefind/pagefind-ui.js"></script>
<div id="search"></div>
<script>
window.addEventListener("DOMContentLoaded", () => {
  const ui = new PagefindUI({element: "#search", pageSize: %d, showSubResults: false});
  ui.triggerSearch(new URLSearchParams(location.search).get("q"));
});
</script></html>
"""
PAGEFIND_DONE = """shown => {
  const message = document.querySelector(".pagefind-ui__message");
  const found = message && message.textContent.match(/^([0-9,]+) results?|^No results/);
  if (!found) return false;
  const total = found[1] ? Number(found[1].replace(/,/g, "")) : 0;
  const links = document.querySelectorAll(".pagefind-ui__result-link");  // loaded results only
  const excerpts = document.querySelectorAll(
    ".pagefind-ui__result-excerpt:not(.pagefind-ui__loading)");
  return links.length >= Math.min(shown, total) && excerpts.length >= Math.min(shown, total)
    ? {total, first: links.length ? links[0].textContent.trim() : ""} : false;
}"""


@dataclass(slots=True)
class FirstQuery:
    """What one engine's search page loaded for the first query."""

    data_bytes: int
    engine_bytes: int
    files: int
    results: int
    first: str
    page_bytes: int = 0
    """The HTML page, styles and anything neither data nor engine code."""
    gzip: dict[str, int] = field(default_factory=dict)
    """The same parts (``data``, ``engine``, ``ui``, ``page``), each body gzipped."""
    loaded: dict[str, list[int]] = field(default_factory=dict)
    """Each loaded file's path on the site: [raw bytes, gzipped bytes]."""
    ui_bytes: int = 0
    """Pagefind's Default UI script and styles (faqc's UI is in its engine code)."""

    @property
    def raw_total(self) -> int:
        return self.data_bytes + self.engine_bytes + self.ui_bytes + self.page_bytes

    @property
    def core_raw(self) -> int:
        """Data and engine code alone: no page, no Pagefind UI (faqc's UI code stays in)."""
        return self.data_bytes + self.engine_bytes

    @property
    def core_gzip(self) -> int:
        return self.gzip.get("data", 0) + self.gzip.get("engine", 0)

    @property
    def gzip_total(self) -> int:
        return sum(self.gzip.values())


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


def serve(root: Path):
    """Start a local HTTP server on ``root``; return (server, base URL)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def measure(root: Path, query: str) -> dict[str, FirstQuery]:
    """Return faqc's and (if ``root/pagefind`` exists) Pagefind's first-query loads."""
    return measure_queries(root, [query])[query]


def measure_queries(root: Path, queries) -> dict[str, dict[str, FirstQuery]]:
    """Return, for each query, faqc's and (if ``root/pagefind`` exists) Pagefind's loads."""
    from playwright.sync_api import sync_playwright

    pagefind = (root / "pagefind").is_dir()
    if pagefind:
        (root / PAGEFIND_PAGE).write_text(PAGEFIND_HTML % SHOWN, encoding="utf-8")
    server, base = serve(root)
    out: dict[str, dict[str, FirstQuery]] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            try:
                for query in queries:
                    out[query] = {"faqc": _faqc(browser, base, query)}
                    if pagefind:
                        out[query]["pagefind"] = _pagefind(browser, base, query)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def to_json(measured: dict[str, dict[str, FirstQuery]]) -> str:
    """Return ``measure_queries``'s answer as JSON (every file loaded, for checking a figure)."""
    return json.dumps({q: {e: asdict(f) for e, f in engines.items()} for q, engines in
                       measured.items()}, indent=1, ensure_ascii=False)


def _loads(browser, url: str, base: str, wait, part) -> FirstQuery:
    context = browser.new_context()
    page = context.new_page()
    bodies: dict[str, bytes] = {}
    page.on("response", lambda r: bodies.__setitem__(r.url, r.body()) if r.ok else None)
    page.goto(url)
    results, first = wait(page)
    page.wait_for_load_state("networkidle")
    context.close()
    raw = {"data": 0, "engine": 0, "ui": 0, "page": 0}
    zipped = dict(raw)
    loaded = {}
    for address, body in bodies.items():
        path = address.removeprefix(base).split("?")[0]
        size, packed = len(body), len(gzip.compress(body, GZIP_LEVEL, mtime=0))
        raw[part(path)] += size
        zipped[part(path)] += packed
        loaded[path] = [size, packed]
    return FirstQuery(raw["data"], raw["engine"], len(bodies), results, first, raw["page"],
                      zipped, dict(sorted(loaded.items())), raw["ui"])


def _faqc_part(path: str) -> str:
    if path.startswith("search/data/"):
        return "data"
    return "engine" if path.startswith("assets/search") and path.endswith(".js") else "page"


def _faqc(browser, base: str, query: str) -> FirstQuery:
    def wait(page):
        link = page.locator(".search-result-link")
        link.first.wait_for(timeout=300_000)
        return link.count(), link.first.inner_text()
    return _loads(browser, f"{base}search.html?q={quote(query)}", base, wait, _faqc_part)


def _pagefind_part(path: str) -> str:
    if not path.startswith("pagefind/"):
        return "page"
    if path.startswith("pagefind/pagefind-ui."):
        return "ui"
    return "engine" if path.endswith((".js", ".wasm")) or "wasm" in path else "data"


def _pagefind(browser, base: str, query: str) -> FirstQuery:
    def wait(page):
        done = page.wait_for_function(PAGEFIND_DONE, arg=SHOWN, timeout=300_000).json_value()
        return done["total"], done["first"]
    return _loads(browser, f"{base}{PAGEFIND_PAGE}?q={quote(query)}", base, wait, _pagefind_part)
