"""The site built from the five seed documents and the CRs (once per session, ``seed_site`` in
conftest): pages and links. Two builds' bytes are compared by tests/test_reproducible.py."""
from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from compiler.core import paths
from compiler.core.model import CardEntry, iter_document_blocks
from compiler.core.reading import reading
from compiler.site.faq.kana import OTHER_ROW, is_kana, kana_row, kana_sort_key
from compiler.site.linkcheck import check_site
from compiler.xref.inventory import collect
from compiler.xref.resolve import resolve
from tests.conftest import SEED_FILES


@pytest.fixture(scope="session")
def seed_inventory(seed):
    documents = [seed(name) for name in SEED_FILES]
    inv = collect(documents)
    return inv, resolve(inv)


def read(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


class Outline(HTMLParser):
    """The headings, landmarks and head facts of a page."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.headings: list[int] = []
        self.tags: list[tuple[str, dict]] = []
        self.title = ""
        self._in_title = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            self.headings.append(int(tag[1]))
        self._in_title = tag == "title"

    def handle_data(self, data):
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag):
        self._in_title = False

    def has(self, tag: str, **attrs) -> bool:
        return any(t == tag and all(a.get(k) == v for k, v in attrs.items()) for t, a in self.tags)


# ---------------------------------------------------------------- named pages

def test_tarmogoyf_page_shows_its_power_toughness_and_rulings(seed_site):
    page = read(seed_site, "cards/tarmogoyf.html")
    assert '<p class="card-stats">*/1+*</p>' in page
    assert 'id="r-' in page and 'class="ruling"' in page
    assert "Tarmogoyf counts card types, not cards." in page
    assert 'href="../docs/fut-en.html#tarmogoyf"' in page


def test_spiteful_visions_page_shows_its_japanese_name(seed_site):
    page = read(seed_site, "cards/spiteful-visions.html")
    assert '<span class="card-title-ja" lang="ja">悪意に満ちた幻視</span>' in page
    # Known only from the Japanese FAQ: the page is Japanese, its English name marked so.
    assert '<html lang="ja">' in page and '<span lang="en">Spiteful Visions</span>' in page
    assert 'id="shm-ja">' in page and '<h2 id="rulings">裁定</h2>' in page


def test_japanese_index_puts_every_name_with_a_reading_in_its_gojuon_row(seed_site,
                                                                          seed_inventory):
    page = read(seed_site, paths.CARDS_JA_INDEX)
    rows = re.findall(r'<h2>(.)(?:行)?</h2>\n<ul class="index-list">\n(.*?)</ul>', page, re.S)
    listed = {row: [html.unescape(n) for n in re.findall(r'class="card-ref"[^>]*>([^<]*)<', names)]
              for row, names in rows}
    names = [n for card in seed_inventory[0].cards.values() for n in card.names_ja]
    assert sorted(n for group in listed.values() for n in group) == sorted(names)
    assert len(names) == 109
    # 91 of the 109 names start with a kanji: each is placed by its reading, none under 他
    assert [n for n in listed.get(OTHER_ROW, []) if is_kana(reading(n)[:1])] == []
    assert OTHER_ROW not in listed
    for row, group in listed.items():
        assert all(kana_row(n) == row for n in group)
        assert group == sorted(group, key=kana_sort_key)
    assert "他所のフラスコ" in listed["や"] and "刺す稲妻" in listed["さ"]


def test_rule_502_38a_shows_bushido_and_is_linked_from_champions(seed_site):
    page = read(seed_site, paths.rule_page("502.38a"))
    assert "Bushido is a triggered ability." in page
    assert '<span class="rule-name">Bushido</span>' in page
    assert 'href="../docs/chk-en.html#rule-502-38a"' in page
    assert 'href="../rules/502.38a.html"' in read(seed_site, paths.document_page("chk-en"))


def test_japanese_document_page_is_japanese(seed_site):
    page = read(seed_site, paths.document_page("shm-ja"))
    assert page.startswith('<!DOCTYPE html>\n<html lang="ja">')
    assert '<h2 id="toc-title">目次</h2>' in page
    assert '<div class="errata"><strong class="errata-label">訂正</strong>' in page


def test_card_rulings_link_back_to_their_place(seed_site, seed_inventory):
    inv, _ = seed_inventory
    card = inv.cards["Tarmogoyf"]
    page = read(seed_site, paths.card_page(card.slug))
    for block in card.sightings[0].entry.blocks:
        if getattr(block, "id", "") and block.kind == "ruling":
            assert f'<li class="ruling" id="{block.id}">' in page
            assert f'href="../docs/fut-en.html#{block.id}"' in page


# ---------------------------------------------------------------- completeness

def test_every_card_entry_of_every_seed_has_a_card_page(seed_site, seed_inventory):
    inv, _ = seed_inventory
    entries = [b for doc in inv.documents.values() for b in iter_document_blocks(doc)
               if isinstance(b, CardEntry)]
    assert len(entries) > 500
    for entry in entries:
        key = inv.face_index.get(entry.name, entry.name)
        assert (seed_site / paths.card_page(inv.cards[key].slug)).is_file(), entry.name


def test_every_quoted_or_cited_rule_has_a_rule_page(seed_site, seed_inventory):
    inv, index = seed_inventory
    numbers = set(inv.rules) | set(index.by_rule)
    assert "502.38a" in numbers and len(numbers) > 100
    for number in numbers:
        assert (seed_site / paths.rule_page(number)).is_file(), number


def test_every_topic_has_a_page(seed_site, seed_inventory):
    inv, _ = seed_inventory
    topic_pages = list((seed_site / "topics").rglob("*.html"))
    assert len(topic_pages) == len(inv.topics) + 1  # and the index


def test_every_internal_link_and_fragment_resolves(seed_site):
    problems = check_site(seed_site)
    assert not problems, "\n".join(p.format(seed_site) for p in problems[:20])


# ---------------------------------------------------------------- every page

def test_every_page_has_title_description_landmarks_and_ordered_headings(seed_site):
    for path in sorted(seed_site.rglob("*.html")):
        if path.name == "404.html":
            continue
        rel = path.relative_to(seed_site).as_posix()
        outline = Outline(path.read_text(encoding="utf-8"))
        assert outline.title.strip().endswith("Magic FAQ Archive"), rel
        assert outline.has("meta", name="description"), rel
        assert outline.has("main", id="main") and outline.has("nav", **{"class": "breadcrumbs"}), rel
        assert outline.headings[0] == 1 and outline.headings.count(1) == 1, rel
        for before, after in zip(outline.headings, outline.headings[1:]):
            assert after <= before + 1, f"{rel}: h{before} then h{after}"


def test_card_previews_are_safe_json_keyed_by_slug(seed_site, seed_inventory):
    """One file per bucket (tests/test_cards_buckets.py has the layout)."""
    inv, _ = seed_inventory
    cards = {}
    for path in sorted((seed_site / "assets" / "cards").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        body = text.split(f"||{{}},{int(path.stem)},", 1)[1].rstrip().removesuffix(");")
        assert not any(ch in body for ch in "<>&\u2028\u2029")
        cards.update(json.loads(body))
    assert set(cards) == {card.slug for card in inv.cards.values()}
    goyf = cards["tarmogoyf"]
    assert goyf["name"] == "Tarmogoyf" and "*/1+*" in goyf["html"]
    assert cards["spiteful-visions"]["name_ja"] == "悪意に満ちた幻視"

