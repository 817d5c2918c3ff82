"""The large-scale shape of a collapsed FAQ: entries, section headings, topic headings.

Entries are cut at the ``-----`` separators that survived the collapse (`` ----- ``); a
capitalised heading (``GENERAL NOTES``) opening an entry starts a section; ``***Title***``
starts a topic.  A short trademark notice closing the document is its own trailer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from compiler.readers.collapsed.text import Stretch, word_matches

SEPARATOR_RE = re.compile(r"(?<!\S)-{5,}(?!\S)")
TOPIC_RE = re.compile(r"(?P<marks>\*\*\*)(?P<title>[^*\s](?:[^*]*[^*\s])?)\*\*\*")
# A word of a capitalised heading: ``CARD-SPECIFIC``, ``"LEGEND``, ``RULE"``.
CAPS_WORD_RE = re.compile(r"^[\"“(]?[A-Z][A-Z0-9'’\"”:&,.()/-]*$")
LEGAL_NOTICE_RE = re.compile(r"\btrademarks?\b.*\bWizards of the Coast\b", re.I)
ROLES = {"GENERAL NOTES": "general-notes", "CARD-SPECIFIC NOTES": "card-notes",
         "CARD SPECIFIC NOTES": "card-notes"}
_MIN_HEADING_LETTERS = 4
_MAX_NOTICE = 400


@dataclass(slots=True)
class SectionText:
    """One section's stretches: its heading (None for the preamble) and its entries."""

    heading: Stretch | None
    entries: list[Stretch] = field(default_factory=list)


def split_entries(whole: Stretch) -> list[Stretch]:
    """Cut the text at its separators, dropping empty entries."""
    bounds = [(m.start(), m.end()) for m in SEPARATOR_RE.finditer(whole.value)]
    starts = [whole.start] + [whole.start + end for _, end in bounds]
    ends = [whole.start + start for start, _ in bounds] + [whole.end]
    return [entry for entry in (whole.cut(a, b) for a, b in zip(starts, ends)) if entry]


def heading_at(entry: Stretch) -> Stretch | None:
    """Return the capitalised heading opening an entry (``GENERAL NOTES``), or None."""
    end = None
    for word in word_matches(entry):   # one by one: a heading is a few words of a long entry
        if not CAPS_WORD_RE.match(word.group()) or word.group().endswith("***"):
            break
        end = word.end()
    if end is None:
        return None
    heading = entry.cut(entry.start, end)
    return heading if sum(ch.isalpha() for ch in heading.value) >= _MIN_HEADING_LETTERS else None


def split_sections(entries: list[Stretch]) -> list[SectionText]:
    """Group entries into sections: a heading opening an entry starts a new section."""
    sections = [SectionText(None)]
    for entry in entries:
        heading = heading_at(entry)
        if heading is None:
            sections[-1].entries.append(entry)
            continue
        sections.append(SectionText(heading))
        rest = entry.cut(heading.end)
        if rest:
            sections[-1].entries.append(rest)
    return sections if sections[0].entries else sections[1:]


def section_role(title: str) -> str:
    """Return the role of a section from its heading."""
    tokens = title.split()
    return ROLES.get(" ".join(tokens), "errata" if "ERRATA" in tokens else "other")


def split_topics(entry: Stretch) -> tuple[Stretch, list[tuple[re.Match, Stretch]]]:
    """Return the text before the first ``***Title***`` and each topic's heading and body."""
    found = list(TOPIC_RE.finditer(entry.value))
    if not found:
        return entry, []
    base = entry.start
    lead = entry.cut(entry.start, base + found[0].start())
    ends = [m.start() for m in found[1:]] + [len(entry.value)]
    return lead, [(m, entry.cut(base + m.end(), base + end)) for m, end in zip(found, ends)]


def is_legal_notice(entry: Stretch) -> bool:
    """Return whether an entry is a short trademark notice (it closes the document)."""
    return len(entry.value) <= _MAX_NOTICE and bool(LEGAL_NOTICE_RE.search(entry.value))
