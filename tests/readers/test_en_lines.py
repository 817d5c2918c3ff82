"""The line-structured English FAQ reader (layout ``en-lines``): golden fixtures and whole seeds."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.core.errors import Diagnostics
from compiler.core.model import (CardEntry, ListBlock, RuleQuote, Ruling, Section, Topic,
                                 iter_blocks)
from compiler.core.words import audit
from compiler.files.textio import read_source
from compiler.files.validate import schema_errors
from compiler.readers.lines.linekinds import is_section_heading
from compiler.readers.lines.reader import LineFaqReader
from tests.conftest import SEED_FILES, SOURCES
from tests.golden import check_golden, golden_cases

# Counted independently of the reader: separator lines after each CARD-SPECIFIC NOTES heading
# (every entry there ends with one), cross-checked against the type lines.
CARD_NOTES_ENTRIES = {"chk": 38, "bok": 45}
# Card blocks anywhere: card notes plus the example cards of the other sections
# (CHK: Isamaru and ten in the general notes; BOK: eight in the general notes).
ALL_CARD_ENTRIES = {"chk": 49, "bok": 53}


@pytest.mark.parametrize("source", golden_cases("en-lines"), ids=lambda p: p.stem)
def test_golden(source):
    check_golden(source)


def _read(text: str):
    diags = Diagnostics()
    doc = LineFaqReader().read(read_source(text.encode("utf-8"), "t.txt"), diags)
    return doc, [d.format() for d in diags.items]


def _section(doc, role: str) -> Section:
    return next(s for s in doc.sections if s.role == role)


def _cards(blocks) -> list[CardEntry]:
    return [b for b in iter_blocks(blocks) if isinstance(b, CardEntry)]


def _rule(doc, number: str) -> RuleQuote:
    return next(b for b in iter_blocks(list(doc.sections))
                if isinstance(b, RuleQuote) and b.number == number)


# ---------------------------------------------------------------- whole seeds

@pytest.mark.parametrize("name, doc_id", [("chk", "chk-en"), ("bok", "bok-en")])
def test_seed_document_id_and_layout(seed, name, doc_id):
    doc = seed(name)
    assert doc.id == doc_id
    assert doc.meta.layout == "en-lines" and doc.meta.language == "en"


def test_chk_dates_and_set(seed):
    meta = seed("chk").meta
    assert (meta.set_name, meta.set_code) == ("Champions of Kamigawa", "CHK")
    assert (meta.release_date, meta.legal_date) == ("2004-10-01", "2004-10-20")
    assert meta.date == "2004-10-01"


def test_bok_dates_and_set(seed):
    meta = seed("bok").meta
    assert (meta.set_name, meta.set_code) == ("Betrayers of Kamigawa", "BOK")
    assert (meta.release_date, meta.legal_date) == ("2005-02-04", "2005-02-20")


@pytest.mark.parametrize("name", ["chk", "bok"])
def test_card_notes_entry_counts(seed, name):
    doc = seed(name)
    notes = _section(doc, "card-notes")
    assert notes.title == "CARD-SPECIFIC NOTES"
    assert all(isinstance(b, CardEntry) for b in notes.blocks)
    assert len(notes.blocks) == CARD_NOTES_ENTRIES[name]
    assert len(_cards(list(doc.sections))) == ALL_CARD_ENTRIES[name]


def test_chk_sections_in_order(seed):
    doc = seed("chk")
    assert [(s.role, s.title) for s in doc.sections] == [
        ("preamble", None), ("other", 'THE "LEGEND RULE" AND LEGENDARY PERMANENTS'),
        ("general-notes", "GENERAL NOTES"), ("card-notes", "CARD-SPECIFIC NOTES")]
    topics = [t.title for t in _section(doc, "general-notes").blocks]
    assert topics == ["Bushido", "Flip Cards", "Soulshift", "Splice onto Arcane", "Vigilance",
                      "Walls and the Defender Ability", "Deceivers", "Honden", "Myojin", "Zubera"]


def test_chk_intro_topic_list(seed):
    lists = [b for b in _section(seed("chk"), "preamble").blocks if isinstance(b, ListBlock)]
    assert [i.text for i in lists[0].items][:2] == ["Bushido", "Flip Cards"]
    assert lists[0].arrow is None


def test_budoka_gardener_is_a_flip_card(seed):
    notes = _section(seed("chk"), "card-notes").blocks
    card = next(c for c in notes if c.faces[0].name == "Budoka Gardener")
    assert card.layout == "flip"
    assert [f.name for f in card.faces] == ["Budoka Gardener", "Dokai, Weaver of Life"]
    assert card.faces[1].mana_cost is None and card.faces[1].power_toughness == "3/3"
    assert len([b for b in card.blocks if isinstance(b, Ruling)]) == 3


def test_bushido_rules(seed):
    doc = seed("chk")
    assert _rule(doc, "502.38").title == "Bushido"
    assert _rule(doc, "502.38").numbered_with_period
    assert _rule(doc, "502.38a").text.startswith("Bushido is a triggered ability")


def test_rule_examples_attach_to_their_rule(seed):
    rule = _rule(seed("chk"), "502.40c")
    assert len(rule.examples) == 1 and rule.examples[0].startswith("Example: If a red card")
    assert rule.src.to_list() == [173, 174]


def test_flip_list_maps_heroes(seed):
    flip = next(t for t in _section(seed("chk"), "general-notes").blocks if t.title == "Flip Cards")
    mapping = next(b for b in flip.blocks if isinstance(b, ListBlock))
    assert mapping.arrow == "-->"
    first = mapping.items[0]
    assert (first.text, first.maps_to) == ("Akki Lavarunner", "Tok-Tok Volcano Born")


def test_steel_wall_name_note(seed):
    card = next(c for c in _cards(list(seed("chk").sections)) if c.name == "Steel Wall")
    assert card.faces[0].name_note == "(_Mirrodin_(R) card with its new Oracle wording)"


def test_ninjutsu_topic_holds_ninja_of_the_deep_hours(seed):
    topic = next(t for t in _section(seed("bok"), "general-notes").blocks if t.title == "Ninjutsu")
    card = next(b for b in topic.blocks if isinstance(b, CardEntry))
    assert card.name == "Ninja of the Deep Hours"
    assert card.faces[0].mana_cost == "{3}{U}"
    assert card.faces[0].type_line == "Creature -- Human Ninja"


def test_bok_offering_card_ends_before_the_rules_intro(seed):
    topic = next(t for t in _section(seed("bok"), "general-notes").blocks if t.title == "Offering")
    kinds = [b.kind for b in topic.blocks]
    assert kinds[:4] == ["paragraph", "card", "paragraph", "rule"]
    assert topic.blocks[1].faces[0].text[-1] == "Whenever a creature attacks, you may gain 1 life."


def test_bok_faithful_squire_spaced_flip(seed):
    card = next(c for c in _cards(list(seed("bok").sections)) if c.faces[0].name == "Faithful Squire")
    assert card.layout == "flip"
    assert card.faces[1].name == "Kaiso, Memory of Loyalty"
    assert card.faces[1].text[0] == "Flying"


def test_bok_card_notes_own_their_plain_ids(seed):
    doc = seed("bok")
    notes = {c.name: c.id for c in _section(doc, "card-notes").blocks}
    assert notes["Patron of the Kitsune"] == "patron-of-the-kitsune"
    example = next(c for c in _cards(_section(doc, "general-notes").blocks)
                   if c.name == "Patron of the Kitsune")
    assert example.id == "patron-of-the-kitsune-2"


def test_bok_quirky_card_blocks(seed):
    cards = {c.name: c for c in _section(seed("bok"), "card-notes").blocks}
    assert cards["Horobi's Whisper"].faces[0].mana_cost == "{1}{B}{B}"
    assert "1BB" in cards["Horobi's Whisper"].faces[0].written  # the source's own notation
    assert cards["Disrupting Shoal"].faces[0].type_line == "Instant – Arcane"
    assert cards["Threads of Disloyalty"].faces[0].type_line == "Enchant Creature"
    assert cards["Kodama of the Center Tree"].faces[0].power_toughness == "*/*"
    assert cards["Aura Barbs"].faces[0].text == [
        "Each enchantment deals 2 damage to its controller, then each enchantment enchanting a "
        "creature deals 2 damage to the creature it's enchanting."]
    ink_eyes = cards["Ink-Eyes, Servant of Oni"].blocks[0]
    assert isinstance(ink_eyes, Ruling) and ink_eyes.text.startswith("If, during the combat")


# ---------------------------------------------------------------- sniffing and small cases

@pytest.mark.parametrize("name", sorted(SEED_FILES))
def test_score_only_for_line_structured_english(name):
    src = read_source((SOURCES / SEED_FILES[name]).read_bytes(), "x.txt")
    score = LineFaqReader().score(src)
    assert score >= 0.9 if name in ("chk", "bok") else score == 0.0


def test_section_heading_recogniser():
    assert is_section_heading("GENERAL NOTES")
    assert is_section_heading('THE "LEGEND RULE" AND LEGENDARY PERMANENTS')
    assert not is_section_heading("1BB")
    assert not is_section_heading("Legendary Land")


def test_card_notes_entry_without_a_card_is_kept_and_reported():
    doc, warnings = _read("X official release date: May 1, 2005\n\nCARD-SPECIFIC NOTES\n\n"
                          "Just prose here.\n-----\n* A ruling.\n")
    blocks = _section(doc, "card-notes").blocks
    assert [b.kind for b in blocks] == ["paragraph", "ruling"]
    assert len(warnings) == 2 and all("[layout.entry]" in w for w in warnings)


def test_general_notes_topic_keeps_example_cards_in_the_topic():
    doc, warnings = _read("GENERAL NOTES\n\nShrines\n\nHonden of Seeing Winds\n{4}{U}\n"
                          "Legendary Enchantment -- Shrine\nDraw a card.\n\n* A ruling.\n-----\n")
    topic = _section(doc, "general-notes").blocks[0]
    assert isinstance(topic, Topic) and [b.kind for b in topic.blocks] == ["card", "ruling"]
    assert warnings == ["t.txt:1: warning: no set name found in the header "
                        "(no 'official release date' line) [meta.set]"]


# ---------------------------------------------------------------- property: no crash, no loss

_ODD_LINES = ["", "  ", "++++++++++", "----", " -----", "*", "*/*", "**bold** text", "*all* of it",
              "Enchant Creature", "1BB", "5", "502.38.", "502.38a", "     Example:", "     A --> B",
              "GENERAL NOTES", "CARD-SPECIFIC NOTES", "ERRATA NOTES", "Name (note", "X/X", "{W}"]


def _line_pool() -> list[str]:
    lines = set(_ODD_LINES)
    for name in ("chk", "bok"):
        lines.update(read_source((SOURCES / SEED_FILES[name]).read_bytes(), name).lines)
    return sorted(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_line_pool()), min_size=1, max_size=60))
def test_any_mix_of_lines_reads_without_loss(lines):
    text = "\n".join(["Foo official release date: May 1, 2005", *lines])
    diags = Diagnostics()
    doc = LineFaqReader().read(read_source(text.encode("utf-8"), "t.txt"), diags)
    data = doc.to_dict()
    missing, extra = audit(read_source(text.encode("utf-8"), "t.txt").text, data)
    assert not missing and not extra
    assert schema_errors(data) == []
