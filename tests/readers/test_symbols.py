"""Issue 36: bare symbols written in braces where their place shows a cost, never ordinary
words; in rules text (``rules_symbols``) and in rulings (``prose_symbols``)."""
from __future__ import annotations

import pytest

from compiler.core.errors import Diagnostics
from compiler.core.ids import content_id
from compiler.core.model import Ruling, iter_document_blocks
from compiler.files.textio import read_source
from compiler.readers import read_document
from compiler.readers.recognise.mana import prose_symbols, rules_symbols


@pytest.mark.parametrize("line, braced", [
    ("R, T: Draw a card.", "{R}, {T}: Draw a card."),
    ("2, T, Sacrifice a creature: Scry 1.", "{2}, {T}, Sacrifice a creature: Scry 1."),
    ("T: Add C.", "{T}: Add {C}."),
    ("Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1.)",
     "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1.)"),
    ("Destroy target creature. Its controller may pay 2 life.",
     "Destroy target creature. Its controller may pay 2 life."),
])
def test_rules_text_symbols(line, braced):
    assert rules_symbols(line, frozenset({"Bushido"})) == braced


@pytest.mark.parametrize("text, braced", [
    ("If you pay 5RR, a new combat phase follows.", "If you pay {5}{R}{R}, a new combat phase follows."),
    ("It costs 1B to cast if you control a Rogue.", "It costs {1}{B} to cast if you control a Rogue."),
    ("a spell with mana cost XR) with X equal to 3", "a spell with mana cost {X}{R}) with X equal to 3"),
    ("You choose by paying 1UU, 1UB, or 1BB.", "You choose by paying {1}{U}{U}, {1}{U}{B}, or {1}{B}{B}."),
    ("the total cost is 3GGG . If", "the total cost is {3}{G}{G}{G} . If"),
    ("It doesn't produce C.", "It doesn't produce {C}."),
    # ordinary words and numbers stay as written
    ("You'll add 2 to the damage dealt.", "You'll add 2 to the damage dealt."),
    ("Choose a Giant or Wizard, A or B.", "Choose a Giant or Wizard, A or B."),
    ("You may pay X life.", "You may pay X life."),
    ("such as b/r, b/p, or 2/b", "such as b/r, b/p, or 2/b"),
    ("Its mana value is 7.", "Its mana value is 7."),
])
def test_ruling_symbols(text, braced):
    assert prose_symbols(text) == braced


def test_a_ruling_keeps_its_text_as_written_and_its_permalink():
    source = ("Test Set Release Notes\n\nCARD-SPECIFIC NOTES\n\nHellkite Charger\n\n4RR\n\n"
              "Creature — Dragon\n\n5/5\n\nFlying, haste\n\n"
              "* You decide whether to pay 5RR as the ability resolves.\n")
    doc = read_document(read_source(source.encode(), "t.txt"), Diagnostics())
    ruling = next(b for b in iter_document_blocks(doc) if isinstance(b, Ruling))
    assert ruling.text == "You decide whether to pay {5}{R}{R} as the ability resolves."
    assert ruling.written == "You decide whether to pay 5RR as the ability resolves."
    assert ruling.id == content_id("Hellkite Charger", ruling.written)  # as before the braces


@pytest.mark.parametrize("printed, read", [
    ("+1: Draw a card.", "[+1]: Draw a card."), ("-3: Exile target creature.", "[−3]: Exile target creature."),
    ("−X: Scry X.", "[−X]: Scry X."), ("0: Add R.", "[0]: Add {R}."), ("2: Draw a card.", "{2}: Draw a card."),
])
def test_a_planeswalkers_loyalty_costs_are_written_as_the_card_data_writes_them(printed, read):
    assert rules_symbols(printed, frozenset(), planeswalker=True) == read
    assert "[" not in rules_symbols(printed, frozenset())  # only a planeswalker's


def test_a_loyalty_cost_is_drawn_as_a_badge_that_reads_as_printed():
    from compiler.render.env import card_line_filter
    html = str(card_line_filter("[−3]: Exile target creature."))
    assert html.startswith('<span class="loyalty loyalty-down" title="Loyalty cost">−3</span>:')
    assert "[" not in html and str(card_line_filter("Flying")) == "Flying"


def test_a_card_name_linked_in_its_own_text_keeps_the_cost_before_the_colon():
    """Unsanctioned prints a card's name as a link inside its rules text; the link's address
    holds a colon (``http:``), which is not the ability's."""
    line = "2, Sacrifice [Armchair](http://example.com/c?name=Armchair): Destroy target creature."
    assert rules_symbols(line) == ("{2}, Sacrifice [Armchair](http://example.com/c?name=Armchair):"
                                   " Destroy target creature.")


@pytest.mark.parametrize("line, braced", [
    ("{T}: Add six G. Spend this mana only on creatures.", "{T}: Add six {G}. Spend this mana only on creatures."),
    ("You may pay an additional G as you cast it.", "You may pay an additional {G} as you cast it."),
    ("Hexproof (U/P can be paid with either U or 2 life.)",
     "Hexproof ({U/P} can be paid with either {U} or 2 life.)"),
    ("Morph {2}{U} (You may cast this card face down as a 2/2 creature for 3. Turn it face up.)",
     "Morph {2}{U} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up.)"),
    ("Add one mana of any color.", "Add one mana of any color."),
])
def test_symbols_inside_templated_rules_text(line, braced):
    """Found by a tester: bare symbols in the middle of 2014-2019 rules text stayed letters."""
    assert rules_symbols(line) == braced
