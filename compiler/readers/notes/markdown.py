"""Markdown sources to units, with markdown-it-py's block tokens; the front matter apart.

markdown-it-py says which source lines are headings, thematic breaks, list items, blockquotes,
paragraphs and tables (``Token.map``); the unit text is cut from those source lines with the
block markup removed (``> `` prefixes, list markers, indentation, heading marks), so inline
markup and every word stay as written. Lines no block token claims (link reference
definitions, HTML) become plain line units: nothing is dropped.

A capture's front matter (``---``, ``[_metadata_:key]:- "value"`` lines, ``---``) is cut off
first and returned as written.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from compiler.readers.notes.units import BULLET, HEADING, LINE, RULE, Unit, text_units

_FRONT_LINE_RE = re.compile(r"^\[(?:_metadata_:[\w-]+|Link to [^\]]*)\]")
_QUOTE_PREFIX_RE = re.compile(r"^ {0,3}> ?")
_LIST_MARKER_RE = re.compile(r"^\s*(?:[*+-]|\d{1,9}[.)])(?:\s+|$)")
_ATX_RE = re.compile(r"^\s{0,3}#{1,6}\s*|\s+#+\s*$")
_HARD_BREAK_RE = re.compile(r"(?: {2,}|\\)$")

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    """markdown-it-py, imported when a Markdown source is first read (2 MB that normalizing
    a text FAQ does without)."""
    from markdown_it import MarkdownIt
    return MarkdownIt("commonmark").enable("table")


@dataclass(slots=True)
class FrontMatter:
    """The lines of a capture's front matter, as written, and its ``key: value`` facts."""

    lines: list[str] = field(default_factory=list)
    facts: dict[str, str] = field(default_factory=dict)
    end: int = 0
    """Number of source lines it takes (0 when there is none)."""


def front_matter(lines: tuple[str, ...] | list[str]) -> FrontMatter:
    """Return the front matter at the head of ``lines`` (empty when there is none): a ``---``
    line, front matter lines (``[_metadata_:key]:- "value"``, ``[Link to ...]``) and blank
    ones, however many, and a ``---`` line. It ends where its own lines do (a line of any
    other kind before the closing ``---``: no front matter), not after a count of lines."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or first > 3 or lines[first].strip() != "---":
        return FrontMatter()
    for i in range(first + 1, len(lines)):
        if lines[i].strip() == "---":
            body = [line for line in lines[first + 1:i] if line.strip()]
            if not body:
                return FrontMatter()
            facts = {}
            for line in body:
                m = re.match(r'^\[_metadata_:([\w-]+)\]:-?\s*"(.*)"\s*$', line)
                if m:
                    facts[m.group(1)] = m.group(2)
            return FrontMatter(list(lines[first:i + 1]), facts, i + 1)
        if lines[i].strip() and not _FRONT_LINE_RE.match(lines[i]):
            return FrontMatter()
    return FrontMatter()


def markdown_units(lines: tuple[str, ...] | list[str], skip: int = 0) -> list[Unit]:
    """Return the units of Markdown ``lines``; the first ``skip`` lines (front matter) are left out."""
    body = [""] * skip + list(lines[skip:])
    tokens = _parser().parse("\n".join(body))
    units: list[Unit] = []
    claimed = [False] * len(body)
    for i in range(skip):
        claimed[i] = True
    _walk(tokens, body, units, claimed)
    # Lines no block token claimed (reference definitions, stray HTML) are kept as lines.
    for no, line in enumerate(body):
        text = _strip_quote(line, 1).strip()
        if not claimed[no] and text:
            units.append(Unit(LINE, text, no + 1, no + 1, -(no + 1)))
    units.sort(key=lambda u: (u.line, u.end_line))
    return units


def _walk(tokens: list[Token], lines: list[str], units: list[Unit], claimed: list[bool]) -> None:
    """Turn the block tokens into units, tracking blockquotes and list items."""
    quote_stack: list[int] = []
    ordered: list[bool] = []
    list_depth = -1
    item_start: list[int] = []
    item_block: list[int] = []
    in_item_paragraph: list[bool] = []
    for index, tok in enumerate(tokens):
        quote = quote_stack[-1] if quote_stack else 0
        if tok.type == "blockquote_open":
            quote_stack.append(index + 1)
        elif tok.type == "blockquote_close":
            quote_stack.pop()
        elif tok.type in ("bullet_list_open", "ordered_list_open"):
            list_depth += 1
            ordered.append(tok.type == "ordered_list_open")
        elif tok.type in ("bullet_list_close", "ordered_list_close"):
            list_depth -= 1
            ordered.pop()
        elif tok.type == "list_item_open" and tok.map:
            item_start.append(tok.map[0])
            item_block.append(index)
            in_item_paragraph.append(False)
            # A numbered item ("712. Meld Cards", "1. The creature type ...") keeps its number:
            # it is a line of its own, not a ruling.
            units.append(Unit(LINE if ordered[-1] else BULLET, "", tok.map[0] + 1, tok.map[0] + 1,
                              index, quote, depth=max(list_depth, 0), marker=tok.markup))
        elif tok.type == "list_item_close":
            item_start.pop()
            item_block.pop()
            in_item_paragraph.pop()
        elif tok.type == "hr" and tok.map:
            _claim(claimed, tok.map)
            units.append(Unit(RULE, lines[tok.map[0]].strip(), tok.map[0] + 1, tok.map[1], index,
                              quote, marker=tok.markup))
        elif tok.type == "heading_open" and tok.map:
            _claim(claimed, tok.map)
            _heading(tok, lines, units, index, quote)
        elif tok.type == "paragraph_open" and tok.map:
            _claim(claimed, tok.map)
            if item_start and (not in_item_paragraph[-1] or units[-1].block == item_block[-1]):
                in_item_paragraph[-1] = True
                _item_paragraph(tok, lines, units)
            else:
                _paragraph(tok, lines, units, index, quote, bool(item_start))
        elif tok.type == "table_open" and tok.map:
            _claim(claimed, tok.map)
            for no in range(tok.map[0], tok.map[1]):
                units.extend(table_row_units(_strip_quote(lines[no], quote), no + 1,
                                             index * 1000 + no, quote))
        elif tok.type in ("code_block", "fence", "html_block") and tok.map:
            _claim(claimed, tok.map)
            block = lines[tok.map[0]:tok.map[1]]
            for unit in text_units([_strip_quote(line, quote) for line in block], tok.map[0] + 1):
                unit.block, unit.quote = index * 1000 + unit.block, quote
                units.append(unit)


def _claim(claimed: list[bool], span: list[int]) -> None:
    for no in range(span[0], min(span[1], len(claimed))):
        claimed[no] = True


def _strip_quote(line: str, quote: int) -> str:
    if not quote:
        return line
    while _QUOTE_PREFIX_RE.match(line):
        line = _QUOTE_PREFIX_RE.sub("", line, count=1)
    return line


def _heading(tok: Token, lines: list[str], units: list[Unit], index: int, quote: int) -> None:
    start, end = tok.map
    if tok.markup in ("=", "-"):  # setext: the text lines, then the underline
        text = " ".join(_strip_quote(line, quote).strip() for line in lines[start:end - 1])
    else:
        text = _ATX_RE.sub("", _strip_quote(lines[start], quote)).strip()
    units.append(Unit(HEADING, text, start + 1, end, index, quote, depth=int(tok.tag[1]),
                      marker=tok.markup))


def _source_lines(tok: Token, lines: list[str]) -> list[tuple[int, str]]:
    return [(no + 1, lines[no]) for no in range(tok.map[0], min(tok.map[1], len(lines)))]


def _paragraph(tok: Token, lines: list[str], units: list[Unit], index: int, quote: int,
               in_item: bool) -> None:
    for no, raw in _source_lines(tok, lines):
        text = _strip_quote(raw, quote)
        if not text.strip():
            continue
        units.append(Unit(LINE, text.strip(), no, no, index, quote,
                          hard=bool(_HARD_BREAK_RE.search(text)), depth=1 if in_item else 0))


def _item_paragraph(tok: Token, lines: list[str], units: list[Unit]) -> None:
    """Put a list item's paragraph into its bullet unit (the first line loses its marker)."""
    bullet = units[-1]
    parts = [bullet.text] if bullet.text else []
    for no, raw in _source_lines(tok, lines):
        text = _strip_quote(raw, bullet.quote)
        if no == bullet.line and bullet.kind == BULLET:
            text = _LIST_MARKER_RE.sub("", text, count=1)
        if text.strip():
            parts.append(text.strip())
        bullet.end_line = max(bullet.end_line, no)
    bullet.text = "\n".join(parts)


_CELL_SPLIT_RE = re.compile(r"(?<!\\)\|")
_FIELD_SPLIT_RE = re.compile(r"\s{2,}")


def table_row_units(line: str, no: int, block: int, quote: int) -> list[Unit]:
    """Return the units of one table row: a cell's fields, set apart by two spaces or more
    (2012's captures print a double-faced card as a row, ``| (front face)  Name  Type  1/3  Text
    | (back face)  ... |``), as lines of one paragraph; rows without words give none."""
    units = []
    for cell in _CELL_SPLIT_RE.split(line.strip().strip("|")):
        for field in _FIELD_SPLIT_RE.split(cell.strip()):
            # a P/T the text runs into where a symbol picture was lost (``2/2 , Tap an ...``)
            for part in filter(None, _PT_THEN_TEXT_RE.match(field).groups()):
                if re.search(r"\w", part):
                    units.append(Unit(LINE, part.strip(), no, no, block, quote))
    return units


_PT_THEN_TEXT_RE = re.compile(r"^(?:([0-9X*]{1,2}/[0-9X*]{1,2}) (?=[,:] ))?(.*)$", re.S)
