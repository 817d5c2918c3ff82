"""Time one phase of a full build alone: the index (records, segments, export: ``update_search``)
or the pages (planning and writing every page: ``write_pages``).

    python bench/phase.py SOURCES [--phase index|pages] [--rules DIR] [--cache DIR]
                                [--jobs N] [--runs N] [--profile FILE]

Reads and resolves the sources once (not timed), then runs the phase into a fresh temporary
folder ``--runs`` times, printing each run's wall and CPU seconds
(this process and its reaped workers) and the sizes written.  To compare two versions of the
compiler, run this script under each (``PYTHONPATH=/path/to/other/tree``) on the same machine,
alternately, and take the ratio of the medians.  ``--profile`` writes a cProfile of the last
run (use ``--jobs 1`` so every call is in this process).
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", type=Path)
    parser.add_argument("--phase", choices=("index", "pages"), default="index")
    parser.add_argument("--rules", type=Path)
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--profile", type=Path)
    args = parser.parse_args()

    from compiler.build import collector_paused, resolve_site
    from compiler.core.errors import Diagnostics
    from compiler.files.sources import discover_sources
    from compiler.incremental.read import read_sources
    from compiler.runtime.progress import Progress
    from compiler.search.index.shards import update_search
    from compiler.site.write import site_environment, write_pages

    work = Path(tempfile.mkdtemp(prefix="faqc-index-bench-"))
    try:
        diags = Diagnostics()
        read = read_sources(discover_sources(args.sources, diags), diags, None, work / "site",
                            jobs=args.jobs)
        site, deps = resolve_site(read, args.rules, Progress(), args.cache)
        gc.freeze()  # as a build does (compiler/build.py)
        history = site.cr.history if site.cr else None
        walls, cpus = [], []
        for run in range(args.runs):
            out = work / f"run{run}"
            out.mkdir()
            profile = cProfile.Profile() if args.profile and run == args.runs - 1 else None
            wall, cpu = time.perf_counter(), _cpu()
            if profile:
                profile.enable()
            if args.phase == "index":
                with collector_paused():  # as a build does
                    update = update_search(site.inv, out, read.content, {}, history=history,
                                           jobs=args.jobs)
                what = (f"{update.shards_indexed} shards ({len(update.indexed)} units), "
                        f"index {update.index_bytes:,} B, "
                        f"export {update.export_bytes:,} B")
            else:
                written = write_pages(site, out, site_environment(None), deps, {}, jobs=args.jobs)
                what = f"{sum(written.written.values()):,} pages"
            if profile:
                profile.disable()
                profile.dump_stats(args.profile)
            walls.append(time.perf_counter() - wall)
            cpus.append(_cpu() - cpu)
            print(f"run {run + 1}: wall {walls[-1]:.2f} s, cpu {cpus[-1]:.2f} s; {what}",
                  flush=True)
            shutil.rmtree(out)
        print(f"{args.phase} phase ({args.sources}, jobs={args.jobs or os.cpu_count()}): wall median "
              f"{statistics.median(walls):.2f} s min {min(walls):.2f} s; cpu median "
              f"{statistics.median(cpus):.2f} s min {min(cpus):.2f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
