"""The index phase of an incremental build: one Whoosh segment per shard, the export redone.

The search package (``compiler.search``) builds its index as one segment written in one go.
Here the same records (``build_records``), schema (``build_schema``), writer
(``search.segment.index_records``) and export (``export_files``) are used, but the index is
kept as one segment per *shard*, and a build re-indexes only the shards whose records changed:

* The records come in *units*: a document, or a run of ``CR_UNIT_RECORDS`` of the CRs'
  records (``cr_units``: ``cr/000``, ``cr/001``, ...). Each unit has a signature, kept in the
  build state, that changes when its records would.
* The units, in the order their records are numbered (``index_order``: language, then
  document id; the CRs' units where records of ``CR_UNIT`` sort), are cut into *shards*
  (``shards``): runs of up to ``SHARD_WEIGHT`` records, cut where the units' ids and weights
  say (content-defined, as rsync's or a backup tool's chunking), so adding or removing a
  document changes the shard it falls in and mostly one or two after it (a few more at
  times), never one before it; the others keep their units, name
  (``shard_key``) and files. Fewer segments make a smaller index than one per document (each
  segment holds its own copy of every term it has).
* A shard's segment is named by its units (``MAIN_<sha1 of shard_key>.seg``, one compound
  file) and written in memory on its own, so its bytes depend on its records alone. A shard
  is indexed again when one of its units' signatures changed or a file of it is missing:
  a shard whose units changed has another name, so its old files are gone once the build
  keeps only the current shards' files.
* The table of contents (``_MAIN_1.toc``) lists the segments in shard order, so Whoosh
  numbers every record exactly as the search package's one-segment index does, each
  language contiguously; it is always generation 1, with no deletions. No merge ever runs,
  so an incremental build and a clean build of the same records give the same files, byte
  for byte.
* A document's records change when its text changes, when the names or pages of the cards
  it has entries for change (a Japanese FAQ gives an English card its Japanese name; another
  card of the same slug gives both other pages, ``paths.unique_card_slugs``), or when which
  entry makes a card's one record in a language, and what that record gathers from the card's
  other entries, changes (``records.card_record_source``): ``record_signature`` hashes
  exactly that.
* The export is made of each shard's *part* (``search.export.ExportPart``: stored fields,
  and each term's postings and positions already encoded as the browser reads them), made
  from the same analysis as its segment (``search.segment.index_records``), never read back
  from it. Parts are kept as JSON, gzipped (``state.packed``), in ``.faqc/search/`` for the
  next build. The export is in segments (``segments.py``, ``segmented.py``): the parts no
  live segment holds are put together as a new one (``search.export.Assembled``: a term's
  encoded postings joined, only the first number of each part's run changed) as the workers
  hand them over, in order; the parts gone are deleted in the manifest; segments due to merge
  are written from the parts on disk; a segment kept is never read. Only the export files
  whose bytes changed are rewritten (``ExportWriter``). The table of contents is written anew
  from the parts' facts each time: the old one (a pickle) is never read back.
  The index phase's time therefore holds the new segment's export but its last language's;
  the export phase, that language's, the merges and the files of all (lexicon, names,
  manifest).
"""
from __future__ import annotations

import hashlib
import sys
from collections import defaultdict
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path

from whoosh.codec.whoosh3 import W3Codec, W3Segment
from whoosh.filedb.filestore import RamStorage
from whoosh.index import TOC

from compiler.core.cards import physical_cards
from compiler.core.model import CardEntry, Document, iter_document_blocks
from compiler.cr.derive.history import RuleHistory
from compiler.incremental.state import packed, write_file
from compiler.runtime.parallel import map_chunks
from compiler.runtime.progress import Progress
from compiler.search.index.export import ExportPart, export_part
from compiler.search.index.parts import PARTS_DIR, ExportWriter, part_file, part_json, segment_id
from compiler.search.index.records import (CR_UNIT, SearchRecord, build_records,
                                           card_record_source, cr_records)
from compiler.search.index.segment import index_records, stored_bytes
from compiler.search.index.segmented import SegmentPlan
from compiler.search.index.segments import SEGMENTS_FILE, SegmentState, part_id, read_state
from compiler.search.index.whole import EXPORT_DIR, INDEX_DIR
from compiler.search.schema import INDEX_NAME, build_schema
from compiler.xref.inventory import Inventory

TOC_NAME = f"_{INDEX_NAME}_1.toc"
SEARCH_FOLDERS = (INDEX_DIR, EXPORT_DIR, PARTS_DIR)
"""The folders of the site that ``update_search`` writes, and nothing else does."""


class DocumentCodec(W3Codec):
    """Whoosh's default codec, writing a segment with a given id (read back as a plain W3Codec)."""

    def __init__(self, segid: str):
        super().__init__()
        self.segid = segid

    def new_segment(self, storage, indexname):
        """Return the new segment ``<indexname>_<segid>``."""
        return W3Segment(W3Codec(), indexname, segid=self.segid)


@dataclass(slots=True)
class SearchUpdate:
    """What the index phase did."""

    signatures: dict[str, str] = field(default_factory=dict)
    """Record signature of each unit (a document, or a run of the CRs' records: ``cr_units``),
    for the next build."""
    indexed: list[str] = field(default_factory=list)
    """Units whose records were indexed (every unit of each shard written)."""
    removed: list[str] = field(default_factory=list)
    """Units of the previous build that are no more."""
    shards: int = 0
    """Shards the index is cut into (``shards``): a segment each, but those without records."""
    shards_indexed: int = 0
    """Shards whose records were indexed (a shard without records has no files, so it is
    indexed at every build)."""
    index_bytes: int = 0
    export_bytes: int = 0
    export_written: int = 0
    """Export files written (new or changed)."""
    files: dict[str, tuple[str, tuple]] = field(default_factory=dict)
    """Each export file written, by its path in the site: the SHA-256 of its bytes and its
    ``stat_key`` once written (what ``state.keyed_site_files`` then need not read it again for)."""
    linked: dict[str, tuple[str, tuple]] = field(default_factory=dict)
    """Those of ``files`` that are links to the previous site's file, the same bytes
    (``state.place_file``)."""

    def indexed_documents(self) -> list[str]:
        """Return the documents some of whose records were indexed (the CRs as ``CR_UNIT``)."""
        return list(dict.fromkeys(map(unit_document, self.indexed)))

    def removed_documents(self) -> list[str]:
        """Return the documents whose records are all gone from the index."""
        kept = set(map(unit_document, self.signatures))
        return sorted(set(map(unit_document, self.removed)) - kept)


def segment_file(key: str) -> str:
    """Return the name of a shard's (compound) segment file."""
    return f"{INDEX_NAME}_{segment_id(key)}.seg"


def record_signature(inv: Inventory, doc: Document, content: str) -> str:
    """Return the hash of what a document's records are made from (see the module docstring)."""
    cards = []
    for block in iter_document_blocks(doc):
        for entry in physical_cards(block) if isinstance(block, CardEntry) else ():
            card = inv.card_for(entry.name)
            cards.append((entry.name,
                          card and (card.name, card.slug, card.face_names, card.names_ja),
                          card_record_source(inv, doc, entry)))
    return hashlib.sha256(repr((content, cards)).encode("utf-8")).hexdigest()[:32]


@dataclass(slots=True)
class IndexedShard:
    """A shard's segment file, its part of the export's data (``part``, as ``part_json``
    writes it, ``packed``) and the same as objects (``data``, ``field_lengths``: never parsed
    back)."""

    segment: bytes
    part: bytes
    data: ExportPart
    field_lengths: dict[str, int]


def shard_segment(inv: Inventory, crs: dict[str, list[SearchRecord]],
                  shard: list[str]) -> IndexedShard | None:
    """Return the segment of a shard's records, its units' in order (None: it has no records)."""
    records: list[SearchRecord] = []
    for unit in shard:
        records += crs[unit] if unit in crs else \
            build_records(replace(inv, documents={unit: inv.documents[unit]}))
    return records_segment(shard_key(shard), records)


def records_segment(key: str, records: list[SearchRecord]) -> IndexedShard | None:
    """Return the segment of the records of the shard ``key`` (``shard_key``; None: no records):
    the records analysed once, the segment and the part both made from their terms."""
    if not records:
        return None
    made = index_records(records, DocumentCodec(segment_id(key)))
    segment, lengths = made.files[segment_file(key)], made.field_lengths
    part = export_part(made.data)
    del made  # the index data let go before the part's JSON is made
    return IndexedShard(segment, packed(part_json(part, lengths)), part, lengths)


def document_segment_entry(key: str, doc_count: int, field_lengths: dict[str, int]) -> W3Segment:
    """Return the table-of-contents entry of a shard's segment, made from its part's facts
    (so an old table of contents, a pickle, is never read back)."""
    segment = W3Segment(W3Codec(), INDEX_NAME, doccount=doc_count, segid=segment_id(key))
    segment.compound = True
    # What the writer's segment holds. The names are interned: pickle writes a string it has
    # seen before (the same object) as a reference, so the table of contents' bytes would
    # otherwise depend on whether a part was made in this build or loaded from its JSON.
    segment._fieldlengths = defaultdict(int, {sys.intern(name): length
                                              for name, length in field_lengths.items()})
    return segment


def toc_bytes(segments: list[W3Segment]) -> bytes:
    """Return the table of contents listing ``segments`` in order, generation 1."""
    storage = RamStorage()
    TOC(build_schema(), segments, 1).write(storage, INDEX_NAME)
    return stored_bytes(storage, TOC_NAME)


CR_UNIT_RECORDS = 2000
"""The CRs' records are indexed in units of this many, so that the workers share them: one
unit of the 15,677 records of the 123 editions of ../shared/cr took 10 s on one core, of the
5,698 of the seeds' six 2.8 s."""


def cr_units(history: RuleHistory | None) -> dict[str, list[SearchRecord]]:
    """Return the records of the CRs (``cr_records``) in units of ``CR_UNIT_RECORDS``, in
    order, named ``cr/000``, ``cr/001``, ... (none without CRs)."""
    records = cr_records(history) if history else []
    return {f"{CR_UNIT}/{n // CR_UNIT_RECORDS:03d}": records[n:n + CR_UNIT_RECORDS]
            for n in range(0, len(records), CR_UNIT_RECORDS)}


def unit_document(unit: str) -> str:
    """Return the document a unit holds records of: itself, or ``CR_UNIT`` for a unit of the CRs."""
    return CR_UNIT if unit.startswith(f"{CR_UNIT}/") else unit


SHARD_WEIGHT = 5_000
"""The most records a shard holds (``unit_weight``; but for its last unit's; see ``shards``).
Fewer, larger shards make a smaller index (each segment holds its own copy of every term it
has), but an incremental build indexes a changed document's shard again whole, and a
worker's memory and the main process's (a shard's part comes whole) grow with a shard's
records. On the 20 MiB benchmark corpus with six CRs (2026-11-29; full builds, peak of the
main process / the largest worker): one segment per document, 167 segments, 163.5 MB, 372 MiB
(main); these cuts, 23 segments, 119.1 MB, 356 / 336 MiB; shards of up to 10,000 records
(cut by weight or by id every 16 units), 12 segments, 111.8 MB, 427 / 485 MiB."""
SHARD_ANCHOR = 16
"""A unit whose ``boundary_hash`` is a multiple of this ends its shard once it holds a quarter of
``SHARD_WEIGHT``: cuts that mostly do not move when units are added or removed before them."""


def boundary_hash(unit: str) -> int:
    """Return the number a unit's id hashes to (its SHA-1's first 32 bits)."""
    return int.from_bytes(hashlib.sha1(unit.encode("utf-8")).digest()[:4], "big")


def unit_weight(inv: Inventory, crs: dict[str, list[SearchRecord]], unit: str) -> int:
    """Return about how many records a unit has: its blocks (a document's card entries,
    rulings, topics and sections: 0.87-0.98 records each) or its records (the CRs')."""
    if unit in crs:
        return len(crs[unit])
    return sum(1 for _ in iter_document_blocks(inv.documents[unit]))


def shards(order: list[str], weights: dict[str, int] | None = None) -> list[list[str]]:
    """Return the units of ``order`` (``index_order``) cut into shards: runs of units in order,
    each indexed as one segment with one part of the export.

    Cuts are made by content (as rsync, backup tools and FastCDC cut files), so that a unit
    added, removed or changed moves few of them: a run of units ends after a unit

    * whose ``boundary_hash`` is a multiple of ``SHARD_ANCHOR``, once the run weighs a
      quarter of ``SHARD_WEIGHT`` (an anchor: wherever the runs before it were cut, the next
      run mostly starts after it);
    * whose hash is even, once the run weighs 70% of ``SHARD_WEIGHT``;
    * or any, once it weighs ``SHARD_WEIGHT`` (which bounds a worker's memory).

    Weights are ``weights`` (``unit_weight``; a unit not in them weighs 0). Cuts are made from
    the first unit on, so a change moves none before it; after it, the cuts fall where they
    fell before from the first unit that both cuttings end a run at (mostly the next cut or
    the one after it; an anchor's run mostly weighs its quarter either way)."""
    weights = weights or {}
    cut: list[list[str]] = []
    run: list[str] = []
    weight = 0
    for unit in order:
        run.append(unit)
        weight += weights.get(unit, 0)
        number = boundary_hash(unit)
        if number % SHARD_ANCHOR == 0 and weight >= SHARD_WEIGHT // 4 \
                or number % 2 == 0 and weight >= SHARD_WEIGHT * 7 // 10 or weight >= SHARD_WEIGHT:
            cut.append(run)
            run, weight = [], 0
    return cut + [run] if run else cut


def shard_key(shard: list[str]) -> str:
    """Return the name a shard's files are made from (``segment_file``, ``part_file``): its
    units' ids, one per line (a shard of one unit is named by that unit's id)."""
    return "\n".join(shard)


def cr_signature(records: list[SearchRecord]) -> str:
    """Return the hash of a CR unit's records (cheap to make, so hashed as they are)."""
    return hashlib.sha256(repr(records).encode("utf-8")).hexdigest()[:32]


def index_order(inv: Inventory, crs: dict[str, list[SearchRecord]] | None = None) -> list[str]:
    """Return the units (documents and runs of the CRs' records) in the order their records
    are numbered: language, then id, as ``SearchRecord.sort_key`` orders records (the CRs'
    units in their order, where ``CR_UNIT`` sorts among the document ids)."""
    units = [(d.meta.language, d.id, 0, d.id) for d in inv.documents.values()]
    units += [("en", CR_UNIT, n, unit) for n, unit in enumerate(crs or {})]
    return [unit for *_, unit in sorted(units)]


def update_search(inv: Inventory, root: Path, content: dict[str, str],
                  previous: dict[str, str], *, history: RuleHistory | None = None,
                  jobs: int | None = None, progress: Progress | None = None,
                  carried: dict[str, tuple[str, tuple]] | None = None,
                  reuse: Path | None = None) -> SearchUpdate:
    """Bring the index and export under ``root`` up to date with ``inv`` and the CRs of
    ``history``; ``previous`` holds the record signatures of the index found under ``root``
    (empty for a clean build); ``carried``, if given, holds every file carried into the
    export's folder under ``root`` (its path in the site: SHA-256 and ``stat_key`` or ``()``,
    as ``carry_over`` gives them), the folder holding no other, so its files are compared
    without reading them (files of other folders in it are not looked at).
    An export file whose bytes are those of its file in the site ``reuse`` (the published
    one, in a clean build) is linked to it (``ExportWriter``)."""
    progress = progress or Progress()
    present = None if carried is None else {
        name[len(EXPORT_DIR) + 1:]: (sha, key[1] if key else -1)
        for name, (sha, key) in carried.items() if name.startswith(f"{EXPORT_DIR}/")}
    crs = cr_units(history)
    order = index_order(inv, crs)
    update = SearchUpdate({
        unit: cr_signature(crs[unit]) if unit in crs else
        record_signature(inv, inv.documents[unit], content[unit]) for unit in order})
    index_dir, parts_dir = root / INDEX_DIR, root / PARTS_DIR
    unit_weights = {unit: unit_weight(inv, crs, unit) for unit in order}
    cut = shards(order, unit_weights)
    stale = [shard for shard in cut
             if any(previous.get(unit) != update.signatures[unit] for unit in shard)
             or not (index_dir / segment_file(shard_key(shard))).is_file()
             or not (parts_dir / part_file(shard_key(shard))).is_file()]
    update.removed = sorted(set(previous) - set(update.signatures))
    update.indexed = [unit for shard in stale for unit in shard]
    update.shards, update.shards_indexed = len(cut), len(stale)
    export = ExportWriter(root / EXPORT_DIR, present, written := {},  # each file as made
                          None if reuse is None else reuse / EXPORT_DIR)
    keys = [shard_key(shard) for shard in cut]
    plan = SegmentPlan(keys, [part_id(key, [update.signatures[unit] for unit in shard])
                              for key, shard in zip(keys, cut)],
                       [sum(unit_weights[unit] for unit in shard) for shard in cut],
                       read_state(parts_dir / SEGMENTS_FILE) if previous else SegmentState(),
                       root / EXPORT_DIR, present, parts_dir)
    with progress.phase("index", len(stale), "shard") as advance:
        # the stale shards' parts come from the workers in order, the others a new segment
        # holds are read from disk: each is assembled as it comes, and let go; a language's
        # files are written as soon as its last part is in, and its postings let go
        index = _index_chunk(inv, crs, root)
        # a shard takes seconds: two of them are worth the workers (an added document
        # mostly makes two or three stale, its own and those its card names change)
        made = map_chunks(index, stale, jobs=jobs, advance=advance, chunk=1, min_items=2)
        with closing(made):  # the workers stopped once the last part is in, not kept idle
            plan.walk(cut, {shard_key(shard) for shard in stale}, made, index, export, update)
    with progress.phase("export"):  # the other segments written, lexicon, names, manifest
        plan.finish(export, update)
        update.export_written, update.export_bytes = export.close()
        update.files = {f"{EXPORT_DIR}/{name}": made for name, made in written.items()}
        update.linked = {f"{EXPORT_DIR}/{name}": made for name, made in export.linked.items()}
    write_file(index_dir / TOC_NAME, toc_bytes([document_segment_entry(key, count, lengths)
                                                for key, count, lengths in plan.toc()]))
    _keep_only(index_dir, {TOC_NAME} | {segment_file(key) for key, _, _ in plan.toc()})
    write_file(parts_dir / SEGMENTS_FILE, plan.state_bytes())
    _keep_only(parts_dir, {SEGMENTS_FILE} | {part_file(key) for key, _, _ in plan.toc()})
    update.index_bytes = sum(p.stat().st_size for p in index_dir.iterdir() if p.is_file())
    return update


def _keep(indexed: IndexedShard | None, index_dir: Path, parts_dir: Path,
          key: str) -> tuple[ExportPart, dict[str, int]] | None:
    """Write a shard's segment and part just made; return its data (None: it has no records).
    Called where the shard was made (mostly a worker), so only its data goes to the main
    process."""
    if indexed is None:
        return None
    write_file(index_dir / segment_file(key), indexed.segment)
    write_file(parts_dir / part_file(key), indexed.part)
    return indexed.data, indexed.field_lengths


def _keep_only(folder: Path, names: set[str]) -> None:
    """Remove the files of ``folder`` not in ``names`` (another index's, a removed document's)."""
    for path in folder.iterdir() if folder.is_dir() else ():
        if path.name not in names:
            path.unlink()


def _index_chunk(inv: Inventory, crs: dict[str, list[SearchRecord]],
                 root: Path) -> Callable[[list[list[str]]], list]:
    """Return what indexes shards: each shard's segment and part written under ``root``, its
    export data and field lengths returned."""
    index_dir, parts_dir = root / INDEX_DIR, root / PARTS_DIR

    def index(cut: list[list[str]]) -> list:
        return [(shard, _keep(shard_segment(inv, crs, shard), index_dir, parts_dir,
                              shard_key(shard))) for shard in cut]
    return index


