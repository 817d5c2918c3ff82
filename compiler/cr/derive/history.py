"""A rule's history: its identity chain across the CRs, and what changed between versions.

``RuleIdentity`` links each rule to the same rule in the next CR; the links are one to one, so
the rules fall into disjoint chains (``502.38`` of 2004 ... ``702.45`` of 2026).  A chain is
named by its first key, the CR and number it first appears under.  Between two versions the
change is a word diff (``difflib``) of the rule's wording: title and text, compared after
``quote_form`` (quote style and spacing aside), so a rule "has changed" only when its words did.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from compiler.cr.derive.quotes import quote_form
from compiler.cr.link.identity import Key, RuleIdentity
from compiler.cr.model import CrEntry, CrRule


@dataclass(slots=True, frozen=True)
class DiffPart:
    """A run of words of a word diff."""

    op: str
    """``equal``, ``delete`` (only in the older version) or ``insert`` (only in the newer)."""
    text: str


def entry_wording(entry: CrEntry) -> str:
    """Return what a rule says, for comparing versions: its title and its text."""
    text = entry.text if isinstance(entry, CrRule) else None
    return " ".join(part for part in (entry.title, text) if part)


def word_diff(old: str, new: str) -> list[DiffPart]:
    """Return the word diff from ``old`` to ``new`` (as ``quote_form`` words), runs merged."""
    a, b = quote_form(old).split(), quote_form(new).split()
    parts: list[DiffPart] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op in ("equal", "delete", "replace"):
            _add(parts, "equal" if op == "equal" else "delete", a[i1:i2])
        if op in ("insert", "replace"):
            _add(parts, "insert", b[j1:j2])
    return parts


def _add(parts: list[DiffPart], op: str, words: list[str]) -> None:
    if words:
        parts.append(DiffPart(op, " ".join(words)))


def same_wording(a: CrEntry, b: CrEntry) -> bool:
    """Return True when two versions of a rule say the same (quote style and spacing aside)."""
    return quote_form(entry_wording(a)) == quote_form(entry_wording(b))


def same_step(a: CrEntry, b: CrEntry) -> bool:
    """Return True when two versions of a rule under one number are one step of its history
    (``cr_history.html``): the same words and the same examples."""
    return same_wording(a, b) and _examples(a) == _examples(b)


def _examples(entry: CrEntry) -> list[str]:
    return entry.examples if isinstance(entry, CrRule) else []


class RuleHistory:
    """Every rule identity chain of a library, each key's chain, and each rule's fate today."""

    def __init__(self, identity: RuleIdentity):
        self.identity = identity
        self.library = identity.library
        self.browsed: dict[str, frozenset[str]] | None = None
        """The editions a site shows the text of, each with the site paths of its contents
        page and section pages (set by the site; None: every section of every edition)."""
        self.previous: dict[Key, Key] = {new: old for old, new in identity.mapping().items()}
        """Each key's predecessor in the CR before."""
        self.chains: dict[Key, list[Key]] = {}
        """Chains by their first key, in CR then document order."""
        self._start: dict[Key, Key] = {}
        for doc in self.library.documents:
            for number in [s.number for s in doc.sections] + [r.number for r in doc.rules]:
                key = (doc.date, number)
                if key not in self.previous and key not in self._start:
                    chain = identity.chain(*key)
                    self.chains[key] = chain
                    self._start.update((k, key) for k in chain)

    def start(self, cr_date: str, number: str) -> Key | None:
        """Return the first key of the chain ``(cr_date, number)`` belongs to."""
        return self._start.get((cr_date, number))

    def chain(self, cr_date: str, number: str) -> list[Key]:
        """Return the whole chain of a key, oldest first (empty for a number not in that CR)."""
        start = self.start(cr_date, number)
        return self.chains[start] if start else []

    def step_start(self, key: Key) -> str:
        """Return the CR date the step of the rule's history holding ``key`` begins with: the
        first of the CRs before it in its chain, without a gap, giving the rule the same number,
        words and examples (``site.historypages.history_steps``; its id there, ``v-<date>``)."""
        chain = self.chain(*key)
        at = chain.index(key)
        while at > 0 and chain[at - 1][1] == key[1] and \
                same_step(self.entry(chain[at - 1]), self.entry(chain[at])):
            at -= 1
        return chain[at][0]

    def entry(self, key: Key) -> CrEntry:
        """Return the rule or heading of a key."""
        entry = self.library.entry(*key)
        assert entry is not None, key
        return entry

    def today(self, cr_date: str, number: str) -> Key | None:
        """Return the key of the rule in the newest CR, or None if it is gone from it."""
        chain = self.chain(cr_date, number)
        if chain and chain[-1][0] == self.library.latest.date:
            return chain[-1]
        return None

    def changed_since(self, cr_date: str, number: str) -> bool:
        """Return True when the rule reads differently today, or is no longer in the rules."""
        if self.library.entry(cr_date, number) is None:
            return False
        now = self.today(cr_date, number)
        return now is None or not same_wording(self.entry((cr_date, number)), self.entry(now))

    def older_numbers(self, number: str) -> list[tuple[str, list[str]]]:
        """Return the earlier numbers of the newest CR's rule ``number``: ``(number, [CR dates])``,
        newest first, one item per run of CRs under the same number."""
        key: Key | None = (self.library.latest.date, number)
        runs: list[tuple[str, list[str]]] = []
        while key is not None and self.library.entry(*key) is not None:
            if runs and runs[-1][0] == key[1]:
                runs[-1][1].append(key[0])
            else:
                runs.append((key[1], [key[0]]))
            key = self.previous.get(key)
        return runs
