"""``faqc serve`` in a real Chromium: the 404 page of a missing nested path is styled, runs its
script under the content security policy, and its links lead into the site."""
from __future__ import annotations

import re
import threading

import pytest

from compiler.serve import make_server


@pytest.fixture(scope="module")
def served(site_dir):
    server = make_server(site_dir, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


@pytest.mark.parametrize("path", ["nope.html", "cards/nope.html", "cards/nope/deeper/x.html"])
def test_the_404_page_of_a_nested_path_is_styled_and_its_links_work(page, served, path):
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 and r.url != served + path
            else None)
    response = page.goto(served + path)
    assert response.status == 404
    assert page.locator("main h1").inner_text() == "Page not found"
    assert page.evaluate("document.querySelector('link[rel=stylesheet]').sheet.cssRules.length") > 0
    skip_link = "getComputedStyle(document.querySelector('.skip-link')).position"
    assert page.evaluate(skip_link) == "absolute"  # a rule of site.css applies
    assert failed == []  # the stylesheet, scripts and icon all loaded
    # Chromium logs the page's own 404 as an error; nothing else (no CSP violation).
    assert page.errors == ["Failed to load resource: the server responded with a status of 404 "
                           "(File not found)"]
    page.locator("main a").click()
    page.wait_for_url(served + "index.html")
    page.goto(served + path)
    page.fill("#site-search-q", "bushido")
    page.press("#site-search-q", "Enter")
    page.wait_for_url(re.compile(re.escape(served) + r"search\.html\?q=bushido$"))


def test_an_open_page_reloads_itself_after_a_rebuild(page, tmp_path):
    """Issue 15: edit a source while `faqc serve --watch` runs; the open page shows the change
    without being reloaded by hand (its script waits for the next build generation)."""
    from compiler.serve import LiveReload
    from tests.system.test_serve_watch import CHAMPIONS_DOC, Serving, rename_card

    serving = Serving(tmp_path, live=LiveReload())
    try:
        page.goto(f"http://127.0.0.1:{serving.port}{CHAMPIONS_DOC}")
        assert "Budoka Gardener" in page.locator("main").inner_text()
        page.wait_for_timeout(300)  # the page's first ask for the generation is answered
        rename_card(serving.sources / "01_champions.txt")
        from playwright.sync_api import expect
        expect(page.locator("main")).to_contain_text("Budoka Farmer", timeout=30_000)
        assert page.errors == []
    finally:
        serving.close()
