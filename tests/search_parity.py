"""The parity table of search (tests/data/search_parity.txt) and how two result lists agree."""
from __future__ import annotations

from pathlib import Path

TABLE = Path(__file__).parent / "data" / "search_parity.txt"
TOLERANCE = 1e-6
LIMIT = 50
"""Results compared per query (all of them when fewer)."""


def parity_queries() -> list[str]:
    """Return the queries of the parity table, in order."""
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def disagreement(expected: list[tuple[int, float]], got: list[tuple[int, float]]) -> str:
    """Return why two ranked lists of (document, score) differ, or "" when they agree: the
    same documents in the same order, scores within ``TOLERANCE``."""
    if [d for d, _ in expected] != [d for d, _ in got]:
        return f"order differs: {expected[:8]} vs {got[:8]}"
    worst = max((abs(a - b) for (_, a), (_, b) in zip(expected, got)), default=0.0)
    return f"scores differ by {worst}" if worst > TOLERANCE else ""
