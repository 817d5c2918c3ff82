"""Where one construct's running text hands over to the next: lead-ins, lists and examples.

With the line breaks gone, a ruling, a rule or a card's rules text runs on into the paragraph
that introduced the next construct.  These recognisers cut such tails off by the evidence the
text still carries: a closing colon before a rule quote or ruling, list markers after a colon
(``: -- ...``, ``: - ...``, ``: 1) ...``), ``Example:`` sentences after a rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.readers.collapsed.text import Stretch, sentences, top_level
from compiler.readers.recognise import EXAMPLE_RE

# Prose about the rules, not card text: how a topic introduces the rules it quotes next.
PROSE_CUE_RE = re.compile(r"\b(?:rules?|rulings?|FAQ|errata|section|as follows)\b")
LIST_OPEN_RE = re.compile(r":\s+(?P<marker>--|-|1\))\s+(?=\S)")
_DASH_ITEM_RE = re.compile(r"(?<=[.!?\"”)])\s+(?P<marker>--|-)\s+(?=\S)")
_NUMBER_ITEM_RE = re.compile(r"(?<=[.!?\"”)])\s+(?P<marker>\d{1,2}\))\s+(?=\S)")


@dataclass(slots=True, frozen=True)
class ListSplit:
    """A text that ends in a list: the text up to its colon, then the items."""

    head: Stretch
    items: list[Stretch]
    """Item texts: dash markers dropped, numbers (``1)``) kept since they are words."""
    whole: Stretch
    """From the first marker to the end of the last item."""


def split_lead_in(stretch: Stretch, kind: str, next_kind: str | None
                  ) -> tuple[Stretch, Stretch | None]:
    """Return ``(kept, lead-in)``: the closing sentence(s) that introduce the next construct.

    Before a rule quote or a ruling, a final sentence ending with a colon is a lead-in; after
    a card's rules text, the sentences about the rules before it are too.  Before a card, the
    last sentence of a ruling is (a ruling is a sentence or two; a topic's prose goes on).
    """
    parts = sentences(stretch)
    if len(parts) < 2:
        return stretch, None
    if next_kind in ("rule", "ruling") and parts[-1].value.endswith(":"):
        k = len(parts) - 1
        while kind == "card" and k > 1 and PROSE_CUE_RE.search(parts[k - 1].value):
            k -= 1
        return stretch.cut(stretch.start, parts[k].start), stretch.cut(parts[k].start)
    if next_kind == "card" and kind == "ruling":
        return stretch.cut(stretch.start, parts[-1].start), parts[-1]
    return stretch, None


def split_list(stretch: Stretch) -> ListSplit | None:
    """Return the list ending a text (``...: -- one. -- two.``), or None (two items at least)."""
    text = stretch.value
    outside = top_level(text)
    opener = next((m for m in LIST_OPEN_RE.finditer(text) if outside[m.start()]), None)
    if opener is None:
        return None
    marker = opener.group("marker")
    first = opener.start("marker")
    starts = [(first, first if marker == "1)" else opener.end())]
    if marker == "1)":
        expected = 2
        for m in _NUMBER_ITEM_RE.finditer(text, opener.end()):
            if m.group("marker") == f"{expected})":
                starts.append((m.start("marker"), m.start("marker")))
                expected += 1
    else:
        starts += [(m.start("marker"), m.end()) for m in _DASH_ITEM_RE.finditer(text, opener.end())
                   if m.group("marker") == marker]
    if len(starts) < 2:
        return None
    base = stretch.start
    ends = [s for s, _ in starts[1:]] + [len(text)]
    items = [stretch.cut(base + body, base + end) for (_, body), end in zip(starts, ends)]
    head = stretch.cut(stretch.start, base + opener.start() + 1)
    return ListSplit(head, items, stretch.cut(base + starts[0][0]))


def split_examples(stretch: Stretch) -> tuple[Stretch, list[Stretch]]:
    """Return a rule's text without its ``Example:`` sentences, and the examples."""
    parts = sentences(stretch)
    firsts = [i for i, part in enumerate(parts) if EXAMPLE_RE.match(part.value)]
    if not firsts:
        return stretch, []
    bounds = [parts[i].start for i in firsts] + [stretch.end]
    examples = [stretch.cut(a, b) for a, b in zip(bounds, bounds[1:])]
    return stretch.cut(stretch.start, bounds[0]), examples
