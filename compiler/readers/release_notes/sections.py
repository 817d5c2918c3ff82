"""The blocks of each kind of section in modern release notes.

Card-notes sections are runs of card blocks whose notes are the card's rulings.  The general
notes are topics (``Returning Mechanic: Energy``) whose example cards carry only their printed
text: the paragraphs after an example card explain the topic's mechanic, so they are the
topic's rulings, and the paragraphs before the first card are its introduction.
"""
from __future__ import annotations

from compiler.core.errors import Diagnostics
from compiler.core.model import CardEntry, Node, Paragraph, Ruling, Span, Topic
from compiler.readers.release_notes.card import attach_rulings, read_card_block
from compiler.readers.release_notes.lines import Unit, is_collector_line, is_topic_heading


def card_notes_blocks(units: list[Unit], file: str, diags: Diagnostics) -> list[Node]:
    """Return the blocks of a card-notes section: cards with their rulings."""
    blocks: list[Node] = []
    i = 0
    while i < len(units):
        if not is_collector_line(units[i].text):
            blocks.append(_paragraph(units[i]))
            i += 1
            continue
        end = _block_end(units, i, topics=False)
        card = read_card_block(units[i:end], file, diags)
        for unit in card.lead:
            diags.warn(file, unit.line, "text between a collector line and the card name",
                       "card.misplaced")
            blocks.append(_paragraph(unit))
        attach_rulings(card.entry, card.notes)
        blocks.append(card.entry)
        i = end
    return blocks


def general_notes_blocks(units: list[Unit], file: str, diags: Diagnostics) -> list[Node]:
    """Return the blocks of the general notes: topics holding prose, example cards, rulings."""
    blocks: list[Node] = []
    topic: Topic | None = None
    i = 0
    while i < len(units):
        unit = units[i]
        following = units[i + 1].text if i + 1 < len(units) else None
        if is_topic_heading(unit.text, following):
            topic = Topic(id="", title=unit.text.strip(), src=Span(unit.line, unit.line))
            blocks.append(topic)
            i += 1
        elif is_collector_line(unit.text):
            i = _read_example_card(units, i, topic.blocks if topic else blocks, file, diags)
        else:
            target = topic.blocks if topic else blocks
            after_card = any(isinstance(b, CardEntry) for b in target)
            target.append(_ruling(unit) if after_card else _paragraph(unit))
            i += 1
        if topic is not None:
            topic.src = Span(topic.src.line, units[i - 1].line)
    return blocks


def _read_example_card(units: list[Unit], i: int, target: list[Node], file: str,
                       diags: Diagnostics) -> int:
    """Read the example card at ``units[i]`` into ``target``; return the index after it."""
    end = _block_end(units, i, topics=True)
    card = read_card_block(units[i:end], file, diags)
    for unit in card.lead:
        # Introduction prose printed after the collector line instead of before it (MH3's
        # Adapt topic): it belongs to the topic, and is odd only once the topic has content.
        if target:
            diags.warn(file, unit.line, "text between a collector line and the card name",
                       "card.misplaced")
        target.append(_paragraph(unit))
    target.append(card.entry)
    target.extend(_ruling(unit) for unit in card.notes)
    return end


def _block_end(units: list[Unit], i: int, topics: bool) -> int:
    """Return the index after the card block opened by the collector line ``units[i]``."""
    j = i + 1
    while j < len(units):
        if is_collector_line(units[j].text):
            break
        following = units[j + 1].text if j + 1 < len(units) else None
        if topics and is_topic_heading(units[j].text, following):
            break
        j += 1
    return j


def _paragraph(unit: Unit) -> Paragraph:
    """Return a unit as a paragraph."""
    return Paragraph(text=unit.text, src=Span(unit.line, unit.line))


def _ruling(unit: Unit) -> Ruling:
    """Return a unit as an unbulleted ruling (its id is given when the document is finished)."""
    return Ruling(text=unit.text, src=Span(unit.line, unit.line))
