"""The Comprehensive Rules pages in a real Chromium, from file:// and from a local HTTP server."""
from __future__ import annotations

import re

import pytest

from compiler.search.index.whole import INDEX_DIR
from compiler.search.query.results import answer_query

expect = pytest.importorskip("playwright.sync_api").expect


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


def _go_to_rule(page, number: str, edition: str = "") -> None:
    page.fill("#goto-rule", number)
    if edition:
        page.select_option("#goto-edition", edition)
    page.click("form.goto button")


def test_the_go_to_rule_box_takes_any_editions_number(page, site_url):
    """Issue 15: today's number goes to today's rule; an old number resolves to today's through
    the renumbering runs (cr/goto/<digit>.js, loaded by a script element: no fetch, so from
    file:// too); a chosen edition goes to that edition's text; ambiguity and nonsense are said."""
    page.goto(site_url + "index.html")
    _go_to_rule(page, "702.45")
    page.wait_for_url(re.compile(r"cr/2026-01-16/702\.html#702\.45$"))
    assert page.evaluate("document.querySelector(':target').id") == "702.45"

    page.goto(site_url + "cr/index.html")
    _go_to_rule(page, "Rule 502.38.")  # Bushido in 2004: 702.45 today
    page.wait_for_url(re.compile(r"cr/2026-01-16/702\.html#702\.45$"))
    assert "Bushido" in page.locator(":target").inner_text()

    page.goto(site_url + "cr/2026-01-16/index.html")
    _go_to_rule(page, "502.38a", "2004-10-01")
    page.wait_for_url(re.compile(r"cr/2004-10-01/502\.html#502\.38a$"))
    assert page.locator(":target").is_visible()

    # 501.2 was one rule in 2004-2005 (removed since) and another in 2007-2008 (701.3 today).
    page.goto(site_url + "index.html")
    _go_to_rule(page, "501.2")
    result = page.locator(".goto-result")
    result.locator("li").nth(1).wait_for()
    assert "not a rule number today" in result.inner_text()
    assert result.locator("li").count() == 2
    # each earlier meaning with its title, or its section's (issue 40)
    assert "501.2 Attach, 2007-05-01 to 2008-05-01" in result.locator("li").nth(0).inner_text()
    assert re.search(r"501\.2 in 501 [A-Z]\w+", result.locator("li").nth(1).inner_text())
    result.get_by_role("link", name="701.3 Attach today").click()
    page.wait_for_url(re.compile(r"cr/2026-01-16/701\.html#701\.3$"))

    # The form's own address (what it sends, a link one can share) goes there too.
    page.goto(site_url + "cr/index.html?rule=502.38a&edition=2004-10-01")
    page.wait_for_url(re.compile(r"cr/2004-10-01/502\.html#502\.38a$"))

    page.goto(site_url + "index.html")
    _go_to_rule(page, "999.9")
    page.wait_for_function("() => document.querySelector('.goto-result').textContent.includes('No rule 999.9')")
    _go_to_rule(page, "hello")
    page.wait_for_function("() => document.querySelector('.goto-result').textContent.includes('Type a rule number')")
    assert page.errors == []


def test_an_old_ruling_permalink_inside_the_folded_sources_opens_them(page, site_dir, tmp_path):
    """Issue 15: a card page lists the other documents printing a ruling, the rest folded in a
    <details>; a fragment id there (an old permalink) opens it and is in view. The seed site has no
    reprinted ruling, so the page is one made here, beside a link to the site's own assets (the
    seed site is shared by every test process: nothing is written into it)."""
    html = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>'
            '<link rel="stylesheet" href="../assets/site.css"></head><body>',
            '<div style="height:3000px">top</div><div class="also-in"><p class="also-in-label">Also in</p>'
            '<ul class="also-in-list"><li><a href="#" id="r-1">A</a></li></ul><details><summary>9 more'
            '</summary><ul class="also-in-list">']
    html += [f'<li><a href="#" id="r-1-{n}">Doc {n}</a><span id="r-2-{n}"></span></li>' for n in range(2, 11)]
    html.append('</ul></details></div><div style="height:3000px">end</div></body></html>')
    (tmp_path / "assets").symlink_to(site_dir / "assets")
    path = tmp_path / "cards" / "zz-folded-sources-test.html"
    path.parent.mkdir()
    path.write_text("".join(html), encoding="utf-8")
    page.goto(path.as_uri() + "#r-2-7")
    assert page.evaluate("document.querySelector('details').open")
    assert page.evaluate("document.getElementById('r-1-7').getBoundingClientRect().top") < 900


def test_a_section_of_an_older_edition_without_a_page_is_read_on_its_contents_page(page, site_url):
    """An older edition has pages only for the sections its readers cite: its contents page
    reads the others from the site's data, and so does a rule number cited in its text, and
    the go-to-rule box for a number of such a section."""
    page.goto(site_url + "cr/index.html")
    page.locator("#cr-2004-10-01").get_by_role("link", name=re.compile("2004")).first.click()
    page.wait_for_url(re.compile(r"cr/2004-10-01/index\.html$"))
    page.locator("main .cr-contents").get_by_role("link", name="100. General").click()
    page.wait_for_url(re.compile(r"cr/2004-10-01/index\.html#100$"))
    assert page.locator(".cr-read h2").first.inner_text() == "100. General"
    page.goto(site_url + "cr/2004-10-01/502.html")
    page.locator('main a.rule-ref[title="Rule 212.3d"]').first.click()
    page.wait_for_url(re.compile(r"cr/2004-10-01/index\.html#212\.3d$"))
    expect(page.locator("[id='212.3d']")).to_contain_text("212.3d")
    page.goto(site_url + "cr/index.html")
    _go_to_rule(page, "212.3d", "2004-10-01")
    page.wait_for_url(re.compile(r"cr/2004-10-01/index\.html#212\.3d$"))
    expect(page.locator("[id='212.3d']")).to_be_in_viewport()
    assert page.errors == []


# The width the edition <select> needs to show its chosen option whole: a copy of it holding
# only that option, sized by its content (Chromium's padding, border and arrow included).
_EDITION_FIT = """() => {
  const box = r => { const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const select = document.querySelector('#goto-edition');
  const label = document.querySelector('label[for=goto-edition]');
  const copy = select.cloneNode(false);
  copy.removeAttribute('id');
  copy.appendChild(select.options[select.selectedIndex].cloneNode(true));
  Object.assign(copy.style, {width: 'auto', maxWidth: 'none', position: 'absolute', visibility: 'hidden'});
  select.parentNode.appendChild(copy);
  const needed = copy.getBoundingClientRect().width;
  copy.remove();
  return {label: box(label), select: box(select), needed: needed,
          text: select.options[select.selectedIndex].text,
          scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth};
}"""


def test_the_edition_dropdown_fits_a_phone(browser, site_url):
    """At 390 px the go-to-rule box's edition label and <select> are inside the viewport, the
    select is wide enough for the option it shows, and nothing scrolls sideways."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    try:
        for path in ("cr/index.html", "cr/2026-01-16/index.html", "cr/2004-10-01/index.html",
                     "index.html"):
            tab.goto(site_url + path)
            tab.locator("#goto-edition").scroll_into_view_if_needed()
            fit = tab.evaluate(_EDITION_FIT)
            for name in ("label", "select"):
                left, top, right, bottom = fit[name]
                assert 0 <= left < right <= fit["width"], (path, name, fit)
                assert 0 <= top < bottom <= 844, (path, name, fit)
            select_width = fit["select"][2] - fit["select"][0]
            assert fit["needed"] <= select_width, (path, fit)  # the option's text is not cut
            assert fit["scrollWidth"] <= fit["width"], (path, fit)
    finally:
        context.close()


def test_a_phrase_lists_each_version_of_a_rule_once_and_opens_its_text(page, site_url, site_dir):
    """"end of turn" matches several runs of editions of one rule read from the data: each is a
    result of its own, titled with its CRs and linked to its text in the run's last edition, as
    `faqc search` lists them."""
    page.goto(site_url + "search.html?q=%22end+of+turn%22&kind=rule")
    expect(page.locator("#search-status")).to_contain_text("results")
    links = page.locator(".search-result-link")
    shown = [(links.nth(i).inner_text(), links.nth(i).get_attribute("href"))
             for i in range(links.count())]
    expected = [(h.title, h.url) for h in answer_query(site_dir / INDEX_DIR, '"end of turn"', 1000).hits
                if h.kind == "rule"][:20]
    assert shown == expected and len(set(shown)) == len(shown) == 20
    steps = [(title, href) for title, href in shown if re.match(r"cr/[0-9-]{10}/index\.html#", href)]
    assert steps and all(re.search(r", CR [0-9-]{10}( to [0-9-]{10})?$", t) for t, _ in steps)
    title, href = steps[0]
    page.locator(f'.search-result-link[href="{href}"]').click()
    page.wait_for_url(re.compile(re.escape(href.split("#")[1]) + "$"))
    target = page.locator(f"[id='{href.split('#')[1]}']")
    last = re.search(r", CR (?:[0-9-]{10} to )?([0-9-]{10})$", title).group(1)
    assert href.startswith(f"cr/{last}/")  # the run's last edition
    expect(target).to_be_visible()
    assert page.errors == []
