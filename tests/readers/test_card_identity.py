"""Each card one entry, named and of its kind as the card data has it (issue 36)."""
from __future__ import annotations

from compiler.core.cards import card_aliases, card_kind, card_name, physical_cards
from compiler.core.errors import Diagnostics
from compiler.core.model import CardEntry, Face, Span, iter_document_blocks
from compiler.files.textio import read_source
from compiler.readers import read_document
from tools.measure.carddata import CardData
from tools.measure.identity import identity

HEAD = """---
title: "Test Set Release Notes"
---

# Test Set Release Notes

## CARD-SPECIFIC NOTES

---

"""
DOCENT = """![](https://example.com/front.png)


Docent of Perfection  

3UU  

Creature — Insect Horror  

5/4  

Flying  

Whenever you cast an instant or sorcery spell, create a 1/1 blue Human Wizard creature token. Then if you control three or more Wizards, transform Docent of Perfection.


![](https://example.com/back.png)


Final Iteration  

Creature — Eldrazi Insect  

6/5  

Flying  

Wizards you control get +2/+1 and have flying.


* When Docent of Perfection transforms into Final Iteration, nothing else happens.

---

"""
TWO_CARDS = """![](https://example.com/one.png)


Grizzly Bears  

1G  

Creature — Bear  

2/2  


![](https://example.com/two.png)


Forest Bear  

1G  

Creature — Bear  

2/2  


* A ruling.

---

"""
SPLIT = """![Expansion // Explosion](https://example.com/split.png)

Expansion  
u/r u/r  
Instant  
Copy target instant or sorcery spell with mana value 4 or less. You may choose new targets for the copy.  
//  
Explosion  
XUURR  
Instant  
Explosion deals X damage to any target. Target player draws X cards.

* A ruling about Explosion.

---

"""


def entries(text: str) -> list[CardEntry]:
    doc = read_document(read_source((HEAD + text).encode("utf-8"), "test.md"), Diagnostics())
    return [b for b in iter_document_blocks(doc) if isinstance(b, CardEntry)]


def test_a_back_face_printed_as_its_own_entry_is_the_cards_back():
    [card] = entries(DOCENT)
    assert [f.name for f in card.faces] == ["Docent of Perfection", "Final Iteration"]
    assert (card.name, card.layout) == ("Docent of Perfection", "transform")
    assert card.preface == ["![](https://example.com/front.png)", "![](https://example.com/back.png)"]
    assert len(card.blocks) == 1


def test_two_cards_with_costs_of_their_own_stay_two():
    assert [c.name for c in entries(TWO_CARDS)] == ["Grizzly Bears", "Forest Bear"]


def test_a_split_card_is_named_by_both_halves():
    [card] = entries(SPLIT)
    assert (card.name, card.layout, card.id) == ("Expansion // Explosion", "split", "expansion")


def face(name: str, cost: str | None, type_line: str, *text: str, indicator=None) -> Face:
    return Face(name=name, src=Span(1, 1), mana_cost=cost, type_line=type_line, text=list(text),
                color_indicator=indicator)


def test_the_kind_of_a_card_is_read_from_its_faces():
    spell = face("Driven", "{1}{G}", "Sorcery", "Creatures gain trample.")
    assert card_kind([spell, face("Despair", "{1}{B}", "Sorcery", "Aftermath", "Menace.")]) \
        == "aftermath"
    assert card_kind([spell, face("Dead", "{R}", "Instant", "Damage.")]) == "split"
    land = face("Garden of Freyalise", None, "Land", "{T}: Add {G}.")
    assert card_kind([face("Disciple", "{3}{G}", "Creature — Elf", "Trample."), land]) \
        == "modal_dfc"
    back = face("Ironfang", None, "Creature — Werewolf", indicator="red")
    assert card_kind([face("Village Ironsmith", "{1}{R}", "Creature — Human"), back]) \
        == "transform"
    assert card_kind([face("Budoka Gardener", "{1}{G}", "Creature"), face("Dokai", None, "Creature")],
                     flip=True) == "flip"
    assert card_kind([spell]) == "normal"


def test_a_card_goes_by_the_name_the_card_data_gives_it():
    halves = [face("Expansion", "{U/R}", "Instant"), face("Explosion", "{X}", "Instant")]
    assert card_name("split", halves) == "Expansion // Explosion"
    dfc = [face("Docent of Perfection", "{3}{U}{U}", "Creature"), face("Final Iteration", None, "Creature")]
    assert card_name("transform", dfc) == "Docent of Perfection"
    assert card_aliases("transform", "Docent of Perfection", [f.name for f in dfc]) == [
        "Final Iteration", "Docent of Perfection // Final Iteration"]
    assert card_aliases("meld", "Bruna", ["Bruna", "Gisela", "Brisela"]) == [
        "Gisela", "Brisela", "Bruna // Brisela", "Gisela // Brisela"]


def test_a_meld_group_is_each_half_with_the_card_it_melds_into_and_that_card():
    pair = [face("Bruna", "{5}{W}{W}", "Creature", "Melds with Gisela."),
            face("Gisela", "{2}{W}{W}", "Creature", "Meld them into Brisela."),
            face("Brisela", None, "Creature")]
    group = CardEntry(id="bruna", name="Bruna", faces=pair, src=Span(1, 3), layout="meld")
    cards = physical_cards(group)
    assert [(c.name, [f.name for f in c.faces]) for c in cards] == [
        ("Brisela", ["Brisela"]), ("Bruna", ["Bruna", "Brisela"]), ("Gisela", ["Gisela", "Brisela"])]
    assert {c.id for c in cards} == {"bruna"} and all(c.blocks is group.blocks for c in cards)
    lone = CardEntry(id="docent", name="Docent", faces=pair[:2], src=Span(1, 2), layout="transform")
    assert physical_cards(lone) == [lone]


def test_the_measure_counts_a_card_read_as_two_entries_as_not_grouped():
    doc = read_document(read_source((HEAD + DOCENT).encode("utf-8"), "test.md"), Diagnostics())
    data = CardData(cards={"Docent of Perfection // Final Iteration":
                           ["Docent of Perfection", "Final Iteration"]},
                    layouts={"Docent of Perfection // Final Iteration": "transform"})
    right = identity(doc, data)
    assert (right.cards, right.grouped, right.named, right.kind) == (1, 1, 1, 1)
    [card] = [b for b in iter_document_blocks(doc) if isinstance(b, CardEntry)]
    back = card.faces.pop()
    doc.sections[-1].blocks.append(CardEntry(id="final-iteration", name=back.name, faces=[back],
                                             src=back.src))
    card.layout = "normal"
    wrong = identity(doc, data)
    assert (wrong.cards, wrong.grouped) == (1, 0) and wrong.misses[0].startswith("not grouped")


COPY = """Test Set Release Notes

CARD-SPECIFIC NOTES

Grave Chant

Sorcery
Return target creature card from your graveyard to your hand.

Bright Song

Sorcery
You gain 2 life for each creature you control.

Fuse (You may cast one or both halves of this card from your hand.)

If you cast Grave Chant & Bright Song as a fused split spell, you return the card first.

Hollow Warden

Creature — Spirit

2/2

Flying

Hollow Warden can't be blocked by creatures with power 2 or less.

Whenever Hollow Warden attacks, you may draw a card.

Hollow Warden's last ability triggers only once each combat.
Hollow Warden's first ability checks power only as blockers are declared.

Gate Warden

Legendary Creature — Human Soldier

3/2

First strike

Creatures and nonbasic lands your opponents control enter tapped.

If an effect says that a creature enters untapped, Gate Warden's ability still applies.
Gate Warden's ability doesn't affect creatures that are already on the battlefield.
"""


def copy_entries(text: str) -> list[CardEntry]:
    doc = read_document(read_source(text.encode("utf-8"), "copy.txt"), Diagnostics())
    return [b for b in iter_document_blocks(doc) if isinstance(b, CardEntry)]


def test_a_copys_split_card_is_one_entry_and_its_text_goes_past_the_first_paragraph():
    """A plain copy of a page has no blockquote holding the halves, no costs (they were
    pictures) and each card line a paragraph of its own."""
    split, warden, gate = copy_entries(COPY)
    assert (split.name, split.layout) == ("Grave Chant // Bright Song", "split")
    assert split.faces[1].text[-1].startswith("Fuse")
    assert warden.faces[0].text == [
        "Flying", "Hollow Warden can't be blocked by creatures with power 2 or less.",
        "Whenever Hollow Warden attacks, you may draw a card."]
    # unbulleted, a ruling a line (an item of the page's list)
    assert [(type(b).__name__, b.bullet, b.text[:26]) for b in warden.blocks] == [
        ("Ruling", None, "Hollow Warden's last abili"), ("Ruling", None, "Hollow Warden's first abil")]
    # a line that reads like prose is still the card's when the list of rulings follows it
    assert gate.faces[0].text == ["First strike", "Creatures and nonbasic lands your opponents"
                                  " control enter tapped."]


FLAT_ROW = ("Test Set FAQ\n\nCARD-SPECIFIC NOTES\n\n"
            "(front face) Moor Hermit Creature -- Human Werewolf 2/1 At the beginning of each "
            "upkeep, if no spells were cast last turn, transform Moor Hermit.\t(back face) Moor "
            "Scourge *red* Creature -- Werewolf 3/2 Moor Scourge must be blocked if able.\n\n"
            "Moor Scourge's ability works only while it is attacking.\n")


GLUED = """Test Set Release Notes

Posted in Feature on June 30, 2017

GENERAL NOTES
Release Information

The set becomes legal on its release date.

Prerelease events: July 8–9

Game Day: August 5–6

Go to the store to find an event.

New Mechanic: Wardens

Wardens guard things.

A Warden's ability works only while it is untapped.
Wardens are Spirits.
Set Theme: Flying

Many cards have flying.

CARD-SPECIFIC NOTES
Hollow Warden

Creature — Spirit

2/2

Flying

Whenever Hollow Warden attacks, draw a card.

If Hollow Warden leaves the battlefield, its ability does nothing.
Hollow Warden's ability triggers only once each combat.
"""


def test_a_copys_headings_run_into_its_lists_still_open_sections_and_topics():
    """Found measuring the copies of 2017-2022: the browser puts a heading on the line next to
    the list before or after it, so ``CARD-SPECIFIC NOTES`` opened no section and the mechanic
    topics were lost; a run of short lines is a list, not a run of topics."""
    doc = read_document(read_source(GLUED.encode("utf-8"), "copy.txt"), Diagnostics())
    assert [s.role for s in doc.sections] == ["preamble", "general-notes", "card-notes"]
    general = doc.sections[1].blocks
    topics = [b for b in general if b.kind == "topic"]
    assert [t.title for t in topics] == ["Release Information", "New Mechanic: Wardens",
                                        "Set Theme: Flying"]
    assert [type(b).__name__ for b in topics[0].blocks] == ["Paragraph"] * 4
    assert [type(b).__name__ for b in topics[1].blocks] == ["Paragraph", "Ruling", "Ruling"]
    assert doc.sections[0].blocks[0].text == "Test Set Release Notes"  # the title, no topic
    (card,) = doc.sections[2].blocks
    assert [type(b).__name__ for b in card.blocks] == ["Ruling", "Ruling"]


def test_a_copys_flattened_row_of_a_double_faced_card_is_one_card():
    """A copy of 2012's table rows loses the spacing between a face's fields."""
    (entry,) = copy_entries(FLAT_ROW)
    front, back = entry.faces
    assert (entry.name, entry.layout) == ("Moor Hermit", "transform")
    assert (front.type_line, front.power_toughness) == ("Creature -- Human Werewolf", "2/1")
    assert (back.name, back.color_indicator, back.power_toughness) == ("Moor Scourge", "red", "3/2")
    assert back.text == ["Moor Scourge must be blocked if able."]


def test_a_copys_own_sure_cards_decide_a_doubtful_cards_last_paragraph():
    """A card with one ruling has no run of ruling lines to end its text; the copy's cards
    that have one teach how its notes are worded (``readers/notes/learned.py``)."""
    sure = "".join(
        f"Warden {n}\n\nCreature — Spirit\n\n2/2\n\nFlying\n\n"
        f"Whenever Warden {n} attacks, draw a card.\n\n"
        f"If Warden {n} leaves the battlefield before its ability resolves, you still draw.\n"
        f"Each player draws only once each turn this way, even if Warden {n} attacked twice.\n\n"
        for n in range(32))
    doubtful = ("Last Warden\n\nCreature — Spirit\n\n2/2\n\nFlying\n\n"
                "Whenever Last Warden attacks, draw a card.\n\n"
                "Each player draws only once each turn this way, even if Last Warden attacked twice.\n")
    entries = copy_entries("Test Set Release Notes\n\nCARD-SPECIFIC NOTES\n\n" + sure + doubtful)
    assert entries[-1].faces[0].text == ["Flying", "Whenever Last Warden attacks, draw a card."]
    assert all(len(e.faces[0].text) == 2 for e in entries)


def test_a_captures_viewer_link_between_a_card_and_its_rulings_is_the_cards():
    """Found by a tester: 2012's captures put ``</sites/.../flipcard_big.html?...>`` after a
    double-faced card shown in a general note; its rulings then reached no card page."""
    text = HEAD.replace("## CARD-SPECIFIC NOTES", "## GENERAL NOTES\n\nTransforming cards.") + (
        "Moor Hermit  \nCreature — Human Werewolf  \n2/1  \n"
        "At the beginning of each upkeep, if no spells were cast last turn, transform Moor Hermit.\n\n"
        "</sites/all/modules/custom/flipcard/flipcard_big.html?ca=abc&set=tst>\n\n"
        "* Moor Hermit transforms only at the beginning of an upkeep.\n"
        "* Its last ability checks the whole previous turn.\n")
    (entry,) = entries(text)
    assert entry.preface[-1].startswith("</sites/all/modules/custom/flipcard/")
    assert [type(b).__name__ for b in entry.blocks] == ["Ruling", "Ruling"]


def test_a_line_with_two_italic_spans_keeps_both():
    """Found by a tester: ``*Undergrowth* — ... *(reminder)*`` was unwrapped as one span
    around the whole line, leaving ``Undergrowth* — ... *(reminder)`` on seven card pages."""
    from compiler.readers.recognise.markup import unwrap
    line = "*Undergrowth* — When it enters, draw a card. *(It can't be blocked.)*"
    assert unwrap(line) == line
    assert unwrap("*(It can't be blocked.)*") == "(It can't be blocked.)"
    assert unwrap("**Release Notes**") == "Release Notes"


def test_the_cues_read_a_curly_apostrophe_as_one_and_you_cant_as_rules_text():
    """Found measuring the copies: pages of 2016 print ``doesn’t`` and ``Supplicant’s
    ability``, which no prose cue matched, and ``You can't cast noncreature spells.`` (a
    printed ability) counted as prose for opening with ``You can``."""
    from compiler.readers.recognise.cues import paragraph_score
    names = ["Skirsdag Supplicant"]
    note = "If Skirsdag Supplicant’s ability causes each player’s life total to become 0, it won’t."
    assert paragraph_score(note, names) == paragraph_score(note.replace("’", "'"), names) < 0
    assert paragraph_score("You can't cast noncreature spells.", ["Nullhide Ferox"]) > -3  # no prose beyond doubt
    assert paragraph_score("You can choose either mode.", ["Nullhide Ferox"]) < 0


def test_a_copys_modes_are_modes_and_an_introducing_line_no_ruling():
    """A copy lost the list of a modal card's modes and its bullets: the lines after ``Choose
    one or more —`` are its modes, ``•`` as in a capture (the lines as written kept)."""
    text = ("Test Set Release Notes\n\nCARD-SPECIFIC NOTES\n\nCollective Defiance\n\n1RR\n\n"
            "Sorcery\n\nEscalate 1 (Pay this cost for each mode chosen beyond the first.)\n\n"
            "Choose one or more —\n\nTarget player discards all the cards in their hand.\n"
            "Collective Defiance deals 4 damage to target creature.\n\n"
            "The official rules for escalate are as follows:\n\n"
            "702.119. Escalate\n\n"
            "You choose the modes as you cast Collective Defiance.\n"
            "Collective Defiance's escalate cost is paid for each mode beyond the first.\n")
    (card,) = copy_entries(text)
    face = card.faces[0]
    assert face.text[-3:] == ["Choose one or more —",
                              "• Target player discards all the cards in their hand.",
                              "• Collective Defiance deals 4 damage to target creature."]
    assert "Target player discards all the cards in their hand." in face.written
    assert [b.kind for b in card.blocks] == ["paragraph", "rule", "ruling", "ruling"]


def test_a_captures_table_row_splits_a_pt_the_text_runs_into():
    """Found by a tester: 2012's capture lost the {T} picture after Chosen of Markov's P/T,
    leaving ``2/2 , Tap an untapped Vampire ...`` as one field, read as text without a P/T."""
    from compiler.readers.notes.markdown import table_row_units
    row = "| (front face)  Chosen of Markov  Creature -- Human  2/2 , Tap a Vampire: Transform it. |"
    assert [u.text for u in table_row_units(row, 1, 0, 0)] == [
        "(front face)", "Chosen of Markov", "Creature -- Human", "2/2", ", Tap a Vampire: Transform it."]


def test_a_copy_of_a_question_and_answer_faq_keeps_its_questions():
    """A copy of the Unsanctioned FAQ lost the bold of its 201 questions: a line alone ending
    in ``?`` is a question there (ten of them or more: release notes have one at most), and
    the line right after it answers it, even with a question of its own."""
    pairs = "".join(f"Can I do thing {n}?\n\nYes, you can do thing {n}.\n\n" for n in range(9))
    card = "CARD-SPECIFIC NOTES\n\n" + GLUED.split("CARD-SPECIFIC NOTES\n")[1]
    text = ("Test FAQ\n\nGENERAL NOTES\n\n" + pairs
            + "Can I win with it?\n\nSure, why not?\n\nWhat about sideboards?\n\nNo.\n\n" + card)
    doc = read_document(read_source(text.encode("utf-8"), "copy.txt"), Diagnostics())
    rulings = [b for b in iter_document_blocks(doc) if b.kind == "ruling" and b.question]
    assert [(r.question, r.text) for r in rulings[-2:]] == [
        ("Can I win with it?", "Sure, why not?"), ("What about sideboards?", "No.")]
    assert len(rulings) == 11
    few = read_document(read_source(("Test FAQ\n\nGENERAL NOTES\n\n" + pairs[:60] + card)
                                    .encode("utf-8"), "copy.txt"), Diagnostics())
    assert not any(b.kind == "ruling" and b.question for b in iter_document_blocks(few))


def test_a_line_introducing_notes_ends_a_cards_text():
    """Streets of New Capenna's copy: ``General connive notes:`` after Raffine's abilities
    was read as a line of its rules text."""
    from compiler.readers.notes.entries import ends_card
    assert ends_card("General connive notes:") and ends_card("The official rules for escalate are as follows:")
    assert not ends_card("Flying, ward {1}")
