"""Score rule identity against a hand-checked truth table (``tests/data/cr_identity_truth.tsv``).

A row says what the same rule is in a later CR: one number, alternatives (``702.22c|702.22d``
for a rule split in two), and ``-`` for "no counterpart" (dropped, or merged into another).

* precision: of the links the map makes, the share that name an expected rule;
* recall: of the rows that must link (no ``-`` among the alternatives), the share linked right;
* accuracy: the share of rows answered right, "no counterpart" included.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from compiler.cr.link.identity import RuleIdentity

NONE = "-"


@dataclass(slots=True, frozen=True)
class TruthRow:
    """One hand-checked answer: rule ``from_number`` of ``from_date`` is ``expected`` in ``to_date``."""

    from_date: str
    from_number: str
    to_date: str
    expected: tuple[str, ...]
    note: str = ""

    @property
    def must_link(self) -> bool:
        """Return True when the rule has a counterpart for sure (no ``-`` alternative)."""
        return NONE not in self.expected


@dataclass(slots=True)
class IdentityScore:
    """Counts and ratios of one scoring run, with the rows answered wrong."""

    rows: int = 0
    linked: int = 0
    linked_right: int = 0
    must_link: int = 0
    must_link_found: int = 0
    right: int = 0
    wrong: list[tuple[TruthRow, str | None]] = field(default_factory=list)

    @property
    def precision(self) -> float:
        """Return right links / links made."""
        return self.linked_right / self.linked if self.linked else 1.0

    @property
    def recall(self) -> float:
        """Return must-link rows linked right / must-link rows."""
        return self.must_link_found / self.must_link if self.must_link else 1.0

    @property
    def accuracy(self) -> float:
        """Return rows answered right / rows."""
        return self.right / self.rows if self.rows else 1.0


def read_truth(text: str) -> list[TruthRow]:
    """Parse the truth table TSV (``#`` comments and the header line skipped)."""
    rows = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#") or line.startswith("from_date\t"):
            continue
        cells = line.split("\t")
        rows.append(TruthRow(cells[0], cells[1], cells[2], tuple(cells[3].split("|")),
                             cells[4] if len(cells) > 4 else ""))
    return rows


def score_identity(identity: RuleIdentity, rows: Iterable[TruthRow]) -> IdentityScore:
    """Return how the identity map answers the truth rows."""
    score = IdentityScore()
    for row in rows:
        got = identity.number_in(row.from_date, row.from_number, row.to_date)
        ok = (got or NONE) in row.expected
        score.rows += 1
        score.right += ok
        score.linked += got is not None
        score.linked_right += got is not None and ok
        if row.must_link:
            score.must_link += 1
            score.must_link_found += got is not None and ok
        if not ok:
            score.wrong.append((row, got))
    return score
