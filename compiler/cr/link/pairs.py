"""A link from a rule of one CR to the same rule in the next, and the one-to-one assignment."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class Link:
    """One rule of a CR linked to a rule of the next CR."""

    number: str
    target: str
    method: str
    """``title`` (equal titles), ``body`` (alike subrules), ``text`` (alike texts, under the
    linked parent), ``section`` (alike texts, in the linked section) or ``anywhere``."""
    score: float


def assign(pairs: list[tuple[float, str, str]], links: dict[str, Link], threshold: float,
           method: str) -> None:
    """Link best pairs first, each number and each target at most once, above ``threshold``."""
    taken = {link.target for link in links.values()}
    for score, number, cand in sorted(pairs, key=lambda p: (-p[0], p[1], p[2])):
        if score < threshold or number in links or cand in taken:
            continue
        links[number] = Link(number, cand, method, round(min(score, 1.0), 3))
        taken.add(cand)
