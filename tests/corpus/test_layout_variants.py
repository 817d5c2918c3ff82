"""Issue 36: layouts not seen before read as well as the captures they vary.

The captures whose mana symbols are images (2012-2014) are rewritten as the same pages
captured otherwise (``VARIANTS``): without the two-space hard breaks that end their card
lines, with each card's cost images on its name line after the card's picture (``![](card.jpg)
Name ![Black Mana](black.gif)``), and with each card entry in a blockquote. Each variant
must read as its capture does: every entry found, every word kept, faces right (reviewed
misses of the capture excused) at the capture's bar. The variants are made in a temporary
folder at test time from ``../shared``, never kept.
"""
from __future__ import annotations

import re

import pytest

from tests.corpus.test_corpus_accuracy import CARDS, FOUND, RIGHT, SHARED, report
from tools.measure.copies import symbols_lost

pytestmark = [pytest.mark.corpus,
              pytest.mark.skipif(not (SHARED / "corpus").is_dir(),
                                 reason="../shared/corpus is not beside the project")]

_COST_AFTER_NAME = re.compile(r"(?m)^((?:> ?)?!\[[^\]]*\]\([^)]*\.jpg\)[^\n]*?) *\n(?:> ?)?"
                              r"((?:!\[[^\]]*\]\([^)]*\.gif\))+) *$")
_ENTRY = re.compile(r"(?m)^(!\[\]\([^)]*\.jpg\)[^\n]*(?:\n(?!\s*\n)[^\n]*)*)")

VARIANTS = {
    "without hard breaks": lambda text: re.sub(r"(?m) {2,}$", "", text),
    "cost on the name line": lambda text: _COST_AFTER_NAME.sub(r"\1 \2  ", text),
    "entries blockquoted": lambda text: _ENTRY.sub(
        lambda m: "\n".join("> " + line for line in m.group(1).split("\n")), text),
}


def captures() -> list:
    if not (SHARED / "corpus").is_dir():
        return []
    return [s for s in report.subjects(SHARED) if s.path.suffix == ".md"
            and symbols_lost(s.path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("capture", captures(), ids=lambda s: s.path.stem)
def test_a_variant_of_a_capture_reads_as_the_capture(capture, variant, tmp_path):
    text = capture.path.read_text(encoding="utf-8")
    changed = VARIANTS[variant](text)
    assert changed != text, "the variant changes nothing: the test would prove nothing"
    path = tmp_path / capture.path.name
    path.write_text(changed, encoding="utf-8")
    r = report.measure_subject(report.Subject(path, capture.sets, capture.title,
                                              capture.path.name), CARDS)
    shares = report.shares(r, report.reviewed())
    assert (r.words_missing, r.words_extra) == (0, 0)
    assert shares.found >= FOUND, report.details(r)
    assert shares.right_reviewed >= RIGHT, report.details(r)
    assert (r.identity.grouped, r.identity.named) == (r.identity.cards,) * 2, report.details(r)
