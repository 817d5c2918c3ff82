"""What a line says about itself: a card name, rules text, a heading, a question."""
from __future__ import annotations

import re

from compiler.readers.recognise import parse_rule_line
from compiler.readers.recognise.cues import paragraph_score
from compiler.readers.recognise.markup import plain, unescape, unwrap

_NAME_RE = re.compile(r"^[A-Z0-9ÆÉÀ\"'“‘_(][^\n]{0,70}$")
_SENTENCE_END_RE = re.compile(r"[.:;!?]\)?$")
_QUESTION_RE = re.compile(r"^\*\*(?=\S)(?P<q>[^?]+\?.*)\*\*$")
_BOLD_LINE_RE = re.compile(r"^(?:\*\*|__)(?=\S)(?P<t>.+?)(?:\*\*|__)$")
_ABBREVIATION_RE = re.compile(r"(?:^|[\s,])(?:Esq|Jr|Sr|Ph\.D|Dr|St|Mr|Mrs|Ms|(?:[A-Z]\.)+[A-Z]?)\.$")
_CAPS_RE = re.compile(r"^[A-Z0-9][A-Z0-9 \"'’&,:/()*.!-]*[A-Z\"')*]$")


def looks_like_name(text: str) -> bool:
    """Return whether a plain line can be a card name: short, capitalised, not a sentence
    (``Richard Garfield, Ph.D.`` and ``Infernius Spawnington III, Esq.`` end in abbreviations)."""
    if not _NAME_RE.match(text):
        return False
    if _SENTENCE_END_RE.search(text) and not text.endswith("!") and not _ABBREVIATION_RE.search(text):
        return False
    return len(text.split()) <= 9 and parse_rule_line(text) is None


def looks_like_rules_text(text: str, names: list[str] | None = None) -> bool:
    """Return whether a plain paragraph reads as printed rules text rather than a note."""
    return paragraph_score(text, names or []) > 0


def question(text: str) -> str | None:
    """Return the question of a bold question line (``**Does it ...?**``), or None."""
    m = _QUESTION_RE.match(text.strip())
    return m.group("q") if m else None


def bold_title(text: str) -> str | None:
    """Return the title of a line that is bold throughout and no sentence (``**Release
    Information**``), or None."""
    m = _BOLD_LINE_RE.match(text.strip())
    if not m:
        return None
    title = title_text(text)
    if "**" in title or title.endswith((".", "?", ":")) or not 0 < len(title) <= 120:
        return None
    return title


def title_text(text: str) -> str:
    """Return a heading's text as kept: emphasis marks and escapes removed, links and images
    kept as written (their words are the source's)."""
    bare = plain(text)
    return bare if "](" not in text else unescape(unwrap(text.strip()))


def is_caps_heading(text: str) -> bool:
    """Return whether a plain line is a capitalised heading (``GENERAL NOTES``)."""
    letters = sum(ch.isalpha() for ch in text)
    return bool(_CAPS_RE.match(text)) and " " in text and letters >= 6 and text.upper() == text
