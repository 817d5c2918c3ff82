"""Header facts of an English FAQ: title, compilers, dates and the set they name.

Each header line is also kept as a paragraph of the preamble (its words are stored there);
``DocumentMeta`` holds derived copies only.
"""
from __future__ import annotations

import re
from typing import Callable

from compiler.core.dates import parse_en_date
from compiler.core.errors import Diagnostics
from compiler.core.model import DocumentMeta
from compiler.core.sets import code_for

Line = tuple[int, str]

TITLE_RE = re.compile(r"^(?P<set>.+?)\s+Frequently Asked Questions\s*$")
COMPILED_RE = re.compile(r"^Compiled by\s+(?P<who>\S.*?)\s*$")
LAST_MODIFIED_RE = re.compile(r"^(?:Document\s+)?last modified:?\s+(?P<date>\S.*)$", re.I)
PRERELEASE_RE = re.compile(r"^(?P<set>.+?)\s+Prerelease(?:\s+tournaments?)?:\s*(?P<when>\S.*?)\s*$")
RELEASE_RE = re.compile(r"^(?P<set>.+?)\s+official release date:\s*(?P<date>\S.*)$")
LEGAL_RE = re.compile(
    r"^The\s+(?P<set>.+?)\s+set becomes legal for sanctioned\b.*?\bplay\s+(?P<date>\S.*)$")
# Names are written with light markup in some FAQs (``_Future Sight_(TM)``).
_NAME_MARKUP_RE = re.compile(r"_|\((?:TM|R)\)")


def set_name_of(text: str) -> str:
    """Return a set name as written, with its italics marks and trademark signs removed."""
    return " ".join(_NAME_MARKUP_RE.sub("", text).split())


def parse_title(line: str) -> tuple[str, str] | None:
    """Return ``(title, set name)`` of a ``<Set> Frequently Asked Questions`` line."""
    m = TITLE_RE.match(line.strip())
    return (line.strip(), set_name_of(m.group("set"))) if m else None


def parse_compiled_by(line: str) -> str | None:
    """Return the credit of a ``Compiled by ...`` line."""
    m = COMPILED_RE.match(line.strip())
    return m.group("who") if m else None


def parse_last_modified(line: str) -> str | None:
    """Return the ISO date of a ``Document last modified <date>`` line."""
    m = LAST_MODIFIED_RE.match(line.strip())
    return parse_en_date(m.group("date")) if m else None


def parse_prerelease(line: str) -> str | None:
    """Return the dates, as written, of a ``<Set> Prerelease tournaments: ...`` line."""
    m = PRERELEASE_RE.match(line.strip())
    return m.group("when") if m else None


def parse_release(line: str) -> tuple[str, str | None] | None:
    """Return ``(set name, ISO date)`` of a ``<Set> official release date: <date>`` line."""
    m = RELEASE_RE.match(line.strip())
    return (set_name_of(m.group("set")), parse_en_date(m.group("date"))) if m else None


def parse_legal(line: str) -> tuple[str, str | None] | None:
    """Return ``(set name, ISO date)`` of a ``The <Set> set becomes legal ... play <date>`` line."""
    m = LEGAL_RE.match(line.strip())
    return (set_name_of(m.group("set")), parse_en_date(m.group("date"))) if m else None


HEADER_FACTS: dict[str, Callable[[str], object]] = {
    "title": parse_title, "compiled_by": parse_compiled_by, "last_modified": parse_last_modified,
    "prerelease": parse_prerelease, "release": parse_release, "legal": parse_legal}


def is_header_line(line: str) -> bool:
    """Return whether the line states a header fact (it then stands as its own paragraph)."""
    return any(parse(line) for parse in HEADER_FACTS.values())


def read_meta(lines: list[Line], layout: str, fallback_code: str, file: str,
              diags: Diagnostics) -> DocumentMeta:
    """Return the document facts stated by the header lines (the first statement of each wins)."""
    facts: dict[str, object] = {}
    for _, line in lines:
        for key, parse in HEADER_FACTS.items():
            value = parse(line)
            if value and key not in facts:
                facts[key] = value
    title, release, legal = facts.get("title"), facts.get("release"), facts.get("legal")
    names = [fact[0] for fact in (release, legal) if fact] + ([title[1]] if title else [])
    set_name = names[0] if names else None
    if set_name is None:
        diags.warn(file, 1, "no set name found in the header (no 'official release date' line)",
                   "meta.set")
    return DocumentMeta(
        set_name=set_name or "Unknown", set_code=code_for(set_name) if set_name else fallback_code,
        language="en", layout=layout, title=title[0] if title else None,
        release_date=release[1] if release else None, legal_date=legal[1] if legal else None,
        prerelease=facts.get("prerelease"), last_modified=facts.get("last_modified"),
        compiled_by=facts.get("compiled_by"))
