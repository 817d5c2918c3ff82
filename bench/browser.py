"""First-query bytes, measured in Chromium: what a browser loads to answer its first query.

The site is served over local HTTP (Pagefind loads its files with ``fetch``, which ``file://``
does not allow). A fresh browser context opens, for faqc, ``search.html?q=QUERY`` and waits
for the results and their snippets; for Pagefind, a page that imports ``pagefind.js``, runs
the same query and loads the data of the first ``SHOWN`` results, as its UI would. Every
response under the search folder is counted (its body's bytes, as served: neither is
compressed on disk by faqc; Pagefind's index files are gzipped on disk), with and without
the engine code (faqc's ``assets/search*.js``; Pagefind's ``pagefind*.js`` and ``.wasm``).
"""
from __future__ import annotations

import functools
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
SHOWN = 20
"""Results whose text a first page shows (faqc's page size)."""
PAGEFIND_HARNESS = """<!doctype html><html lang="en"><meta charset="utf-8"><title>pagefind</title>
<script type="module">
const pagefind = await import("./pagefind/pagefind.js");
const search = await pagefind.search(%r);
const data = await Promise.all(search.results.slice(0, %d).map(r => r.data()));
window.PF_DONE = {count: search.results.length, first: data.length ? data[0].meta.title : null};
</script></html>
"""


@dataclass(slots=True)
class FirstQuery:
    """What one engine loaded for the first query."""

    data_bytes: int
    engine_bytes: int
    files: int
    results: int
    first: str


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
    from playwright.sync_api import sync_playwright

    (root / "pagefind-query.html").write_text(PAGEFIND_HARNESS % (query, SHOWN), encoding="utf-8")
    server, base = serve(root)
    out = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            try:
                out["faqc"] = _faqc(browser, base, query)
                if (root / "pagefind").is_dir():
                    out["pagefind"] = _pagefind(browser, base)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def _loads(browser, url: str, wait, counted, engine) -> FirstQuery:
    context = browser.new_context()
    page = context.new_page()
    sizes: dict[str, int] = {}
    page.on("response", lambda r: sizes.__setitem__(r.url, len(r.body())) if counted(r.url)
            and r.ok else None)
    page.goto(url)
    results, first = wait(page)
    page.wait_for_load_state("networkidle")
    context.close()
    engine_bytes = sum(n for u, n in sizes.items() if engine(u))
    return FirstQuery(sum(sizes.values()) - engine_bytes, engine_bytes, len(sizes), results, first)


def _faqc(browser, base: str, query: str) -> FirstQuery:
    def wait(page):
        link = page.locator(".search-result-link")
        link.first.wait_for(timeout=120_000)
        return link.count(), link.first.inner_text()
    return _loads(browser, f"{base}search.html?q={query}", wait,
                  lambda url: "/search/data/" in url or "/assets/search" in url,
                  lambda url: "/assets/search" in url)


def _pagefind(browser, base: str) -> FirstQuery:
    def wait(page):
        page.wait_for_function("window.PF_DONE", timeout=120_000)
        done = page.evaluate("window.PF_DONE")
        return done["count"], done["first"] or ""
    return _loads(browser, f"{base}pagefind-query.html", wait, lambda url: "/pagefind/" in url,
                  lambda url: url.endswith((".js", ".wasm")) or "wasm" in url)
