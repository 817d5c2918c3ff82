"""The blocks of one entry of a line-structured English FAQ, in order.

Each block opens on a line one recogniser claims (ruling, rule quote, example, indented list,
card header); anything else is prose.  A block runs on over the following lines that open
nothing themselves, so a hard-wrapped ruling or paragraph stays one block.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from compiler.core.errors import Diagnostics
from compiler.core.model import (Example, ListBlock, ListItem, Node, Paragraph, RuleQuote, Ruling,
                                 Span)
from compiler.readers.lines.cardblock import find_header, read_card
from compiler.readers.lines.linekinds import Line, is_blank, is_indented, opens_construct
from compiler.readers.recognise import (is_example, is_flip_separator, parse_loose_ruling,
                                        parse_mapping, parse_rule_line)


@dataclass(slots=True, frozen=True)
class BlockContext:
    """How to read the blocks of one entry."""

    file: str
    """The source file, for warnings."""
    diags: Diagnostics
    """Where warnings go."""
    cards_own_blanks: bool = False
    """Card-notes entries: a card's text runs past blank lines up to its first ruling."""
    standalone: Callable[[str], bool] | None = None
    """Lines that stand alone as one-line paragraphs (the header facts of the preamble)."""

    def stands_alone(self, line: str) -> bool:
        """Return whether ``line`` is a paragraph of its own."""
        return self.standalone is not None and self.standalone(line)


def read_blocks(lines: list[Line], ctx: BlockContext) -> list[Node]:
    """Return the blocks of ``lines`` in order."""
    blocks: list[Node] = []
    i = 0
    while i < len(lines):
        line = lines[i][1]
        if is_blank(line):
            i += 1
            continue
        if is_flip_separator(line):
            ctx.diags.warn(ctx.file, lines[i][0], "'++++++++++' not between two card halves: "
                           "line skipped", "layout.flip")
            i += 1
            continue
        block, i = _read_block(lines, i, ctx)
        blocks.append(block)
    return blocks


def _read_block(lines: list[Line], i: int, ctx: BlockContext) -> tuple[Node, int]:
    """Read the block opening at ``lines[i]``; return it and the index after it."""
    line = lines[i][1]
    if parse_loose_ruling(line) is not None:
        return _read_ruling(lines, i, ctx)
    if parse_rule_line(line) is not None:
        return _read_rule(lines, i, ctx)
    if is_example(line):
        return _read_example(lines, i, ctx)
    if is_indented(line):
        return _read_list(lines, i)
    header = find_header(lines, i)
    if header is not None:
        return read_card(lines, header, ctx.cards_own_blanks)
    return _read_paragraph(lines, i, ctx)


def _opens_block(lines: list[Line], i: int, ctx: BlockContext) -> bool:
    line = lines[i][1]
    return (opens_construct(line) or ctx.stands_alone(line)
            or find_header(lines, i) is not None)


def _run_end(lines: list[Line], i: int, ctx: BlockContext) -> int:
    """Return the index after the lines from ``i`` that continue the block before them."""
    while i < len(lines) and not is_blank(lines[i][1]) and not _opens_block(lines, i, ctx):
        i += 1
    return i


def _joined(first: str, lines: list[Line], start: int, end: int) -> str:
    """Return ``first`` followed by the continuation lines ``start:end``, newline-joined."""
    return "\n".join([first, *(lines[k][1].strip() for k in range(start, end))])


def _span(lines: list[Line], start: int, end: int) -> Span:
    return Span(lines[start][0], lines[end - 1][0])


def _read_ruling(lines: list[Line], i: int, ctx: BlockContext) -> tuple[Ruling, int]:
    end = _run_end(lines, i + 1, ctx)
    text = _joined(parse_loose_ruling(lines[i][1]), lines, i + 1, end)
    return Ruling(text=text, src=_span(lines, i, end), bullet="*"), end


def _read_example(lines: list[Line], i: int, ctx: BlockContext) -> tuple[Example, int]:
    end = _run_end(lines, i + 1, ctx)
    text = _joined(lines[i][1].strip(), lines, i + 1, end)
    return Example(text=text, src=_span(lines, i, end)), end


def _read_rule(lines: list[Line], i: int, ctx: BlockContext) -> tuple[RuleQuote, int]:
    """Read a quoted rule and the ``Example:`` lines right under it."""
    rule = parse_rule_line(lines[i][1])
    end = _run_end(lines, i + 1, ctx)
    text = _joined(rule.text, lines, i + 1, end) if rule.text is not None else None
    title = _joined(rule.title, lines, i + 1, end) if rule.title is not None else None
    examples: list[str] = []
    while end < len(lines) and is_example(lines[end][1]):
        example, end = _read_example(lines, end, ctx)
        examples.append(example.text)
    quote = RuleQuote(number=rule.number, title=title, text=text, examples=examples,
                      numbered_with_period=rule.with_period, src=_span(lines, i, end))
    return quote, end


def _read_list(lines: list[Line], i: int) -> tuple[ListBlock, int]:
    """Read consecutive indented lines as list items (``A --> B`` items map A to B)."""
    items: list[ListItem] = []
    arrow = None
    end = i
    while end < len(lines) and is_indented(lines[end][1]) and not is_example(lines[end][1]):
        no, line = lines[end]
        mapping = parse_mapping(line)
        if mapping:
            arrow = mapping[1]
            items.append(ListItem(text=mapping[0], maps_to=mapping[2], src=Span(no, no)))
        else:
            items.append(ListItem(text=line.strip(), src=Span(no, no)))
        end += 1
    return ListBlock(items=items, arrow=arrow, src=_span(lines, i, end)), end


def _read_paragraph(lines: list[Line], i: int, ctx: BlockContext) -> tuple[Paragraph, int]:
    first = lines[i][1].strip()
    end = i + 1 if ctx.stands_alone(first) else _run_end(lines, i + 1, ctx)
    return Paragraph(text=_joined(first, lines, i + 1, end), src=_span(lines, i, end)), end
