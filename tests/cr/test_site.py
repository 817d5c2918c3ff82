"""The site's Comprehensive Rules pages, built from the seeds and the six CRs (``seed_site``).

The link check, the page outline checks and the byte-identical rebuild of
``tests/site/test_pages.py`` run on the same site, so they cover these pages too.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from compiler.core import paths
from compiler.cr import RuleIdentity, load_cr_library
from compiler.cr.derive.history import RuleHistory
from compiler.search.index.crrecords import cr_search_entries
from compiler.search.index.whole import INDEX_DIR
from compiler.search.query.results import answer_query
from compiler.site.linkcheck import scan_page
from tests.conftest import RULES


def read(site: Path, path: str) -> str:
    return (site / path.partition("#")[0]).read_text(encoding="utf-8")


def main_of(html: str) -> str:
    return html[html.index('<main id="main"'):html.index("</main>")]


def test_page_counts(seed_site):
    kinds = Counter()
    for page in seed_site.rglob("*.html"):
        rel = page.relative_to(seed_site).as_posix()
        kinds["history" if rel.startswith("cr/history/") else "renumbering"
              if rel.startswith("rules/renumbering/") else rel.split("/")[0]] += 1
    # 1 index + 6 contents pages + 175 section pages (the newest's 147, and the 28 sections the
    # seeds cite or quote in the five older editions: 602 if every edition were shown in full)
    # + 6 glossaries + 6 pages of changes (every edition is read against by a seed, or the
    # newest); one
    # history per identity chain; one page per rule number cited or quoted (140) or their
    # number today (120 more), plus the rules index and the renumbering page; the comparison.
    assert (kinds["cr"], kinds["history"], kinds["rules"]) == (195, 3634, 262)


def test_an_older_edition_has_a_page_for_each_section_its_readers_cite_and_no_other(seed_site):
    library = load_cr_library(RULES)
    landed: dict[str, set[str]] = {d: set() for d in library.dates}
    for page in [*(seed_site / "rules").glob("*.html"), *(seed_site / "docs").glob("*.html")]:
        for date, section in re.findall(r'href="\.\./cr/(\d{4}-\d\d-\d\d)/(\d{3})\.html#',
                                        page.read_text(encoding="utf-8")):
            landed[date].add(section)
    pages = {d: {p.stem for p in (seed_site / "cr" / d).glob("[0-9]*.html")} for d in library.dates}
    newest = library.latest
    assert pages[newest.date] == {s.number for s in newest.sections if len(s.number) == 3}
    for date in library.dates[:-1]:  # each read against by a seed: its cited sections only
        assert pages[date] == landed[date], date
        everything = {s.number for s in library.document(date).sections if len(s.number) == 3}
        assert len(pages[date]) < len(everything) / 4, date
    assert sum(map(len, pages.values())) == 175 and len(pages["2004-10-01"]) == 9
    # An edition's contents page lists every section; one without a page is read there (from
    # the site's data), and a rule of such a section too.
    contents = read(seed_site, paths.cr_edition("2004-10-01"))
    assert '<li data-section="502"><a href="502.html">502. Keyword Abilities</a></li>' in contents
    assert '<li data-section="100"><a href="#100">100. General</a></li>' in contents
    section = read(seed_site, paths.cr_section_page("2004-10-01", "502"))
    assert '<a href="index.html#212.3d" class="rule-ref" title="Rule 212.3d">' \
        in section  # a rule of a section without a page: read on the contents page
    assert '<a href="309.html#309" class="rule-ref"' in section  # one with a page: there


def test_rule_309_of_champions_is_declare_blockers_step_of_2004(seed_site):
    page = main_of(read(seed_site, paths.rule_page("309")))
    era = page[page.index('id="cr-2004-10-01"'):]
    assert '<span class="rule-title">Declare Blockers Step</span>' in era
    assert '<a href="509.html#today">509 Declare Blockers Step</a>' in era
    assert '<span class="rule-number">309</span> <span class="rule-title">Dungeons</span>' in page
    assert 'href="../rules/309.html#cr-2004-10-01"' in read(seed_site, paths.document_page("chk-en"))


def test_502_38_says_it_is_702_45_today_and_702_45_lists_its_old_number(seed_site):
    old = main_of(read(seed_site, paths.rule_page("502.38")))
    assert '<strong>Today:</strong> <a href="702.45.html#today">702.45 Bushido</a>' in old
    today = main_of(read(seed_site, paths.rule_page("702.45")))
    assert '<h1>Rule 702.45 <span class="rule-name">Bushido</span></h1>' in today
    older = today[today.index("Earlier numbers of this rule"):]
    assert '<a class="rule-ref" href="502.38.html#cr-2004-10-01">502.38</a>' in older
    assert 'quoted in <a href="../docs/chk-en.html#rule-502-38">Champions of Kamigawa FAQ</a>' in older
    assert '<a href="../cr/history/2004-10-01/502.38.html">History of rule 702.45</a>' in today


def test_a_quotation_is_shown_with_its_eras_text_and_a_difference_is_flagged(seed_site):
    page = main_of(read(seed_site, paths.rule_page("501.9a")))
    assert '<p class="quote-check quote-differs" lang="en"><strong>Differs from' in page
    assert "<li>quoted <q>&#34;scry</q>, the rules <q>&#34;fateseal</q></li>" in page
    same = main_of(read(seed_site, paths.rule_page("502.38a")))
    assert "Word for word" in same
    missing = main_of(read(seed_site, paths.rule_page("501.10")))
    assert "<strong>Not in this edition:</strong>" in missing


def test_cr_browser_anchors_every_rule_and_links_numbers_within_its_cr(seed_site):
    page = read(seed_site, paths.cr_section_page("2004-10-01", "502"))
    ids = set(re.findall(r' id="([^"]+)"', main_of(page)))
    assert {"502", "502.38", "502.38a", "502.38b", "502.38c"} <= ids
    assert '(See rule <a href="309.html#309" class="rule-ref" title="Rule 309">309</a>' in page
    assert 'href="glossary.html#creature" class="glossary-ref"' in page
    assert page.count('href="glossary.html#creature"') == 1  # a term is linked at its first use
    glossary = read(seed_site, paths.cr_glossary("2004-10-01"))
    assert '<dt id="ability">' in glossary and '<dt id="bushido">' in glossary


def test_history_shows_each_version_and_an_accessible_word_diff(seed_site):
    page = main_of(read(seed_site, paths.rule_history_page("2004-10-01", "502.38a")))
    assert page.startswith('<main id="main" tabindex="-1">\n<h1>History of rule 702.45a (Bushido)</h1>')
    assert len(re.findall(r'<li class="cr-step"( id="n-[0-9.a-z]+")?>', page)) == 3
    assert ('<del><span class="visually-hidden">[removed: </span>X&#34;<span class="visually-hidden">]'
            '</span></del> <ins><span class="visually-hidden">[added: </span>N&#34;') in page
    assert "Renumbered: 502.38a became 702.45a." in page
    assert 'Quoted as 502.38a in <a href="../../../docs/chk-en.html#rule-502-38a">' in page


def test_rulings_citing_a_changed_rule_say_so_on_document_and_card_pages(seed_site):
    note = ('<span class="rule-changed-note">(420.5e: <a class="rule-changed" '
            'href="../cr/history/2004-10-01/420.5e.html">the rule has changed since</a>)</span>')
    assert note in read(seed_site, paths.document_page("bok-en"))
    assert note in read(seed_site, paths.card_page(paths.card_slug("Mirror Gallery")))
    # Four rulings, one citing two changed rules (409.1b and 409.1h).
    assert read(seed_site, paths.document_page("bok-en")).count('class="rule-changed-note"') == 5


def test_every_cr_search_entry_points_at_an_anchor_of_the_site(seed_site):
    ids: dict[str, set[str]] = {}
    history = RuleHistory(RuleIdentity.build(load_cr_library(RULES)))
    history.browsed = {d.name: frozenset(p.relative_to(seed_site).as_posix() for p in d.glob("*.html"))
                       for d in (seed_site / "cr").glob("[0-9]*")}  # the section pages it has
    entries = cr_search_entries(history)
    for entry in entries:
        path, _, fragment = entry.version.url.partition("#")
        if path not in ids:
            ids[path] = scan_page(seed_site / path).ids
        if fragment not in ids[path]:  # read on its edition's contents page, from the data
            assert path == paths.cr_edition(entry.version.date) \
                and history.library.entry(entry.version.date, fragment), entry.version.url
    assert len(entries) == 5698


def test_no_two_cr_search_entries_look_alike(seed_site):
    """Runs of a rule read from the data (sections of older editions without a page) each link
    to the rule in the last edition of the run and say which CRs they hold (search used to list
    "313.1 (End of Turn Step)" several times with one URL)."""
    history = RuleHistory(RuleIdentity.build(load_cr_library(RULES)))
    history.browsed = {d.name: frozenset(p.relative_to(seed_site).as_posix() for p in d.glob("*.html"))
                       for d in (seed_site / "cr").glob("[0-9]*")}
    entries = cr_search_entries(history)
    shown = Counter((e.label or e.version.title, e.version.url) for e in entries)
    assert [key for key, n in shown.items() if n > 1] == []
    read = re.compile(r"cr/[0-9-]{10}/index\.html#[1-9][0-9]{2}.*")  # read from the data
    on_reader = [e for e in entries if read.fullmatch(e.version.url)]
    assert len(on_reader) > 1000
    assert all(e.label == f"{e.version.title}, CR {e.dates[0]}"
               + (f" to {e.dates[-1]}" if len(e.dates) > 1 else "") for e in on_reader)
    assert all(not e.label for e in entries if not read.fullmatch(e.version.url))
    found = [h for h in answer_query(seed_site / INDEX_DIR, '"end of turn"', 200).hits
             if h.kind == "rule"]
    assert len({(h.title, h.url) for h in found}) == len(found)
    steps = [h for h in found if read.fullmatch(h.url)]
    assert steps and all(", CR " in h.title for h in steps)


def test_a_rule_page_lists_what_its_number_meant_in_each_edition(seed_site):
    page = main_of(read(seed_site, paths.rule_page("502.36")))
    meanings = page[page.index('<h2 id="meanings">'):]
    assert meanings.count("<li>") == 2
    assert ('(2 editions): <a href="../cr/history/2004-10-01/502.36.html">502.36 Scry</a>'
            in meanings)
    assert ('<time datetime="2007-05-01">1 May 2007</time> to <time datetime="2008-05-01">'
            '1 May 2008</time> (2 editions): <a href="../cr/history/2007-05-01/502.36.html">'
            '502.36 Shroud</a>') in meanings


def test_renumbering_json_maps_every_rule_of_every_edition_once(seed_site):
    data = json.loads((seed_site / paths.RENUMBERING_JSON).read_text(encoding="utf-8"))
    library = load_cr_library(RULES)
    assert data["editions"] == library.dates and data["newest"] == "2026-01-16"
    covered = Counter()
    index = {d: i for i, d in enumerate(library.dates)}
    for number, first, last, today, action in data["runs"]:
        for date in library.dates[index[first]:index[last] + 1]:
            covered[(date, number)] += 1
        assert (today is None) == (action == "removed")
    expected = Counter((d.date, n) for d in library.documents
                       for n in {*(s.number for s in d.sections), *(r.number for r in d.rules)})
    assert covered == expected
    runs = {(r[0], r[1]): r for r in data["runs"]}
    assert runs[("502.38", "2004-10-01")][2:] == ["2008-05-01", "702.45", "renumbered"]
    assert runs[("502.38a", "2004-10-01")][3:] == ["702.45a", "renumbered, reworded"]
    page = main_of(read(seed_site, paths.RENUMBERING))
    assert '<a href="renumbering/502.html">502</a>' in page  # by section, each a page
    page = main_of(read(seed_site, paths.renumbering_section("502")))
    assert '<a href="../../cr/history/2004-10-01/502.38.html">502.38</a>' in page
    assert 'data-filter="renumbering"' in page


def test_only_game_terms_link_to_the_glossary(seed_site):
    """Issue 15: everyday words the glossary defines (your, card, pay, cases, ability) are not
    links; game terms are, matched as whole words (``creature`` links, ``creatures`` too)."""
    for date in ("2004-10-01", "2026-01-16"):
        pages = [read(seed_site, paths.cr_section_page(date, s)) for s in ("102", "118", "502", "702")
                 if (seed_site / paths.cr_section_page(date, s)).is_file()]
        linked = {m for page in pages for m in re.findall(r'href="glossary\.html#([^"]+)" class="glossary-ref"', page)}
        assert linked, date
        for everyday in ("you-your", "card", "pay", "case", "ability", "instead", "if"):
            assert everyday not in linked, (date, everyday)
        words = {m.lower() for page in pages for m in re.findall(r'class="glossary-ref"[^>]*>([^<]+)<', page)}
        assert not words & {"your", "you", "card", "cards", "pay", "cases", "ability"}, words


def test_a_glossary_has_an_a_to_z_bar(seed_site):
    glossary = read(seed_site, paths.cr_glossary("2026-01-16"))
    bar = glossary[glossary.index('<nav class="letter-nav"'):glossary.index("</nav>", glossary.index('<nav class="letter-nav"'))]
    letters = re.findall(r'href="#letter-([a-zA-Z]+)"', bar)
    assert letters[:3] == ["A", "B", "C"] and len(letters) >= 20
    for letter in letters:
        assert f'id="letter-{letter}"' in glossary
    # each term under its letter
    section = glossary[glossary.index('id="letter-T"'):glossary.index('id="letter-U"')]
    assert '<dt id="trample">' in section


def test_each_edition_shown_has_a_contents_page_and_the_index_lists_them_newest_first(seed_site):
    index = main_of(read(seed_site, paths.CR_INDEX))
    dates = re.findall(r'<tr id="cr-([0-9-]+)">', index)
    assert dates == sorted(dates, reverse=True) and dates[0] == "2026-01-16"
    assert '<form class="goto"' in index and "cr-sections" not in index  # no contents here
    page = main_of(read(seed_site, paths.cr_edition("2004-10-01")))
    assert "<h1>Comprehensive Rules of 1 October 2004</h1>" in page
    assert '<h3 id="chapter-5">5. Additional Rules</h3>' in page or 'id="chapter-5"' in page
    assert '<a href="502.html">502. Keyword Abilities</a>' in page
    assert 'href="glossary.html"' in page and 'href="../changes/2004-10-01.html"' in page
    assert '<a rel="next" href="../2005-02-01/index.html">' in page
    assert '<form class="goto"' in page


def test_the_rules_index_files_each_rule_under_its_own_editions_section(seed_site):
    index = main_of(read(seed_site, paths.RULES_INDEX))
    assert "quoted 0" not in index and "cited 0" not in index
    # by edition, newest first (issue 40: sections of different editions were mixed)
    editions = re.findall(r'<section class="index-edition" id="cr-([0-9-]+)"', index)
    assert editions == ["2026-01-16", "2008-05-01", "2007-05-01", "2005-02-01", "2004-10-01"]
    blocks = dict(zip(editions, re.split(r'<section class="index-edition"', index)[1:]))
    def group_of(date, number):
        groups = re.split(r'<section class="index-group"', blocks[date])[1:]
        return next(g for g in groups if f'>{number}</a>' in g)
    # the Shadowmoor FAQ (2008) cites 104.3: 2008's 104 is "Numbers and Symbols", not today's
    # "Ending the Game"
    old = group_of("2008-05-01", "104.3")
    assert "Numbers and Symbols" in old and "Ending the Game" not in old
    today = group_of("2026-01-16", "107.4")
    assert "today's number of" in today and ">104.3</a>" in today
    assert '<span class="rule-counts">1 document</span>' in old
    assert "Comprehensive Rules of 16 January 2026" in blocks["2026-01-16"].split("</h2>")[0]


def test_a_one_word_glossary_term_links_only_when_it_is_not_everyday_english():
    from compiler.site.cr.crtext import term_forms
    assert term_forms("You, Your") == [] and term_forms("Card") == [] and term_forms("Pay") == []
    assert term_forms("Case") == []  # so "in some cases" is no link
    assert term_forms("Trample") == ["trample", "tramples"]
    assert term_forms("Control, Controller") == ["controller", "controllers"]
    assert term_forms("Activated Ability") == ["activated ability", "activated abilities"]
    assert term_forms("Banding (Obsolete)") == []


def test_a_glossary_term_links_only_where_its_context_makes_it_the_defined_term():
    """Issue 40: "as modified by", "locked in", "casual variant" and "the mathematical symbol
    for infinity" linked to Modified, Locked, Variant (the multiplayer one) and Infinity."""
    from compiler.site.cr.crtext import GlossaryMatcher, glossary_anchors
    doc = load_cr_library(RULES).document("2026-01-16")
    matcher = GlossaryMatcher(doc.glossary, glossary_anchors(doc.glossary), doc)

    def terms(text: str) -> list[str]:
        return [term for *_, term in matcher.find(text)]
    rules = {rule.number: rule.text for rule in doc.rules}
    for number, phrase in (("707.2", "as modified by"), ("601.2f", "locked in"),
                           ("107.12", "casual variant"), ("702.186a", "symbol for infinity")):
        assert phrase in rules[number], number
        start = rules[number].index(phrase)
        assert not [m for m in matcher.find(rules[number]) if m[0] < start + len(phrase)
                    and start < m[1] and m[3] in ("Modified", "Locked", "Variant", "Infinity")]
    # the defined terms, in the contexts their own rules use them, still link
    assert terms("A modified creature") == ["Modified", "Creature"]
    assert terms("it is paired with another creature") == ["Paired", "Creature"]
    assert terms("is “championed” by another") == ["Champion, Championed"]
    assert terms("Infinity cards") == ["Infinity"]
    assert terms("in a Free-for-All variant") == ["Variant"]


def test_rule_pages_say_in_sentences_when_a_rule_went_and_under_which_numbers_it_was(seed_site):
    """Issue 40: "Today: no longer in the rules. the rule has changed since"; "Earlier numbers"
    as one date per edition."""
    from compiler.site.cr.ruleera import edition_ranges
    pages = [p.read_text(encoding="utf-8") for p in (seed_site / "rules").glob("*.html")]
    gone = [p for p in pages if "no longer in the rules" in p]
    assert gone
    for page in gone:
        assert re.search(r"no longer in the rules: the last edition with it is that of "
                         r"\d+ \w+ \d{4}\. <a class=\"rule-changed\" href=\"[^\"]+\">Its history</a>",
                         page)
        assert "rules. the rule" not in page
    older = [li for p in pages for li in re.findall(r'<ul class="older-numbers">(.*?)</ul>', p, re.S)]
    assert older
    said = [line for item in older for line in re.findall(
        r'<li>(?:<a class="rule-ref"[^>]*>)?\d[\d.a-z]*(?:</a>)?\s+(in [^\n;]*)', item)]
    assert len(said) >= len(older)
    one = (r"(the edition of <time[^>]*>[^<]*</time>|the \d+ editions from <time[^>]*>[^<]*</time>"
           r" to <time[^>]*>[^<]*</time>)")
    for line in said:
        assert re.fullmatch(rf"in {one}((, | and ){one})*(</li>)?", line), line
    editions = ["2004", "2005", "2007", "2008", "2024", "2026"]
    assert edition_ranges(editions, ["2005", "2004", "2008", "2026"]) == [
        ("2004", "2005", 2), ("2008", "2008", 1), ("2026", "2026", 1)]
    changes = main_of(read(seed_site, paths.cr_changes("2026-01-16")))
    assert re.search(r"\d+ renumbered\. Read it in full", changes)
    for page in (seed_site / "cr" / "changes").glob("*.html"):   # "8 renumbered.Read it"
        head = re.search(r'<p class="cr-source">(.*?)</p>', page.read_text(encoding="utf-8"), re.S)
        assert not re.search(r"[a-z\d][.:;][A-Z][a-z]", re.sub(r"<[^>]+>", "", head[1])), page.name
