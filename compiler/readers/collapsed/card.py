"""Card heads inside running text: ``Name {cost} Type -- Subtypes P/T`` and where each part ends.

A card-notes entry opens with a head; in the general notes a head sits inside a topic's prose,
right after a sentence.  The name ends where a mana cost followed by a type line begins (or,
with no cost, where a type line begins); the type line ends by its grammar
(``collapsed_typeline``); a creature's head ends with its power/toughness.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from operator import attrgetter

from compiler.core.model import CardEntry, Face
from compiler.readers.collapsed.abilities import split_abilities
from compiler.readers.collapsed.text import Stretch, Word
from compiler.readers.collapsed.typeline import (TypeLine, parse_type_line, power_toughness_at,
                                                 starts_type_line)
from compiler.readers.recognise import is_face_separator, is_flip_separator, is_mana_cost

MAX_NAME_WORDS = 8
# Lower-case words that occur inside card names (``Jhoira of the Ghitu``, ``Spin into Myth``).
NAME_CONNECTORS = frozenset(
    "of the from into in on with to and a an for at by under upon over without beyond through "
    "between among de du la le des el".split())
_NAME_WORD_RE = re.compile(r"^[A-Z0-9Æ][\w'’\-]*,?$")
# A word that ends a sentence, a heading or a clause: a card head may follow it.
_BOUNDARY_RE = re.compile(r"(?:[.!?:][\"”’')]*|\*\*\*)$")
# Words looked at after a head without cost for evidence that rules text follows (``{T}: ...``).
_ACTIVATION_REACH = 4
_REPEAT_REACH = 400


@dataclass(slots=True, frozen=True)
class CardHead:
    """Where the parts of a card head are, as word indexes: ``words[first:end]``."""

    first: int
    name_end: int
    cost: Word | None
    type_line: TypeLine
    pt: Word | None
    end: int


def is_name_word(word: str, first: bool) -> bool:
    """Return whether a word can be part of a card name (the first must be capitalised)."""
    if _NAME_WORD_RE.match(word):
        return True
    return not first and word in NAME_CONNECTORS


def _complete(ws: list[Word], first: int, name_end: int, cost: Word | None,
              tl: TypeLine | None) -> CardHead | None:
    """Return the head once the type line is known; a creature needs its power/toughness."""
    if tl is None:
        return None
    pt = power_toughness_at(ws, tl.end) if tl.creature else None
    if tl.creature and pt is None:
        return None
    return CardHead(first, name_end, cost, tl, pt, tl.end + (1 if pt else 0))


def head_at(ws: list[Word], first: int, flat: str) -> CardHead | None:
    """Return the card head opening at ``ws[first]`` (a card-notes entry), or None."""
    candidates: list[CardHead] = []
    for k in range(first + 1, min(len(ws), first + MAX_NAME_WORDS + 1)):
        if not is_name_word(ws[k - 1].text, k - 1 == first):
            break
        if is_mana_cost(ws[k].text):
            return _complete(ws, first, k, ws[k], parse_type_line(ws, k + 1))
        if starts_type_line(ws[k].text):
            head = _complete(ws, first, k, None, parse_type_line(ws, k))
            if head and (head.pt or _activation_follows(ws, head)
                         or _name_repeated(ws, head, flat)):
                candidates.append(head)
    # A name may hold a type word (``Dryad Arbor Land Creature``): the name said again wins.
    repeated = [h for h in candidates if _name_repeated(ws, h, flat)]
    return (repeated or candidates or [None])[0]


def _name_repeated(ws: list[Word], head: CardHead, flat: str) -> bool:
    """Return whether the head's name occurs again in the text right after the head."""
    name = flat[ws[head.first].start:ws[head.name_end - 1].end]
    if head.end >= len(ws):
        return False
    start = ws[head.end].start
    return name in flat[start:start + _REPEAT_REACH]


def heads_within(ws: list[Word], lo: int, hi: int, flat: str) -> list[CardHead]:
    """Return the card heads standing after a sentence among ``ws[lo:hi]`` (topic prose)."""
    heads: list[CardHead] = []
    k = lo
    while k < hi:
        head = _head_ending_name(ws, k, lo, flat)
        if head and head.end <= hi:
            heads.append(head)
            k = head.end
        else:
            k += 1
    return heads


def _head_ending_name(ws: list[Word], k: int, lo: int, flat: str) -> CardHead | None:
    """Return the head whose name ends just before ``ws[k]`` (a cost or a type line)."""
    if k == lo or not (is_mana_cost(ws[k].text) or starts_type_line(ws[k].text)):
        return None
    first = _name_start(ws, k, lo)
    if first is None:
        return None
    if is_mana_cost(ws[k].text):
        return _complete(ws, first, k, ws[k], parse_type_line(ws, k + 1))
    head = _complete(ws, first, k, None, parse_type_line(ws, k))
    # Without a cost, prose could read as a head: ask for rules text evidence.
    return head if head and (head.pt or _activation_follows(ws, head)
                             or _name_repeated(ws, head, flat)) else None


def _name_start(ws: list[Word], k: int, lo: int) -> int | None:
    """Return where the name ending before ``ws[k]`` starts: right after a sentence, or None."""
    i = k - 1
    while i >= lo and k - i <= MAX_NAME_WORDS and is_name_word(ws[i].text, False) \
            and not _BOUNDARY_RE.search(ws[i].text):
        i -= 1
    if i >= lo and not _BOUNDARY_RE.search(ws[i].text):
        return None
    first = i + 1
    while first < k and ws[first].text in NAME_CONNECTORS:
        first += 1
    return first if first < k and is_name_word(ws[first].text, True) else None


def _activation_follows(ws: list[Word], head: CardHead) -> bool:
    """Return whether an activated ability (``{T}: ...``) opens the text after the head."""
    near = ws[head.end:head.end + _ACTIVATION_REACH]
    return bool(near) and near[0].text.startswith("{") and any(w.text.endswith(":") for w in near)


_word_start = attrgetter("start")


def card_entry(ws: list[Word], head: CardHead, rules: Stretch) -> CardEntry:
    """Return the card entry of a head and its text; a face separator then a head adds a face."""
    heads, texts, layout = [head], [], "normal"
    start = rules.start
    first = bisect.bisect_left(ws, rules.start, key=_word_start)
    last = bisect.bisect_left(ws, rules.end, key=_word_start)
    for j in range(first, min(last, len(ws) - 1)):   # the words of the text, a word after each
        word = ws[j]
        kind = "flip" if is_flip_separator(word.text) else \
            "normal" if is_face_separator(word.text) else None  # kind: readers.base.name_card
        if kind is None:
            continue
        nxt = head_at(ws, j + 1, rules.doc.flat)
        if nxt is not None:
            texts.append(rules.cut(start, word.start))
            heads.append(nxt)
            start, layout = ws[nxt.end - 1].end, kind
    texts.append(rules.cut(start, rules.end) if start < rules.end else rules.cut(start, start))
    faces = [_face(ws, h, t) for h, t in zip(heads, texts)]
    span = faces[0].src.cover(faces[-1].src)
    return CardEntry(id="", name=faces[0].name, faces=faces, src=span, layout=layout)


def _face(ws: list[Word], head: CardHead, rules: Stretch) -> Face:
    """Return one face: its head's parts and its rules text split into abilities."""
    doc = rules.doc
    name = doc.flat[ws[head.first].start:ws[head.name_end - 1].end]
    tl = head.type_line
    type_line = doc.flat[ws[tl.first].start:ws[tl.end - 1].end]
    end = rules.end if rules else ws[head.end - 1].end
    return Face(name=name, src=doc.span(ws[head.first].start, end),
                mana_cost=head.cost.text if head.cost else None, type_line=type_line,
                power_toughness=head.pt.text if head.pt else None,
                text=split_abilities(rules, name) if rules else [])
