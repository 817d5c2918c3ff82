"""Which Comprehensive Rules were in force on a date, and what a rule number meant then.

Rule numbers are not stable: ``502.36`` was Scry in the 2004 CR and Shroud in the 2007 CR, so a
citation is read against the CR in force on the citing document's date: the latest CR dated on
or before it, else (a document older than every CR at hand) the earliest CR, flagged ``after``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from compiler.cr.model import CrDocument, CrEntry, CrRule

_ISO_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(slots=True, frozen=True)
class CrChoice:
    """The CR a date reads against, and how it was chosen."""

    document: CrDocument
    basis: str
    """``on-or-before``: the latest CR dated on or before the date; ``after``: none was, so the
    earliest CR (dated after the date) stands in."""

    @property
    def after(self) -> bool:
        """Return True when the CR is dated after the date asked about."""
        return self.basis == "after"


class CrLibrary:
    """Every CR at hand, by date, with an index of each one's rule numbers."""

    def __init__(self, documents: Iterable[CrDocument]):
        self.documents: list[CrDocument] = sorted(documents, key=lambda d: d.date)
        if not self.documents:
            raise ValueError("a CR library needs at least one document")
        self.cache = None
        """Where identity links are cached (a ``compiler.cr.cache.CrCache``), if anywhere."""
        self._index: dict[str, dict[str, CrEntry]] = {
            doc.date: {**{s.number: s for s in doc.sections}, **{r.number: r for r in doc.rules}}
            for doc in self.documents}

    @property
    def dates(self) -> list[str]:
        """Return the dates of the CRs, oldest first."""
        return [doc.date for doc in self.documents]

    @property
    def latest(self) -> CrDocument:
        """Return the newest CR."""
        return self.documents[-1]

    def choose(self, date: str) -> CrChoice:
        """Return the CR in force on ``date`` (ISO), with the basis of the choice."""
        if not _ISO_RE.fullmatch(date or ""):
            raise ValueError(f"not an ISO date: {date!r}")
        earlier = [doc for doc in self.documents if doc.date <= date]
        if earlier:
            return CrChoice(earlier[-1], "on-or-before")
        return CrChoice(self.documents[0], "after")

    def in_force(self, date: str) -> CrDocument:
        """Return the latest CR dated on or before ``date``, else the earliest CR."""
        return self.choose(date).document

    def document(self, cr_date: str) -> CrDocument | None:
        """Return the CR dated exactly ``cr_date``."""
        return next((doc for doc in self.documents if doc.date == cr_date), None)

    def entry(self, cr_date: str, number: str) -> CrEntry | None:
        """Return what ``number`` names in the CR dated exactly ``cr_date``."""
        return self._index.get(cr_date, {}).get(number)

    def rule(self, date: str, number: str) -> CrEntry | None:
        """Return what ``number`` named on ``date``: a rule, or for ``309``/``5`` a heading."""
        return self.entry(self.in_force(date).date, number)

    def subrules(self, cr_date: str, number: str) -> list[CrRule]:
        """Return the rules directly under ``number`` in one CR (``502.38`` -> ``502.38a``...)."""
        doc = self.document(cr_date)
        if doc is None:
            return []
        prefix = number + "." if "." not in number else number
        return [r for r in doc.rules if r.number.startswith(prefix) and r.number != number
                and _is_child(number, r.number)]


def _is_child(parent: str, number: str) -> bool:
    """Return True when ``number`` is directly under ``parent`` (``502`` > ``502.38`` > ``502.38a``)."""
    if "." not in parent:
        return number.count(".") == 1 and number.split(".")[0] == parent and number[-1].isdigit()
    return number[:-1] == parent and number[-1].isalpha()
