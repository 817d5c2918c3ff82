"""The reader of modern release notes (Modern Horizons 3, 2024): layout ``en-release-notes``.

The document is a credit line, a last-modified line and a preamble, then capitalised
sections: ``GENERAL NOTES`` (topics with example cards) and one or more ``... CARD-SPECIFIC
NOTES`` sections of card blocks opened by collector lines (``0115_MTGMH3_Main: Name``), and a
trademark notice at the end.  Every paragraph is one line.  Card blocks are read by
``rn_card``, the rules text is told from the rulings by ``rn_split``.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from compiler.core.errors import Diagnostics
from compiler.core.ids import IdAllocator, slugify
from compiler.core.model import (CardEntry, Document, DocumentMeta, Node, Paragraph, Section, Span,
                                 Topic)
from compiler.core.sets import by_code, code_for
from compiler.files.textio import SourceText
from compiler.readers.base import Reader, finish_document
from compiler.readers.release_notes.lines import (COLLECTOR_RE, Unit, compiled_by,
                                                  is_collector_line, is_legal_notice,
                                                  last_modified, parse_collector, release_date,
                                                  section_role, units_of)
from compiler.readers.release_notes.sections import card_notes_blocks, general_notes_blocks

_CARD_NOTES_SUFFIX_RE = re.compile(r"\s*CARD[- ]SPECIFIC NOTES\s*$")


class ReleaseNotesReader(Reader):
    """Read modern release notes: collector-line card blocks and unbulleted rulings."""

    layout = "en-release-notes"

    def score(self, src: SourceText) -> float:
        """Return high confidence when collector lines and capitalised note headings are present."""
        collectors = sum(1 for line in src.lines if COLLECTOR_RE.match(line.strip()))
        if not collectors:
            return 0.0
        headings = any(section_role(line) == "card-notes" for line in src.lines)
        return 0.5 + (0.3 if headings else 0.0) + (0.15 if collectors >= 3 else 0.0)

    def read(self, src: SourceText, diags: Diagnostics) -> Document:
        """Return the document: preamble, general notes topics, card notes, legal notice."""
        units = units_of(src.lines)
        sections = [_build_section(part, src.file, diags) for part in _split_sections(units)]
        assign_ids(sections)
        return finish_document(src, _read_meta(units, self.layout), sections)


@dataclass(slots=True)
class _Part:
    """The units of one section before its blocks are read."""

    role: str
    heading: Unit | None
    body: list[Unit] = field(default_factory=list)


def _split_sections(units: list[Unit]) -> list[_Part]:
    """Cut the units at section headings; the legal notice at the end is a part of its own."""
    tail = len(units)
    while tail > 0 and is_legal_notice(units[tail - 1].text):
        tail -= 1
    parts = [_Part("preamble", None)]
    for unit in units[:tail]:
        role = section_role(unit.text)
        if role:
            parts.append(_Part(role, unit))
        elif parts[-1].role == "preamble" and is_collector_line(unit.text):
            parts.append(_Part("card-notes", None, [unit]))  # cards before any heading
        else:
            parts[-1].body.append(unit)
    if tail < len(units):
        parts.append(_Part("other", None, units[tail:]))
    return [p for p in parts if p.heading or p.body]


def _build_section(part: _Part, file: str, diags: Diagnostics) -> Section:
    """Return one section from its heading (if any) and its units."""
    first = part.heading.line if part.heading else part.body[0].line
    span = Span(first, part.body[-1].line if part.body else first)
    title = part.heading.text.strip() if part.heading else None
    if part.role == "card-notes":
        if title is None:
            diags.warn(file, first, "card blocks before any section heading", "layout.section")
        return Section(id="" if title else "card-notes", role=part.role, src=span, title=title,
                       blocks=card_notes_blocks(part.body, file, diags))
    if title is None:  # the preamble, or the legal notice closing the document
        blocks: list[Node] = [Paragraph(text=u.text, src=Span(u.line, u.line)) for u in part.body]
        return Section(id="preamble" if part.role == "preamble" else "legal", role=part.role,
                       src=span, blocks=blocks)
    return Section(id="", role=part.role, src=span, title=title,
                   blocks=general_notes_blocks(part.body, file, diags))


def _read_meta(units: list[Unit], layout: str) -> DocumentMeta:
    """Return the facts stated by the text: credit, dates, set name and code."""
    name, code = _set_name_and_code(units)
    meta = DocumentMeta(set_name=name, set_code=code, language="en", layout=layout)
    for unit in units:
        if section_role(unit.text):
            break  # credits and dates are stated before the first section
        meta.compiled_by = meta.compiled_by or compiled_by(unit.text)
        meta.last_modified = meta.last_modified or last_modified(unit.text)
        meta.release_date = meta.release_date or release_date(unit.text)
    return meta


def _set_name_and_code(units: list[Unit]) -> tuple[str, str]:
    """Return the set's name and code: the code from collector lines, the name from headings."""
    codes = Counter(parse_collector(u.text).set_code for u in units
                    if COLLECTOR_RE.match(u.text.strip()))
    code = codes.most_common(1)[0][0] if codes else None
    headings = [_CARD_NOTES_SUFFIX_RE.sub("", u.text.strip()) for u in units
                if section_role(u.text) == "card-notes"]
    prefix = _common_words(headings) if headings else []
    name = _written_name(prefix, [u.text for u in units]) if prefix else None
    if name is None and code and by_code(code):
        name = by_code(code).name
    # Last resort: the heading's own capitals, still the text's words rather than a guess.
    name = name or " ".join(prefix) or "Unknown"
    return name, code or code_for(name)


def _common_words(texts: list[str]) -> list[str]:
    """Return the longest run of words every text starts with."""
    words = texts[0].split()
    for text in texts[1:]:
        other = text.split()
        n = 0
        while n < min(len(words), len(other)) and words[n] == other[n]:
            n += 1
        words = words[:n]
    return words


def _written_name(words: list[str], lines: list[str]) -> str | None:
    """Return how the prose writes the longest leading part of a capitalised heading."""
    for n in range(len(words), 0, -1):
        pattern = re.compile(r"\b%s\b" % r"\s+".join(map(re.escape, words[:n])), re.I)
        for line in lines:
            for m in pattern.finditer(line):
                if not m.group(0).isupper():
                    return m.group(0)
    return None


def assign_ids(sections: list[Section]) -> None:
    """Give sections, topics and cards ids unique within the document.

    Card-notes entries are served first so that ``#<card slug>`` lands on the card's own
    notes rather than on an example of it in the general notes.
    """
    ids = IdAllocator()
    for section in sections:
        section.id = ids.take(section.id or slugify(section.title or section.role))
    own = [b for s in sections if s.role == "card-notes" for b in s.blocks if isinstance(b, CardEntry)]
    for entry in own:
        entry.id = ids.take(slugify(entry.name))
    for section in sections:
        _assign_rest(section.blocks, ids)


def _assign_rest(blocks: list[Node], ids: IdAllocator) -> None:
    """Give ids to the topics and cards not given one yet, in document order."""
    for block in blocks:
        if isinstance(block, Topic):
            block.id = ids.take(slugify(block.title))
            _assign_rest(block.blocks, ids)
        elif isinstance(block, CardEntry) and not block.id:
            block.id = ids.take(slugify(block.name))
