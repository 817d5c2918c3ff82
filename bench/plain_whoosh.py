"""The named baseline: the same FAQ texts indexed by a plain Whoosh default writer.

By default, one Whoosh document per source file (its decoded text in a ``TEXT`` field with
Whoosh's default analyzer, stored, and its name in an ``ID`` field), ``index.writer()`` with
its defaults, one commit: what indexing the corpus with Whoosh out of the box costs. With
``--records``, one Whoosh document per search record of faqc (its title and body in two
``TEXT`` fields, its URL stored): the same records faqc's index holds, the rules' of
``RULES_DIR`` included when given (as ``faqc build --rules`` indexes them); the sources are
read and the records made before the clock starts.

Usage: python bench/plain_whoosh.py [--records] SOURCES_DIR INDEX_DIR [RULES_DIR]
       (prints wall seconds, MiB/s, CPU seconds of the indexing)
"""
from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

from whoosh.fields import ID, TEXT, Schema
from whoosh.index import create_in

from compiler.files.textio import read_source


def index_plain(sources: Path, folder: Path) -> tuple[int, float, float]:
    """Index every ``*.txt`` of ``sources`` into a new index in ``folder``; return bytes, wall
    seconds and CPU seconds."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    started, cpu = time.perf_counter(), time.process_time()
    index = create_in(str(folder), Schema(name=ID(stored=True), text=TEXT(stored=True)))
    writer = index.writer()
    size = 0
    for path in sorted(sources.glob("*.txt")):
        data = path.read_bytes()
        size += len(data)
        writer.add_document(name=path.name, text=read_source(data, str(path)).text)
    writer.commit()
    return size, time.perf_counter() - started, time.process_time() - cpu


def read_site(sources: Path, rules: Path | None = None):
    """Return the site ``faqc build`` resolves from every ``*.txt`` of ``sources`` (and the CRs
    of ``rules``, if given), read without a cache."""
    import tempfile

    from compiler.build import resolve_site
    from compiler.core.errors import Diagnostics
    from compiler.incremental.read import read_sources
    from compiler.runtime.progress import Progress

    with tempfile.TemporaryDirectory() as scratch:
        read = read_sources(sorted(sources.glob("*.txt")), Diagnostics(), None,
                            Path(scratch) / "site")
        return resolve_site(read, rules, Progress())[0]


def index_records(sources: Path, folder: Path,
                  rules: Path | None = None) -> tuple[int, float, float]:
    """Index faqc's search records of ``sources`` (and of the CRs in ``rules``, if given) into a
    new index; return bytes, wall seconds and CPU seconds."""
    from compiler.search.index.records import build_records

    site = read_site(sources, rules)
    records = build_records(site.inv, site.cr.history if site.cr else None)
    del site
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    started, cpu = time.perf_counter(), time.process_time()
    write_records(records, folder)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    size = sum(len((r.title + r.body).encode("utf-8")) for r in records)
    return size, seconds, cpu


def write_records(records, folder: Path) -> None:
    """Index search records (title and body as ``TEXT``, URL stored) with a plain Whoosh
    default writer, one commit, into the empty folder ``folder``."""
    index = create_in(str(folder), Schema(title=TEXT(stored=True), body=TEXT(stored=True),
                                          url=ID(stored=True)))
    writer = index.writer()
    for record in records:
        writer.add_document(title=record.title, body=record.body, url=record.url)
    writer.commit()


def main(argv: list[str]) -> int:
    records = argv[:1] == ["--records"]
    argv = argv[1:] if records else argv
    if records:
        size, seconds, cpu = index_records(Path(argv[0]), Path(argv[1]),
                                           Path(argv[2]) if len(argv) > 2 else None)
    else:
        size, seconds, cpu = index_plain(Path(argv[0]), Path(argv[1]))
    print(f"plain whoosh: {size / 2**20:.1f} MiB in {seconds:.1f}s ({size / 2**20 / seconds:.2f} "
          f"MiB/s), CPU {cpu:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
