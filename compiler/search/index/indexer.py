"""Write the Whoosh index of the search records, byte for byte the same for the same records.

What Whoosh would otherwise vary between runs, and what is done about it:

* Segment names carry a random id (``MAIN_<16 random chars>.seg``): the writer is given a
  codec whose segments all take the fixed id ``SEGMENT_ID``.
* Generations and merges: one writer, one commit into a new empty index, no merge, so there
  is always exactly one segment and the table of contents is generation 1 (``_MAIN_1.toc``).
  The records are analysed once and the segment written from their terms
  (``segment.index_records``), the export's data made from the same terms.
* Temporary names (the TOC is written under a name with ``time()`` in it and renamed), write
  locks and left-over files: the index is built in a ``RamStorage``; only the files it lists
  at the end are written out, in sorted order, into a fresh folder that then replaces the old.
* Pickles: the TOC pickles the schema and the segment; nothing in them iterates a set or
  holds a timestamp (tests/search/test_index.py builds under different hash seeds).

Nothing here depends on more than upstream Whoosh 2.7.4 offers: ``RamStorage``,
``W3Codec.new_segment`` and ``W3Segment(segid=...)``, ``writer(codec=...)``, ``commit(merge=...)``.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from whoosh.codec.whoosh3 import W3Codec, W3Segment
from whoosh.filedb.filestore import FileStorage
from whoosh.index import Index

from compiler.search.index.records import SearchRecord
from compiler.search.index.segment import index_records
from compiler.search.schema import INDEX_NAME

SEGMENT_ID = "faqcsearch000000"
"""The id of the one segment (16 characters, like Whoosh's random ids)."""


class FixedIdCodec(W3Codec):
    """Whoosh's default codec, except that new segments take a fixed id instead of a random one."""

    def new_segment(self, storage, indexname):
        """Return a new segment named ``<indexname>_<SEGMENT_ID>``."""
        return W3Segment(self, indexname, segid=SEGMENT_ID)


def build_index_files(records: list[SearchRecord]) -> dict[str, bytes]:
    """Return the files of the index of ``records`` by name (pure: built in memory)."""
    return index_records(records, FixedIdCodec()).files


def write_index(records: list[SearchRecord], folder: Path) -> int:
    """Write the index of ``records`` into ``folder`` (replaced whole); return its size in bytes."""
    files = build_index_files(records)
    replace_folder(folder, files)
    return sum(len(data) for data in files.values())


def replace_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Make ``folder`` hold exactly ``files`` (by relative POSIX name): written aside, swapped in."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    for name, data in sorted(files.items()):
        path = fresh / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    fresh.chmod(0o755)
    old = folder.with_name(f".{folder.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if folder.exists():
        os.replace(folder, old)
    os.replace(fresh, folder)
    shutil.rmtree(old, ignore_errors=True)


def open_index(folder: Path) -> Index:
    """Open the index in ``folder`` for reading."""
    return FileStorage(str(folder), readonly=True).open_index(INDEX_NAME)
