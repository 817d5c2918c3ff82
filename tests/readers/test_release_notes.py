"""The modern release notes reader (layout ``en-release-notes``): golden fixtures and the seed."""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.core.errors import Diagnostics
from compiler.core.model import CardEntry, Ruling, Section, Topic, iter_blocks
from compiler.core.words import audit
from compiler.files.textio import read_source
from compiler.files.validate import schema_errors
from compiler.readers.recognise.split import rules_text_length
from compiler.readers.release_notes.reader import ReleaseNotesReader
from tests.conftest import SEED_FILES, SOURCES
from tests.golden import check_golden, golden_cases

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "rn_split_sample.tsv"
# Counted independently of the reader: collector lines (grep -c -E '^[0-9]{4}[a-z]?_MTG') between
# one capitalised heading and the next.
CARDS_PER_SECTION = {
    "GENERAL NOTES": 17,
    "MODERN HORIZONS 3 MAIN SET CARD-SPECIFIC NOTES": 159,
    "MODERN HORIZONS 3 NEW-TO-MODERN REPRINTS CARD-SPECIFIC NOTES": 29,
    "MODERN HORIZONS 3 SPECIAL GUESTS CARD-SPECIFIC NOTES": 8,
    "MODERN HORIZONS 3 COMMANDER NEW CARD-SPECIFIC NOTES": 56,
}
ALL_CARD_ENTRIES = 269
TOPICS = [
    "Card Legality", "Returning Mechanics", "Returning Mechanic: Energy",
    "Returning Card Type: Kindred", "Returning Mechanic: Double-Faced Cards",
    "Returning Keyword Ability: Umbra Armor", "Returning Keyword Ability: Bestow",
    "Returning Keyword Ability: Devoid", "Returning Game Term: Modified",
    "Returning Keyword Action: Adapt", "Returning Keyword Ability: Annihilator",
]


@pytest.mark.parametrize("source", golden_cases("en-release-notes"), ids=lambda p: p.stem)
def test_golden(source):
    check_golden(source)


def _read(text: str):
    diags = Diagnostics()
    doc = ReleaseNotesReader().read(read_source(text.encode("utf-8"), "t.txt"), diags)
    return doc, [d.format() for d in diags.items]


def _cards(blocks) -> list[CardEntry]:
    return [b for b in iter_blocks(blocks) if isinstance(b, CardEntry)]


def _card(doc, name: str, role: str = "card-notes") -> CardEntry:
    return next(c for s in doc.sections if s.role == role for c in _cards(s.blocks) if c.faces[0].name == name)


# ---------------------------------------------------------------- the seed

def test_seed_meta(seed):
    doc = seed("mh3")
    meta = doc.meta
    assert doc.id == "mh3-en"
    assert (meta.layout, meta.language) == ("en-release-notes", "en")
    assert (meta.set_name, meta.set_code) == ("Modern Horizons 3", "MH3")
    assert meta.compiled_by == "Eric Levine"
    assert (meta.last_modified, meta.meta_date) == ("2024-05-15", "2024-05-31")
    assert meta.release_date is None and meta.title is None  # not stated, not invented
    assert (meta.date, meta.date_basis) == ("2024-06-14", "set-table")  # release, from the set table


def test_seed_sections_in_order(seed):
    doc = seed("mh3")
    assert [(s.role, s.title) for s in doc.sections] == [
        ("preamble", None), ("general-notes", "GENERAL NOTES"),
        *[("card-notes", t) for t in list(CARDS_PER_SECTION)[1:]], ("other", None)]
    assert doc.sections[0].blocks[0].text == "Compiled by Eric Levine"
    assert doc.sections[-1].blocks[0].text.endswith("©2024 Wizards.")


def test_seed_general_notes_topics(seed):
    general = seed("mh3").sections[1]
    assert [b.title for b in general.blocks if isinstance(b, Topic)] == TOPICS
    assert all(isinstance(b, Topic) for b in general.blocks)


def test_seed_card_entries_per_section_match_the_collector_lines(seed):
    doc = seed("mh3")
    counts = {s.title: len(_cards(s.blocks)) for s in doc.sections if s.title}
    assert counts == CARDS_PER_SECTION
    text = (SOURCES / SEED_FILES["mh3"]).read_text(encoding="utf-8")
    collector_lines = len(re.findall(r"^[0-9]{4}[a-z]?_MTG", text, re.M))
    assert collector_lines == ALL_CARD_ENTRIES == len(_cards(list(doc.sections)))


def test_seed_disciple_of_freyalise_has_back_face(seed):
    card = _card(seed("mh3"), "Disciple of Freyalise")
    assert card.layout == "modal_dfc" and card.name == "Disciple of Freyalise // Garden of Freyalise"
    assert [f.name for f in card.faces] == ["Disciple of Freyalise", "Garden of Freyalise"]
    assert card.faces[1].type_line == "Land" and card.faces[1].text == [
        "As Garden of Freyalise enters the battlefield, you may pay 3 life. If you don't, it enters "
        "the battlefield tapped.", "{T}: Add {G}."]


def test_seed_ashling_collector(seed):
    card = _card(seed("mh3"), "Ashling, Flame Dancer")
    c = card.collector
    assert (c.raw, c.number, c.set_code, c.print_kind, c.name) == (
        "0115_MTGMH3_Main", "0115", "MH3", "Main", "Ashling, Flame Dancer")
    assert card.faces[0].mana_cost == "{2}{R}{R}" and card.faces[0].power_toughness == "4/4"


def test_seed_guide_of_souls_first_ruling_follows_its_rules_text(seed):
    doc = seed("mh3")
    card = _card(doc, "Guide of Souls")
    lines = (SOURCES / SEED_FILES["mh3"]).read_text(encoding="utf-8").split("\n")
    after = next(line for line in lines[card.faces[-1].src.end_line:] if line.strip())
    first = card.blocks[0]
    assert isinstance(first, Ruling) and first.bullet is None and first.text == after
    assert first.text.startswith("You don't choose a target for Guide of Souls's last ability")


def test_seed_print_kinds_and_special_faces(seed):
    doc = seed("mh3")
    assert _card(doc, "Dismember").collector.print_kind == "SPGOther_MH3SpecialGuest"
    assert _card(doc, "Disciple of Freyalise").collector.number == "0250a"
    ondu = _card(doc, "Ondu Knotmaster")
    assert ondu.layout == "adventure" and ondu.faces[1].name == "Throw a Line"
    frog = _card(doc, "Frogmyr Enforcer")
    assert len(frog.faces) == 1 and frog.faces[0].text[1:] == [
        "{3}{R}", frog.faces[0].text[2], "2/2"]
    tamiyo = _card(doc, "Tamiyo, Inquisitive Student")
    assert tamiyo.faces[1].loyalty == "2" and tamiyo.faces[1].type_line.endswith("Tamiyo")


def test_seed_misplaced_topic_prose_goes_to_the_topic(seed):
    general = seed("mh3").sections[1]
    adapt = next(b for b in general.blocks if b.title == "Returning Keyword Action: Adapt")
    assert adapt.blocks[0].text.startswith("Crossing new horizons")
    assert _cards(adapt.blocks)[0].faces[0].name == "Fetid Gargantua"


def test_seed_example_cards_carry_no_rulings_and_card_notes_cards_do(seed):
    doc = seed("mh3")
    assert all(not c.blocks for c in _cards(doc.sections[1].blocks))
    for section in doc.sections[2:-1]:
        for card in _cards(section.blocks):
            assert card.blocks and all(isinstance(b, Ruling) and b.bullet is None for b in card.blocks)


def test_seed_ids_are_unique_and_card_notes_get_the_plain_slug(seed):
    doc = seed("mh3")
    ids = [b.id for b in iter_blocks(list(doc.sections)) if hasattr(b, "id") and b.id]
    assert len(ids) == len(set(ids))
    assert _card(doc, "Guide of Souls").id == "guide-of-souls"
    assert _card(doc, "Guide of Souls", role="general-notes").id == "guide-of-souls-2"


def test_other_seeds_are_not_release_notes():
    for name, file in SEED_FILES.items():
        score = ReleaseNotesReader().score(read_source((SOURCES / file).read_bytes(), file))
        assert (score > 0.9) if name == "mh3" else (score == 0.0), name


# ---------------------------------------------------------------- the split, measured

def test_hand_checked_sample_of_rules_text_splits(seed):
    """Re-check the recorded verdicts: 49 of the 50 sampled blocks are split exactly right."""
    by_line = {c.src.line: c for c in _cards(list(seed("mh3").sections))}
    rows = list(csv.DictReader((line for line in SAMPLE.open(encoding="utf-8")
                                if not line.startswith("#")), delimiter="\t"))
    assert len(rows) == 50
    exact = []
    for row in rows:
        card = by_line[int(row["line"])]
        assert card.collector.raw == row["collector"] and card.faces[0].name == row["name"]
        got = sum(len(face.text) for face in card.faces)
        assert (got == int(row["rules_lines"])) == (row["verdict"] == "ok"), row["name"]
        exact.append(got == int(row["rules_lines"]))
    assert sum(exact) == 49


@pytest.mark.parametrize("paragraphs, expected", [
    (["Flying", "Whenever Foo attacks, draw a card.", "Foo's ability won't trigger if it's blocked."], 2),
    (["Skip your draw step.", "At the beginning of your end step, you may pay any amount of life.",
      "Your maximum hand size is five.", "If a card would be put into your graveyard, exile it instead.",
      "If a player has more cards in hand than their maximum hand size, they discard down to it."], 4),
    (["Choose one —", "• Destroy target artifact.", "• You gain 5 life.",
      "You can't choose the same mode twice."], 3),
    (["Foo has no rules text. It's listed because effects that care about that will count it."], 0),
    ([], 0),
])
def test_rules_text_length(paragraphs, expected):
    assert rules_text_length(paragraphs, ["Foo"]) == expected


# ---------------------------------------------------------------- robustness

_LINES = st.sampled_from([
    "GENERAL NOTES", "MODERN HORIZONS 3 MAIN SET CARD-SPECIFIC NOTES", "Returning Mechanic: Energy",
    "0115_MTGMH3_Main: Ashling, Flame Dancer", "Ashling, Flame Dancer", "{2}{R}{R}",
    "Legendary Creature — Elemental Shaman", "4/4", "//", "////", "Flying", "2",
    "Whenever you attack, you get {E}.", "You can't pay more energy counters than you have.",
    "©2024 Wizards.", "Compiled by Eric Levine", "Document last modified May 15, 2024",
])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_LINES, st.text(min_size=1, max_size=30)), min_size=1, max_size=30))
def test_reader_never_crashes_nor_loses_a_word(lines):
    text = "\n\n".join(lines)
    if not text.strip():
        return
    try:
        src = read_source(text.encode("utf-8"), "t.txt")
    except Exception:  # text that is not a source (binary-looking): not the reader's concern
        return
    doc = ReleaseNotesReader().read(src, Diagnostics())
    data = doc.to_dict()
    missing, extra = audit(src.text, data)
    assert not missing and not extra
    assert schema_errors(data) == []


def test_empty_card_notes_section_and_lone_separator():
    doc, warnings = _read("X CARD-SPECIFIC NOTES\n\n0001_MTGXXX_Main: Foo\n\nFoo\n\nInstant\n\n//")
    card = _cards(doc.sections[0].blocks)[0]
    assert card.layout == "normal" and card.faces[0].type_line == "Instant"
    assert warnings == []
    assert isinstance(doc.sections[0], Section) and doc.meta.set_code == "XXX"


def test_cards_before_any_heading_are_card_notes_with_a_warning():
    doc, warnings = _read("Compiled by A. Tester\n\n0001_MTGXXX_Main: Foo\n\nFoo\n\n{U}\n\nInstant\n\n"
                          "Draw a card.\n\nYou can't draw a card if you won't have one.")
    assert [(s.role, s.id) for s in doc.sections] == [("preamble", "preamble"), ("card-notes", "card-notes")]
    card = _cards(doc.sections[1].blocks)[0]
    assert card.faces[0].text == ["Draw a card."] and len(card.blocks) == 1
    assert warnings == ["t.txt:3: warning: card blocks before any section heading [layout.section]"]
