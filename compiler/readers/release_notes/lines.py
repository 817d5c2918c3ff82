"""Line recognisers of modern release notes: collector lines, headings, credits, legal trailer.

Modern release notes put every paragraph on one line and separate paragraphs by blank lines,
so the reader works on ``Unit``s: the non-blank lines with their 1-based line numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.core.dates import parse_en_date
from compiler.core.model import Collector
from compiler.readers.recognise import is_type_line

# ``0115_MTGMH3_Main: Ashling, Flame Dancer``; ``0250a_MTGMH3_MainDFC``; ``..._SPGOther_MH3SpecialGuest``.
COLLECTOR_RE = re.compile(
    r"^(?P<raw>(?P<number>\d{3,4}[a-z]?)_MTG(?P<set>[A-Z0-9]{2,5})_(?P<kind>[A-Za-z0-9_]+))"
    r":[ \t]*(?P<name>\S.*)$")
# Section headings are whole lines in capitals: ``GENERAL NOTES``, ``... CARD-SPECIFIC NOTES``.
SECTION_HEADING_RE = re.compile(r"^[A-Z0-9][A-Z0-9 '&:,\-–—]*[A-Z]$")
COMPILED_BY_RE = re.compile(r"^Compiled by\s+(?P<who>\S.*?)\s*$")
LAST_MODIFIED_RE = re.compile(r"^Document last modified\b", re.I)
RELEASE_DATE_RE = re.compile(r"\brelease date\b", re.I)
LEGAL_RE = re.compile(r"©|\bproperty of Wizards of the Coast\b")
_TITLE_SMALL_WORDS = frozenset(
    "a an and as at but by for from in into of on or the to vs. vs with".split())
_PROSE_END = (".", "!", "?", '."', '!"', '?"', ".)")


@dataclass(slots=True, frozen=True)
class Unit:
    """One non-blank line of the source: in this layout, one paragraph."""

    line: int
    """1-based line number."""
    text: str
    """The line without its trailing whitespace."""


def units_of(lines: tuple[str, ...] | list[str]) -> list[Unit]:
    """Return the non-blank lines of a text as units."""
    return [Unit(i, line.rstrip()) for i, line in enumerate(lines, 1) if line.strip()]


def parse_collector(text: str) -> Collector | None:
    """Return the collector code of a collector line, with the card name written after it."""
    m = COLLECTOR_RE.match(text.strip())
    if not m:
        return None
    return Collector(raw=m.group("raw"), number=m.group("number"), set_code=m.group("set"),
                     print_kind=m.group("kind"), name=m.group("name").rstrip())


def is_collector_line(text: str) -> bool:
    """Return whether the line opens a card block (``0115_MTGMH3_Main: Name``)."""
    return bool(COLLECTOR_RE.match(text.strip()))


def section_role(text: str) -> str | None:
    """Return the role of a capitalised section heading, or None if the line is not one."""
    text = text.strip()
    if not SECTION_HEADING_RE.match(text) or len(text.split()) < 2 or len(text) > 120:
        return None
    if "CARD-SPECIFIC" in text or "CARD SPECIFIC" in text:
        return "card-notes"
    if text.startswith("GENERAL NOTES") or text.endswith("GENERAL NOTES"):
        return "general-notes"
    if text.endswith("NOTES"):
        return "other"
    return None


def is_title_case(text: str) -> bool:
    """Return whether every word of the line is capitalised, small words excepted."""
    words = re.findall(r"[A-Za-z][A-Za-z'’\-]*", text)
    if not words or not words[0][0].isupper():
        return False
    return all(w[0].isupper() or w.lower() in _TITLE_SMALL_WORDS for w in words)


def is_prose(text: str) -> bool:
    """Return whether the line reads as a sentence of prose (long enough, ends as sentences do)."""
    return len(text) >= 40 and text.rstrip().endswith(_PROSE_END)


def is_topic_heading(text: str, following: str | None) -> bool:
    """Return whether a general-notes line is a topic heading.

    A heading is a short title-case line without final punctuation, of two words or more or
    with a colon (``Card Legality``, ``Returning Mechanic: Energy``), that is not a type line
    and is followed by prose or by a card block.  One-word lines are left out because keyword
    lines of rules text (``Flying``) look the same.
    """
    text = text.strip()
    if not text or len(text) > 70 or text.endswith((".", ",", ";", ":", "!", "?", ")", '"', "—")):
        return False
    if (len(text.split()) < 2 and ":" not in text) or not is_title_case(text):
        return False
    if is_type_line(text) or is_collector_line(text) or section_role(text):
        return False
    return following is not None and (is_collector_line(following) or is_prose(following))


def compiled_by(text: str) -> str | None:
    """Return the credit of a ``Compiled by ...`` line, or None."""
    m = COMPILED_BY_RE.match(text.strip())
    return m.group("who") if m else None


def last_modified(text: str) -> str | None:
    """Return the ISO date of a ``Document last modified <date>`` line, or None."""
    return parse_en_date(text) if LAST_MODIFIED_RE.match(text.strip()) else None


def release_date(text: str) -> str | None:
    """Return the ISO date of a line stating the set's release date, or None."""
    return parse_en_date(text) if RELEASE_DATE_RE.search(text) else None


def is_legal_notice(text: str) -> bool:
    """Return whether the line is the trademark and copyright notice that ends the document."""
    return bool(LEGAL_RE.search(text))
