"""Card pages on a site where documents reprint rulings (issue 15): a ruling printed word for
word by several documents is shown once, under the newest, with every other document listed as
its source, newest first; every fragment id the page had when it printed each document's
rulings still lands on it. The site: synthetic FAQs made from the Champions FAQ by
bench/corpus.py: three keep every card name (their rulings repeat in all three), a fourth
renames every card (cards of one document)."""
from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bench.corpus import load_seed, synthetic_text
from compiler.build import build_site
from compiler.core import paths
from compiler.core.anchors import AnchorAllocator
from compiler.core.errors import Diagnostics
from compiler.core.model import Ruling, iter_blocks
from compiler.files.textio import read_source
from compiler.readers import read_document
from compiler.site.linkcheck import check_site
from compiler.xref.inventory import collect
from tests.conftest import SEED_FILES, SOURCES

COPIES = 3


@pytest.fixture(scope="module")
def reprints(tmp_path_factory) -> tuple[Path, list]:
    """The FAQs and their site."""
    root = tmp_path_factory.mktemp("reprints")
    sources = root / "sources"
    sources.mkdir()
    seed = load_seed(SOURCES / SEED_FILES["chk"])
    taken: set[str] = set()
    for number in range(COPIES + 1):
        text = synthetic_text(seed, number, 1, taken, keep=1.0 if number < COPIES else 0.0)
        (sources / f"faq{number}.txt").write_text(text, encoding="utf-8")
    docs = []
    for path in sorted(sources.iterdir()):
        diags = Diagnostics()
        docs.append(read_document(read_source(path.read_bytes(), path.name), diags))
    build_site(sources, root / "site", Diagnostics())
    return root / "site", docs


class Page(HTMLParser):
    """A card page's ids, shown rulings (their text) and each ruling run's source links."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.rulings: list[str] = []
        self.sources: list[list[str]] = []  # per "also in" block: the documents' hrefs in order
        self._ruling: list[str] | None = None
        self._depth = 0
        self._skip = 0
        self._also = False  # inside an "also in" block (it holds no other div)
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        classes = (attrs.get("class") or "").split()
        if tag == "div" and "also-in" in classes:
            self.sources.append([])
            self._also = True
        if tag == "a" and self._also and "href" in attrs:
            self.sources[-1].append(attrs["href"])
        if tag == "li" and "ruling" in classes:
            self._ruling, self._depth = [], 0
        elif self._ruling is not None:
            if tag == "li":
                self._depth += 1
            if tag == "a" and ({"permalink", "ruling-source"} & set(classes)):
                self._skip += 1

    def handle_endtag(self, tag):
        if tag == "div":
            self._also = False
        if self._ruling is not None and tag == "a" and self._skip:
            self._skip -= 1
        elif self._ruling is not None and tag == "li":
            if self._depth:
                self._depth -= 1
            else:
                self.rulings.append(" ".join("".join(self._ruling).split()))
                self._ruling = None

    def handle_data(self, data):
        if self._ruling is not None and not self._skip:
            self._ruling.append(data)


def old_ids(card, order: list[str]) -> set[str]:
    """The ids the page had when every document printed its own rulings (documents by date)."""
    alloc = AnchorAllocator()
    by_doc = {doc_id: [s for s in card.sightings if s.place.doc_id == doc_id] for doc_id in order}
    by_doc = {k: v for k, v in by_doc.items() if v}
    ids = {alloc.take(doc_id) for doc_id in by_doc}
    for sightings in by_doc.values():
        for sighting in sightings:
            ids |= {alloc.take(b.id) for b in iter_blocks(sighting.entry.blocks)
                    if isinstance(b, Ruling) and b.id}
    return ids


def test_reprinted_rulings_are_shown_once_with_their_sources(reprints):
    site, docs = reprints
    inv = collect(docs)
    by_date = [d.id for d in sorted(docs, key=lambda d: (d.meta.date or "", d.id))]
    shared = [c for c in inv.cards.values() if len({s.place.doc_id for s in c.sightings}) == COPIES]
    assert len(shared) >= 5, "the corpus must have cards reprinted in every document"
    checked = 0
    for card in shared:
        html = (site / paths.card_page(card.slug)).read_text(encoding="utf-8")
        page = Page(html)
        texts = [" ".join(b.text.split()) for s in card.sightings for b in s.entry.blocks
                 if isinstance(b, Ruling)]
        if not texts:
            continue
        checked += 1
        mine = {s.place.doc_id for s in card.sightings}
        newest_first = [d for d in reversed(by_date) if d in mine]
        # Each distinct ruling once (the copies print the same words).
        assert Counter(page.rulings) == Counter(dict.fromkeys(page.rulings, 1)), card.name
        assert len(page.rulings) == len(set(texts)) < len(texts), card.name
        # Shown under the newest document, the three others listed newest first.
        assert f'<section class="doc-group" id="{newest_first[0]}"' in html
        assert page.sources, card.name
        for hrefs in page.sources:
            docs_listed = [h.split("/")[-1].split(".html")[0] for h in hrefs]
            assert docs_listed == newest_first[1:], (card.name, docs_listed)
        # Every id the page had still lands somewhere on it, each once.
        assert old_ids(card, by_date) <= set(page.ids), card.name
        assert len(page.ids) == len(set(page.ids)), card.name
    assert checked >= 5
    # Source links and their ids resolve (the whole site: links and fragments).
    problems = check_site(site)
    assert not problems, problems[:5]


def test_a_card_of_one_document_keeps_its_rulings_as_they_are(reprints):
    site, docs = reprints
    inv = collect(docs)
    alone = [c for c in inv.cards.values() if len({s.place.doc_id for s in c.sightings}) == 1
             and any(isinstance(b, Ruling) for s in c.sightings for b in s.entry.blocks)]
    assert alone
    for card in alone[:10]:
        html = (site / paths.card_page(card.slug)).read_text(encoding="utf-8")
        assert 'class="also-in"' not in html, card.name
        rulings = [b for s in card.sightings for b in s.entry.blocks if isinstance(b, Ruling)]
        assert len(Page(html).rulings) == len(rulings), card.name


def test_a_run_of_reprinted_rulings_says_its_sources_hold_them_all(reprints):
    site, docs = reprints
    inv = collect(docs)
    labels = set()
    for card in inv.cards.values():
        html = (site / paths.card_page(card.slug)).read_text(encoding="utf-8")
        labels |= set(re.findall(r'<p class="also-in-label">([^<]+)</p>', html))
    assert labels == {"Also in", "These rulings are all also in"}
