"""Find Comprehensive Rules references (``502.38a``, ``rules 409.1b and 409.1f-h``) in a text.

What counts as a rule reference (matched on the NFKC form of the text, so ``１０４．３ｆ`` is
``104.3f``; offsets always point into the ORIGINAL string):

* A rule number is ``NNN``, ``NNN.M`` or ``NNN.Mx``: three digits 100-999, then a dot and a
  subrule number 1-999 that does not start with 0, then at most one lowercase letter.
* A dotted number (``502.38``, ``104.3f``) counts anywhere, keyword or not, unless it is glued to
  a larger number or word: not after a letter, digit, ``_ . , / $ € £ ¥ # + -`` and not before a
  letter, digit, ``_``, ``%``, or ``.``/``/`` plus a digit.  So ``1.5``, ``3.14``, ``1,502.38``,
  ``$199.99``, ``100.00``, ``1.502.38``, versions and dates never match.
* A bare three-digit number (``309``) counts only right after a keyword: ``rule(s)``,
  ``section(s)`` (the old FAQs' word for a rule: ``section 508`` is rule 508), ``CR``,
  ``Comprehensive Rules``, Japanese ``ルール``/``総合ルール``, or written ``第309項``/``第309条``.
  Years, counts (``301枚``), prices, ``Magic 2010`` and collector numbers are never preceded by
  those, so they never match.  One- and two-digit numbers are never rules.
* After a keyword, a list continues through ``,``, ``and``, ``or``, ``&``, ``、``, ``や``,
  ``と``, ``および``: ``rules 409.1b, 409.1c, and 409.1f``.
* A range ``409.1f-h`` / ``212.2a-c`` (hyphen or en dash) expands to every subrule letter from
  the first to the last, skipping ``l`` and ``o`` as the CR does; ``502.38-502.40`` expands the
  last number; any other pair of ends gives just the two ends.
* ``第104.3f項`` is found (as the dotted ``104.3f``); the span never includes ``第``/``項``.

Each list item is its own ``RuleRef``: the span covers the number (or range) as written, never
the keyword, so each can be one link.  Rule numbers heading a quoted rule (``502.38a Bushido
is...``) are found too; skipping a rule's own number is the caller's business.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

RULE_NUMBER_RE = re.compile(
    r"(?P<rule>[1-9][0-9]{2})(?:\.(?P<sub>[1-9][0-9]{0,2})(?P<letter>[a-z]?))?")
"""A whole rule number (use ``fullmatch``): ``309``, ``502.38``, ``104.3f``."""

# CR subrule letters skip "l" and "o" (they read as 1 and 0).
_SKIPPED_LETTERS = "lo"
_MAX_EXPANSION = 100

_NUM = r"[1-9][0-9]{2}(?:\.[1-9][0-9]{0,2}[a-z]?)?"
_DOTTED = r"[1-9][0-9]{2}\.[1-9][0-9]{0,2}[a-z]?"
_BEFORE = r"(?<![0-9A-Za-z_.,/$€£¥#+\-])"
_AFTER = r"(?![0-9A-Za-z_%]|[./][0-9])"
_RANGE = rf"(?:[-–](?:{_DOTTED}|[a-z]){_AFTER})?"
_KEYWORD = (r"(?:(?<![A-Za-z])(?:[Cc]omprehensive\s+[Rr]ules?|[Rr]ules?|RULES?|[Ss]ections?"
            r"|SECTIONS?|CR)\s+|(?:総合)?ルール\s*)")
_SEP = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*[、や&]\s*|\s*(?:および|及び|と)\s*)"
_ITEM = rf"{_BEFORE}{_NUM}{_AFTER}{_RANGE}"

_REF_RE = re.compile(
    rf"{_KEYWORD}(?P<list>{_ITEM}(?:{_SEP}{_ITEM})*)"
    rf"|第\s*(?P<ja>{_NUM}){_AFTER}\s*[項条]"
    rf"|(?P<bare>{_BEFORE}{_DOTTED}{_AFTER}{_RANGE})"
)
_ITEM_RE = re.compile(
    rf"{_BEFORE}(?P<first>{_NUM}){_AFTER}(?:[-–](?P<last>{_DOTTED}|[a-z]){_AFTER})?")


@dataclass(slots=True, frozen=True)
class RuleRef:
    """One reference to one or more rules, found in a text."""

    start: int
    """Offset of the first character of the span to link, in the original text."""
    end: int
    """Offset after the last character of the span, in the original text."""
    numbers: tuple[str, ...]
    """The rule numbers referred to, ranges expanded, in order (``409.1f``, ``409.1g``, ...)."""
    text: str
    """The span as written in the original text (``409.1f-h``, ``１０４．３ｆ``)."""


_THREE_DIGITS = re.compile(r"[1-9][0-9]{2}")
"""What every reference has in the NFKC form of its text (``_NUM``, ``_DOTTED``)."""


def find_rule_refs(text: str) -> list[RuleRef]:
    """Return the rule references of a text, in order of appearance."""
    # Most texts have none: a text with no three digits in a row in its NFKC form is let go
    # before the character-by-character fold and ``_REF_RE`` (1.8 s -> 0.3 s over the 110,000
    # texts of the 20 MiB benchmark). NFKC of the whole text keeps every run of digits the
    # folds of its characters make: a digit is a starter that nothing composes with.
    if not _THREE_DIGITS.search(text if text.isascii() else unicodedata.normalize("NFKC", text)):
        return []
    return _find_rule_refs(text)


def _find_rule_refs(text: str) -> list[RuleRef]:
    folded, origin = _fold(text)
    refs: list[RuleRef] = []
    for match in _REF_RE.finditer(folded):
        if match.group("ja"):
            spans = [(match.start("ja"), match.end("ja"), (match.group("ja"),))]
        else:
            group = "list" if match.group("list") else "bare"
            spans = _items(folded, match.start(group), match.end(group))
        for start, end, numbers in spans:
            o_start, o_end = origin(start), origin(end - 1) + 1
            refs.append(RuleRef(o_start, o_end, numbers, text[o_start:o_end]))
    return refs


def rule_numbers(text: str) -> list[str]:
    """Return every rule number a text refers to, ranges expanded, first occurrence order."""
    seen: dict[str, None] = {}
    for ref in find_rule_refs(text):
        seen.update(dict.fromkeys(ref.numbers))
    return list(seen)


def rule_sort_key(number: str) -> tuple[int, int, str]:
    """Return a natural sort key for a rule number (``104.3f`` < ``104.10`` < ``105``)."""
    match = RULE_NUMBER_RE.fullmatch(unicodedata.normalize("NFKC", number).strip())
    if match is None:
        raise ValueError(f"not a rule number: {number!r}")
    return int(match["rule"]), int(match["sub"] or 0), match["letter"] or ""


def expand_range(first: str, last: str) -> tuple[str, ...]:
    """Return the rule numbers from ``first`` to ``last`` (a letter or a whole rule number)."""
    a = RULE_NUMBER_RE.fullmatch(first)
    if a is None:
        return (first,)
    if len(last) == 1 and last.isalpha():
        if not a["letter"] or a["letter"] > last:
            return (first,)
        return tuple(first[:-1] + ch for ch in _letters(a["letter"], last))
    b = RULE_NUMBER_RE.fullmatch(last)
    if b is None or a["rule"] != b["rule"] or not a["sub"] or not b["sub"]:
        return (first, last)
    if a["sub"] == b["sub"] and a["letter"] and b["letter"] and a["letter"] <= b["letter"]:
        return tuple(first[:-1] + ch for ch in _letters(a["letter"], b["letter"]))
    low, high = int(a["sub"]), int(b["sub"])
    if a["letter"] or b["letter"] or not low < high <= low + _MAX_EXPANSION:
        return (first, last)
    return tuple(f"{a['rule']}.{n}" for n in range(low, high + 1))


def _letters(first: str, last: str) -> list[str]:
    return [chr(c) for c in range(ord(first), ord(last) + 1)
            if chr(c) not in _SKIPPED_LETTERS or chr(c) in (first, last)]


def _items(folded: str, start: int, end: int) -> list[tuple[int, int, tuple[str, ...]]]:
    """Return ``(start, end, numbers)`` for each number or range in ``folded[start:end]``."""
    items = []
    for match in _ITEM_RE.finditer(folded, start, end):
        first, last = match.group("first"), match.group("last")
        numbers = expand_range(first, last) if last else (first,)
        items.append((match.start(), match.end(), numbers))
    return items


def _fold(text: str) -> tuple[str, Callable[[int], int]]:
    """Return the NFKC form of ``text`` and a map from its offsets back to ``text``'s."""
    if text.isascii():
        return text, lambda i: i
    pieces: list[str] = []
    origin: list[int] = []
    cache: dict[str, str] = {}
    for index, ch in enumerate(text):
        if ch.isascii():
            pieces.append(ch)
            origin.append(index)
            continue
        # Fold character by character, so every folded character knows where it came from.
        norm = cache.get(ch)
        if norm is None:
            norm = cache[ch] = unicodedata.normalize("NFKC", ch)
        pieces.append(norm)
        origin.extend([index] * len(norm))
    return "".join(pieces), origin.__getitem__
