"""Every rule of every edition, mapped to its number in the newest edition (or to its end).

From the identity chains (``RuleHistory``): each chain is cut into runs of consecutive editions
under one number, and each run says what became of the rule: ``same`` (today's number and
words), ``reworded`` (today's number, other words), ``renumbered`` (another number today, the
same words), ``renumbered, reworded``, or ``removed`` (no later edition at hand has it; ``last``
says in which edition it was last).  Every (edition, number) of the library is in exactly one
run; ``renumbering_data`` is the site's ``rules/renumbering.json``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.cr.derive.history import RuleHistory, same_wording

FORMAT = 1


@dataclass(slots=True, frozen=True)
class NumberRun:
    """A run of editions in which a rule has one number."""

    number: str
    first: str
    """Date of the run's first edition."""
    last: str
    """Date of its last edition (the editions between are all in the run)."""
    editions: int
    today: str | None
    """The rule's number in the newest edition; None when it was removed."""
    action: str
    """``same``, ``reworded``, ``renumbered``, ``renumbered, reworded`` or ``removed``."""
    gone_after: str | None = None
    """For a removed rule, the last edition that has it."""


def number_runs(history: RuleHistory) -> list[NumberRun]:
    """Return the runs of every chain, chains in the order of their first key, runs oldest first."""
    latest = history.library.latest.date
    runs: list[NumberRun] = []
    for chain in history.chains.values():
        end = chain[-1]
        today = end if end[0] == latest else None
        groups: list[list[tuple[str, str]]] = []
        for key in chain:
            if groups and groups[-1][-1][1] == key[1]:
                groups[-1].append(key)
            else:
                groups.append([key])
        for group in groups:
            runs.append(NumberRun(group[0][1], group[0][0], group[-1][0], len(group),
                                  today[1] if today else None,
                                  _action(history, group[-1], today),
                                  None if today else end[0]))
    return runs


def _action(history: RuleHistory, key: tuple[str, str], today: tuple[str, str] | None) -> str:
    if today is None:
        return "removed"
    reworded = not same_wording(history.entry(key), history.entry(today))
    if key[1] == today[1]:
        return "reworded" if reworded else "same"
    return "renumbered, reworded" if reworded else "renumbered"


def renumbering_data(history: RuleHistory) -> dict[str, Any]:
    """Return the map as JSON data: the editions, and every run as ``[number, first, last,
    today, action]`` (``today`` null and ``action`` ``removed`` for a rule gone after ``last``)."""
    return {
        "format": FORMAT,
        "newest": history.library.latest.date,
        "editions": history.library.dates,
        "fields": ["number", "first", "last", "today", "action"],
        "runs": [[r.number, r.first, r.last, r.today, r.action] for r in number_runs(history)],
    }
