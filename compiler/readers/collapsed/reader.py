"""The reader for English FAQs whose whitespace was collapsed onto one line (Future Sight, 2007).

Layout: the same document as the line-structured FAQs (header lines, ``GENERAL NOTES`` with
``***Title***`` topics, ``CARD-SPECIFIC NOTES`` with card blocks and `` * `` rulings, entries
separated by ``-----``), but every newline became a space.  Structure is recovered from what
the text still says: separators, headings, bullets, rule numbers, the grammar of card heads.
Every node's span is line 1 with the columns it came from.
"""
from __future__ import annotations

from compiler.core.errors import Diagnostics
from compiler.core.model import CardEntry, Document, Node, Section, Topic
from compiler.files.textio import SourceText
from compiler.readers.base import Reader, assign_ids, finish_document, source_language
from compiler.readers.collapsed.blocks import BULLET_RE, read_body
from compiler.readers.collapsed.card import head_at
from compiler.readers.collapsed.header import preamble_paragraphs, read_meta
from compiler.readers.collapsed.sections import (SEPARATOR_RE, TOPIC_RE, SectionText,
                                                 is_legal_notice, section_role, split_entries,
                                                 split_sections, split_topics)
from compiler.readers.collapsed.text import FlatText, Stretch, words

_MIN_EVIDENCE = 2


class CollapsedFaqReader(Reader):
    """Recover sections, topics, card entries, rule quotes and rulings from a one-line FAQ."""

    layout = "en-collapsed"

    def score(self, src: SourceText) -> float:
        """Return high confidence for English text whose bulk is one long line (90% of it at
        least: a few lines added before or after do not hide the layout) with separators or
        bullets."""
        filled = [line for line in src.lines if line.strip()]
        if not filled or source_language(src) != "en":
            return 0.0
        longest = max(filled, key=len)
        if len(longest) < 0.9 * len(src.text.strip()):
            return 0.0
        evidence = (len(SEPARATOR_RE.findall(longest)) + len(BULLET_RE.findall(longest))
                    + len(TOPIC_RE.findall(longest)))
        return 0.95 if evidence >= _MIN_EVIDENCE else 0.0

    def read(self, src: SourceText, diags: Diagnostics) -> Document:
        """Return the document: a preamble section, one section per heading, a trailer."""
        warn_other_lines(src, diags)
        flat = FlatText(src.text)
        entries = split_entries(Stretch(flat, 0, len(flat.flat)).strip())
        trailer = entries.pop() if entries and is_legal_notice(entries[-1]) else None
        parts = split_sections(entries)
        preamble = parts[0].entries[0] if parts and parts[0].heading is None else None
        meta = read_meta(preamble or Stretch(flat, 0, 0), self.layout, f"doc-{src.sha256[:8]}",
                         src.file, diags)
        sections = [read_section(part, src.file, diags) for part in parts]
        if trailer is not None:
            sections.append(Section(id="", role="other", src=trailer.span(),
                                    blocks=read_body(trailer, find_cards=False)))
        # A text of separators only still makes a (valid, empty) document.
        sections = [s for s in sections if s.blocks or s.title] \
            or [Section(id="", role="preamble", src=flat.span(0, len(flat.flat)))]
        assign_ids(sections)
        return finish_document(src, meta, sections)


def warn_other_lines(src: SourceText, diags: Diagnostics) -> None:
    """Warn at each filled line besides the collapsed one: read as text around it."""
    filled = [(n, line) for n, line in enumerate(src.lines, 1) if line.strip()]
    if len(filled) < 2:
        return
    longest = max(filled, key=lambda item: len(item[1]))[0]
    for n, _ in filled:
        if n != longest:
            diags.warn(src.file, n, "a line beside the one-line FAQ: read with it as running text",
                       "layout.region")


def read_section(part: SectionText, file: str, diags: Diagnostics) -> Section:
    """Read one section: its entries become topics or card entries, by the section's role."""
    title = part.heading.value if part.heading else None
    role = section_role(title) if title else "preamble"
    blocks: list[Node] = []
    for i, entry in enumerate(part.entries):
        if role == "preamble" and i == 0:
            blocks.extend(preamble_paragraphs(entry))
        elif role == "card-notes":
            blocks.extend(read_card_notes_entry(entry, file, diags))
        else:
            blocks.extend(read_topics(entry, role, file, diags))
    stretches = [s for s in (part.heading, *part.entries) if s is not None]
    span = stretches[0].doc.span(stretches[0].start, stretches[-1].end)
    return Section(id="", role=role, title=title, src=span, blocks=blocks)


def read_topics(entry: Stretch, role: str, file: str, diags: Diagnostics) -> list[Node]:
    """Read an entry of the general notes: its ``***Title***`` topics (cards found inside)."""
    lead, topics = split_topics(entry)
    blocks: list[Node] = []
    if lead:
        if role == "general-notes":
            line, col = lead.doc.position(lead.start)
            diags.warn(file, line, f"general-notes entry without a ***title*** (column {col}): "
                       "kept as blocks of the section", "layout.entry")
        blocks.extend(read_body(lead, find_cards=True))
    for heading, body in topics:
        end = body.end if body else entry.start + heading.end()
        span = entry.doc.span(entry.start + heading.start(), end)
        blocks.append(Topic(id="", title=heading.group("title"), src=span,
                            blocks=read_body(body, find_cards=True) if body else [],
                            marks=heading.group("marks")))
    return blocks


def read_card_notes_entry(entry: Stretch, file: str, diags: Diagnostics) -> list[Node]:
    """Read a card-notes entry: a card head, its rules text, then the card's blocks."""
    ws = words(entry)
    head = head_at(ws, 0, entry.doc.flat)
    if head is None:
        line, col = entry.doc.position(entry.start)
        diags.warn(file, line, f"card-notes entry does not start with a card (name, mana cost, "
                   f"type line) (column {col}): kept as blocks of the section", "layout.entry")
        return read_body(entry, find_cards=False)
    blocks = read_body(entry, find_cards=False, first_head=head, ws=ws)
    card = blocks[0]
    assert isinstance(card, CardEntry)
    card.blocks = blocks[1:]
    if card.blocks:
        card.src = card.src.cover(card.blocks[-1].src)
    return [card]

