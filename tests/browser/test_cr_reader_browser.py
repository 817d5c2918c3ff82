"""Every edition read and any two compared in a real Chromium, from file:// and over HTTP, on the
site of the seeds and the corpus with every edition of ``../shared/cr`` (``full_site``)."""
from __future__ import annotations

import pytest

from compiler.cr import RuleIdentity, load_cr_library
from compiler.cr.derive.changes import edition_changes
from compiler.cr.derive.history import RuleHistory
from compiler.cr.read.toc import rule_sections
from tests.browser.conftest import serving
from tests.cr_texts import SHARED_CR

expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture(scope="module", params=["file", "http"])
def root(request, full_site):
    if request.param == "file":
        yield full_site.as_uri() + "/"
        return
    with serving(full_site) as url:
        yield url


@pytest.fixture(scope="module")
def history(full_site):
    library = load_cr_library(SHARED_CR, cache=full_site.parent / "cache")
    return RuleHistory(RuleIdentity.build(library))


@pytest.mark.parametrize("date, number, words", [
    ("1999-04-23", "101.1", "At the start of a game, each player shuffles"),
    ("2009-10-01", "702.19b", "Bands with other"),
    ("2015-09-26", "702.2a", "Deathtouch is a static ability."),
])
def test_a_rule_of_an_edition_without_pages_opens_in_its_text(page, root, history, date,
                                                              number, words):
    """Editions no document reads against: every section is read from the data."""
    page.goto(f"{root}cr/{date}/index.html#{number}")
    rule = page.locator(f"[id='{number}']")
    rule.wait_for()
    assert words.lower() in rule.inner_text().lower()
    section = number.split(".")[0]
    heading = page.locator(f".cr-read [id='{section}']")
    assert heading.inner_text().startswith(f"{section}.")
    expect(page.locator(".cr-contents")).to_be_hidden()
    # every rule of the section is there, in the text's order
    doc = history.library.document(date)
    placed = rule_sections(doc)
    expected = [r.number for r in doc.rules if placed[r.number] == section]
    shown = page.eval_on_selector_all(".cr-read-body [id]", "nodes => nodes.map(n => n.id)")
    assert [n for n in shown if n != section] == expected
    # the next section, then back to the contents
    page.locator(".cr-read .cr-around a[rel=next]").first.click()
    page.locator(f".cr-read [id='{section}']").wait_for(state="detached")
    page.locator(".cr-read .cr-around a", has_text="Contents").first.click()
    # the script shows the contents on the hash change: wait for it
    expect(page.locator(".cr-contents")).to_be_visible()
    assert page.errors == []


def test_an_editions_glossary_is_read_in_full(page, root, history):
    page.goto(f"{root}cr/2011-02-04/index.html#glossary")
    page.locator(".cr-glossary dt").first.wait_for()
    doc = history.library.document("2011-02-04")
    assert page.locator(".cr-glossary dt").count() == len(doc.glossary)
    assert page.errors == []


def test_go_to_rule_in_an_older_edition_lands_on_its_text(page, root):
    page.goto(f"{root}cr/index.html")
    page.fill("#goto-rule", "502.12")
    page.select_option("#goto-edition", "2003-07-01")
    page.click("form.goto button")
    page.wait_for_url("**/cr/2003-07-01/index.html#502.12")
    page.locator("[id='502.12']").wait_for()
    assert page.errors == []


@pytest.mark.parametrize("pair", [("2025-09-19", "2026-01-16"), ("2008-05-01", "2009-07-11"),
                                  ("1999-04-23", "2026-01-16")])
def test_two_editions_compared_at_a_shareable_address(page, root, history, pair):
    page.goto(f"{root}cr/compare.html#{pair[0]}..{pair[1]}")
    counts = page.locator(".cr-compare-counts")
    counts.wait_for()
    library = history.library
    if library.dates.index(pair[1]) == library.dates.index(pair[0]) + 1:  # the changes page's
        changes = edition_changes(history, pair[1])
        assert counts.inner_text() == (
            f"{len(changes.added)} added, {len(changes.removed)} removed, "
            f"{len(changes.renumbered)} renumbered, {len(changes.reworded)} reworded")
    section = page.locator("details.cr-compare-section").first
    section.locator("summary").click()
    section.locator(".cr-compare-list li").first.wait_for()
    assert page.locator("select#compare-from").input_value() == pair[0]
    assert page.errors == []


def test_a_reworded_rule_shows_its_word_diff(page, root):
    page.goto(f"{root}cr/compare.html#2008-05-01..2009-07-11")
    page.locator(".cr-compare-counts").wait_for()
    section = page.locator("details#s-702")
    section.locator("summary").click()
    section.locator(".cr-compare-list li").first.wait_for()
    assert section.locator(".cr-diff del").count() and section.locator(".cr-diff ins").count()
    assert "Renumbered" in section.inner_text()
    assert page.errors == []
