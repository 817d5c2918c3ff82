"""``faqc check --site`` fails on a card page's document group that shows nothing of the card."""
from __future__ import annotations

from compiler.site.linkcheck import check_site

GROUP = """<section class="doc-group" id="{id}"><h3><a href="../index.html">A FAQ</a></h3>
<p class="sighting-where"><a href="../index.html">GENERAL NOTES</a></p>{body}</section>"""


def page(tmp_path, *groups: str) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (tmp_path / "cards" / "x.html").write_text(
        "<main><h1>X</h1>" + "".join(groups) + "</main>", encoding="utf-8")


def test_a_group_with_only_its_heading_and_place_is_an_error(tmp_path):
    page(tmp_path, GROUP.format(id="chk-en", body=""),
         GROUP.format(id="bok-en", body="<ol class=rulings><li>A ruling.</li></ol>"))
    assert [(p.page, p.url) for p in check_site(tmp_path)] == [("cards/x.html", "chk-en")]


def test_a_group_showing_the_printed_card_or_a_note_passes(tmp_path):
    page(tmp_path, GROUP.format(id="chk-en", body="<article><p>Flying</p></article>"),
         GROUP.format(id="bok-en", body="<section><p>The paragraph of the note.</p></section>"))
    assert check_site(tmp_path) == []


def test_the_seed_site_has_no_empty_group(seed_site):
    assert [p for p in check_site(seed_site) if "shows nothing" in p.reason] == []
