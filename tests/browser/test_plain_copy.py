"""Issues 12 and 36: a release notes page copied as plain text (what a browser's "copy" gives)
reads as its Markdown capture does: every card entry found, each card with several faces one
entry named as the card data names it, set and date right, nothing lost.

The copies are made in Chromium (``tools/measure/copies.py``). A copy loses what was only
markup: bullets, emphasis, blockquotes, table cells' spacing and the mana symbols of 2012-2014
(images; the measure then drops the data's symbols). Rules text is told from notes by the
copy's paragraphs and wording alone, which is weaker than the Markdown's: the floors of faces
right below are the figures measured (``tools/corpus_report.py --copies DIR``), not the
Markdown's 97%.
"""
from __future__ import annotations

import pytest

from tests.corpus.test_corpus_accuracy import CARDS, SHARED, report
from tools.measure.copies import make_copies

pytestmark = [pytest.mark.corpus,
              pytest.mark.skipif(not (SHARED / "corpus").is_dir(),
                                 reason="../shared/corpus is not beside the project")]
FOUND = 0.99
FACES_RIGHT = 0.975
"""All copies together, reviewed misses counted right (measured 0.982 on 2026-12-02; 0.88
before the copies' rules text was weighed past the header's paragraph and up to the list of
rulings, 0.970 before the cues read curly apostrophes and a copy's modes were modes)."""
FACES_RIGHT_EACH = 0.97
"""The copy read worst, as the issue asks of every document (Streets of New Capenna 0.972;
Commander 2019 was 0.968 before Phyrexian reminders in lower case and ``Snow is a supertype``
as a note, 1.0 since; Eldritch Moon 0.932 before the curly apostrophes and the modes)."""
BOUNDARY_RIGHT = 0.975
"""All copies together (measured 0.981)."""
RULINGS_ATTACHED = 0.98
"""The capture's rulings that are rulings of the same card in the copy, all copies together
(measured 0.987; 0.980 before a heading run into lists on both sides was a topic and a line
opening with ``Æ`` a sentence; 0 before: a copy's notes were paragraphs)."""
RULINGS_ATTACHED_EACH = 0.92
"""The copy read worst: the question-and-answer FAQ, whose questions lost their bold (0.935;
Dragon's Maze, whose general notes print each ruling a paragraph of its own, 0.939)."""


@pytest.fixture(scope="module")
def copies(browser, tmp_path_factory):
    """Return {capture file name: measured copy} for every corpus capture."""
    captures = [s for s in report.subjects(SHARED) if s.path.suffix == ".md"]
    made = make_copies(browser, [s.path for s in captures], tmp_path_factory.mktemp("copies"))
    found = {}
    for subject in captures:
        as_copy, lost = report.copy_subject(subject, made[subject.path])
        found[subject.path.name] = report.measure_subject(as_copy, CARDS, symbols_lost=lost)
    return found


def test_every_copy_is_read_with_its_cards(copies):
    assert len(copies) == 16
    for name, r in copies.items():
        assert r.layout == "en-lines" and not r.unknown_layout, name
        assert r.set_code == r.subject.sets[0], name
        assert (r.words_missing, r.words_extra) == (0, 0), name
        assert r.accuracy.share_found() >= FOUND, f"{name}\n{report.details(r)}"


def test_every_card_of_several_faces_is_one_entry_named_as_the_card(copies):
    for name, r in copies.items():
        i = r.identity
        assert (i.grouped, i.named, i.kind) == (i.cards,) * 3, f"{name}\n{report.details(r)}"
    assert sum(r.identity.cards for r in copies.values()) >= 115  # measured 115: those of the captures


def test_copies_keep_faces_and_boundaries_mostly_right(copies):
    excused = report.reviewed()
    shares = {name: report.shares(r, excused) for name, r in copies.items()}
    faces = sum(len(r.accuracy.faces) for r in copies.values())
    right = sum(shares[n].right_reviewed * len(r.accuracy.faces) for n, r in copies.items())
    entries = sum(r.accuracy.entries for r in copies.values())
    wrong = sum(len(r.accuracy.boundary_wrong) for r in copies.values())
    assert right / faces >= FACES_RIGHT
    assert min(s.right_reviewed for s in shares.values()) >= FACES_RIGHT_EACH
    assert 1 - wrong / entries >= BOUNDARY_RIGHT


def test_the_rulings_of_a_copy_are_the_rulings_of_its_cards(copies):
    """A copy has no bullets: a card's notes are read line by line as its rulings, and a
    heading the copy runs into a list still opens its topic."""
    attached = {name: r.rulings for name, r in copies.items()}
    assert sum(a.attached for a in attached.values()) \
        >= RULINGS_ATTACHED * sum(a.rulings for a in attached.values())
    assert min(a.attached / a.rulings for a in attached.values()) >= RULINGS_ATTACHED_EACH
