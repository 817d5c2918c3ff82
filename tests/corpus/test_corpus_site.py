"""The site built from the seeds and every corpus document, as a reader opens its card pages.

Each card of several faces in ``../shared/corpus/cards`` that the A-Z index lists is one page
with all its faces, titled as the data names it (``tools/measure/cardpages.py``); no card page
has a document group that shows nothing, and no link is broken (``faqc check --site``).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from compiler.site.linkcheck import check_site
from tests.conftest import ROOT
from tools.measure.carddata import CardData, read_card_file
from tools.measure.cardpages import measure_card_pages

CORPUS = ROOT.parent / "shared" / "corpus"
pytestmark = [pytest.mark.corpus,
              pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not beside the project")]


@pytest.fixture(scope="module")
def site(full_site) -> Path:
    """The seeds and the corpus, built with every CR edition (the session's ``full_site``)."""
    return full_site


def test_every_card_of_several_faces_is_one_page_named_as_the_data_names_it(site):
    data = CardData()
    for path in sorted((CORPUS / "cards").glob("*.jsonl")):
        read_card_file(path, data)
    measured = measure_card_pages(site, data)
    assert measured.cards >= 115 and measured.misses == []


def test_no_card_page_has_an_empty_group_nor_a_broken_link(site):
    assert check_site(site) == []
