"""The parity table in Chromium, from file:// and over HTTP: the results `faqc search` gives."""
from __future__ import annotations

from compiler.search.build import INDEX_DIR
from compiler.search.results import search_index

from ..search_parity import LIMIT, disagreement, parity_queries

RUN = """async ([queries, limit]) => {
  const out = [];
  for (const q of queries) {
    try {
      const hits = await window.FAQC_SEARCH.query(q);
      out.push(hits.slice(0, limit).map(h => [h.doc, h.score]));
    } catch (e) { out.push({error: e.message}); }
  }
  return out;
}"""


def test_chromium_ranks_the_parity_table_as_faqc_search(page, site_url, site_dir):
    page.goto(site_url + "search.html")
    page.wait_for_function("!!(window.FAQC_SEARCH && window.FAQC_SEARCH.query)")
    queries = parity_queries()
    answers = page.evaluate(RUN, [queries, LIMIT])
    problems = []
    for query, answer in zip(queries, answers):
        whoosh = [(h.docnum, h.score) for h in search_index(site_dir / INDEX_DIR, query, LIMIT)]
        why = disagreement(whoosh, [tuple(h) for h in answer]) if isinstance(answer, list) \
            else f"error {answer}"
        if why:
            problems.append(f"{query}: {why}")
    assert problems == [] and page.errors == []


def test_queries_past_the_bounds_are_one_line_in_the_page(page, site_url):
    for query, message in (("(" * 2000 + "a" + ")" * 2000, "more than 100 words and operators"),
                           ("(" * 17 + "a" + ")" * 17, "nested too deeply: more than 16 levels")):
        page.goto(site_url + "search.html?q=" + query.replace("(", "%28").replace(")", "%29"))
        status = page.locator("#search-status")
        page.wait_for_function("document.getElementById('search-status').textContent !== ''")
        assert message in status.inner_text()
    assert page.errors == []
