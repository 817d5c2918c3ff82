"""The reader for line-structured English FAQs (Champions and Betrayers of Kamigawa, 2004-2005).

Layout: header lines and an intro, then capitalised section headings (``GENERAL NOTES``,
``CARD-SPECIFIC NOTES``, others); inside sections, entries separated by ``-----`` lines.
A general-notes entry is a topic (its first line is the title); a card-notes entry is a card
block followed by ``* `` rulings and quoted rules.
"""
from __future__ import annotations

from dataclasses import dataclass

from compiler.core.errors import Diagnostics
from compiler.core.model import CardEntry, Document, Node, Section, Span, Topic
from compiler.files.textio import SourceText
from compiler.readers.base import Reader, assign_ids, finish_document, source_language
from compiler.readers.lines.blocks import BlockContext, read_blocks
from compiler.readers.lines.cardblock import find_header
from compiler.readers.lines.header import is_header_line, read_meta
from compiler.readers.lines.linekinds import (Line, is_blank, is_entry_separator,
                                              is_section_heading, next_filled, opens_construct)

ROLES = {"GENERAL NOTES": "general-notes", "CARD-SPECIFIC NOTES": "card-notes",
         "CARD SPECIFIC NOTES": "card-notes"}
_MAX_TITLE = 80


@dataclass(slots=True)
class SectionText:
    """The lines of one section: its heading line (None for the preamble) and its body."""

    heading: Line | None
    body: list[Line]


class LineFaqReader(Reader):
    """Recover sections, topics, card blocks, rule quotes and rulings from a line-structured FAQ."""

    layout = "en-lines"

    def score(self, src: SourceText) -> float:
        """Return high confidence for English lines with ``-----`` entries and ``* `` rulings."""
        lines = src.lines
        if not any(is_entry_separator(line) for line in lines) \
                or not any(line.startswith("* ") for line in lines) \
                or source_language(src) != "en":
            return 0.0
        known = any(section_role(line) != "other" for line in lines if is_section_heading(line))
        return 0.9 if known else 0.6

    def read(self, src: SourceText, diags: Diagnostics) -> Document:
        """Return the document: a preamble section, then one section per heading."""
        parts = split_sections(list(enumerate(src.lines, 1)))
        preamble = parts[0].body if parts and parts[0].heading is None else []
        meta = read_meta(preamble, self.layout, f"doc-{src.sha256[:8]}", src.file, diags)
        del preamble
        sections = []
        parts.reverse()
        while parts:  # each section's numbered lines are dropped once it is read
            section = read_section(parts.pop(), src.file, diags)
            if section.blocks or section.title:
                sections.append(section)
        assign_ids(sections)
        return finish_document(src, meta, sections)


def section_role(heading: str) -> str:
    """Return the role of a section from its heading."""
    words = heading.split()
    return ROLES.get(" ".join(words), "errata" if "ERRATA" in words else "other")


def split_sections(lines: list[Line]) -> list[SectionText]:
    """Split the document at its section headings (a heading follows a blank or separator line)."""
    parts = [SectionText(None, [])]
    for i, (no, line) in enumerate(lines):
        after_break = i == 0 or is_blank(lines[i - 1][1]) or is_entry_separator(lines[i - 1][1])
        if after_break and is_section_heading(line):
            parts.append(SectionText((no, line), []))
        else:
            parts[-1].body.append((no, line))
    return parts if _filled(parts[0].body) else parts[1:]


def split_entries(lines: list[Line]) -> list[list[Line]]:
    """Split a section body at its separator lines, dropping empty entries."""
    entries: list[list[Line]] = [[]]
    for line in lines:
        if is_entry_separator(line[1]):
            entries.append([])
        else:
            entries[-1].append(line)
    return [entry for entry in entries if _filled(entry)]


def read_section(part: SectionText, file: str, diags: Diagnostics) -> Section:
    """Read one section: its entries become topics or card entries, by the section's role."""
    if part.heading is None:
        role, title = "preamble", None
    else:
        title = part.heading[1].strip()
        role = section_role(title)
    blocks: list[Node] = []
    for entry in split_entries(part.body):
        if role == "general-notes":
            blocks.extend(read_topic(entry, file, diags))
        elif role == "card-notes":
            blocks.extend(read_card_entries(entry, file, diags))
        else:
            standalone = is_header_line if role == "preamble" else None
            blocks.extend(read_blocks(entry, BlockContext(file, diags, standalone=standalone)))
    first = part.heading[0] if part.heading else (blocks[0].src.line if blocks else 1)
    last = max([first, *(b.src.end_line for b in blocks)])
    return Section(id="", role=role, title=title, src=Span(first, last), blocks=blocks)


def read_topic(entry: list[Line], file: str, diags: Diagnostics) -> list[Node]:
    """Read a general-notes entry: a title line, then the topic's blocks."""
    f = next_filled(entry, 0)
    title = entry[f][1].strip()
    if len(title) > _MAX_TITLE or title.endswith((".", ":")) or opens_construct(entry[f][1]) \
            or find_header(entry, f) is not None:
        diags.warn(file, entry[f][0], "general-notes entry has no title line: kept as blocks "
                   "of the section", "layout.entry")
        return read_blocks(entry, BlockContext(file, diags))
    blocks = read_blocks(entry[f + 1:], BlockContext(file, diags))
    last = max([entry[f][0], *(b.src.end_line for b in blocks)])
    return [Topic(id="", title=title, src=Span(entry[f][0], last), blocks=blocks)]


def read_card_entries(entry: list[Line], file: str, diags: Diagnostics) -> list[Node]:
    """Read a card-notes entry: a card block, then its rulings (a new card block starts anew)."""
    blocks = read_blocks(entry, BlockContext(file, diags, cards_own_blanks=True))
    if not blocks or not isinstance(blocks[0], CardEntry):
        diags.warn(file, entry[next_filled(entry, 0)][0], "card-notes entry does not start with "
                   "a card (name, mana cost, type line): kept as blocks of the section",
                   "layout.entry")
        return blocks
    cards: list[Node] = []
    for block in blocks:
        if isinstance(block, CardEntry):
            cards.append(block)
        else:
            cards[-1].blocks.append(block)
            cards[-1].src = cards[-1].src.cover(block.src)
    return cards



def _filled(lines: list[Line]) -> bool:
    return any(not is_blank(line) for _, line in lines)
