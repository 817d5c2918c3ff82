"""Read a stretch of collapsed text into blocks: rulings, rule quotes, card entries, paragraphs.

Constructs are found by where they start: a lone ``*`` opens a ruling (``*be*`` and ``*/1+*``
are words, not bullets), a rule number after a sentence opens a rule quote, a card head after
a sentence opens a card (in topics).  Each construct runs to the next start; text before the
first start is prose.  Tails are then cut off (``collapsed_prose``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from compiler.core.model import ListBlock, ListItem, Node, Paragraph, RuleQuote, Ruling
from compiler.readers.collapsed.card import CardHead, card_entry, heads_within
from compiler.readers.collapsed.prose import split_examples, split_lead_in, split_list
from compiler.readers.collapsed.text import Stretch, Word, words
from compiler.readers.recognise import parse_rule_line

BULLET_RE = re.compile(r"(?<!\S)\*(?!\S)")
RULE_START_RE = re.compile(r"(?<!\S)\d{3}(?:\.\d{1,3}[a-z]?)?\.?(?= \S)")
# A rule quote follows a sentence or a colon, never a word (``see rules 409.1b and ...``).
_AFTER_SENTENCE_RE = re.compile(r"[.!?:][\"”’')]*$")


@dataclass(slots=True, frozen=True)
class Start:
    """Where a construct starts in a body, and what it is."""

    kind: str
    """``ruling``, ``rule`` or ``card``."""
    offset: int
    head: CardHead | None = None


def read_body(body: Stretch, find_cards: bool, first_head: CardHead | None = None,
              ws: list[Word] | None = None) -> list[Node]:
    """Return the blocks of a body; ``first_head`` is a card head opening it (card notes),
    found among ``ws``, the body's words (made here when not given)."""
    ws = words(body) if ws is None else ws
    starts = _starts(body, ws, find_cards)
    if first_head is not None:
        starts = [Start("card", ws[first_head.first].start, first_head),
                  *[s for s in starts if s.offset >= ws[first_head.end - 1].end]]
    blocks: list[Node] = []
    first = starts[0].offset if starts else body.end
    lead = body.cut(body.start, first)
    if lead:
        blocks.extend(_prose(lead, starts[0].kind if starts else None))
    for cur, nxt in zip(starts, [*starts[1:], None]):
        segment = body.cut(cur.offset, nxt.offset if nxt else body.end)
        next_kind = nxt.kind if nxt else None
        if cur.kind == "card":
            blocks.extend(_card(segment, ws, cur.head, next_kind))
        elif cur.kind == "ruling":
            blocks.extend(_ruling(segment, next_kind))
        else:
            blocks.extend(_rule(segment, next_kind))
    return blocks


def _starts(body: Stretch, ws: list[Word], find_cards: bool) -> list[Start]:
    """Return the construct starts of a body, in order."""
    found = [Start("ruling", body.start + m.start()) for m in BULLET_RE.finditer(body.value)]
    found += [Start("rule", offset) for offset in _rule_starts(body)]
    if find_cards:
        found += [Start("card", ws[h.first].start, h)
                  for h in heads_within(ws, 0, len(ws), body.doc.flat)]
    return sorted(found, key=lambda s: s.offset)


def _rule_starts(body: Stretch) -> list[int]:
    """Return where rule quotes start: a rule number after a sentence or under its parent.

    ``502.68a`` right after the title ``502.68. Lifelink`` follows no sentence; that its
    number extends the rule just quoted is the evidence.
    """
    text, offsets, last = body.value, [], None
    for m in RULE_START_RE.finditer(text):
        number = m.group().rstrip(".")
        before = text[:m.start()].rstrip()
        child = last is not None and re.fullmatch(re.escape(last) + r"(?:[a-z]|\.\d{1,3})", number)
        if (not before or _AFTER_SENTENCE_RE.search(before) or child) \
                and parse_rule_line(text[m.start():]):
            offsets.append(body.start + m.start())
            last = number
    return offsets


def _prose(stretch: Stretch, next_kind: str | None) -> list[Node]:
    """Return the paragraph(s) of prose: a trailing lead-in or list stands apart."""
    kept, lead = split_lead_in(stretch, "prose", next_kind)
    return [*_with_list(kept, _paragraph), *([_paragraph(lead)] if lead else [])]


def _paragraph(stretch: Stretch) -> Paragraph:
    return Paragraph(text=stretch.value, src=stretch.span())


def _with_list(stretch: Stretch, make: Callable[[Stretch], Node]) -> list[Node]:
    """Return the block ``make`` builds from ``stretch``, and the list ending it, if any."""
    split = split_list(stretch)
    if split is None:
        return [make(stretch)]
    items = [ListItem(text=item.value, src=item.span()) for item in split.items]
    return [make(split.head), ListBlock(items=items, src=split.whole.span())]


def _ruling(segment: Stretch, next_kind: str | None) -> list[Node]:
    """Return the ruling of a ``* ...`` segment, with a list and a lead-in split off."""
    bullet = segment.value[0]
    kept, lead = split_lead_in(segment.cut(segment.start + 1), "ruling", next_kind)

    def make(text: Stretch) -> Ruling:
        """Return the ruling, its span starting at the bullet."""
        src = segment.doc.span(segment.start, text.end)
        return Ruling(text=text.value, src=src, bullet=bullet)

    return [*_with_list(kept, make), *([_paragraph(lead)] if lead else [])]


def _rule(segment: Stretch, next_kind: str | None) -> list[Node]:
    """Return the rule quote of a segment, its examples attached, a lead-in split off."""
    kept, lead = split_lead_in(segment, "rule", next_kind)
    text, examples = split_examples(kept)
    parsed = parse_rule_line(text.value)
    if parsed is None:  # cannot happen for a start found by _starts; kept as prose
        return [_paragraph(kept)]
    rule = RuleQuote(number=parsed.number, src=kept.span(), title=parsed.title, text=parsed.text,
                     examples=[e.value for e in examples],
                     numbered_with_period=parsed.with_period)
    return [rule, *([_paragraph(lead)] if lead else [])]


def _card(segment: Stretch, ws: list[Word], head: CardHead, next_kind: str | None
          ) -> list[Node]:
    """Return the card entry of a head and its rules text, and any lead-in after it."""
    after_head = ws[head.end - 1].end
    rules = segment.cut(after_head)
    kept, lead = split_lead_in(rules, "card", next_kind) if rules else (rules, None)
    card = card_entry(ws, head, kept)
    return [card, *([_paragraph(lead)] if lead else [])]
