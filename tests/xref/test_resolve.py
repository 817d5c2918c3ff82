"""The collect and resolve phases on the seed corpus: inventories, links, and the link report."""
import re

import pytest

from compiler.core.errors import Diagnostics
from compiler.files.sources import discover_sources
from compiler.normalize import normalize_text
from compiler.xref.inventory import collect
from compiler.xref.resolve import Resolver, resolve, texts_of
from tests.conftest import SOURCES


@pytest.fixture(scope="module")
def corpus():
    docs = [normalize_text(p.read_bytes(), str(p), Diagnostics())[0]
            for p in discover_sources(SOURCES)]
    inv = collect(docs)
    return inv, resolve(inv)


def test_inventory_sizes(corpus):
    inv, _ = corpus
    assert (len(inv.cards), len(inv.rules), len(inv.topics)) == (574, 120, 55)


def test_japanese_and_english_names_are_one_card(corpus):
    inv, _ = corpus
    card = inv.card_for("女王への懇願")
    assert card.name == "Beseech the Queen" and card.names_ja == ["女王への懇願"]
    assert inv.card_for("悪意に満ちた幻視").name == "Spiteful Visions"


def test_faces_resolve_to_their_card(corpus):
    inv, _ = corpus
    budoka = "Budoka Gardener // Dokai, Weaver of Life"  # a flip card, named as its data names it
    assert inv.card_for("Dokai, Weaver of Life").name == budoka
    assert inv.card_for("Budoka Gardener") is inv.card_for(budoka) is inv.card_for("Dokai, Weaver of Life")
    disciple = "Disciple of Freyalise // Garden of Freyalise"  # a modal double-faced card
    assert inv.card_for("Garden of Freyalise").name == disciple


def test_rule_versions_are_kept_per_document(corpus):
    inv, _ = corpus
    versions = inv.rules["502.38a"].versions
    assert [v.place.doc_id for v in versions] == ["chk-en"]
    assert versions[0].quote.text.startswith("Bushido is a triggered ability")


def test_mesmeric_sliver_mention_in_future_sight_resolves(corpus):
    inv, index = corpus
    refs = [r for r in index.references if r.doc_id == "fut-en" and r.link.text == "Mesmeric Sliver"]
    assert refs and all(r.link.target == "Mesmeric Sliver" for r in refs)
    assert any(s.place.doc_id == "fut-en" for s in inv.cards["Mesmeric Sliver"].sightings)


def test_rule_309_in_champions_resolves_to_its_rule_page(corpus):
    _, index = corpus
    (ref,) = [r for r in index.by_rule["309"] if r.doc_id == "chk-en"]
    # Cited by the quoted rule 502.38a, line 61 of the Champions FAQ.
    assert (ref.link.text, ref.anchor, ref.line) == ("309", "rule-502-38a", 61)
    ranged = [r for r in index.references if r.link.text == "409.1f-h"]
    assert ranged and ranged[0].link.numbers == ("409.1f", "409.1g", "409.1h")


# Per document: card resolved / unresolved, rule resolved to a quoted version / cited only.
EXPECTED_COUNTS = {
    "bok-en": {"card.resolved": 14, "rule.cited-only": 7, "rule.resolved": 1},
    "chk-en": {"card.resolved": 8, "rule.cited-only": 8},
    "fut-en": {"card.resolved": 12, "rule.cited-only": 8, "rule.resolved": 2},
    "mh3-en": {"card.resolved": 37},
    "shm-ja": {"card.resolved": 35, "card.unresolved": 47, "rule.cited-only": 6, "rule.resolved": 4},
}


def test_link_counts_per_document_are_pinned(corpus):
    _, index = corpus
    assert {d: dict(c) for d, c in index.counts().items()} == EXPECTED_COUNTS


def test_unresolved_references_are_japanese_cards_of_other_sets(corpus):
    _, index = corpus
    unresolved = index.unresolved()
    assert all(r.link.kind == "card" and r.doc_id == "shm-ja" for r in unresolved)
    assert any(r.link.text == "《神の怒り/Wrath of God》" for r in unresolved)
    assert all(r.line > 0 and r.file.endswith(".txt") for r in unresolved)


def test_no_card_links_to_itself_inside_its_own_entry(corpus):
    _, index = corpus
    assert not [r for r in index.references if r.link.kind == "card" and r.owner
                and r.link.target == r.owner]


NOT_RULES = re.compile(r"^(?:\d{4}|\d+/\d+|[+-]\d+/[+-]\d+|\d+_MTG)")


def test_no_number_that_is_not_a_rule_is_linked(corpus):
    inv, index = corpus
    rule_texts = {r.link.text for r in index.references if r.link.kind == "rule"}
    assert rule_texts and not [t for t in rule_texts if NOT_RULES.match(t)]
    for ref in index.references:
        if ref.link.kind == "rule":
            assert all(re.fullmatch(r"[1-9]\d{2}(\.\d{1,3}[a-z]?)?", n) for n in ref.link.numbers)
    # Dates, P/T and collector numbers in the seeds never produce a rule reference.
    doc = inv.documents["mh3-en"]
    resolver = Resolver(inv)
    for text, *_ in texts_of(doc):
        if "_MTG" in text or re.search(r"\d+/\d+", text):
            assert not [l for l in resolver.links(text, doc) if l.kind == "rule"], text


def test_links_never_overlap(corpus):
    inv, _ = corpus
    resolver = Resolver(inv)
    for doc in inv.documents.values():
        for text, *_ in texts_of(doc):
            links = resolver.links(text, doc)
            assert all(a.end <= b.start for a, b in zip(links, links[1:])), text


SPLIT = ("Test Set Release Notes\n\nCARD-SPECIFIC NOTES\n\nTurn\n\nInstant\n"
         "Target creature loses all abilities until end of turn.\nBurn\n\nInstant\n"
         "Burn deals 2 damage to any target.\n\nFuse (You may cast one or both halves.)\n\n"
         "Final Check\n\nSorcery\nDraw a card.\n\nCast Turn // Burn, then Burn from Within; "
         "the Turn ends.\n")


def test_a_face_name_of_one_word_is_never_linked_alone():
    """Found by a tester: ``When`` (Who // What // When // Where // Why), ``Release``,
    ``Blood``, ``Turn`` were linked as cards in ordinary prose on 67 pages."""
    doc = normalize_text(SPLIT.encode(), "t.txt", Diagnostics())[0]
    inv = collect([doc])
    assert inv.card_for("Turn") is not None  # still found by its face's name
    text = "Cast Turn // Burn, then Burn from Within; the Turn ends."
    links = [text[l.start:l.end] for l in Resolver(inv).links(text, doc) if l.kind == "card"]
    assert links == ["Turn // Burn"]


NOTE = ("Test Set Release Notes\n\nGENERAL NOTES\n\nNew Mechanic: Escalate\n\n"
        "Modal spells with escalate give you more options.\n\n"
        "Grave Defiance\n\n1RG\n\nSorcery\n\nChoose one or more — Draw a card.\n\n"
        "The official rules for escalate are as follows:\n\n"
        "702.119a Escalate is a static ability.\n\n"
        "* Additional costs don't affect mana value. Grave Defiance's mana value is 3.\n"
        "* You choose the modes as you cast the spell.\n"
        "* Look face down at it; Down is not a card here.\n")


def test_a_general_notes_rulings_that_name_its_example_card_are_on_the_cards_page():
    """Issue 36: rulings of general notes missing from the cards they name."""
    doc = normalize_text(NOTE.encode(), "t.txt", Diagnostics())[0]
    inv = collect([doc])
    (sighting,) = inv.card_for("Grave Defiance").sightings
    texts = [getattr(b, "text", "") for b in sighting.blocks]
    assert texts[0].startswith("Modal spells with escalate")
    assert [t for t in texts[1:]] == ["Additional costs don't affect mana value. Grave Defiance's"
                                      " mana value is 3."]
