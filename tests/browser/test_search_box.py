"""The header's search box as you type (assets/search-box.js), in a real Chromium, from file://
and from a local server: the search page's results, under the box, by keyboard, accessible;
and the search page's help folded on a phone so that results are above the fold (issue 40)."""
from __future__ import annotations

import re

import pytest

from tests.browser.test_accessibility import axe_script, axe_violations  # noqa: F401 (fixture)

expect = pytest.importorskip("playwright.sync_api").expect

TYPED = ("flyin", "madnes", "tarmo OR shoc", "いなずま")
"""What a reader types (the last word a prefix, as on the search page)."""


def _titles(locator) -> list[str]:
    return [" ".join(t.split()) for t in locator.all_inner_texts()]


def _header_results(page, text: str) -> list[str]:
    page.fill("#site-search-q", text)
    status = page.locator(".site-search-status")
    expect(status).to_have_text(re.compile(r"\d+ results?$|^No results|件$|ありません"))
    return _titles(page.locator(".site-search-result .site-search-link"))


def test_the_header_box_shows_the_search_pages_results_as_you_type(page, site_url):
    found = 0
    for text in TYPED:
        page.goto(site_url + "search.html")
        # the whole text at once: a status of a keystroke before the last (``flyi``) would be
        # taken for the text's own
        page.fill("#search-q", text)
        expect(page.locator("#search-status")).to_have_text(re.compile(r"\d+ results?|件|No results"))
        expected = _titles(page.locator(".search-result-link"))[:8]
        page.goto(site_url + "cards/tarmogoyf.html")
        assert _header_results(page, text) == expected, text
        found += bool(expected)
        panel = page.locator(".site-search-panel").bounding_box()
        box = page.locator("#site-search-q").bounding_box()
        assert panel["y"] >= box["y"] + box["height"] - 1   # under the box
    assert found >= 3   # (what finds nothing on the search page finds nothing here either)
    assert page.errors == []


def test_the_header_results_are_keyboard_navigable(page, site_url):
    page.goto(site_url + "docs/chk-en.html")
    page.locator("#site-search-q").focus()
    page.keyboard.type("bushid")
    links = page.locator(".site-search-panel a")
    # the results of the whole word, not of a keystroke before it (a slow machine shows both)
    expect(links.last).to_have_text("All results for \u201cbushid\u201d")
    count = links.count()
    assert count >= 3 and "All results for" in links.last.inner_text()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.className") == "site-search-link"
    first = page.evaluate("document.activeElement.href")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.href") != first
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.id") == "site-search-q"
    page.keyboard.press("Escape")
    expect(page.locator(".site-search-panel")).to_be_hidden()
    page.keyboard.press("ArrowDown")          # back into the results
    expect(page.locator(".site-search-panel")).to_be_visible()
    page.keyboard.press("Enter")              # opens the focused result
    page.wait_for_url(lambda url: url == first)
    page.goto(site_url + "docs/chk-en.html")
    page.fill("#site-search-q", "bushido")
    page.keyboard.press("Enter")              # in the box: the search page, every result
    page.wait_for_url(re.compile(r"search\.html\?q=bushido$"))
    expect(page.locator("#search-results li").first).to_be_visible()
    assert page.errors == []


@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_nothing_serious_with_the_header_results_open(browser, site_dir, axe_script,
                                                                width):
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 900},
                                  bypass_csp=True)
    tab = context.new_page()
    try:
        found = []
        for path, text in (("cards/tarmogoyf.html", "goyf"), ("docs/shm-ja.html", "混成")):
            tab.goto(site_dir.as_uri() + "/" + path)
            tab.fill("#site-search-q", text)
            tab.locator(".site-search-result").first.wait_for()
            found += [f"{path} at {width}px: {v}" for v in axe_violations(tab, axe_script)]
        assert found == [], "\n".join(found)
    finally:
        context.close()


def test_on_a_phone_the_search_pages_results_are_above_the_fold(browser, site_dir):
    for width, height, folded in ((390, 844, True), (1280, 900, False)):
        context = browser.new_context(viewport={"width": width, "height": height})
        tab = context.new_page()
        try:
            tab.goto(site_dir.as_uri() + "/search.html?q=madness")
            first = tab.locator("#search-results li").first
            first.wait_for()
            assert tab.locator("#search-help-box").get_attribute("open") is None if folded \
                else tab.locator("#search-help-box").get_attribute("open") == ""
            box = first.bounding_box()
            # the first result whole above half the screen (what a phone's keyboard leaves)
            assert box["y"] + box["height"] < height / 2 + 100, (width, box)
            if folded:
                tab.locator("#search-help-box summary").click()
                expect(tab.locator("#search-help")).to_be_visible()
        finally:
            context.close()
