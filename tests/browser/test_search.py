"""search.html in Chromium, opened from file:// with the export of the seeds next to it."""
from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from compiler.render import render_page
from compiler.search.index.assemble import export_files
from compiler.search.index.export import read_index
from compiler.search.index.indexer import write_index
from compiler.search.index.records import SearchRecord
from compiler.search.index.whole import EXPORT_DIR
from tests.search_support import ASSETS

CHROMIUM = Path("/usr/bin/chromium")
playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


def _site(folder: Path, data: Path | None = None, files: dict[str, bytes] | None = None) -> Path:
    """Write search.html, the assets and an export into ``folder``; return the page."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "search.html").write_text(render_page("search.html", "search.html", title="Search"),
                                        encoding="utf-8")
    shutil.copytree(ASSETS, folder / "assets")
    if data:
        shutil.copytree(data, folder / EXPORT_DIR)
    for name, content in (files or {}).items():
        (folder / EXPORT_DIR / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / EXPORT_DIR / name).write_bytes(content)
    return folder / "search.html"


def in_browser(check) -> None:
    """Run ``check(page)`` in a fresh Chromium, on a thread of its own.

    Playwright's sync API refuses to start where another instance is running (the browser
    tests of the whole site hold one for the session), and a new thread has no running loop.
    Page errors and any request that is not for a file:// URL fail the check.
    """
    failures: list[BaseException] = []

    def work() -> None:
        try:
            with playwright.sync_playwright() as p:
                chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=["--no-sandbox", "--disable-gpu",
                                                   "--disable-background-networking"])
                try:
                    page, problems = chromium.new_page(), []
                    page.on("pageerror", lambda error: problems.append(str(error)))
                    page.on("request", lambda r: None if r.url.startswith("file://")
                            else problems.append(f"network request: {r.url}"))
                    check(page)
                    assert problems == []
                finally:
                    chromium.close()
        except BaseException as exc:  # re-raised in the test's thread
            failures.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


def test_results_from_the_address_and_as_you_type(built, tmp_path):
    url = _site(tmp_path, built.data).as_uri()
    expect = playwright.expect

    def check(page) -> None:
        page.goto(url + "?q=bushido")
        first = page.locator(".search-result-link").first
        expect(first).to_have_text("Bushido")
        assert first.get_attribute("href") == "topics/chk-en/bushido.html"
        expect(page.locator("#search-status")).to_contain_text("results")
        assert page.locator(".search-snippet mark").count() > 0
        page.fill("#search-q", "混成")
        expect(page.locator(".search-result-link", has_text="復活メカニズム：混成").first).to_be_visible()
        expect(page).to_have_url(url + "?q=%E6%B7%B7%E6%88%90")
        page.click(".search-kind[data-kind=topic]")
        expect(page).to_have_url(url + "?q=%E6%B7%B7%E6%88%90&kind=topic")
        assert set(page.locator(".search-badge").all_inner_texts()) == {"topic"}
        page.go_back()
        expect(page).to_have_url(url + "?q=%E6%B7%B7%E6%88%90")
    in_browser(check)


def test_keyboard(built, tmp_path):
    url = _site(tmp_path, built.data).as_uri() + "?q=flip"

    def check(page) -> None:
        page.goto(url)
        links = page.locator(".search-result-link")
        playwright.expect(links.first).to_be_visible()
        page.locator("h1").click()
        page.keyboard.press("/")
        assert page.evaluate("document.activeElement.id") == "search-q"
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        assert page.evaluate("document.activeElement.textContent") == links.nth(1).inner_text()
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowUp")
        assert page.evaluate("document.activeElement.id") == "search-q"
    in_browser(check)


def test_source_text_is_shown_as_text(tmp_path):
    evil = '<img src=x onerror="document.title=1"></script><b>bold</b>'
    records = [SearchRecord(kind="card", lang="en", doc_id="x-en", line=1, title=f"Evil {evil}",
                            body=f"evil body {evil}", url="docs/x-en.html#evil", set_names=("XXX",))]
    write_index(records, tmp_path / "index")
    files = export_files(read_index(tmp_path / "index", [r.shown() for r in records]))
    url = _site(tmp_path / "site", files=files).as_uri() + "?q=evil"

    def check(page) -> None:
        page.goto(url)
        playwright.expect(page.locator(".search-result-link")).to_contain_text("</script><b>bold</b>")
        assert page.locator(".search-result img, .search-result b").count() == 0
        assert page.title().startswith("Search")
    in_browser(check)


def test_a_malformed_query_is_explained(built, tmp_path):
    url = _site(tmp_path, built.data).as_uri() + "?q=%22unclosed"

    def check(page) -> None:
        page.goto(url)
        status = page.locator("#search-status")
        playwright.expect(status).to_have_text("Cannot search: unclosed quotation mark")
        assert page.locator(".search-result").count() == 0
    in_browser(check)


def test_a_phrase_keeps_its_order_and_only_a_phrase_loads_positions(built, tmp_path):
    url = _site(tmp_path, built.data).as_uri()
    expect = playwright.expect

    def check(page) -> None:
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        status, links = page.locator("#search-status"), page.locator(".search-result-link")
        page.goto(url + "?q=budoka+gardener")
        expect(status).to_have_text("5 results")
        assert requested and not [u for u in requested if "/pos-" in u]
        page.fill("#search-q", '"gardener budoka"')
        expect(status).to_have_text("No results for \u201c\"gardener budoka\"\u201d.")
        assert links.count() == 0
        assert [u for u in requested if "/search/data/en/pos-" in u]
        page.fill("#search-q", '"budoka gardener"')
        expect(status).to_have_text("5 results")
        expect(links.first).to_contain_text("Budoka Gardener")
        page.fill("#search-q", '"cards flip"')
        expect(status).to_have_text("1 result")
        expect(links.first).to_have_text("Flip Cards")
    in_browser(check)


def test_a_multi_segment_export_shows_what_the_one_segment_export_shows(segmented, tmp_path):
    """From file://, over the export of three segments with deletions (``segmented``): the
    same results, in the same order, with the same snippets as the one-segment export."""
    urls = [_site(tmp_path / name, folder / EXPORT_DIR).as_uri()
            for name, folder in (("ours", segmented.site), ("theirs", segmented.whole))]
    queries = ["bushido", "legendary", "zyzzyvamark", '"end of turn"', "ninja*", "tarmogoyf"]

    def check(page) -> None:
        shown = []
        for url in urls:
            for query in queries:
                page.goto(f"{url}?q={query}")
                playwright.expect(page.locator("#search-status")).to_contain_text("result")
                shown.append([page.locator("#search-status").inner_text(),
                              page.locator(".search-result").all_inner_texts()])
        assert shown[:len(queries)] == shown[len(queries):]
        assert all(results for _, results in shown)
    in_browser(check)
