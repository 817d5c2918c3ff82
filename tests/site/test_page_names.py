"""One page's name is that page's, never the site's problem (issue 37).

A card named like a page of its folder (``Index``, ``Ja``), cards whose names slug alike
(``!!!`` and ``???``: both ``x``) and a topic whose title is longer than a file name may be
(a Japanese title of 128 characters: 384 bytes) each get a page of their own, named stably,
and the site builds; ordinary names keep their addresses (the golden site,
tests/system/test_build.py).
"""
from __future__ import annotations

from html import unescape
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.build import build_site
from compiler.core import paths
from compiler.core.errors import Diagnostics
from compiler.core.ids import slugify
from compiler.search.index.whole import INDEX_DIR
from compiler.search.query.results import answer_query
from compiler.site.linkcheck import check_site

HERE = Path(__file__).resolve().parents[1]
JA_FIXTURE = HERE / "fixtures" / "ja" / "01_general_notes.txt"
MAX_NAME = 255   # bytes of a file name (NAME_MAX of Linux's file systems)


def card_block(name: str) -> str:
    return (f"{name}\n{{1}}{{G}}\nCreature -- Human Monk\n2/1\n{name} can't block.\n\n"
            f"* A ruling about {name}.\n-----\n\n")


def en_source(names: list[str]) -> str:
    return ("Champions of Kamigawa official release date: October 1, 2004\n\n"
            "CARD-SPECIFIC NOTES\n\n" + "".join(card_block(n) for n in names))


def build(tmp: Path, sources: dict[str, str]) -> Path:
    (tmp / "src").mkdir()
    for name, text in sources.items():
        (tmp / "src" / name).write_text(text, encoding="utf-8")
    build_site(tmp / "src", tmp / "site", Diagnostics(), jobs=1)
    assert check_site(tmp / "site") == []
    return tmp / "site"


def card_pages(site: Path) -> dict[str, str]:
    """Every card page of a site: its path -> the card's name (its title, ``<h1>``)."""
    found = {}
    for page in sorted((site / "cards").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        if '<h1 class="card-title">' in html:
            title = html.split('<h1 class="card-title">', 1)[1].split("</h1>", 1)[0]
            found[page.relative_to(site).as_posix()] = unescape(title)
    return found


def card_results(site: Path) -> dict[str, set[str]]:
    """Every card entry search finds: its title -> the pages its results go to."""
    found: dict[str, set[str]] = {}
    for hit in answer_query(site / INDEX_DIR, "kind:card", 100).hits:
        found.setdefault(hit.title, set()).add(hit.url)
    return found


def test_cards_named_like_the_pages_of_their_folder_get_pages_of_their_own(tmp_path):
    names = ["Budoka Gardener", "Index", "Ja", "Search", "404"]
    site = build(tmp_path, {"a.txt": en_source(names)})
    index = (site / paths.CARDS_INDEX).read_text(encoding="utf-8")
    assert "Cards A-Z" in index and (site / paths.CARDS_JA_INDEX).is_file()
    pages, results = card_pages(site), card_results(site)
    assert sorted(pages.values()) == sorted(names)
    for page, name in pages.items():
        assert f'href="{page.split("/", 1)[1]}"' in index, name   # listed on the A-Z index
        assert results[name] == {page}
    assert paths.card_page(paths.card_slug("Budoka Gardener")) == "cards/budoka-gardener.html"
    assert paths.card_slug("Index") not in ("index", "ja")
    assert paths.card_slug("Ja") not in ("index", "ja")


def test_cards_whose_names_slug_alike_each_keep_a_page_and_a_search_result(tmp_path):
    site = build(tmp_path, {"a.txt": en_source(["!!!", "???", "Budoka Gardener"])})
    pages, results = card_pages(site), card_results(site)
    assert sorted(pages.values()) == ["!!!", "???", "Budoka Gardener"]
    for page, name in pages.items():
        assert results[name] == {page}, (name, results)


def test_slugs_that_collide_are_told_apart_whatever_the_order(tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = build(tmp_path / "one", {"a.txt": en_source(["!!!", "???", "Ja"])})
    second = build(tmp_path / "two", {"a.txt": en_source(["Ja", "???", "!!!"])})
    assert card_pages(first) == card_pages(second)


def test_a_topic_title_longer_than_a_file_name_gets_a_stable_short_name(tmp_path):
    text = JA_FIXTURE.read_text(encoding="utf-8")
    title = "復活メカニズム：" + "混成" * 60
    assert len(title) == 128 and "復活メカニズム：混成 " in text
    sources = {"a.txt": text.replace("復活メカニズム：混成", title, 1)}
    site = build(tmp_path, sources)
    names = [p.name for p in site.rglob("*")]
    assert max(len(n.encode("utf-8")) for n in names) <= MAX_NAME
    topics = sorted(p.relative_to(site).as_posix() for p in (site / "topics").rglob("*.html"))
    long_page = [t for t in topics if "混成混成" in t]
    assert len(long_page) == 1, topics
    (tmp_path / "again").mkdir()
    assert long_page[0] in [p.relative_to(tmp_path / "again" / "site").as_posix()
                            for p in build(tmp_path / "again", sources).rglob("*.html")]


# ---------------------------------------------------------------- the scheme itself

names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=300)


@settings(max_examples=60, deadline=None)
@given(st.lists(names, min_size=1, max_size=8, unique=True), st.randoms())
def test_card_slugs_are_unique_bounded_and_independent_of_order(cards, rng):
    slugs = paths.unique_card_slugs(cards)
    assert sorted(slugs) == sorted(cards)
    assert len(set(slugs.values())) == len(cards)
    reserved = {Path(p).stem for p in paths.RESERVED_PAGES}
    for name, slug in slugs.items():
        assert slug not in reserved
        assert len(paths.card_page(slug).rsplit("/", 1)[1].encode("utf-8")) <= MAX_NAME
        assert slugify(slug) == slug, (name, slug)   # an id as check wants it
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert paths.unique_card_slugs(shuffled) == slugs


@settings(max_examples=60, deadline=None)
@given(names)
def test_every_page_name_fits_a_file_name(text):
    slug = slugify(text)
    assert slugify(slug) == slug
    for page in (paths.topic_page(slug, slug + "-2"), paths.document_page(slug + "-ja"),
                 paths.rule_page(text.replace("/", "")), paths.card_page(paths.card_slug(text))):
        assert all(len(part.encode("utf-8")) <= MAX_NAME for part in page.split("/")), page


def test_ordinary_names_keep_their_addresses():
    assert paths.card_page(paths.card_slug("Budoka Gardener // Dokai, Weaver of Life")) == \
        "cards/budoka-gardener.html"
    assert paths.card_slug("Æther Vial") == "aether-vial"
    assert paths.card_slug("X") == "x"
    assert paths.topic_page("shm-ja", "復活メカニズム-混成") == "topics/shm-ja/復活メカニズム-混成.html"
    assert paths.unique_card_slugs(["Tarmogoyf", "Index"])["Tarmogoyf"] == "tarmogoyf"
