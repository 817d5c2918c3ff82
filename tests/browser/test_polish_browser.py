"""What a reader notices on a page (issue 15, part 4), checked in Chromium: permalinks that
land under their card's name and copy themselves, legible hybrid symbols, a card page in its
documents' language, labels on a phone, and the page's address on a printout."""
from __future__ import annotations

import pytest


def deep_ruling(page) -> str:
    """Return the id of a ruling far down a long card entry of the open document page."""
    found = page.evaluate("""() => {
        for (const entry of document.querySelectorAll('article.card-entry')) {
            const rulings = entry.querySelectorAll('li.ruling[id]');
            if (rulings.length >= 5) return rulings[rulings.length - 1].id;
        }
        return null;
    }""")
    assert found, "no card entry with five rulings on the page"
    return found


@pytest.mark.parametrize("height", [900, 500])
def test_a_ruling_permalink_lands_under_its_card_name(browser, site_url, height):
    context = browser.new_context(viewport={"width": 1280, "height": height})
    tab = context.new_page()
    try:
        tab.goto(site_url + "docs/mh3-en.html")
        ruling = deep_ruling(tab)
        tab.goto(site_url + f"docs/mh3-en.html#{ruling}")
        tab.wait_for_timeout(200)
        boxes = tab.evaluate("""(id) => {
            const ruling = document.getElementById(id);
            const heading = ruling.closest('article.card-entry').querySelector('.entry-name');
            const r = ruling.getBoundingClientRect(), h = heading.getBoundingClientRect();
            return {ruling: [r.top, r.bottom], heading: [h.top, h.bottom], height: innerHeight};
        }""", ruling)
        top, bottom = boxes["heading"]
        assert 0 <= top and bottom <= boxes["ruling"][0] + 1, boxes   # the name, then the ruling
        assert boxes["ruling"][0] < boxes["height"], boxes
    finally:
        context.close()


def test_permalinks_are_visible_and_copy_their_address(browser, http_root):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=http_root.rstrip("/"))
    tab = context.new_page()
    try:
        tab.goto(http_root + "cards/tarmogoyf.html")
        link = tab.locator("li.ruling a.permalink").first
        assert link.evaluate("a => getComputedStyle(a).opacity") == "1"
        assert link.is_visible()
        link.click()
        tab.wait_for_function("() => document.querySelector('[role=status].visually-hidden')")
        copied = tab.evaluate("navigator.clipboard.readText()")
        assert copied == link.evaluate("a => a.href") and "#r-" in copied
        assert tab.locator("[role=status].visually-hidden").inner_text() == "Link copied"
    finally:
        context.close()


def test_hybrid_symbols_are_drawn_larger_than_single_ones(page, site_url):
    page.goto(site_url + "cards/spiteful-visions.html")
    sizes = page.evaluate("""() => {
        const cost = document.querySelector('.card-cost');
        const box = sel => cost.querySelector(sel).getBoundingClientRect().width;
        return [box('.ms:not(.ms-hybrid)'), box('.ms-hybrid')];
    }""")
    single, hybrid = sizes
    assert hybrid >= 1.15 * single, sizes


def test_a_card_known_only_from_japanese_documents_has_a_japanese_page(page, site_url):
    page.goto(site_url + "cards/barrenton-medic.html")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator("#rulings").inner_text() == "裁定"
    assert page.locator("h1 [lang=en]").inner_text() == "Barrenton Medic"
    page.goto(site_url + "cards/tarmogoyf.html")
    assert page.locator("html").get_attribute("lang") == "en"


def test_the_documents_table_keeps_its_labels_on_a_phone(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    try:
        tab.goto(site_url + "index.html")
        cell = tab.locator("table.documents tbody td.num").first
        label = cell.evaluate("td => getComputedStyle(td, '::before').content")
        assert "Cards" in label
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_a_printout_shows_the_page_address(page, site_url):
    page.goto(site_url + "cards/tarmogoyf.html#rulings")
    line = page.locator(".print-address")
    assert not line.is_visible()
    page.emulate_media(media="print")
    assert line.is_visible()
    assert line.inner_text() == site_url + "cards/tarmogoyf.html"
