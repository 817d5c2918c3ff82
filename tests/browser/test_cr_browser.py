"""The Comprehensive Rules pages in a real Chromium, from file:// and from a local HTTP server."""
from __future__ import annotations

import re


def test_a_rule_of_the_cr_browser_opens_at_its_anchor(page, site_url):
    page.goto(site_url + "cr/2004-10-01/502.html#502.38a")
    assert page.title() == "502. Keyword Abilities (2004-10-01) · Magic FAQ Archive"
    assert page.evaluate("document.querySelector(':target').id") == "502.38a"
    assert page.locator(":target").is_visible()
    assert page.errors == []  # cr.css and site.js load under the content security policy


def test_from_a_faq_citation_to_the_cr_of_its_era_and_the_rules_history(page, site_url):
    page.goto(site_url + "docs/chk-en.html")
    page.locator('main a.rule-ref[href$="rules/309.html#cr-2004-10-01"]').first.click()
    page.wait_for_url(re.compile(r"rules/309\.html#cr-2004-10-01$"))
    era = page.locator("#cr-2004-10-01")
    assert "Declare Blockers Step" in era.inner_text()
    era.get_by_role("link", name="Comprehensive Rules of 1 October 2004").click()
    page.wait_for_url(re.compile(r"cr/2004-10-01/309\.html#309$"))
    assert page.locator("main h1").inner_text() == "309. Declare Blockers Step"
    page.goto(site_url + "rules/502.38a.html")
    page.locator("a.rule-changed").first.click()
    page.wait_for_url(re.compile(r"cr/history/2004-10-01/502\.38a\.html$"))
    assert page.locator("main h1").inner_text() == "History of rule 702.45a (Bushido)"
    assert page.locator(".cr-diff del").first.is_visible()
    assert page.errors == []


def test_search_finds_a_cr_rule_under_each_number_it_had_and_opens_it(page, site_url):
    page.goto(site_url + "search.html?q=bushido&kind=rule")
    results = page.locator("#search-results li")
    today = results.filter(has=page.locator(".search-result-link", has_text=re.compile(r"^702\.45\. Bushido$")))
    then = results.filter(has=page.locator(".search-result-link", has_text=re.compile(r"^502\.38\. Bushido$")))
    today.first.wait_for()
    assert "2024-06-07 – 2026-01-16" in today.first.inner_text()
    assert "2004-10-01 – 2008-05-01" in then.first.inner_text()
    then.first.locator(".search-result-link").click()
    page.wait_for_url(re.compile(r"cr/2008-05-01/502\.html#502\.38$"))
    assert page.evaluate("document.querySelector(':target').id") == "502.38"
    assert page.errors == []


def test_a_section_of_an_older_edition_without_a_page_is_read_through_its_history(page, site_url):
    """An older edition has pages only for the sections its readers cite: the index links the
    others to their histories, and a rule number cited in its text to the rule's history."""
    page.goto(site_url + "cr/index.html#cr-2004-10-01")
    contents = page.locator("#cr-2004-10-01")
    contents.get_by_role("link", name="100. General").click()
    page.wait_for_url(re.compile(r"cr/history/2004-10-01/100\.html$"))
    assert page.locator("main h1").inner_text().startswith("History of rule 100")
    page.goto(site_url + "cr/2004-10-01/502.html")
    page.locator('main a.rule-ref[title="Rule 212.3d"]').first.click()
    page.wait_for_url(re.compile(r"cr/history/2004-10-01/212\.3d\.html$"))
    assert "212.3d" in page.locator("main").inner_text()
    assert page.errors == []
