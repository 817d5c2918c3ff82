"""Issue 12, part 4: an undated document's rule citations never link to a different rule.

Without a date no edition of the Comprehensive Rules can be chosen for a document, so its
citations link to the number's page at ``#meanings``: what the number named in every edition
at hand, run by run (compiler/site/cr/meanings.py). (Linked to today's rule, a 2015 FAQ's "701.30 Bolster" would open 701.30
Clash.)
"""
from __future__ import annotations

import re

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from tests.conftest import RULES

UNDATED = """Frobnitz Expansion Frequently Asked Questions

GENERAL NOTES

Bushido
Creatures with bushido get bigger in combat. See rule 502.38 for the details, and rule 702.45
for the rule as numbered later.
"""


def test_undated_citations_link_to_every_meaning_of_their_numbers(tmp_path):
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "frobnitz.txt").write_text(UNDATED, encoding="utf-8")
    site = tmp_path / "site"
    build_site(sources, site, Diagnostics(), rules=RULES)
    (doc,) = (site / "docs").glob("doc-*.html")
    hrefs = re.findall(r'href="(\.\./rules/[^"]+)"', doc.read_text(encoding="utf-8"))
    assert sorted(hrefs) == ["../rules/502.38.html#meanings", "../rules/702.45.html#meanings"]

    page = (site / "rules" / "502.38.html").read_text(encoding="utf-8")
    section = page[page.index('<h2 id="meanings">'):]
    section = section[:section.index("</section>")]
    runs = [re.sub(r"<[^>]+>", "", li).strip() for li in re.findall(r"<li>(.*?)</li>", section, re.S)]
    # The six editions: Bushido under 502.38 from 2004 to 2008; later editions have no 502.38.
    assert runs == ["1 October 2004 to 1 May 2008 (4 editions): 502.38 Bushido"]
    assert re.search(r'<a href="[^"]*history[^"]*">502.38 Bushido</a>', section)


def test_dated_citations_still_link_to_their_own_edition(seed_site):
    page = (seed_site / "docs" / "chk-en.html").read_text(encoding="utf-8")
    assert 'href="../rules/409.1c.html#cr-2004-10-01"' in page
    assert "#meanings" not in page
    rule = (seed_site / "rules" / "502.38a.html").read_text(encoding="utf-8")
    assert '<h2 id="meanings">What 502.38a meant in each edition</h2>' in rule
