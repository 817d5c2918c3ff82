"""Print the precision and recall of CR rule identity against the hand-checked truth table.

Usage: .venv/bin/python tools/cr_identity_precision.py [content/rules] [tests/data/cr_identity_truth.tsv]
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from compiler.cr import RuleIdentity, load_cr_library
from compiler.cr.evaluate import read_truth, score_identity

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    """Build the identity map of every CR and score it, overall and per pair of CRs."""
    rules_dir = Path(argv[0]) if argv else ROOT / "content" / "rules"
    truth_path = Path(argv[1]) if len(argv) > 1 else ROOT / "tests" / "data" / "cr_identity_truth.tsv"
    start = time.perf_counter()
    library = load_cr_library(rules_dir)
    loaded = time.perf_counter()
    identity = RuleIdentity.build(library)
    built = time.perf_counter()
    rows = read_truth(truth_path.read_text(encoding="utf-8"))
    print(f"read {len(library.documents)} CRs in {loaded - start:.2f}s, linked in {built - loaded:.2f}s")
    _report("all", score_identity(identity, rows))
    held_out = [r for r in rows if r.note.startswith("[held-out]")]
    _report("development rows", score_identity(identity, [r for r in rows if r not in held_out]))
    _report("held-out rows", score_identity(identity, held_out))
    for pair in sorted({(r.from_date, r.to_date) for r in rows}):
        _report(f"{pair[0]} -> {pair[1]}",
                score_identity(identity, [r for r in rows if (r.from_date, r.to_date) == pair]))
    for row, got in score_identity(identity, rows).wrong:
        print(f"  wrong: {row.from_date} {row.from_number} -> {row.to_date}: got {got or '-'}, "
              f"expected {'|'.join(row.expected)}  {row.note}")
    return 0


def _report(label: str, score) -> None:
    print(f"{label}: {score.rows} rows; precision {score.linked_right}/{score.linked} = "
          f"{score.precision:.3f}; recall {score.must_link_found}/{score.must_link} = "
          f"{score.recall:.3f}; accuracy {score.right}/{score.rows} = {score.accuracy:.3f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
