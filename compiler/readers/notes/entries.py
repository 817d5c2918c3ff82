"""Card entries in a unit stream: where each card's faces and rules text are.

A face is anchored on its **type line** (``parse_type_line``): the line before it is the mana
cost when it reads as one (braces, bare letters or symbol images), a colour indicator may stand
in the cost's place, and the line before those is the name. After the type line come the
power/toughness, loyalty or defense (or they end the type line itself), then the rules text.

Where the rules text ends is the hard part, and is decided per line from the layout's own
evidence: a line continues the card when it is in the same paragraph or the same blockquote as
the line before, or when that line ended in a hard break (web captures end every card line
but the last with two spaces). Plain text that has neither (a browser's copy of a web page)
falls back on what the line says (``looks_like_rules_text``). A face separator (``//`` to
``/////``, ``++++++++++``) or a next face's name directly after the text (a split card in one
blockquote) joins faces into one card; image lines and ``Turn Over`` before the first face
belong to the entry.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from compiler.core.cards import turns_over
from compiler.readers.notes.evidence import looks_like_name, looks_like_rules_text
from compiler.readers.notes.learned import MARGIN, WordModel
from compiler.readers.notes.units import BULLET, LINE, Unit
from compiler.readers.recognise import is_example, parse_rule_line
from compiler.readers.recognise.cardlines import (TypeLine, face_separator, is_color_indicator,
                                                  is_turn_over, parse_defense, parse_loyalty,
                                                  parse_power_toughness, parse_type_line)
from compiler.readers.recognise.cues import paragraph_score
from compiler.readers.recognise.mana import parse_cost
from compiler.readers.recognise.markup import is_image_line
from compiler.readers.recognise.markup import plain as plain_text
from compiler.readers.recognise.split import rules_text_length


@dataclass(slots=True)
class FaceSpan:
    """Where one face's lines are (unit indices)."""

    name: int
    type: int
    type_line: TypeLine
    cost: int | None = None
    indicator: int | None = None
    stats: int | None = None
    text: list[int] = field(default_factory=list)
    separator: int | None = None
    """The separator line before this face (``//``), if any."""
    modes: list[int] = field(default_factory=list)
    """The text lines that are the modes of a modal card (``mode_bullets``)."""

    @property
    def header_end(self) -> int:
        """Return the index of the face's last header line (type line or stats)."""
        return self.stats if self.stats is not None else self.type

    @property
    def last(self) -> int:
        """Return the index of the face's last line."""
        return self.text[-1] if self.text else self.header_end


@dataclass(slots=True)
class EntrySpan:
    """One card entry: lead lines (images, ``Turn Over``) and faces."""

    faces: list[FaceSpan]
    lead: list[int] = field(default_factory=list)

    @property
    def first(self) -> int:
        """Return the index of the entry's first line."""
        return self.lead[0] if self.lead else self.faces[0].name

    @property
    def last(self) -> int:
        """Return the index of the entry's last line."""
        return self.faces[-1].last


@dataclass(slots=True)
class Reading:
    """What the entry finder knows of a unit stream: units and their plain text."""

    units: list[Unit]
    plain: list[str]
    hardless: bool
    """True when no line of the source ends in a hard break (plain text, a browser's copy)."""
    markdown: bool = False
    """Whether the source is Markdown."""
    whole: str | None = None
    """All the plain text, one unit a line (made when first needed)."""
    model: WordModel = field(default_factory=WordModel)
    """The words of the copy's sure cards (``learned``)."""
    doubtful: list = field(default_factory=list)
    """The faces whose boundary wording alone decided: (face, start, groups, texts, keep)."""


def find_entries(reading: Reading) -> list[EntrySpan]:
    """Return the card entries of a unit stream, in order."""
    heads = [face for i in range(len(reading.units)) if (face := face_head(reading, i))]
    header_units = {i for f in heads for i in (f.name, f.cost, f.indicator, f.type, f.stats)
                    if i is not None}
    starts = {f.name for f in heads}
    for face in heads:
        read_text(reading, face, header_units, starts)
    if reading.model.ready:
        for doubt in reading.doubtful:
            reconsider(reading, *doubt)
    return group_faces(reading, heads)


def reconsider(reading: Reading, face: FaceSpan, start: int, groups: list[list[int]],
               texts: list[str], keep: int) -> None:
    """Move a doubtful face's boundary by one paragraph where the copy's own word model
    (``learned.WordModel``) is sure: a last one-line paragraph worded as the document's
    notes are goes to the notes, a first one worded as its rules text (with more after it)
    to the text; not one the cues read as the other beyond doubt. ``start``: the text lines
    the face had before its paragraphs (an ability in the header's paragraph)."""
    names = [plain_text(reading.plain[face.name])]
    model, moved = reading.model, keep
    if keep > 1 and len(groups[keep - 1]) == 1 and paragraph_score(texts[keep - 1], names) < _SURE \
            and model.note_odds(texts[keep - 1], names) > MARGIN:
        moved = keep - 1
    elif 0 < keep + start and keep < len(groups) - 1 and len(groups[keep]) == 1 \
            and paragraph_score(texts[keep], names) > -_SURE \
            and model.note_odds(texts[keep], names) < -MARGIN:
        moved = keep + 1
    if moved != keep:
        face.text[start:] = [k for g in groups[:moved] for k in g]
        add_modes(reading, face)


def face_head(reading: Reading, i: int) -> FaceSpan | None:
    """Return the face whose type line is unit ``i``, or None."""
    units, plain = reading.units, reading.plain
    if units[i].kind != LINE or not (type_line := parse_type_line(plain[i])):
        return None
    j, cost, indicator = i - 1, None, None
    if j >= 0 and units[j].kind == LINE and is_color_indicator(plain[j]):
        indicator, j = j, j - 1
    if j >= 0 and units[j].kind == LINE and cost_line(units[j], plain[j]) is not None:
        cost, j = j, j - 1
    # The name is a line; a card set inside a list item (C19's K'rrik) has it as the bullet.
    if j < 0 or units[j].kind not in (LINE, BULLET) or not looks_like_name(plain[j]) \
            or parse_type_line(plain[j]) or units[j].kind == BULLET and "\n" in units[j].text:
        return None
    face = FaceSpan(name=j, type=i, type_line=type_line, cost=cost, indicator=indicator)
    k = i + 1
    if k < len(units) and units[k].kind == LINE and not type_line.power_toughness:
        if parse_power_toughness(plain[k]) and (type_line.is_creature or "Vehicle" in type_line.text
                                                or "/" in plain[k]):
            face.stats = k
        elif type_line.is_planeswalker and parse_loyalty(plain[k]):
            face.stats = k
        elif type_line.is_battle and parse_defense(plain[k]):
            face.stats = k
    return face


def cost_line(unit: Unit, text: str) -> str | None:
    """Return the braced cost of a line in a card's cost place (``{X}`` alone counts there)."""
    if text.strip() in ("X", "x"):
        return "{X}"
    return parse_cost(unit.text if "![" in unit.text else text)


def read_text(reading: Reading, face: FaceSpan, header_units: set[int], starts: set[int]) -> None:
    """Give ``face`` its rules text lines: the lines after its header that continue the card."""
    units = reading.units
    candidates = text_candidates(reading, face.header_end + 1, (header_units, starts))
    prev = face.header_end
    for k in candidates:
        if not continues(units[prev], units[k]):
            break
        face.text.append(k)
        prev = k
    rest = candidates[len(face.text):]
    names = [plain_text(reading.plain[face.name])]
    if rest and reading.hardless and units[face.name].block != units[face.type].block:
        groups = paragraphs(reading, rest)
        texts = [" ".join(reading.plain[k] for k in g) for g in groups]
        heading = _copied_heading(groups, texts, names)
        groups, texts = groups[:heading], texts[:heading]
        if face.text:
            # Rules text begun in the header's paragraph (``Sorcery`` or ``2/1`` and the first
            # ability broken by ``<br>``) goes on only with paragraphs that read as rules text
            # beyond doubt: a card printed as one paragraph is followed by its notes.
            keep = next((n for n, t in enumerate(texts) if paragraph_score(t, names) < _SURE),
                        len(texts))
            # but for the abilities printed a paragraph each up to the list of rulings; with
            # no list, the copy's word model may move the boundary by a paragraph
            listed = _before_the_list(groups, texts, names)
            if listed is None and keep < len(texts):
                reading.doubtful.append((face, len(face.text), groups, texts, keep))
            keep = max(keep, listed or 0)
        else:
            keep = _before_the_list(groups, texts, names)
            if keep is not None:
                for n, text in enumerate(texts):
                    reading.model.learn(text, names, note=n >= keep)
            else:
                keep = rules_text_length(texts, names)
                reading.doubtful.append((face, len(face.text), groups, texts, keep))
        face.text.extend(k for g in groups[:keep] for k in g)
    elif rest and not reading.markdown:
        face.text.extend(rest[:wrapped_or_rules(reading, face, rest, names)])
    add_modes(reading, face)


def add_modes(reading: Reading, face: FaceSpan) -> None:
    """Find the modes of a modal face and end its text with them."""
    face.modes = mode_bullets(reading, face) or copied_modes(reading, face)
    face.text.extend(k for k in face.modes if k not in face.text)


def paragraphs(reading: Reading, lines: list[int]) -> list[list[int]]:
    """Return ``lines`` grouped by paragraph.

    In a page's plain copy each printed card line was a paragraph (a blank line around it),
    a few lines broken by ``<br>`` one paragraph, and a list of rulings one run of lines: a
    paragraph is rules text or notes as a whole, never split."""
    groups: list[list[int]] = []
    for k in lines:
        if groups and reading.units[groups[-1][-1]].block == reading.units[k].block:
            groups[-1].append(k)
        else:
            groups.append([k])
    return groups


def _copied_heading(groups: list[list[int]], texts: list[str], names: list[str]) -> int:
    """Return the index of the first paragraph of a copy that is a heading after the card (an
    example card of the general notes, then ``Going from Day to Night``): one line of three
    words or more that could be a name, no sentence and nothing of rules text, followed by
    prose or nothing; ``len(groups)`` if none."""
    for n, (group, text) in enumerate(zip(groups, texts)):
        if len(group) == 1 and len(text.split()) >= 3 and looks_like_name(text) \
                and paragraph_score(text, names) <= 0 \
                and (n + 1 == len(texts) or paragraph_score(texts[n + 1], names) < 0):
            return n
    return len(groups)


def _before_the_list(groups: list[list[int]], texts: list[str], names: list[str]) -> int | None:
    """Return how many paragraphs of a copy are rules text when its notes open with a list
    of rulings (a run of lines that reads as notes) or a question (a FAQ's, which lost its
    bold) after abilities printed a paragraph each: those before, but for one that reads as
    prose beyond doubt; None if the card is not so."""
    m = next((n for n, g in enumerate(groups) if len(g) > 1 or texts[n].rstrip().endswith("?")),
             None)
    if not m or any(len(g) > 1 for g in groups[:m]) or paragraph_score(texts[m], names) >= 0:
        return None
    return next((n for n in range(m) if paragraph_score(texts[n], names) <= -_SURE), m)


def wrapped_or_rules(reading: Reading, face: FaceSpan, rest: list[int], names: list[str]) -> int:
    """Return how many paragraphs after a blank line still belong to a plain-text card: those
    continuing a line cut mid-sentence."""
    count = 0
    last = reading.plain[face.last]
    for k in rest:
        text = reading.plain[k]
        if _SENTENCE_END_RE.search(last) or not text[:1].islower():
            break  # only a line cut mid-sentence (a hard-wrapped card) goes on past a blank
        count, last = count + 1, text
    return count


_MAX_MODES = 6
_SURE = 3.0
"""The score from which a paragraph after a card's own paragraph is rules text."""
_FUSE_RE = re.compile(r"^Fuse\b(?! \w)")
"""A line of the keyword only split cards have."""


def mode_bullets(reading: Reading, face: FaceSpan) -> list[int]:
    """Return the bullets that are the modes of a modal card (``Choose one or more —`` ends its
    text and the modes follow as list items), up to the first that reads as a note."""
    if not face.text or not reading.plain[face.text[-1]].rstrip().endswith(("\u2014", "--")):
        return []
    modes = []
    k = face.text[-1] + 1
    # A copy has lost the bullets: the modes open the run of lines after the paragraph.
    kind = LINE if reading.hardless and k < len(reading.units) \
        and reading.units[k].kind == LINE else BULLET
    block = reading.units[k].block if kind == LINE else None
    while k < len(reading.units) and reading.units[k].kind == kind and len(modes) < _MAX_MODES \
            and (block is None or reading.units[k].block == block) \
            and looks_like_rules_text(reading.plain[k], [reading.plain[face.name]]):
        modes.append(k)
        k += 1
    return modes


def copied_modes(reading: Reading, face: FaceSpan) -> list[int]:
    """Return the modes among a copy's text lines: the run of lines right after the line that
    ends in ``—`` (a copy's list of modes, its bullets lost, read as text paragraphs)."""
    units, plain = reading.units, reading.plain
    if reading.markdown:
        return []
    for n, k in enumerate(face.text[:-1]):
        if plain[k].rstrip().endswith(("\u2014", "--")):
            first = face.text[n + 1]
            return [j for j in face.text[n + 1:n + 1 + _MAX_MODES]
                    if units[j].block == units[first].block and units[j].kind == LINE]
    return []


def text_candidates(reading: Reading, start: int, stops: tuple[set[int], ...]) -> list[int]:
    """Return the lines from ``start`` that could be rules text: up to the first bullet,
    heading, break, separator, image line, line in one of ``stops`` or next card (the sets
    are not joined: a union per card made reading quadratic in the number of cards)."""
    units, plain = reading.units, reading.plain
    found = []
    for k in range(start, len(units)):
        unit = units[k]
        if unit.kind != LINE or any(k in stop for stop in stops) or not plain[k] \
                or face_separator(plain[k]) \
                or is_turn_over(plain[k]) or is_image_line(unit.text) or ends_card(plain[k]):
            break
        found.append(k)
    return found


_SENTENCE_END_RE = re.compile(r"[.:!?)\"”]$")
_INTRODUCES_RE = re.compile(r"\b(?:as follows|are these|is this)[:.]?$|:$")
_NOTES_RE = re.compile(r"\b[Nn]otes?:$")


def ends_card(text: str) -> bool:
    """Return whether a line cannot be rules text: a quoted rule (``502.42. Offering``), an
    example, or a line introducing quoted rules (``The official rules ... are as follows:``)
    or notes (``General connive notes:``)."""
    return parse_rule_line(text) is not None or is_example(text) \
        or bool(_INTRODUCES_RE.search(text)) and len(text) > 25 or bool(_NOTES_RE.search(text))


def continues(before: Unit, unit: Unit) -> bool:
    """Return whether ``unit`` continues the card whose previous line is ``before``."""
    return unit.block == before.block or bool(unit.quote and unit.quote == before.quote) \
        or before.hard


def group_faces(reading: Reading, heads: list[FaceSpan]) -> list[EntrySpan]:
    """Join faces into cards (separator or adjacency) and find each card's lead lines."""
    entries: list[EntrySpan] = []
    units, plain = reading.units, reading.plain
    for face in heads:
        if entries and is_back_face(reading, entries[-1], face):
            entries[-1].lead += range(entries[-1].last + 1, face.name)  # the back face's picture
            entries[-1].faces.append(face)
            continue
        if entries and joins(reading, entries[-1].faces[-1], face):
            gap = face.name - 1
            face.separator = gap if face_separator(plain[gap]) else None
            entries[-1].faces.append(face)
            continue
        entry = EntrySpan([face])
        k = face.name - 1
        floor = entries[-1].last if entries else -1
        while k > floor and units[k].kind == LINE and (is_image_line(units[k].text)
                                                      or is_turn_over(plain[k])):
            entry.lead.insert(0, k)
            k -= 1
        entries.append(entry)
    return entries


def is_back_face(reading: Reading, entry: EntrySpan, face: FaceSpan) -> bool:
    """Return whether ``face``, printed as an entry of its own, is another face of ``entry``
    (the page shows each face with its picture, no ``//`` between): nothing but pictures
    between them, and either the other half of a meld pair the card's text names (``Melds with
    Gisela``), or a face with no mana cost of its own on a card whose text says it transforms
    or melds (or with a colour indicator in the cost's place)."""
    units, plain = reading.units, reading.plain
    between = range(entry.last + 1, face.name)
    if any(units[k].kind != LINE or not (is_image_line(units[k].text) or is_turn_over(plain[k]))
           for k in between):
        return False
    text = " ".join(plain[k] for f in entry.faces for k in (f.name, *f.text))
    name = plain[face.name].split(" (")[0].strip()
    if re.search(r"\bmelds with " + re.escape(name), text, re.I):
        return True  # the other half of a meld pair, which has a cost of its own
    if face.cost is not None:
        return False
    return face.indicator is not None or turns_over(text)


def joins(reading: Reading, previous: FaceSpan, face: FaceSpan) -> bool:
    """Return whether ``face`` is another face of the card whose last face is ``previous``."""
    units, plain = reading.units, reading.plain
    gap = face.name - previous.last
    if gap >= 2 and face_separator(plain[face.name - 1]):
        between = range(previous.last + 1, face.name - 1)
        if all(units[k].kind == LINE and plain[k] for k in between):
            previous.text.extend(between)  # notes follow only the last face: these are text
            return True
    if gap != 1:
        return False
    before, first = units[previous.last], units[face.name]
    if first.block == before.block or (first.quote and first.quote == before.quote):
        return True
    return reading.hardless and halves(reading, previous, face)


def halves(reading: Reading, previous: FaceSpan, face: FaceSpan) -> bool:
    """Return whether two spells printed one after the other, with no notes between, are the
    halves of one split card (a plain copy has lost the block that held them): the document
    names them together (``Down & Dirty``, ``Down // Dirty``, ``Down/Dirty``), or the second
    is followed by ``Fuse``."""
    if not (previous.type_line.is_spell and face.type_line.is_spell):
        return False
    after = face.last + 1
    if any(_FUSE_RE.match(reading.plain[k]) for k in (*face.text, after) if k < len(reading.plain)):
        return True  # only a split card has fuse
    if reading.whole is None:
        reading.whole = "\n".join(reading.plain)
    a, b = (re.escape(plain_text(reading.plain[f.name]).strip()) for f in (previous, face))
    return re.search(rf"\b{a} ?(?:&|//|/) ?{b}\b", reading.whole) is not None
