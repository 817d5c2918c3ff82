"""The facts a card-notes document states about itself: title, set, dates, credits.

Read from the text only (and a capture's front matter): the set from the title, else from the
first sentence that names a set (``The *Dark Ascension* set contains ...``); the release date
from ``Release date: June 8, 2018`` or ``... on its official release date: Friday, July 17,
2015`` (never a *Magic Online* release date); prerelease dates, last modification and the
compiler's credit as written.
"""
from __future__ import annotations

import re

from compiler.core.dates import parse_en_date
from compiler.core.model import DocumentMeta
from compiler.core.sets import SetInfo, code_for, named_in
from compiler.readers.notes.markdown import FrontMatter
from compiler.readers.recognise.markup import plain

_RELEASE_RE = re.compile(r"(?<![Oo]nline\* )(?<![Oo]nline )\b(?:official )?release date\b[:\s]*"
                         r"(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),\s*)?(?P<date>.{0,40})",
                         re.I)
_LEGAL_RE = re.compile(r"legal for sanctioned (?:Constructed )?(?:play|tournaments?)\b[^.]*?"
                       r"(?P<date>(?:January|February|March|April|May|June|July|August|September|"
                       r"October|November|December)\s+\d{1,2},\s*\d{4})")
_PRERELEASE_RE = re.compile(r"^Prerelease(?: events?| Events?)?:?\s*(?P<value>.+)$")
_MODIFIED_RE = re.compile(r"(?:Document )?last modified:?\s*(?P<date>.+)$", re.I)
_COMPILED_RE = re.compile(r"^Compiled by\s+(?P<who>.+)$")
_SET_SENTENCE_RE = re.compile(r"\b(?:set|expansion|product|decks?)\b", re.I)
# The set a document is about is the subject of its sentences: "The Dragon's Maze set ...".
_SUBJECT_RE = re.compile(r"\b[Tt]he (?P<name>[A-Z][\w'’:,. -]{2,60}?) (?:set|expansion|decks?)\b")


def document_meta(lines: list[str], front: FrontMatter, title: str | None, layout: str,
                  fallback_code: str) -> DocumentMeta:
    """Return the document's facts from its plain lines (preamble and general notes first)."""
    title = front.facts.get("title") or title
    info = find_set(title, lines)
    set_name = info.name if info else "Unknown"
    meta = DocumentMeta(set_name=set_name, set_code=info.code if info else fallback_code,
                        language="en", layout=layout, title=title)
    for line in lines:
        text = plain(line)
        if meta.release_date is None and (m := _RELEASE_RE.search(text)):
            meta.release_date = parse_en_date(m.group("date"))
        if meta.legal_date is None and (m := _LEGAL_RE.search(text)):
            meta.legal_date = parse_en_date(m.group("date"))
        if meta.prerelease is None and (m := _PRERELEASE_RE.match(text)):
            meta.prerelease = m.group("value").strip()
        if meta.last_modified is None and (m := _MODIFIED_RE.search(text)):
            meta.last_modified = parse_en_date(m.group("date"))
        if meta.compiled_by is None and (m := _COMPILED_RE.match(text)):
            meta.compiled_by = m.group("who").strip()
    published = front.facts.get("publish_date", "")
    meta.published = published if re.fullmatch(r"\d{4}-\d\d-\d\d", published) else None
    meta.front_matter = list(front.lines)
    return meta


def find_set(title: str | None, lines: list[str]) -> SetInfo | None:
    """Return the set the title names, else the first line about a set that names one."""
    if title and (info := named_in(plain(title))):
        return info
    for line in lines[:200]:
        for m in _SUBJECT_RE.finditer(plain(line)):
            if info := named_in(m.group("name")):
                return info
    for line in lines[:200]:
        text = plain(line)
        if _SET_SENTENCE_RE.search(text) and (info := named_in(text)):
            return info
    return None


def set_code_for(name: str) -> str:
    """Return a set code for a set name the table does not know (its initials)."""
    return code_for(name)
