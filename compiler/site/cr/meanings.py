"""What one rule number meant in each edition of the Comprehensive Rules (a rule page's
``#meanings`` section).

A number names different rules over the years (``502.36`` was Scry in 2004 and Shroud in
2007), so a citation with no date links here: one line per run of consecutive editions in
which the number names the same rule (the same identity chain), with the run's dates, the
rule's title or first words, and a link to its history.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from compiler.cr import CrRule
from compiler.site.cr.crsite import CrSite, Key, rule_label

_FIRST_WORDS = 12


@dataclass(slots=True)
class Meaning:
    """A run of editions in which a number names one rule."""

    first: Key
    """``(CR date, number)`` of the run's first edition."""
    dates: list[str] = field(default_factory=list)
    label: str = ""
    """Its number and title (``502.36 Scry``), or its number and first words."""
    history: str | None = None
    """Site path of the rule's history page."""
    start: Key | None = None
    """The first key of the rule's identity chain (tells runs of different rules apart)."""


def number_meanings(cr: CrSite, number: str) -> list[Meaning]:
    """Return the meanings of ``number``, oldest first (editions without it end a run)."""
    meanings: list[Meaning] = []
    previous: str | None = None
    for cr_date in cr.library.dates:
        entry = cr.library.entry(cr_date, number)
        if entry is None:
            previous = None
            continue
        key = (cr_date, number)
        start = cr.history.start(*key)
        last = meanings[-1] if meanings else None
        if last and previous and last.start == start and last.dates[-1] == previous:
            last.dates.append(cr_date)
        else:
            meanings.append(Meaning(key, [cr_date], _label(cr, key), cr.history_path(key), start))
        previous = cr_date
    return meanings


def _label(cr: CrSite, key: Key) -> str:
    label = rule_label(cr, key)
    entry = cr.entry(key)
    if label == key[1] and isinstance(entry, CrRule) and entry.text:
        words = entry.text.split()
        label += " " + " ".join(words[:_FIRST_WORDS]) + (" …" if len(words) > _FIRST_WORDS else "")
    return label
