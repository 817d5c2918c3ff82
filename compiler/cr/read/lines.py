"""The line recognisers of a CR, one per construct, tried in order by ``classify``.

Only the numbered body is read line by line; front matter, glossary and back matter are read as
paragraphs.  A line is one of:

* ``chapter``: ``5. Additional Rules`` (one digit, a period, a title);
* ``section``: ``502. Keyword Abilities`` (three digits, a period, a title);
* ``rule``: ``502.38. Bushido``, ``502.38a Bushido is ...``, ``901.4.All plane ...`` (a rule
  number, an optional period, then text; real CRs have typos: the period may lack its space,
  and ``606. 8b`` has one inside the number, read as ``606.8b``; the CRs of 1999-2000 indent
  subrules and section headings);
* ``example``: ``Example: ...``;
* ``blank``: nothing, or a divider (``-----`` under a heading: no words);
* ``continuation``: anything else, usually an indented paragraph of the rule above.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.core.dates import parse_en_date

CHAPTER_RE = re.compile(r"(?P<number>[1-9])\.\s+(?P<title>\S(?:.*\S)?)\s*")
SECTION_RE = re.compile(r"\s*(?P<number>[1-9][0-9]{2})\.\s+(?P<title>\S(?:.*\S)?)\s*")
RULE_RE = re.compile(
    r"\s*(?P<number>[1-9][0-9]{2}\.(?P<gap> )?[1-9][0-9]*[a-z]?)(?P<dot>\.)?(?:(?<=\.)\s*|\s+)"
    r"(?P<rest>\S(?:.*\S)?)\s*")
# The texts run to their last character that is not a space, matched greedily: a lazy ``\S.*?``
# tried the rest of the pattern after every character (the archive's 747,778 lines: 3.9 CPU s
# to classify, now 2.2, every line classified the same).
EXAMPLE_RE = re.compile(r"\s*Examples?:")
DIVIDER_RE = re.compile(r"\s*[-=_*~]{3,}\s*")
"""A line of dashes or equals signs under a heading (the hard-wrapped CRs of 1999-2002)."""
DATE_RE = re.compile(r"These rules are (?:current|effective) as of\s+(?P<date>[A-Z][a-z]+\s+\d{1,2},\s*\d{4})")

# A title line (``502.38. Bushido``) is short and is not a sentence: no period before a space,
# and no sentence end (``.``, ``:`` ... possibly inside closing quotes or parentheses).
_SENTENCE_RE = re.compile(r"[.:;,][\"”’)]*$|\.\s")
_TITLE_MAX_WORDS = 10


@dataclass(slots=True, frozen=True)
class Line:
    """One classified line of the body."""

    kind: str
    """``chapter``, ``section``, ``rule``, ``example``, ``blank`` or ``continuation``."""
    number: str = ""
    """The chapter, section or rule number."""
    title: str | None = None
    """The title of a heading or title line."""
    text: str | None = None
    """The text of a rule, example or continuation line (stripped)."""
    written: str | None = None
    """The number as written, when it differs from ``number`` (``606. 8b``)."""


def classify(line: str) -> Line:
    """Return what a body line is."""
    if not line.strip() or DIVIDER_RE.fullmatch(line):
        return Line("blank")
    if m := RULE_RE.fullmatch(line):
        number, rest = m["number"].replace(" ", ""), m["rest"]
        written = m["number"] if m["gap"] else None
        if m["dot"] and is_title(number, rest):
            return Line("rule", number, title=rest, written=written)
        return Line("rule", number, text=rest, written=written)
    if m := SECTION_RE.fullmatch(line):
        return Line("section", m["number"], title=m["title"])
    if m := CHAPTER_RE.fullmatch(line):
        return Line("chapter", m["number"], title=m["title"])
    if EXAMPLE_RE.match(line):
        return Line("example", text=line.strip())
    return Line("continuation", text=line.strip())


def is_title(number: str, rest: str) -> bool:
    """Return True when ``number. rest`` is a title line (``502.38. Bushido``), not a rule's text."""
    if number[-1].isalpha():
        return False  # subrules (``502.38a``) always hold text
    return not _SENTENCE_RE.search(rest) and len(rest.split()) <= _TITLE_MAX_WORDS


def is_heading(line: str) -> bool:
    """Return True for a chapter or section heading line."""
    return bool(SECTION_RE.fullmatch(line) or CHAPTER_RE.fullmatch(line)) \
        and not RULE_RE.fullmatch(line)


def find_date(text: str) -> str | None:
    """Return the ISO date of the first "These rules are current/effective as of ..." sentence."""
    m = DATE_RE.search(text)
    return parse_en_date(m["date"]) if m else None
