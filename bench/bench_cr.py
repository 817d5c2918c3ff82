"""Time the CR pipeline on the embedded corpus: read, link, dump YAML, load YAML.

Usage: .venv/bin/python bench/bench_cr.py [RULES_DIR, default ../shared/cr]   (prints seconds and MB/s; asserts nothing)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from compiler.cr import RuleIdentity, load_cr_library, load_cr_yaml
from compiler.cr.read.files import dump_cr

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    """Run each stage once (after one warm-up read) and print its wall time."""
    rules_dir = Path(argv[0]) if argv else ROOT.parent / "shared" / "cr"
    size = sum(p.stat().st_size for p in rules_dir.glob("*.txt"))
    load_cr_library(rules_dir)
    t0 = time.perf_counter()
    library = load_cr_library(rules_dir)
    t1 = time.perf_counter()
    RuleIdentity.build(library)
    t2 = time.perf_counter()
    texts = [dump_cr(doc, doc.source.file) for doc in library.documents]
    t3 = time.perf_counter()
    for path in sorted(rules_dir.glob("cr-*.yaml")):
        load_cr_yaml(path)
    t4 = time.perf_counter()
    print(f"{len(library.documents)} CRs, {size / 1e6:.2f} MB of text, "
          f"{sum(len(d.rules) for d in library.documents)} rules")
    print(f"read (decode + parse): {t1 - t0:.2f}s ({size / 1e6 / (t1 - t0):.1f} MB/s)")
    print(f"identity links:        {t2 - t1:.2f}s")
    print(f"YAML dump + validate:  {t3 - t2:.2f}s ({sum(map(len, texts)) / 1e6:.1f} MB)")
    print(f"YAML load + validate:  {t4 - t3:.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
