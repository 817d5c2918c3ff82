"""The card-notes reader: English FAQs and release notes, in Markdown or plain text.

One reader for the documents the publisher has put out since about 2009 in every notation of
its web pages (and the line-structured FAQs before them): a preamble with the set's facts,
``GENERAL NOTES`` with topics, quoted rules and rulings, and card-specific notes where each card
is printed (name, cost, type line, P/T or loyalty, rules text, faces) and followed by its
rulings. The source becomes units (``markdown.markdown_units`` or ``units.text_units``); the
shared recognisers find the card entries (``entries``), sections and topics (``sections``)
and the blocks (``blocks``); what no recogniser claims is kept as paragraphs.
"""
from __future__ import annotations

import re

from compiler.core.errors import Diagnostics
from compiler.core.model import Document, Paragraph, iter_blocks
from compiler.files.textio import SourceText
from compiler.readers.base import Reader, assign_ids, finish_document, source_language
from compiler.readers.notes.blocks import Region, plain_questions
from compiler.readers.notes.entries import Reading, find_entries
from compiler.readers.notes.markdown import front_matter, markdown_units
from compiler.readers.notes.meta import document_meta
from compiler.readers.notes.sections import outline, read_sections
from compiler.readers.notes.units import BULLET, HEADING, text_units
from compiler.readers.recognise.markup import is_image_line, plain

_MARKDOWN_CUES = (re.compile(r"^\[_metadata_:", re.M), re.compile(r"^={3,}\s*$", re.M),
                  re.compile(r"!\[[^\]]*\]\(https?://"), re.compile(r"^> ", re.M),
                  re.compile(r"\]\(https?://"), re.compile(r"^#{1,6} ", re.M))


LONG_LINE = 20_000
"""A line this long is a paragraph of its own, or a whole text with its line breaks lost."""


def is_markdown(text: str) -> bool:
    """Return whether the text is written in Markdown (a web capture): two or more of its cues,
    looked for in the whole text (however long its front matter or its first part, each
    search stops at its first match)."""
    return sum(1 for cue in _MARKDOWN_CUES if cue.search(text)) >= 2


def is_one_line(src: SourceText) -> bool:
    """Return whether the text is one line, as the collapsed layout's are (the Future Sight
    FAQ: 86,707 characters): lines over ``LONG_LINE`` hold most of its characters. One such
    line among the lines of a text (a long paragraph) is that line's, not the text's."""
    long = sum(len(line) for line in src.lines if len(line) > LONG_LINE)
    return long > 0 and 2 * long > sum(map(len, src.lines))


class CardNotesReader(Reader):
    """Recover sections, topics, card entries, rulings and quoted rules from English card notes."""

    layout = "en-lines"

    def __init__(self) -> None:
        self._last: tuple = ()
        """The source last turned into units, and its reading (``_reading``)."""

    def score(self, src: SourceText) -> float:
        """Return how sure the reader is: card entries found in English text; Markdown is this
        reader's alone, plain text it shares with the line-structured reader, which knows the
        2004-2005 FAQs' own constructs better (``-----`` entries, ``A --> B`` lists, name notes)."""
        if source_language(src) != "en" or is_one_line(src):
            return 0.0
        reading, _, markdown = self._reading(src)
        cards = len(find_entries(reading))
        if cards == 0:
            return 0.0
        if markdown:
            return 0.97
        return 0.85 if cards >= 3 else 0.5

    def read(self, src: SourceText, diags: Diagnostics) -> Document:
        """Return the document read from ``src``."""
        reading, front, markdown = self._reading(src)
        entries = find_entries(reading)
        region = Region(reading.units, reading.plain, {e.first: e for e in entries},
                        reading.hardless, markdown,
                        any(u.kind == BULLET for u in reading.units),
                        plain_questions(reading.units, markdown))
        title_index = next((i for i, u in enumerate(reading.units)
                            if u.kind == HEADING and u.depth == 1), None)
        title_index = title_index if title_index is not None and title_index < 40 else None
        if title_index is None and not markdown and first_line_title(reading):
            title_index = 0  # a page's copy starts with its heading: no topic of the preamble
        heads = outline(region, title_index)
        sections = read_sections(region, heads, title_index)
        layout = "en-markdown" if markdown else "en-lines"
        facts_until = next((h.index for h in heads.sections if h.role == "card-notes"),
                           len(reading.units))
        title = reading.plain[title_index] if title_index is not None else first_line_title(reading)
        meta = document_meta([u.text for u in reading.units[:facts_until]], front, title, layout,
                             f"doc-{src.sha256[:8]}")
        warn_unread(sections, src.file, diags)
        assign_ids(sections)
        return finish_document(src, meta, sections)

    def _reading(self, src: SourceText):
        """Return the units of ``src`` as a ``Reading``, its front matter and whether it is
        Markdown; the same source's again without making them again (``score`` and then
        ``read`` of the chosen reader ask for it: parsing the Markdown is most of reading one).
        Nothing here changes a reading once made."""
        if self._last and self._last[0] is src:
            return self._last[1]
        made = self._make_reading(src)
        self._last = (src, made)
        return made

    @staticmethod
    def _make_reading(src: SourceText):
        markdown = is_markdown(src.text)
        front = front_matter(src.lines) if markdown else front_matter(())
        units = markdown_units(src.lines, front.end) if markdown else text_units(src.lines)
        units = [u for u in units if u.text or u.kind != "bullet"]
        hardless = not any(u.hard for u in units)
        reading = Reading(units, [plain(u.text) if u.kind != "rule" else "" for u in units],
                          hardless, markdown)
        return reading, front, markdown


def first_line_title(reading: Reading) -> str | None:
    """Return a plain text's first line when it reads as a title (a page's copy starts with
    its heading: ``Innistrad: Midnight Hunt Release Notes``)."""
    first = reading.plain[0] if reading.plain else ""
    if first and len(first) <= 100 and not first.endswith((".", ":", "?")):
        return first
    return None


_LEGAL_RE = re.compile(r"trademarks? of Wizards of the Coast|©\s*\d{4} Wizards", re.I)
_AUTOLINK_RE = re.compile(r"^<[^<>\s]+>$")


def is_page_furniture(text: str) -> bool:
    """Return whether a paragraph is the page's own: the trademark notice, a bare link or a
    picture (nothing a reader of the notes misses when it is not a card or ruling)."""
    bare = text.strip()
    return bool(_LEGAL_RE.search(bare) or _AUTOLINK_RE.match(bare) or is_image_line(bare)
                or not plain(bare))


def warn_unread(sections, file: str, diags: Diagnostics) -> None:
    """Warn at ``file:line`` about card-notes paragraphs no card entry claimed."""
    for section in sections:
        if section.role != "card-notes":
            continue
        for block in iter_blocks(section.blocks):
            if isinstance(block, Paragraph) and not is_page_furniture(block.text):
                diags.warn(file, block.src.line, "paragraph between card entries kept as it is: "
                           "no card or ruling recognised", "layout.paragraph")
