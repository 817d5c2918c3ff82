"""The built site in a real Chromium, from file:// and from a local HTTP server."""
from __future__ import annotations

import re

import pytest

from compiler.site.faq.cardsjs import CARDS_SCRIPT, bucket_of, bucket_path, read_index
from compiler.site.write import previous_previews
from tests.browser.conftest import OUTPUT


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


BUCKETS = "/assets/cards/"


def bucket_requests(page) -> list[str]:
    """Return the list the URLs of the preview buckets the page requests will be added to."""
    found: list[str] = []
    page.on("request", lambda req: found.append(req.url) if BUCKETS in req.url else None)
    return found


def card_slug(link) -> str:
    return link.get_attribute("href").rsplit("/", 1)[1].split(".html")[0]


def bucket_url(site_url: str, site_dir, slug: str) -> str:
    count = read_index((site_dir / CARDS_SCRIPT).read_bytes())
    return site_url + bucket_path(bucket_of(slug, count))


@pytest.mark.parametrize("path", ["docs/chk-en.html", "topics/chk-en/bushido.html"])
def test_hovering_a_card_link_loads_its_bucket_and_shows_its_preview(page, site_url, site_dir,
                                                                      path):
    requested = bucket_requests(page)
    page.goto(site_url + path)
    page.wait_for_function("() => window.FAQC_CARDS && typeof window.FAQC_CARDS.register === 'function'")
    assert requested == []  # every page loads cards.js, no bucket before a hover
    link = page.locator("main a.card-ref").first
    link.scroll_into_view_if_needed()
    link.hover()
    preview = page.locator("#card-preview")
    preview.wait_for(state="visible")
    slug = card_slug(link)
    assert requested == [bucket_url(site_url, site_dir, slug)]  # its bucket, and only it
    assert previous_previews(site_dir)[slug]["name"] in preview.inner_text()
    assert preview.locator(".card-face").count() >= 1
    assert link.get_attribute("aria-describedby") == "card-preview"
    page.mouse.move(5, 5)
    preview.wait_for(state="hidden")
    assert link.get_attribute("aria-describedby") is None
    link.hover()  # again: from the bucket loaded before
    preview.wait_for(state="visible")
    assert len(requested) == 1
    assert page.errors == []


def test_keyboard_focus_shows_the_preview_and_escape_hides_it(page, site_url, site_dir):
    page.goto(site_url + "docs/chk-en.html")
    links = page.locator("main a.card-ref")
    preview = page.locator("#card-preview")
    names = previous_previews(site_dir)
    links.nth(0).focus()
    preview.wait_for(state="visible")
    assert names[card_slug(links.nth(0))]["name"] in preview.inner_text()
    page.keyboard.press("Escape")
    preview.wait_for(state="hidden")
    first = card_slug(links.nth(0))
    other = next(i for i in range(1, links.count()) if card_slug(links.nth(i)) != first)
    links.nth(other).focus()
    preview.wait_for(state="visible")
    assert names[card_slug(links.nth(other))]["name"] in preview.inner_text()
    box, link = preview.bounding_box(), links.nth(other).bounding_box()
    assert box["y"] >= link["y"] + link["height"] or box["y"] + box["height"] <= link["y"]
    page.locator("#site-search-q").focus()
    preview.wait_for(state="hidden")
    assert page.errors == []


# Hover link ``a`` and leave it for link ``b`` (in another bucket) before a's bucket arrives
# (events dispatched in one task: no script can load in between); once both buckets have
# loaded, say which card the popover shows. With ``b`` < 0, the pointer leaves for the page.
HOVER_AND_LEAVE = """
([a, b]) => new Promise((resolve) => {
  const links = document.querySelectorAll("main a.card-ref");
  const pointer = (type, target, related) => target.dispatchEvent(new PointerEvent(type,
      { bubbles: true, pointerType: "mouse", relatedTarget: related }));
  const buckets = () => [...document.scripts].filter((s) => s.src.includes("/assets/cards/"));
  const next = b >= 0 ? links[b] : document.body;
  pointer("pointerover", links[a], null);
  pointer("pointerout", links[a], next);
  if (b >= 0) pointer("pointerover", next, links[a]);
  const waiting = buckets().map((s) => new Promise((done) => s.addEventListener("load", done)));
  Promise.all(waiting).then(() => setTimeout(() => {
    const box = document.getElementById("card-preview");
    resolve({ loads: waiting.length, shown: box && !box.hidden ? box.innerText : null });
  }, 50));
})
"""


def test_a_card_left_before_its_bucket_arrives_is_not_shown(page, site_url, site_dir):
    page.goto(site_url + "docs/mh3-en.html")
    count = read_index((site_dir / CARDS_SCRIPT).read_bytes())
    slugs = [card_slug(link) for link in page.locator("main a.card-ref").all()]
    first = 0
    other = next(i for i, slug in enumerate(slugs)
                 if bucket_of(slug, count) != bucket_of(slugs[0], count))
    names = previous_previews(site_dir)
    got = page.evaluate(HOVER_AND_LEAVE, [first, -1])
    assert got == {"loads": 1, "shown": None}
    page.reload()
    got = page.evaluate(HOVER_AND_LEAVE, [first, other])
    assert got["loads"] == 2 and names[slugs[other]]["name"] in got["shown"]
    assert names[slugs[first]]["name"] not in got["shown"]
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
