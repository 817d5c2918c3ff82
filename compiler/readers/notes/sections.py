"""Sections and topics of a unit stream.

Section headings are recognised by what they say, whatever their markup (a Markdown heading
of any level, a bold line, a capitalised line in plain text): ``GENERAL NOTES``, ``CARD-SPECIFIC
NOTES`` with whatever names the product (``*ZENDIKAR RISING COMMANDER* CARD-SPECIFIC NOTES``,
``COMMANDER CARDS``), ``ERRATA``; any other first-level Markdown heading or capitalised line
opens a section of its own (role ``other``). Inside a section, the other headings open topics:
Markdown headings by level, then bold lines and short title lines, which nest below them; a
thematic break closes the open topics. What comes before the first section is the preamble.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from compiler.core.model import Node, Section, Span, Topic
from compiler.readers.notes.blocks import Region, read_blocks, whole_line
from compiler.readers.notes.evidence import (bold_title, is_caps_heading, looks_like_name,
                                             question, title_text)
from compiler.readers.notes.units import BULLET, HEADING, LINE, RULE
from compiler.readers.recognise.markup import plain

_GENERAL_RE = re.compile(r"^(?:.* )?GENERAL NOTES$", re.I)
_CARDS_RE = re.compile(r"^(?:.* )?(?:CARD[- ]SPECIFIC NOTES|CARD NOTES|COMMANDER CARDS|CARDS)$", re.I)
_ERRATA_RE = re.compile(r"\bERRATA\b", re.I)
BOLD_LEVEL = 7
"""Bold lines and title lines open topics below every Markdown heading level."""


def section_role(title: str) -> str | None:
    """Return the role a heading names (``general-notes``, ``card-notes``, ``errata``), or None."""
    text = " ".join(plain(title).split())
    if _GENERAL_RE.match(text):
        return "general-notes"
    if _CARDS_RE.match(text) and (text.upper() == text or "notes" in text.lower()):
        return "card-notes"
    if _ERRATA_RE.search(text) and len(text) < 60:
        return "errata"
    return None


@dataclass(slots=True)
class Heading:
    """A heading found in the unit stream."""

    index: int
    title: str
    level: int
    role: str | None
    """The section role it names; None for a topic heading."""


@dataclass(slots=True)
class Outline:
    """The document's headings: section heads and topic heads by unit index."""

    sections: list[Heading] = field(default_factory=list)
    topics: dict[int, Heading] = field(default_factory=dict)


def outline(region: Region, title_index: int | None) -> Outline:
    """Return the section and topic headings of a unit stream."""
    found = Outline()
    in_entries = _entry_units(region)
    for i, unit in enumerate(region.units):
        if i == title_index or i in region.entries or i in in_entries:
            continue
        text = title_text(unit.text)
        if unit.kind == HEADING:
            role = section_role(unit.text)
            if role or unit.depth == 1:
                found.sections.append(Heading(i, text, unit.depth, role or "other"))
            else:
                found.topics[i] = Heading(i, text, unit.depth, None)
        elif unit.kind == LINE and not region.markdown and section_role(unit.text) \
                and is_caps_heading(region.plain[i]):
            # a page's plain copy runs a heading into the list before or after it
            found.sections.append(Heading(i, text, 1, section_role(unit.text)))
        elif unit.kind == LINE and _alone(region, i):
            role = section_role(unit.text)
            title = bold_title(unit.text)
            if role and (title or is_caps_heading(region.plain[i])):
                found.sections.append(Heading(i, text, 1, role))
            elif is_caps_heading(region.plain[i]) and not region.markdown:
                found.sections.append(Heading(i, text, 1, "other"))
            elif title and question(unit.text) is None:
                found.topics[i] = Heading(i, title, BOLD_LEVEL, None)
            elif _title_after_break(region, i, found) or _copied_title(region, i, found):
                found.topics[i] = Heading(i, title_text(unit.text), BOLD_LEVEL, None)
        elif unit.kind == LINE and _copied_title(region, i, found):
            found.topics[i] = Heading(i, title_text(unit.text), BOLD_LEVEL, None)
    return found


def _copied_title(region: Region, i: int, found: Outline) -> bool:
    """Return whether a line of a page's plain copy titles a topic of its general notes
    (``New Mechanic: Adamant``): a short line that is no sentence, with text after it, alone,
    ending its paragraph or amid one list (the copy runs a heading into the list or heading
    before it, or into the lists on both sides), and no line like it beside it."""
    units = region.units
    if region.markdown or not found.sections or found.sections[-1].role != "general-notes" \
            or i + 1 >= len(units) or units[i + 1].kind not in (LINE, BULLET):
        return False
    if units[i + 1].block == units[i].block and not (whole_line(region.plain[i + 1])
                                                     and units[i - 1].block == units[i].block
                                                     and whole_line(region.plain[i - 1])):
        return False  # but for a heading run into lists both before and after it
    if not _title_like(region, i) or any(_title_like(region, k) and _alone(region, k)
                                         for k in (i - 1, i + 1)):
        return False  # a run of such lines is a list (``Prerelease events: July 8–9``)
    before = i - 1
    return units[before].block != units[i].block or whole_line(region.plain[before]) \
        or found.sections[-1].index == before


def _title_like(region: Region, i: int) -> bool:
    text = region.plain[i]
    return looks_like_name(text) and len(text) <= 60 and not _NUMBERED_RE.match(text)


_NUMBERED_RE = re.compile(r"^\d+\.\d")
"""A rule's number (``702.130 Ascend``), misprinted or not."""


def _title_after_break(region: Region, i: int, found: Outline) -> bool:
    """Return whether a lone short line right after a break (``-----``) or a section heading
    titles what follows (``Bushido`` in a line-structured FAQ's general notes)."""
    units, text = region.units, region.plain[i]
    before = units[i - 1] if i else None
    after_break = before is None or before.kind == RULE or any(h.index == i - 1 for h in found.sections)
    if not after_break or i + 1 >= len(units) or not looks_like_name(text) or len(text) > 60:
        return False
    return units[i + 1].kind in (LINE, BULLET) and (i + 1) not in region.entries


def _alone(region: Region, i: int) -> bool:
    """Return whether unit ``i`` is a paragraph of one line."""
    units = region.units
    block = units[i].block
    return all(units[j].block != block for j in (i - 1, i + 1) if 0 <= j < len(units))


def _entry_units(region: Region) -> set[int]:
    """Return the indices of the units inside a card entry (its first to its last)."""
    return {i for e in region.entries.values() for i in range(e.first, e.last + 1)}


def read_sections(region: Region, heads: Outline, title_index: int | None) -> list[Section]:
    """Return the preamble and the sections, with their topics and blocks."""
    bounds = [h.index for h in heads.sections] + [len(region.units)]
    sections = []
    first_head = bounds[0]
    if first_head > 0:
        sections.append(_section(region, heads, None, 0, first_head - 1, "preamble"))
    for head, end in zip(heads.sections, bounds[1:]):
        sections.append(_section(region, heads, head, head.index + 1, end - 1, head.role or "other"))
    return [s for s in sections if s.blocks or s.title]


def _section(region: Region, heads: Outline, head: Heading | None, first: int, last: int,
             role: str) -> Section:
    card_notes = role == "card-notes"
    blocks: list[Node] = []
    stack: list[tuple[int, Topic]] = []
    start = first
    for i in range(first, last + 2):
        boundary = i > last or i in heads.topics or region.units[i].kind == RULE
        if not boundary:
            continue
        target = stack[-1][1].blocks if stack else blocks
        target.extend(read_blocks(region, start, i - 1, card_notes))
        if i > last:
            break
        if i in heads.topics:
            topic_head = heads.topics[i]
            while stack and stack[-1][0] >= topic_head.level:
                stack.pop()
            topic = Topic(id="", title=topic_head.title,
                          src=Span(region.units[i].line, region.units[i].end_line))
            (stack[-1][1].blocks if stack else blocks).append(topic)
            stack.append((topic_head.level, topic))
        else:
            stack.clear()
        start = i + 1
    _close_spans(blocks)
    line = region.units[head.index].line if head else (region.units[first].line if first <= last else 1)
    end = region.units[last].end_line if first <= last else line
    return Section(id="", role=role, title=head.title if head else None, src=Span(line, end),
                   blocks=blocks)


def _close_spans(blocks: list[Node]) -> None:
    """Stretch each topic's span over its blocks."""
    for block in blocks:
        if isinstance(block, Topic):
            _close_spans(block.blocks)
            for child in block.blocks:
                block.src = block.src.cover(child.src)
