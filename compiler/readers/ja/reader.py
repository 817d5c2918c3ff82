"""The reader for Japanese FAQs (layout ``ja``), such as the Shadowmoor FAQ of 2008.

The document is a preamble, then chapters headed by a line of their own (``一般注釈``,
``カード別注釈``) or by an errata heading (``＃＃ 日本語版の訂正 ＃＃＃``).  General notes hold
topics (``＊＊＊ 見出し ＊＊＊``); card notes hold card entries split by ``-----``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from compiler.core.errors import Diagnostics
from compiler.core.ids import IdAllocator, slugify
from compiler.core.model import Document, DocumentMeta, Errata, Node, Ruling, Section, Span, Topic
from compiler.files.textio import SourceText
from compiler.readers.base import Reader, finish_document, source_language
from compiler.readers.ja.blocks import ReadContext, read_blocks
from compiler.readers.ja.card import read_card
from compiler.readers.ja.lines import parse_errata, parse_section_heading, parse_topic_heading
from compiler.readers.ja.meta import find_set, stated_dates
from compiler.readers.recognise import is_separator

_HEADER_RE = re.compile(r"^\s*《[^《》]*[^《》\s][^《》]*》\s*$", re.M)
_RULING_RE = re.compile(r"^\s*＊(?!＊)", re.M)
# Sections whose cards own the rulings below them; elsewhere cards illustrate a topic.
CARD_SECTIONS = ("card-notes", "errata", "other")


@dataclass(slots=True, frozen=True)
class Heading:
    """A chapter heading line."""

    line: int
    title: str
    role: str


class JapaneseFaqReader(Reader):
    """Recover chapters, topics, card entries and rulings from a Japanese FAQ."""

    layout = "ja"

    def score(self, src: SourceText) -> float:
        """Return high confidence for Japanese text with 《card》 headers and ＊ rulings."""
        if source_language(src) != "ja":
            return 0.0
        headers = len(_HEADER_RE.findall(src.text))
        rulings = len(_RULING_RE.findall(src.text))
        return 0.5 + 0.25 * min(1.0, headers / 3) + 0.2 * min(1.0, rulings / 3)

    def read(self, src: SourceText, diags: Diagnostics) -> Document:
        """Return the document: preamble, chapters, topics, cards, rulings."""
        ctx = ReadContext(lines=src.lines, file=src.file, diags=diags, ids=IdAllocator(),
                          read_card=read_card)
        headings = find_headings(src.lines)
        if not headings:
            diags.warn(src.file, 1, "no chapter headings (一般注釈, カード別注釈) found", "ja.structure")
        first = headings[0].line if headings else len(src.lines) + 1
        preamble = list(src.lines[: first - 1])
        sections = []
        if any(line.strip() for line in preamble):
            sections.append(read_section(ctx, Heading(0, "", "preamble"), first - 1))
        for i, heading in enumerate(headings):
            stop = headings[i + 1].line - 1 if i + 1 < len(headings) else len(src.lines)
            sections.append(read_section(ctx, heading, stop))
        return finish_document(src, self._meta(src, diags, preamble), sections)

    def _meta(self, src: SourceText, diags: Diagnostics, preamble: list[str]) -> DocumentMeta:
        """Return the document facts: set, language and the dates the preamble states."""
        language = source_language(src)
        found = find_set(src.text)
        if found is None:
            diags.warn(src.file, 1, "no known set named in the text", "ja.set")
            meta = DocumentMeta(set_name="Unknown", set_code=f"doc-{src.sha256[:8]}",
                                language=language, layout=self.layout)
        else:
            info, local = found
            meta = DocumentMeta(set_name=info.name, set_code=info.code, set_name_local=local,
                                language=language, layout=self.layout)
        for field, value in stated_dates(preamble).items():
            setattr(meta, field, value)
        return meta


def find_headings(lines: tuple[str, ...]) -> list[Heading]:
    """Return the chapter headings: title lines, and errata headings that start a chapter."""
    out: list[Heading] = []
    previous = None  # the last non-blank line: an errata heading follows a separator or nothing
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        section = parse_section_heading(line)
        errata = parse_errata(line)
        if section:
            out.append(Heading(n, section[0], section[1]))
        elif errata and not errata[1] and (previous is None or is_separator(previous)):
            out.append(Heading(n, errata[0], "errata"))
        previous = line
    return out


def read_section(ctx: ReadContext, heading: Heading, stop: int) -> Section:
    """Return the section from ``heading`` to line ``stop``: its topics and other blocks."""
    section_id = ctx.ids.take(heading.role)
    ctx = replace(ctx, cards_own_notes=heading.role in CARD_SECTIONS)
    starts = [n for n in range(heading.line + 1, stop + 1) if parse_topic_heading(ctx.line(n))]
    blocks: list[Node] = read_blocks(ctx, heading.line + 1, (starts or [stop + 1])[0] - 1)
    for i, n in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else stop
        blocks.append(read_topic(ctx, n, end))
    if heading.role == "card-notes":
        _warn_notes_outside_cards(ctx, blocks)
    first = heading.line or _first_line(blocks)
    return Section(id=section_id, role=heading.role, title=heading.title or None,
                   src=_span(first, blocks), blocks=blocks)


def _warn_notes_outside_cards(ctx: ReadContext, blocks: list[Node]) -> None:
    """Warn about rulings and errata in card notes that no card entry owns."""
    for block in blocks:
        if isinstance(block, (Ruling, Errata)):
            ctx.diags.warn(ctx.file, block.src.line, f"{block.kind} outside any card entry",
                           "ja.structure")


def read_topic(ctx: ReadContext, n: int, end: int) -> Topic:
    """Return the topic headed at line ``n`` and running to line ``end``."""
    title, marks = parse_topic_heading(ctx.line(n))
    topic_id = ctx.ids.take(slugify(title))
    blocks = read_blocks(ctx, n + 1, end)
    return Topic(id=topic_id, title=title, marks=marks, src=_span(n, blocks), blocks=blocks)


def _first_line(blocks: list[Node]) -> int:
    """Return the first line of the first block (1 when there are none)."""
    return blocks[0].src.line if blocks else 1


def _span(first: int, blocks: list[Node]) -> Span:
    """Return the span from line ``first`` to the end of the last block."""
    last = max([first, *(b.src.end_line for b in blocks)])
    return Span(first, last)
