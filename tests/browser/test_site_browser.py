"""The built site in a real Chromium, from file:// and from a local HTTP server."""
from __future__ import annotations

import re

from .conftest import OUTPUT


def test_home_lists_the_documents(page, site_url):
    page.goto(site_url + "index.html")
    assert page.title() == "Magic: The Gathering FAQs and release notes · Magic FAQ Archive"
    rows = page.locator("table.documents tbody tr")
    assert rows.count() == 5
    assert page.locator("#home-search-q").is_visible()
    assert page.errors == []


def test_follow_a_card_link_then_a_rule_link(page, site_url):
    page.goto(site_url + "index.html")
    page.get_by_role("link", name="Champions of Kamigawa FAQ").click()
    page.wait_for_url(re.compile(r"docs/chk-en\.html$"))
    page.locator("main a.card-ref").first.click()
    page.wait_for_url(re.compile(r"cards/[a-z0-9-]+\.html$"))
    assert page.locator("main h1.card-title").is_visible()
    page.go_back()
    page.locator('a.rule-number[href$="rules/502.38a.html"]').click()
    page.wait_for_url(re.compile(r"rules/502\.38a\.html$"))
    assert page.locator("main h1").inner_text().startswith("Rule 502.38a")
    assert "Bushido is a triggered ability" in page.locator("main").inner_text()
    assert page.errors == []


def test_a_fragment_link_lands_on_its_ruling(page, site_url):
    page.goto(site_url + "cards/tarmogoyf.html")
    href = page.locator("a.ruling-source").first.get_attribute("href")
    fragment = href.split("#", 1)[1]
    page.locator("a.ruling-source").first.click()
    page.wait_for_url(re.compile(re.escape("docs/fut-en.html#" + fragment) + "$"))
    assert page.locator(f"#{fragment}").is_visible()
    assert page.evaluate("document.querySelector(':target').id") == fragment


def test_hovering_a_card_link_shows_its_preview(page, site_url):
    page.goto(site_url + "docs/chk-en.html")
    page.wait_for_function("window.FAQC_CARDS !== undefined")
    link = page.locator("main a.card-ref").first
    link.scroll_into_view_if_needed()
    link.hover()
    preview = page.locator("#card-preview")
    preview.wait_for(state="visible")
    slug = link.get_attribute("href").rsplit("/", 1)[1].split(".html")[0]
    name = page.evaluate(f"window.FAQC_CARDS[{slug!r}].name")
    assert name in preview.inner_text()
    assert preview.locator(".card-face").count() >= 1
    page.mouse.move(5, 5)
    preview.wait_for(state="hidden")
    assert page.errors == []


def test_japanese_pages_render_japanese(page, site_url):
    page.goto(site_url + "cards/spiteful-visions.html")
    assert "悪意に満ちた幻視" in page.locator("h1").inner_text()
    page.goto(site_url + "docs/shm-ja.html")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator(".errata").first.is_visible()


def test_card_page_screenshots(browser, site_dir):
    OUTPUT.mkdir(exist_ok=True)
    for width in (390, 1280):
        context = browser.new_context(viewport={"width": width, "height": 900})
        tab = context.new_page()
        tab.goto(site_dir.as_uri() + "/cards/tarmogoyf.html")
        width_used = tab.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width, f"page scrolls sideways at {width}px"
        tab.screenshot(path=str(OUTPUT / f"card-tarmogoyf-{width}.png"), full_page=True)
        tab.goto(site_dir.as_uri() + "/cards/sink-into-stupor.html")
        tab.screenshot(path=str(OUTPUT / f"card-sink-into-stupor-{width}.png"), full_page=True)
        context.close()
    assert (OUTPUT / "card-tarmogoyf-390.png").stat().st_size > 0
