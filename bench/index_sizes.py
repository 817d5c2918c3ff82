"""How big the search index is with more or fewer segments, against plain Whoosh on the same
records.

``make bench`` compares the site's Whoosh index with a plain per-record index of the same
records, the CRs' included (``bench/plain_whoosh.py --records``). This prints, for the same
sources and rules: the records; faqc's schema and writer with every record in one segment
(``search.segment.index_records``); plain Whoosh default writers (``title``, ``body`` as
``TEXT``, ``url`` stored) on every record and on the documents' records alone; then the
site's index as ``search_incremental`` cuts it into shards (``shards``), for each of
``--shard-weights`` (0: a segment per unit, as before shards).
Nothing is written but a scratch folder, removed at the end.

Usage: python bench/index_sizes.py SOURCES_DIR RULES_DIR [--shard-weights 0,2500,5000,10000]
       (e.g. bench/out/repo/content/sources bench/out/repo/content/rules after ``make bench``)
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.plain_whoosh import read_site, write_records  # noqa: E402
from compiler.search.index import shards as search_incremental  # noqa: E402
from compiler.search.index.indexer import FixedIdCodec  # noqa: E402
from compiler.search.index.records import build_records  # noqa: E402
from compiler.search.index.segment import index_records  # noqa: E402


def plain_size(records, folder: Path) -> int:
    """Index ``records`` with a plain Whoosh default writer in ``folder``; return its bytes."""
    folder.mkdir()
    write_records(records, folder)
    return sum(path.stat().st_size for path in folder.iterdir())


def sharded_size(inv, history, weight: int) -> tuple[int, int]:
    """Return the segments and bytes of the site's index cut with ``SHARD_WEIGHT = weight``."""
    search_incremental.SHARD_WEIGHT = weight
    crs = search_incremental.cr_units(history)
    order = search_incremental.index_order(inv, crs)
    cut = search_incremental.shards(order, {unit: search_incremental.unit_weight(inv, crs, unit)
                                            for unit in order})
    made = [search_incremental.shard_segment(inv, crs, shard) for shard in cut]
    return len(cut), sum(len(m.segment) for m in made if m is not None)


def main(argv: list[str]) -> int:
    settings = [search_incremental.SHARD_WEIGHT]
    if "--shard-weights" in argv:
        at = argv.index("--shard-weights")
        settings = [int(n) for n in argv[at + 1].split(",")]
        argv = argv[:at] + argv[at + 2:]
    sources, rules = Path(argv[0]), Path(argv[1])
    site = read_site(sources, rules)
    with tempfile.TemporaryDirectory() as scratch:
        every = build_records(site.inv, site.cr.history if site.cr else None)
        documents = build_records(site.inv, None)
        print(f"records: {len(every)} ({len(documents)} of the documents)")
        started = time.process_time()
        made = index_records(every, FixedIdCodec())
        size = sum(len(data) for data in made.files.values())
        print(f"faqc's schema, one segment, every record: {size / 1e6:.1f} MB "
              f"(CPU {time.process_time() - started:.1f}s)")
        for name, records in (("every record", every), ("the documents' records", documents)):
            print(f"plain Whoosh, {name}: "
                  f"{plain_size(records, Path(scratch) / name.split()[-2]) / 1e6:.1f} MB")
        history = site.cr.history if site.cr else None
        for weight in settings:
            started = time.process_time()
            count, size = sharded_size(site.inv, history, weight)
            print(f"the site's index, SHARD_WEIGHT = {weight}: {count} segments, "
                  f"{size / 1e6:.1f} MB (CPU {time.process_time() - started:.1f}s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
