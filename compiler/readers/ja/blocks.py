"""Turn a run of Japanese FAQ lines into blocks: paragraphs, rulings, rules, lists, errata, cards.

Each construct has one reader with the same signature ``(ctx, n, end, blocks) -> next line``;
a reader appends its block to ``blocks`` (or extends the previous one: an example joins the
rule it follows, a list item the list before it) and returns the first line it did not use.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from compiler.core.errors import Diagnostics
from compiler.core.ids import IdAllocator
from compiler.core.model import (CardEntry, Errata, Example, ListBlock, ListItem, Node, Paragraph,
                                 RuleQuote, Ruling, Span)
from compiler.readers.ja.lines import (classify, parse_errata, parse_ja_rule_line, parse_ja_ruling,
                                       parse_list_item)


@dataclass(slots=True)
class ReadContext:
    """What the block readers share while reading one document."""

    lines: tuple[str, ...]
    """The document's lines (line N is ``lines[N-1]``)."""
    file: str
    """The source file name, for warnings."""
    diags: Diagnostics
    """Where warnings go."""
    ids: IdAllocator
    """Anchor ids handed out so far in the document."""
    read_card: Callable[[ReadContext, int, int], tuple[CardEntry, int]]
    """The card entry reader (``card.read_card``), which reads the entry's notes with
    ``read_blocks``: given here, so that neither module imports the other."""
    cards_own_notes: bool = True
    """Whether a card entry takes the rulings after it (card notes) or only its printed text."""

    def line(self, n: int) -> str:
        """Return line ``n`` (1-based)."""
        return self.lines[n - 1]

    def kind(self, n: int) -> str:
        """Return the construct kind of line ``n``."""
        return classify(self.lines[n - 1])

    def next_nonblank(self, n: int, end: int) -> int | None:
        """Return the first non-blank line at or after ``n`` up to ``end``, or None."""
        while n <= end:
            if self.lines[n - 1].strip():
                return n
            n += 1
        return None


def read_blocks(ctx: ReadContext, start: int, end: int) -> list[Node]:
    """Return the blocks of lines ``start..end``; separators only end entries and are dropped."""
    blocks: list[Node] = []
    n = start
    while n <= end:
        kind = ctx.kind(n)
        if kind in ("blank", "separator"):
            n += 1
        elif kind == "card":
            card, n = ctx.read_card(ctx, n, end)
            blocks.append(card)
        else:
            n = BLOCK_READERS.get(kind, read_paragraph)(ctx, n, end, blocks)
    return blocks


def continuation_end(ctx: ReadContext, n: int, end: int) -> int:
    """Return the last line of the construct starting at ``n``: plain lines directly below join it."""
    last = n
    while last + 1 <= end and ctx.kind(last + 1) == "text":
        last += 1
    return last


def joined(ctx: ReadContext, first_text: str | None, n: int, last: int) -> str:
    """Return ``first_text`` (if any) and the stripped lines ``n+1..last``, joined by newlines."""
    below = [ctx.line(i).strip() for i in range(n + 1, last + 1)]
    return "\n".join([first_text, *below] if first_text else below)


def read_paragraph(ctx: ReadContext, n: int, end: int, blocks: list[Node]) -> int:
    """Read consecutive plain lines (or an unexpected construct line) as one paragraph."""
    last = continuation_end(ctx, n, end)
    if ctx.kind(n) != "text":
        ctx.diags.warn(ctx.file, n, f"{ctx.kind(n)} line out of place: kept as a paragraph",
                       "ja.structure")
    blocks.append(Paragraph(text=joined(ctx, ctx.line(n).strip(), n, last), src=Span(n, last)))
    return last + 1


def read_ruling(ctx: ReadContext, n: int, end: int, blocks: list[Node]) -> int:
    """Read a ``＊`` ruling and the plain lines directly below it."""
    ruling = parse_ja_ruling(ctx.line(n))
    last = continuation_end(ctx, n, end)
    blocks.append(Ruling(text=joined(ctx, ruling.text, n, last), src=Span(n, last),
                         bullet=ruling.bullet))
    return last + 1


def read_errata(ctx: ReadContext, n: int, end: int, blocks: list[Node]) -> int:
    """Read an errata note ``＃＃ 訂正 ＃＃ ...`` and the plain lines directly below it."""
    label, text = parse_errata(ctx.line(n))
    last = continuation_end(ctx, n, end)
    blocks.append(Errata(label=label, text=joined(ctx, text, n, last), src=Span(n, last)))
    return last + 1


def read_rule(ctx: ReadContext, n: int, end: int, blocks: list[Node]) -> int:
    """Read a quoted Comprehensive Rules line; plain lines directly below extend its text."""
    rule = parse_ja_rule_line(ctx.line(n))
    last = continuation_end(ctx, n, end)
    text = joined(ctx, rule.text, n, last) or None
    blocks.append(RuleQuote(number=rule.number, title=rule.title, text=text, src=Span(n, last),
                            numbered_with_period=rule.with_period))
    return last + 1


def read_example(ctx: ReadContext, n: int, end: int, blocks: list[Node]) -> int:
    """Read a ``例：`` line: attached to the rule it follows, else an example block."""
    last = continuation_end(ctx, n, end)
    text = joined(ctx, ctx.line(n).strip(), n, last)
    if blocks and isinstance(blocks[-1], RuleQuote):
        blocks[-1].examples.append(text)
        blocks[-1].src = blocks[-1].src.cover(Span(n, last))
    else:
        blocks.append(Example(text=text, src=Span(n, last)))
    return last + 1


def read_list_item(ctx: ReadContext, n: int, end: int, blocks: list[Node]) -> int:
    """Read a ``― `` list item, continuing the list just before it if there is one."""
    last = continuation_end(ctx, n, end)
    item = ListItem(text=joined(ctx, parse_list_item(ctx.line(n)), n, last), src=Span(n, last))
    if blocks and isinstance(blocks[-1], ListBlock):
        blocks[-1].items.append(item)
        blocks[-1].src = blocks[-1].src.cover(item.src)
    else:
        blocks.append(ListBlock(items=[item], src=item.src))
    return last + 1


BLOCK_READERS = {
    "ruling": read_ruling,
    "errata": read_errata,
    "rule": read_rule,
    "example": read_example,
    "list": read_list_item,
}
