"""Time the rebuilds of ``faqc serve --watch`` after an edit: resident (in one process, the
documents kept between builds, as the watcher builds) and cold (``faqc build``, a process).

    python bench/resident.py SOURCES SITE FILE [--rules DIR] [--cache DIR] [--runs N]

SITE must be a site built from SOURCES. Each run is one edit of FILE (a source in SOURCES:
its first `` the `` made `` that ``, then back, in turn), built cold (a new ``faqc build``
process) or resident (``build_site`` with the ``kept`` documents of the previous resident
build, as ``SiteWatcher`` calls it), in turn, after a first resident edit left untimed. Prints each
build's wall seconds and the medians; nothing is asserted. FILE is left as it was.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", type=Path)
    parser.add_argument("site", type=Path)
    parser.add_argument("file", type=Path)
    parser.add_argument("--rules", type=Path)
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    from compiler.build import build_site
    from compiler.core.errors import Diagnostics

    original = args.file.read_bytes()
    edited = original.replace(b" the ", b" that ", 1)
    rules = ["--rules", str(args.rules)] if args.rules else []
    cold_command = [str(ROOT / ".venv" / "bin" / "faqc"), "-q", "build", "--sources",
                    str(args.sources), "--out", str(args.site), "--cache", str(args.cache), *rules]
    kept: dict = {}
    texts = [edited, original]
    times: dict[str, list[float]] = {"cold": [], "resident": []}
    try:
        args.file.write_bytes(edited)  # a first edit, untimed: the watcher's documents kept
        build_site(args.sources, args.site, Diagnostics(), rules=args.rules, cache=args.cache,
                   kept=kept)
        for run in range(args.runs * 2):
            how = "cold" if run % 2 == 0 else "resident"
            args.file.write_bytes(texts[(run + 1) % 2])
            started = time.perf_counter()
            if how == "cold":
                subprocess.run(cold_command, check=True, stderr=subprocess.DEVNULL)
            else:
                result = build_site(args.sources, args.site, Diagnostics(), rules=args.rules,
                                    cache=args.cache, kept=kept)
                assert result.mode == "incremental", result.mode
            times[how].append(time.perf_counter() - started)
            print(f"{how}: {times[how][-1]:.2f}s", flush=True)
    finally:
        args.file.write_bytes(original)
    cold, resident = (statistics.median(times[k]) for k in ("cold", "resident"))
    print(f"median: cold {cold:.2f}s, resident {resident:.2f}s, resident/cold {resident / cold:.2f}")


if __name__ == "__main__":
    main()
