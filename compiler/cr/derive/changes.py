"""What changed in one edition of the Comprehensive Rules, against the edition before it.

From the identity chains (``RuleHistory``): a rule of the edition with no predecessor was
added; a rule of the edition before with no successor was removed (dropped, or merged into
another); a rule whose predecessor had another number was renumbered; one whose title or text
reads differently (quote style and spacing aside) was reworded, with its word diff.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from compiler.cr.derive.history import (DiffPart, RuleHistory, entry_wording, same_wording,
                                        word_diff)
from compiler.cr.link.identity import Key


@dataclass(slots=True)
class RuleChange:
    """One rule of an edition's change list."""

    key: Key
    """``(CR date, number)``: in this edition, or for a removed rule in the edition before."""
    before: Key | None = None
    """The same rule in the edition before (None: added)."""
    diff: list[DiffPart] = field(default_factory=list)
    """Word diff of title and text from the edition before (reworded rules only)."""


@dataclass(slots=True)
class EditionChanges:
    """The changes of one edition."""

    date: str
    previous: str | None
    """The edition before (None: the first at hand, whose rules are not listed as added)."""
    added: list[RuleChange] = field(default_factory=list)
    removed: list[RuleChange] = field(default_factory=list)
    reworded: list[RuleChange] = field(default_factory=list)
    renumbered: list[RuleChange] = field(default_factory=list)
    """Renumbered rules (a reworded one is in ``reworded`` too)."""

    def numbers(self) -> set[str]:
        """Return the numbers of this edition the list shows (added, reworded, renumbered)."""
        return {c.key[1] for c in (*self.added, *self.reworded, *self.renumbered)}

    @property
    def count(self) -> int:
        """Return how many rules changed in any way."""
        return len(self.added) + len(self.removed) + len({c.key for c in (*self.reworded,
                                                                           *self.renumbered)})


def edition_changes(history: RuleHistory, cr_date: str) -> EditionChanges:
    """Return what changed in the edition of ``cr_date`` (numbers in the edition's text order)."""
    library = history.library
    dates = library.dates
    at = dates.index(cr_date)
    changes = EditionChanges(cr_date, dates[at - 1] if at else None)
    if changes.previous is None:
        return changes
    doc, before = library.document(cr_date), library.document(changes.previous)
    assert doc is not None and before is not None
    continued = set()  # the rules of the edition before that a rule of this one continues
    for number in [s.number for s in doc.sections] + [r.number for r in doc.rules]:
        key = (cr_date, number)
        old = history.previous.get(key)
        if old is None:
            changes.added.append(RuleChange(key))
            continue
        continued.add(old)
        new_entry, old_entry = history.entry(key), history.entry(old)
        if not same_wording(old_entry, new_entry):
            changes.reworded.append(RuleChange(key, old, word_diff(entry_wording(old_entry),
                                                                   entry_wording(new_entry))))
        if old[1] != number:
            changes.renumbered.append(RuleChange(key, old))
    for number in [s.number for s in before.sections] + [r.number for r in before.rules]:
        if (changes.previous, number) not in continued:
            changes.removed.append(RuleChange((changes.previous, number)))
    return changes
