"""Print the precision and recall of CR rule identity against the hand-checked truth table.

Usage: .venv/bin/python tools/cr_identity_precision.py [--show] [RULES_DIR] [TRUTH_TSV]

RULES_DIR defaults to ``../shared/cr`` (the published texts), TRUTH_TSV to
``tests/data/cr_identity_truth.tsv``. ``--show`` prints, for every row, the wording of both rules
(the table holds numbers only).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from compiler.cr import RuleIdentity, load_cr_library
from tools.measure.cr_evaluate import read_truth, score_identity

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    """Build the identity map of every CR and score it, overall and per pair of CRs."""
    show = "--show" in argv
    argv = [a for a in argv if a != "--show"]
    rules_dir = Path(argv[0]) if argv else ROOT.parent / "shared" / "cr"
    truth_path = Path(argv[1]) if len(argv) > 1 else ROOT / "tests" / "data" / "cr_identity_truth.tsv"
    start = time.perf_counter()
    library = load_cr_library(rules_dir, cache=ROOT / "build" / "cache")
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
    if show:
        for row in rows:
            print(f"{row.from_date} {row.from_number}: {_wording(library, row.from_date, row.from_number)}"
                  f"\n  -> {row.to_date} {'|'.join(row.expected)}: "
                  f"{_wording(library, row.to_date, row.expected[0])}")
    for row, got in score_identity(identity, rows).wrong:
        print(f"  wrong: {row.from_date} {row.from_number} -> {row.to_date}: got {got or '-'}, "
              f"expected {'|'.join(row.expected)}  {row.note}")
    return 0


def _report(label: str, score) -> None:
    print(f"{label}: {score.rows} rows; precision {score.linked_right}/{score.linked} = "
          f"{score.precision:.3f}; recall {score.must_link_found}/{score.must_link} = "
          f"{score.recall:.3f}; accuracy {score.right}/{score.rows} = {score.accuracy:.3f}")



def _wording(library, cr_date: str, number: str) -> str:
    """Return the first 90 characters of a rule's title and text in one CR."""
    entry = library.entry(cr_date, number)
    if entry is None:
        return "-"
    words = " ".join(p for p in (entry.title, getattr(entry, "text", None)) if p)
    return words[:90] + ("..." if len(words) > 90 else "")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
