"""The parity table in Chromium, from file:// and over HTTP: the results `faqc search` gives."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from compiler.search.index.whole import INDEX_DIR
from compiler.search.query.results import answer_query
from tests.search_parity import LIMIT, disagreement, parity_queries

expect = pytest.importorskip("playwright.sync_api").expect

RUN = """async ([queries, limit]) => {
  const out = [];
  for (const q of queries) {
    try {
      const found = await window.FAQC_SEARCH.query(q);
      out.push({hits: found.hits.slice(0, limit).map(h => [h.doc, h.score]),
                corrected: found.corrected, completed: found.completed});
    } catch (e) { out.push({error: e.message}); }
  }
  return out;
}"""


@lru_cache(maxsize=None)
def python_answers(site_dir: Path) -> tuple:
    """`faqc search`'s answers to the parity table, worked out once for file:// and HTTP."""
    return tuple(answer_query(site_dir / INDEX_DIR, query, LIMIT) for query in parity_queries())


def test_chromium_ranks_the_parity_table_as_faqc_search(page, site_url, site_dir):
    page.goto(site_url + "search.html")
    page.wait_for_function("() => !!(window.FAQC_SEARCH && window.FAQC_SEARCH.query)")
    queries = parity_queries()
    answers = page.evaluate(RUN, [queries, LIMIT])
    problems = []
    for query, answer, python in zip(queries, answers, python_answers(site_dir), strict=True):
        if "hits" not in answer:
            problems.append(f"{query}: error {answer}")
            continue
        why = disagreement([(h.docnum, h.score) for h in python.hits],
                           [tuple(h) for h in answer["hits"]])
        if [[w, names, others] for w, names, others in python.corrected] != answer["corrected"]:
            why += f" corrected {python.corrected} vs {answer['corrected']}"
        if python.completed != answer["completed"]:
            why += f" completed {python.completed} vs {answer['completed']}"
        if why:
            problems.append(f"{query}: {why}")
    assert problems == [] and page.errors == []


def test_queries_past_the_bounds_are_one_line_in_the_page(page, site_url):
    for query, message in (("(" * 2000 + "a" + ")" * 2000, "more than 100 words and operators"),
                           ("(" * 17 + "a" + ")" * 17, "nested too deeply: more than 16 levels")):
        page.goto(site_url + "search.html?q=" + query.replace("(", "%28").replace(")", "%29"))
        status = page.locator("#search-status")
        expect(status).to_contain_text(message)
    assert page.errors == []


def test_typing_completes_the_last_word_and_arrival_focuses_the_box(page, site_url):
    page.goto(site_url + "search.html")
    box = page.locator("#search-q")
    box.click()
    box.press_sequentially("tarmo", delay=30)
    first = page.locator(".search-result-link").first
    expect(first).to_have_text("Tarmogoyf")
    assert first.get_attribute("href") == "cards/tarmogoyf.html"
    place = page.locator(".search-result-place").first
    assert place.get_attribute("href") == "docs/fut-en.html#tarmogoyf"
    assert page.input_value("#site-search-q") == "tarmo"
    page.keyboard.press("Escape")
    expect(page.locator(".search-result")).to_have_count(0)
    assert box.input_value() == "" and page.evaluate("document.activeElement.id") == "search-q"

    page.goto(site_url + "search.html?q=tarmogyf")
    status = page.locator("#search-status")
    expect(status).to_contain_text("Did you mean tarmogoyf?")
    expect(page.locator(".search-result-link").first).to_have_text("Tarmogoyf")
    assert page.evaluate("document.activeElement.id") == "search-q"
    assert page.input_value("#site-search-q") == "tarmogyf"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.className") == "search-result-link"
    assert page.errors == []


def test_snippets_draw_mana_symbols_and_mark_them(page, site_url):
    page.goto(site_url + "search.html?q=%7BG%7D+tarmogoyf")
    snippet = page.locator(".search-result").first.locator(".search-snippet")
    expect(snippet.locator(".ms-g").first).to_be_visible()
    assert snippet.locator("mark .ms-g").count() >= 1
    assert snippet.locator(".ms-1").count() >= 1
    bare = snippet.evaluate("""s => { const w = document.createTreeWalker(s, NodeFilter.SHOW_TEXT);
      const out = []; for (let n; (n = w.nextNode());) if (!n.parentElement.closest('.ms')) out.push(n.data);
      return out.join(''); }""")
    assert "{1}" not in bare and "{G}" not in bare  # drawn, not written
    assert page.errors == []


def test_goyf_puts_tarmogoyf_first_and_links_the_other_names_holding_it(page, site_url):
    page.goto(site_url + "search.html?q=goyf")
    status = page.locator("#search-status")
    expect(status).to_contain_text("Did you mean tarmogoyf?")
    expect(status).to_contain_text("Other names holding \u201cgoyf\u201d: polygoyf, nethergoyf")
    first = page.locator(".search-result-link").first
    expect(first).to_have_text("Tarmogoyf")
    assert first.get_attribute("href") == "cards/tarmogoyf.html"
    other = status.locator("a.search-other").first
    assert other.inner_text() == "polygoyf"
    other.click()
    expect(page.locator(".search-result-link").first).to_have_text("Polygoyf")
    assert page.input_value("#search-q") == "polygoyf"
    box = page.locator("#search-q")
    box.fill("")
    box.press_sequentially("goyf", delay=30)  # typed: goyf* finds nothing, then the same
    expect(page.locator(".search-result-link").first).to_have_text("Tarmogoyf")
    assert page.errors == []


def _shown(page) -> list[tuple[str, str]]:
    """Return the results' titles and links, read at one moment (a list being replaced is never
    read half old, half new)."""
    return [tuple(pair) for pair in page.eval_on_selector_all(
        ".search-result-link", "links => links.map(a => [a.innerText, a.getAttribute('href')])")]


def test_submitting_a_word_cut_short_shows_what_typing_it_showed(page, site_url):
    """``tarmo`` typed shows tarmo* as you type; submitted (Enter, or ?q=tarmo) it shows the same
    results as results, with their count and no "No results" nor "Did you mean"."""
    page.goto(site_url + "search.html")
    box = page.locator("#search-q")
    box.click()
    # the whole word in one input event: typed key by key on a loaded machine, "tarm" could be
    # answered first (Tarmogoyf first too) and its list read while "tarmo"'s replaced it
    box.fill("tarmo")
    status = page.locator("#search-status")
    expect(page.locator(".search-result-link").first).to_have_text("Tarmogoyf")
    typed, typed_status = _shown(page), status.inner_text()
    assert typed and typed_status.endswith(" results") and "No results" not in typed_status
    status.evaluate("s => { s.textContent = ''; }")  # so that the wait below is for the answer
    box.press("Enter")
    page.wait_for_function("() => new URLSearchParams(location.search).get('q') === 'tarmo'")
    expect(status).to_have_text(typed_status)
    assert _shown(page) == typed
    page.goto(site_url + "search.html?q=tarmo")
    expect(page.locator(".search-result-link").first).to_have_text("Tarmogoyf")
    expect(status).to_have_text(typed_status)
    assert "No results" not in status.inner_text() and "Did you mean" not in status.inner_text()
    assert _shown(page) == typed
    assert page.errors == []
