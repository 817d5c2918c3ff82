"""The collapsed one-line English FAQ reader (layout ``en-collapsed``): goldens and the Future Sight seed."""
from __future__ import annotations

import re
import string
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.core.errors import Diagnostics
from compiler.core.model import (CardEntry, ListBlock, Paragraph, RuleQuote, Ruling, Topic,
                                 iter_blocks, iter_document_blocks)
from compiler.core.words import audit
from compiler.files.textio import read_source
from compiler.files.validate import schema_errors
from compiler.readers import choose_reader
from compiler.readers.collapsed.reader import CollapsedFaqReader
from compiler.readers.collapsed.text import sentence_starts, top_level
from tests.conftest import ROOT, SEED_FILES, SOURCES
from tests.golden import check_golden, golden_cases

CASES = golden_cases("en-collapsed")


@pytest.mark.parametrize("source", CASES, ids=[p.stem for p in CASES])
def test_golden(source):
    check_golden(source)


def test_there_are_golden_fixtures():
    assert 3 <= len(CASES) <= 6


# ---------------------------------------------------------------- the Future Sight seed

def cards(doc, role=None):
    """Return the card entries of a document, optionally of the sections with one role."""
    sections = [s for s in doc.sections if role is None or s.role == role]
    return [b for b in iter_blocks([b for s in sections for b in s.blocks]) if isinstance(b, CardEntry)]


def card(doc, name):
    """Return the card-notes entry of a card."""
    return next(c for c in cards(doc, "card-notes") if c.name == name)


def test_fut_document_facts(seed):
    doc = seed("fut")
    meta = doc.meta
    assert doc.id == "fut-en"
    assert (meta.layout, meta.language, meta.set_name, meta.set_code) == \
        ("en-collapsed", "en", "Future Sight", "FUT")
    assert meta.title == "_Future Sight_(TM) Frequently Asked Questions"
    assert meta.compiled_by == ("Mark L. Gottlieb, with contributions from Laurie Cheers, "
                                "Jeff Jordan, and Lee Sharpe")
    assert (meta.last_modified, meta.release_date, meta.legal_date) == \
        ("2007-03-25", "2007-05-04", "2007-05-20")
    assert meta.prerelease == "April 21-22, 2007"


def test_fut_sections_and_topics(seed):
    doc = seed("fut")
    assert [(s.role, s.title) for s in doc.sections] == [
        ("preamble", None), ("general-notes", "GENERAL NOTES"),
        ("card-notes", "CARD-SPECIFIC NOTES"), ("other", None)]
    topics = [b for b in doc.sections[1].blocks if isinstance(b, Topic)]
    assert len(topics) == len(doc.sections[1].blocks) == 15
    assert topics[0].title == '"Timeshifted" Cards'
    assert {t.marks for t in topics} == {"***"}
    assert all(isinstance(b, Paragraph) for b in doc.sections[0].blocks)


def test_fut_card_entry_counts(seed):
    # Counted independently: 104 entries between the separators after CARD-SPECIFIC NOTES
    # (98 "{cost} <type>" heads + 6 lands without cost), and 8 cards shown inside topics
    # (7 "{cost} <type>" heads in the general notes + Zoetic Cavern).
    doc = seed("fut")
    assert len(cards(doc, "card-notes")) == 104
    assert len(cards(doc, "general-notes")) == 8
    assert len(cards(doc)) == 112


def test_fut_card_heads(seed):
    doc = seed("fut")
    goyf = card(doc, "Tarmogoyf").faces[0]
    assert (goyf.mana_cost, goyf.type_line, goyf.power_toughness) == \
        ("{1}{G}", "Creature -- Lhurgoyf", "*/1+*")
    assert goyf.text[0].startswith("Tarmogoyf's power is equal to")
    assert card(doc, "Logic Knot").faces[0].mana_cost == "{X}{U}{U}"
    reborn = card(doc, "Llanowar Reborn").faces[0]
    assert (reborn.mana_cost, reborn.type_line, reborn.power_toughness) == (None, "Land", None)
    assert reborn.text[0] == "Llanowar Reborn comes into play tapped."
    silence = card(doc, "Bound in Silence").faces[0]
    assert silence.type_line == "Tribal Enchantment -- Rebel Aura"
    assert silence.text == ["Enchant creature", "Enchanted creature can't attack or block."]
    assert card(doc, "Mesmeric Sliver").faces[0].type_line == "Creature -- Sliver"
    assert card(doc, "Char-Rumbler").faces[0].power_toughness == "-1/3"


def test_fut_card_ids_prefer_the_card_notes_entry(seed):
    doc = seed("fut")
    assert card(doc, "Tarox Bladewing").id == "tarox-bladewing"
    topic_cards = {c.name: c.id for c in cards(doc, "general-notes")}
    assert topic_cards["Tarox Bladewing"] == "tarox-bladewing-2"


def test_fut_rule_quotes(seed):
    doc = seed("fut")
    rules = {b.number: b for b in iter_blocks([b for s in doc.sections for b in s.blocks])
             if isinstance(b, RuleQuote)}
    assert rules["502.68"].title == "Lifelink" and rules["502.68"].numbered_with_period
    assert rules["502.68a"].text.startswith("Lifelink is a triggered ability")
    assert [e[:30] for e in rules["502.62b"].examples] == [
        "Example: You play the aura swa", "Example: You play the aura swa"]
    assert "409.1b" not in rules  # "rules 409.1b and 409.1f-h" is a reference, not a quote


def test_fut_rulings_and_lists(seed):
    doc = seed("fut")
    blocks = list(iter_blocks([b for s in doc.sections for b in s.blocks]))
    rulings = [b for b in blocks if isinstance(b, Ruling)]
    assert len(rulings) == 255  # the lone "*" bullets of the source
    assert any("it will still *be* all creature types" in r.text for r in rulings)
    lists = [b for b in blocks if isinstance(b, ListBlock)]
    assert [len(b.items) for b in lists] == [3, 3, 4, 3]
    assert lists[0].items[0].text.startswith("1) If it's not your turn")


def test_fut_spans_point_at_the_text(seed):
    doc = seed("fut")
    line = read_source((SOURCES / SEED_FILES["fut"]).read_bytes(), "fut").lines[0]
    for block in iter_blocks([b for s in doc.sections for b in s.blocks]):
        start, end = block.src.col, block.src.end_col
        assert block.src.line == block.src.end_line == 1
        if isinstance(block, Paragraph):
            assert line[start:end] == block.text
        elif isinstance(block, Ruling):
            assert line[start:end].startswith("* " + block.text)
        elif isinstance(block, CardEntry):
            assert line[start:].startswith(block.faces[0].name)


def test_fut_reads_without_warnings():
    data = (SOURCES / SEED_FILES["fut"]).read_bytes()
    diags = Diagnostics()
    CollapsedFaqReader().read(read_source(data, "fut.txt"), diags)
    assert diags.items == []


# ---------------------------------------------------------------- sniffing

@pytest.mark.parametrize("name", sorted(SEED_FILES))
def test_score_is_high_only_for_the_collapsed_seed(name):
    src = read_source((SOURCES / SEED_FILES[name]).read_bytes(), name)
    score = CollapsedFaqReader().score(src)
    assert (score > 0.9) if name == "fut" else (score == 0.0)


def test_one_line_without_faq_constructs_is_not_claimed():
    src = read_source(("word " * 1000).encode(), "flat.txt")
    assert CollapsedFaqReader().score(src) == 0.0
    assert choose_reader(src).layout == "plain"


# ---------------------------------------------------------------- vocabulary data

def test_vocabulary_files_match_their_generator():
    cr = ROOT.parent / "shared" / "cr"
    if not cr.is_dir():
        pytest.skip("the Comprehensive Rules texts are not next to the project")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_collapsed_vocab.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, "compiler/core/data/{subtypes,keywords}.tsv are stale: run the tool"


# ---------------------------------------------------------------- never crash, never lose a word

FRAGMENTS = [
    "-----", "*", "***Topic Title***", "GENERAL NOTES", "CARD-SPECIFIC NOTES", "Tarmogoyf", "{1}{G}",
    "Creature", "--", "Lhurgoyf", "*/1+*", "Land", "Enchantment -- Aura", "Enchant creature",
    "Flying,", "haste", "502.68.", "Lifelink", "502.68a", "Example:", "rules 409.1b", ":", "-- item.",
    "1) one.", "2) two.", "(reminder text.)", "\"quoted.\"", "Counter target spell.", "{T}:",
    "Add {G}.", "When", "Whenever", "Hellbent --", "Ghostfire is colorless.", "_Future Sight_(TM)",
    "Frequently Asked Questions", "official release date: May 4, 2007", "*be*", "(c)2007", ".", "1/1",
    "end.\nNext", "Creature — Elf", "(", ")", "{(b/r)},", "Suspend 4--{R}", "Echo--Discard a card.",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=60))
def test_reader_keeps_every_word_and_stays_valid(pieces):
    text = " ".join(pieces)
    src = read_source(text.encode(), "gen.txt")
    doc = CollapsedFaqReader().read(src, Diagnostics())
    missing, extra = audit(src.text, doc.to_dict())
    assert not missing and not extra
    assert schema_errors(doc.to_dict()) == []


def test_lines_added_around_the_collapsed_line_keep_every_card():
    """Issue 12: the Future Sight seed with three lines appended is still read as one-line FAQ
    (per region: the long line keeps its layout, the other lines are text with a warning)."""
    data = (SOURCES / SEED_FILES["fut"]).read_bytes()
    src = read_source(data + b"\nA note someone added.\nAnother line.\nAnd a third one.\n", "f.txt")
    reader = choose_reader(src)
    assert reader.layout == "en-collapsed"
    diags = Diagnostics()
    doc = reader.read(src, diags)
    alone = reader.read(read_source(data, "f.txt"), Diagnostics())
    count = lambda d: sum(isinstance(b, CardEntry) for b in iter_document_blocks(d))  # noqa: E731
    assert count(doc) == count(alone) > 100
    assert [d.line for d in diags.items if d.category == "layout.region"] == [2, 3, 4]
    missing, extra = audit(src.text, doc.to_dict())
    assert not missing and not extra


# ---------------------------------------------------------------- nesting and sentences

def plain_top_level(text: str) -> list[bool]:
    """``top_level`` as it is defined: a walk over every character (the reader jumps from
    mark to mark instead)."""
    def walk(parens: bool) -> tuple[list[bool], int]:
        depth, quoted, braced, out = 0, False, False, []
        for ch in text:
            if ch in "{}":
                braced = ch == "{"
            elif braced:
                pass
            elif ch == "(" and parens:
                depth += 1
            elif ch == ")" and parens and depth:
                depth -= 1
            elif ch == '"' and straight:
                quoted = not quoted
            elif ch in "“”":
                quoted = ch == "“"
            out.append(depth == 0 and not quoted and not braced)
        return out, depth
    straight = text.count('"') % 2 == 0
    out, depth = walk(parens=True)
    return out if depth == 0 else walk(parens=False)[0]


def plain_sentence_starts(text: str) -> list[int]:
    """``sentence_starts`` as it is defined: each run of spaces outside, after a stop and its
    closers, before a capital, digit, symbol, quote, markup or parenthesis."""
    outside, starts = plain_top_level(text), []
    openers = string.ascii_uppercase + string.digits + '{"“(_'
    for m in re.finditer(r" +", text):
        i, j = m.start(), m.end()
        if not outside[i] or j >= len(text) or text[j] not in openers:
            continue
        k = i - 1
        while k >= 0 and text[k] in "\"”’')":
            k -= 1
        if k >= 0 and text[k] in ".!?":
            starts.append(j)
    return starts


MARKS = list('ab A Z9 .!?"”’\')({}“_:-') + ["  ", ". ", ".) ", '." ', "{(b/r)}", "1) "]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(MARKS), max_size=40))
def test_nesting_and_sentence_starts_are_those_of_the_plain_definition(pieces):
    text = "".join(pieces)
    assert top_level(text) == plain_top_level(text)
    assert sentence_starts(text) == plain_sentence_starts(text)


def test_the_seed_splits_into_the_sentences_of_the_plain_definition():
    text = (SOURCES / SEED_FILES["fut"]).read_text(encoding="utf-8")
    for start in range(0, len(text), 997):
        piece = text[start:start + 1500]
        assert top_level(piece) == plain_top_level(piece)
        assert sentence_starts(piece) == plain_sentence_starts(piece)
