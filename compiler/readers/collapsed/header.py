"""The preamble of a collapsed FAQ: header facts and the paragraphs they stood on.

The header lines (title, credits, dates) ran together when the line breaks were lost; each
one starts with words that say what it is (``Compiled by``, ``Document last modified``,
``<Set> Prerelease``, ...), so those starts cut the preamble back into its lines.  Every line
stays a paragraph of the preamble (its words are stored there); ``DocumentMeta`` holds copies.
"""
from __future__ import annotations

import re

from compiler.core.dates import parse_en_date
from compiler.core.errors import Diagnostics
from compiler.core.model import DocumentMeta, Paragraph
from compiler.core.sets import code_for
from compiler.readers.collapsed.text import Stretch

TITLE_RE = re.compile(r"^(?P<title>(?P<set>\S.{0,120}?)\s+Frequently Asked Questions)(?=\s|$)")
COMPILED_RE = re.compile(r"^Compiled by\s+(?P<who>\S.*?)\s*$")
LAST_MODIFIED_RE = re.compile(r"^Document last modified:?\s+(?P<date>\S.*)$", re.I)
PRERELEASE_RE = re.compile(r"\sPrerelease(?:\s+tournaments?)?:\s*(?P<when>\S.*?)\.?$")
RELEASE_RE = re.compile(r"^(?P<set>\S.*?)\s+official release date:\s*(?P<date>\S.*)$")
LEGAL_RE = re.compile(
    r"^The\s+(?P<set>\S.*?)\s+set becomes legal for sanctioned\b.*?\bplay\s+(?P<date>\S.*)$")
# Without a title, the release line opening the preamble names the set as written.
FIRST_RELEASE_RE = re.compile(r"^(?P<set>\S.{0,80}?)\s+official release date:")
# Set names are written with light markup (``_Future Sight_(TM)``); a mark may follow them.
NAME_MARKUP_RE = re.compile(r"_|\((?:TM|R)\)")
_MARK = r"(?:\((?:TM|R)\))?"
# How the lines after the title start, given the set name as written.
_LINE_STARTS = (r"Compiled by\s", r"Document last modified\b", r"{name}{mark}\s+Prerelease\b",
                r"{name}{mark}\s+official release date\b", r"The\s+{name}{mark}\s+set\s+becomes\b",
                r"The\s+{name}{mark}\s+set\s+contains\b", r"This FAQ has\b")


def set_name_of(written: str) -> str:
    """Return a set name without its italics marks and trademark signs."""
    return " ".join(NAME_MARKUP_RE.sub("", written).split())


def header_lines(preamble: Stretch) -> list[Stretch]:
    """Cut the preamble back into its header lines, then the prose after them."""
    text = preamble.value
    title = TITLE_RE.match(text)
    written = _written_name(text, title)
    cuts = {0, title.end()} if title else {0}
    for pattern in _LINE_STARTS:
        if "{name}" in pattern and written is None:
            continue
        # (?<!\w): a header line starts at a word boundary, never inside a word.
        m = re.compile(r"(?<!\w)" + pattern.format(name=re.escape(written or ""), mark=_MARK)).search(
            text, title.end() if title else 1)
        if m:
            cuts.add(m.start())
    bounds = sorted(cuts) + [len(text)]
    lines = [preamble.cut(preamble.start + a, preamble.start + b) for a, b in zip(bounds, bounds[1:])]
    return [line for line in lines if line]


def _written_name(text: str, title: re.Match | None) -> str | None:
    """Return the set name as the header writes it (``_Future Sight_``), marks dropped."""
    if title:
        return re.sub(r"\((?:TM|R)\)$", "", title.group("set"))
    m = FIRST_RELEASE_RE.match(text)
    return re.sub(r"\((?:TM|R)\)$", "", m.group("set")) if m else None


def preamble_paragraphs(preamble: Stretch) -> list[Paragraph]:
    """Return the preamble as paragraphs, one per header line."""
    return [Paragraph(text=line.value, src=line.span()) for line in header_lines(preamble)]


def read_meta(preamble: Stretch, layout: str, fallback_code: str, file: str,
              diags: Diagnostics) -> DocumentMeta:
    """Return the facts the header lines state (the first statement of each wins)."""
    facts: dict[str, str | None] = {}
    for line in header_lines(preamble):
        for key, value in _facts(line.value).items():
            facts.setdefault(key, value)
    set_name = facts.get("set_name") or facts.get("release_set") or facts.get("legal_set")
    if not set_name:
        diags.warn(file, 1, "no set name found in the header (no title, release or legal line)",
                   "meta.set")
    return DocumentMeta(
        set_name=set_name or "Unknown", set_code=code_for(set_name) if set_name else fallback_code,
        language="en", layout=layout, title=facts.get("title"),
        release_date=facts.get("release"), legal_date=facts.get("legal"),
        prerelease=facts.get("prerelease"), last_modified=facts.get("last_modified"),
        compiled_by=facts.get("compiled_by"))


def _facts(line: str) -> dict[str, str | None]:
    """Return the facts one header line states."""
    if m := TITLE_RE.match(line):
        return {"title": m.group("title"), "set_name": set_name_of(m.group("set"))}
    if m := COMPILED_RE.match(line):
        return {"compiled_by": m.group("who")}
    if m := LAST_MODIFIED_RE.match(line):
        return {"last_modified": parse_en_date(m.group("date"))}
    if m := PRERELEASE_RE.search(line):
        return {"prerelease": m.group("when")}
    if m := RELEASE_RE.match(line):
        return {"release": parse_en_date(m.group("date")), "release_set": set_name_of(m.group("set"))}
    if m := LEGAL_RE.match(line):
        return {"legal": parse_en_date(m.group("date")), "legal_set": set_name_of(m.group("set"))}
    return {}
