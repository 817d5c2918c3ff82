"""Units to IR blocks: card entries with their rulings, rulings, questions and answers, quoted
rules with their examples, examples, and paragraphs.

Text keeps its inline markup; mana symbol images and lower-case braces in it are written as
braced symbols (``{T}``), and the line as written is kept in ``written`` when that changed it,
so the word audit still finds every word of the source.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.core.model import CardEntry, Example, Face, Node, Paragraph, RuleQuote, Ruling, Span
from compiler.core.words import source_words
from compiler.readers.notes.entries import EntrySpan, FaceSpan, cost_line
from compiler.readers.notes.evidence import question
from compiler.readers.notes.units import BULLET, LINE, RULE, Unit
from compiler.readers.recognise import is_example, parse_rule_line
from compiler.readers.recognise.cardlines import face_separator
from compiler.readers.recognise.mana import parse_cost, symbols_in_text
from compiler.readers.recognise.markup import drop_unpaired_emphasis, unescape, unwrap


@dataclass(slots=True)
class Region:
    """The units a run of blocks is made from, and the entries that start among them."""

    units: list[Unit]
    plain: list[str]
    entries: dict[int, EntrySpan]
    """Entries by the index of their first unit."""
    hardless: bool
    markdown: bool = False
    """Whether the source is Markdown (its ``*`` and ``\\`` are markup, not text)."""
    bulleted: bool = True
    """Whether the source marks its lists' items (``* ``): a page's plain copy has none."""
    questions: frozenset[int] = frozenset()
    """The units that ask a question in a plain copy of a question-and-answer FAQ, whose
    questions lost their bold (``plain_questions``)."""

    def asks(self, i: int) -> str | None:
        """Return the question unit ``i`` asks (bold, or a copy's question line), or None."""
        return question(self.units[i].text) or (self.units[i].text if i in self.questions else None)


QUESTIONS_MIN = 10
"""Lines alone that end in ``?`` from which a plain copy is a question-and-answer FAQ (the
release notes' copies have one at most; the Unsanctioned FAQ's has 201)."""


def plain_questions(units: list[Unit], markdown: bool) -> frozenset[int]:
    """Return the units of a plain text that are questions: each a paragraph of its own that
    ends in ``?``, when there are ``QUESTIONS_MIN`` of them or more."""
    if markdown:
        return frozenset()
    alone = [i for i, u in enumerate(units) if u.kind == LINE and u.text.endswith("?")
             and all(units[j].block != u.block for j in (i - 1, i + 1) if 0 <= j < len(units))]
    return frozenset(alone) if len(alone) >= QUESTIONS_MIN else frozenset()


def span(units: list[Unit], first: int, last: int) -> Span:
    """Return the source span of units ``first..last``."""
    return Span(units[first].line, units[last].end_line)


def normalised(text: str) -> tuple[str, str | None]:
    """Return ``(text with braced mana symbols, text as written if that differs)``."""
    out = symbols_in_text(text)
    return (out, text) if out != text else (text, None)


def list_lines(region: Region, card_tail: bool) -> int:
    """Return how many lines, each whole sentences, make a paragraph a list of rulings (0:
    never): in a page's plain copy the browser puts an item a line and a paragraph between
    blank lines, so the notes after a card are rulings line by line and, elsewhere, so are
    two such lines or more; in Markdown, or a text whose lists have bullets, a list has its
    bullets."""
    return 0 if region.markdown or region.bulleted else 1 if card_tail else 2


def read_blocks(region: Region, first: int, last: int, card_notes: bool) -> list[Node]:
    """Return the blocks of units ``first..last`` (inclusive)."""
    blocks: list[Node] = []
    i = first
    while i <= last:
        entry = region.entries.get(i)
        if entry is not None and entry.last <= last:
            card = card_entry(region, entry)
            i = card_tail(region, card, entry.last + 1, last, card_notes)
            blocks.append(card)
            continue
        i = read_one(region, i, last, blocks, list_lines(region, False))
    return blocks


def read_one(region: Region, i: int, last: int, blocks: list[Node], items: int = 0) -> int:
    """Read the block starting at unit ``i`` into ``blocks``; return the next index. With
    ``items`` (a page's plain copy, whose lists lost their bullets: ``list_lines``), a
    paragraph of at least that many lines, each of them whole sentences, is a list: a ruling
    per line."""
    units, plain_lines = region.units, region.plain
    unit = units[i]
    if unit.kind == RULE:
        return i + 1
    if unit.kind == BULLET:
        blocks.append(ruling(unit, unit))
        return i + 1
    asked = region.asks(i)
    if asked is not None:
        return answer(region, i, last, asked, blocks)
    rule = parse_rule_line(plain_lines[i]) if unit.kind == LINE else None
    if rule is not None:
        return rule_quote(region, i, last, blocks)
    if is_example(plain_lines[i]):
        text, written = normalised(unit.text)
        blocks.append(Example(text=text, src=span(units, i, i), written=written))
        return i + 1
    j = i
    while j + 1 <= last and units[j + 1].kind == LINE and units[j + 1].block == unit.block \
            and j + 1 not in region.entries and region.asks(j + 1) is None \
            and parse_rule_line(plain_lines[j + 1]) is None and not is_example(plain_lines[j + 1]):
        j += 1
    if items and j + 1 - i >= items and all(whole_line(u.text, more=k < j)
                                            for k, u in enumerate(units[i:j + 1], i)):
        blocks += [ruling(u, u) for u in units[i:j + 1]]
        return j + 1
    text, written = normalised("\n".join(u.text for u in units[i:j + 1]))
    blocks.append(Paragraph(text=text, src=span(units, i, j), written=written))
    return j + 1


_WHOLE_LINE_RE = re.compile(r"^[\"“‘'(\[{]?(?P<first>\w).*[.!?)\"”’']$")
"""A line that starts as a sentence does (a capital, ``Æ`` too, or a digit) and ends as one."""


def whole_line(text: str, more: bool = False) -> bool:
    """Return whether a line is whole sentences: it starts as a sentence starts and ends as
    one ends (a line wrapped inside a sentence does neither); one ending in a colon introduces
    what follows: an item of a list when ``more`` items follow it in the list."""
    m = _WHOLE_LINE_RE.search(text) or more and text.endswith(":") \
        and _WHOLE_LINE_RE.search(text[:-1] + ".")
    return bool(m) and (m.group("first").isupper() or m.group("first").isdigit())


def ruling(unit: Unit, last: Unit, ask: str | None = None) -> Ruling:
    """Return the ruling of a bullet (or, with ``ask``, the answer to a question)."""
    text, written = normalised(unit.text)
    bullet = unit.marker or None if unit.kind == BULLET else None
    return Ruling(text=text, src=Span(unit.line, last.end_line), bullet=bullet, written=written,
                  question=ask)


def answer(region: Region, i: int, last: int, asked: str, blocks: list[Node]) -> int:
    """Read a question (bold, or a copy's question line) and its answer paragraphs (up to the
    next question) as a ruling."""
    units = region.units
    j, parts = i + 1, []
    # the line right after a question answers it, even with a question of its own
    while j <= last and units[j].kind == LINE and (region.asks(j) is None or j == i + 1
                                                   and j in region.questions) \
            and j not in region.entries:
        parts.append(units[j])
        j += 1
    q_unit = units[i]
    if not parts:
        text, written = normalised(q_unit.text)
        blocks.append(Paragraph(text=text, src=span(units, i, i), written=written))
        return i + 1
    text, written = normalised("\n".join(u.text for u in parts))
    blocks.append(Ruling(text=text, src=Span(q_unit.line, parts[-1].end_line), written=written,
                         question=q_unit.text))
    return j


def rule_quote(region: Region, i: int, last: int, blocks: list[Node]) -> int:
    """Read a quoted rule line and the ``Example:`` lines that follow it."""
    units, plain_lines = region.units, region.plain
    rule = parse_rule_line(plain_lines[i])
    text, written = normalised(units[i].text)
    quote = RuleQuote(number=rule.number, src=span(units, i, i), title=rule.title,
                      text=rule.text, numbered_with_period=rule.with_period)
    if written is not None or plain_lines[i] != units[i].text.strip():
        quote.written = written or units[i].text
    j = i + 1
    while j <= last and units[j].kind == LINE and is_example(plain_lines[j]):
        quote.examples.append(units[j].text)
        quote.src = quote.src.cover(span(units, j, j))
        j += 1
    blocks.append(quote)
    return j


def card_tail(region: Region, card: CardEntry, i: int, last: int, card_notes: bool) -> int:
    """Attach the rulings (and notes) after a card to it; return the index after them.

    The tail ends at a break, a heading, another card or, outside card-specific notes, the
    first line that is not a bullet. A paragraph in the tail stays with the card only when
    more of the card's rulings follow it."""
    units = region.units
    while i <= last and units[i].kind == LINE and _VIEWER_LINK_RE.match(units[i].text):
        # The capture's link to the publisher's card viewer (``</sites/.../flipcard_big.html?
        # ca=...>``) stands between a card and its rulings: it is the entry's, like its pictures.
        card.preface.append(units[i].text)
        card.src = card.src.cover(Span(units[i].line, units[i].end_line))
        i += 1
    end = i
    while end <= last and units[end].kind in (BULLET, LINE) and end not in region.entries:
        end += 1
    tail: list[Node] = []
    j = i
    while j < end:
        j = read_one(region, j, end - 1, tail, list_lines(region, True))
    keep = len(tail)
    while keep and isinstance(tail[keep - 1], Paragraph) and not (card_notes and region.hardless):
        keep -= 1
    if not card_notes:
        keep = next((n for n, b in enumerate(tail) if not isinstance(b, (Ruling, Example))), keep)
    for block in tail[:keep]:
        card.blocks.append(block)
        card.src = card.src.cover(block.src)
    return _index_after(units, tail[keep - 1].src.end_line, i) if keep else i


def _index_after(units: list[Unit], end_line: int, start: int) -> int:
    k = start
    while k < len(units) and units[k].end_line <= end_line:
        k += 1
    return k


def card_entry(region: Region, entry: EntrySpan) -> CardEntry:
    """Return the card entry of an entry span."""
    units = region.units
    faces = [face(region, f) for f in entry.faces]
    lead = [units[k].text for k in entry.lead]
    layout = card_layout(region, entry, faces)
    return CardEntry(id="", name=faces[0].name, faces=faces, src=span(units, entry.first, entry.last),
                     layout=layout, preface=lead)


def card_layout(region: Region, entry: EntrySpan, faces: list[Face]) -> str:
    """Return ``flip`` for faces a ``++++++++++`` separates; the kind of any other card is read
    from its faces (``readers.base.name_card``)."""
    seps = [face_separator(region.plain[f.separator]) for f in entry.faces if f.separator is not None]
    return "flip" if any(s and s.startswith("+") for s in seps) else "normal"


def face(region: Region, f: FaceSpan) -> Face:
    """Return the IR face of a face span: fields from plain text, the lines as written kept."""
    units, plain_lines = region.units, region.plain
    name, note = split_name_note(plain_lines[f.name])
    cost = None
    if f.cost is not None:
        cost = cost_line(units[f.cost], plain_lines[f.cost])
    elif (m := _TRAILING_IMAGES_RE.search(units[f.name].text)) and plain_lines[f.name]:
        cost = parse_cost(m.group().strip())  # ``![](card.jpg)Name ![Black Mana](black.gif)``
    stats = plain_lines[f.stats] if f.stats is not None else None
    tl = f.type_line
    result = Face(name=name, src=span(units, f.name, f.last), mana_cost=cost, type_line=tl.text,
                  power_toughness=tl.power_toughness, loyalty=tl.loyalty, name_note=note)
    if stats is not None:
        if tl.is_planeswalker and "/" not in stats:
            result.loyalty = _value(stats)
        elif tl.is_battle and "/" not in stats:
            result.defense = _value(stats)
        else:
            result.power_toughness = stats.replace(" ", "")
    if f.indicator is not None:
        result.color_indicator = plain_lines[f.indicator]
    result.text = [face_text(units[k], region.markdown, k in f.modes) for k in f.text]
    lines = [k for k in (f.separator, f.name, f.indicator, f.cost, f.type, f.stats)
             if k is not None] + f.text
    written = [units[k].text for k in sorted(lines)]  # a separator's words: "(back face)"
    if _differs(result, written):
        result.written = written
    return result


_VIEWER_LINK_RE = re.compile(r"^<(?:/|https?://)[^<>\s]+>$")
"""A line that is only a link in angle brackets: a capture's leftover of a viewer's link."""
_TRAILING_IMAGES_RE = re.compile(r"(?:\s*!\[[^\]]*\]\([^)\s]*\))+\s*$")
"""Images that end a card's name line: its cost, when they are mana symbols."""
_NAME_NOTE_RE = re.compile(r"^(?P<name>.*\S)\s*(?P<note>\((?=[^()]*\b(?:only|[Dd]eck|card|version|"
                           r"[Ee]dition|[Pp]romo\w*|Oracle|reprint)\b)[^()]+\))$")


def split_name_note(text: str) -> tuple[str, str | None]:
    """Return a name line's name and the note written after it (``Avid Reclaimer (Planeswalker
    Deck only)``); a name with a parenthesis of its own (``B.O.B. (Bevy of Beebles)``) is kept."""
    m = _NAME_NOTE_RE.match(text)
    return (m.group("name"), m.group("note")) if m else (text, None)


def _value(text: str) -> str:
    return text.split(":")[-1].strip()


def face_text(unit: Unit, markdown: bool, mode: bool = False) -> str:
    """Return one rules text line for the record: symbols braced; in Markdown, a line set in
    italics as a whole unwrapped, emphasis marks left open by a neighbouring line removed and
    escapes resolved (the text, not the page's emphasis, is the card's); a mode as ``•``, its
    list's bullet (``*``, or none in a page's plain copy, where each item is a line)."""
    text = symbols_in_text(unit.text)
    if markdown:
        text = unescape(drop_unpaired_emphasis(unwrap(text)))
    return f"\u2022 {text}" if unit.kind == BULLET or mode and not text.startswith("\u2022") \
        else text


def _differs(result: Face, written: list[str]) -> bool:
    """Return whether the face's fields hold other words than the lines as written."""
    fields = [result.name, result.name_note, result.color_indicator, result.mana_cost, result.type_line,
              result.power_toughness, result.loyalty, result.defense, *result.text]
    return source_words(" ".join(written)) != source_words(" ".join(x for x in fields if x))
