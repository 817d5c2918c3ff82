"""Index records in one pass: the Whoosh segment and the browser export's data from the same terms.

Each field of each record is analysed once (``term_positions``, ``analyze_exact``).  From
those terms this module

* writes the Whoosh segment through Whoosh's own codec writers: the per-document writer
  (stored fields, field lengths) and the field writer (terms, postings), fed the postings in
  the order Whoosh's pool would sort them into.  This is what ``SegmentWriter.add_document``
  and ``commit`` do, less the analysis through the Whoosh token stream and the pool's sort
  (with more than 128 MB of postings, an external sort through pickled runs);
* makes the ``IndexData`` that ``export.export_files`` turns into the browser's files:
  the numbers Whoosh stores (quantised field lengths, field totals, weights as the field
  boosts make them, positions), taken from the terms, never read back from the index, and
  what a result shows (``SearchRecord.shown``: title, URL, text...), which only the export
  holds.

``tests/search/test_segment.py`` holds both to Whoosh: the segment's files are byte for byte
those ``add_document`` writes, and the data is what ``export.read_index`` reads back from it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import RamStorage
from whoosh.util.numeric import byte_to_length, length_to_byte

from compiler.search.analysis import analyze_exact, term_positions
from compiler.search.index.records import SearchRecord
from compiler.search.schema import INDEX_NAME, TEXT_FIELDS, build_schema


@dataclass(slots=True)
class IndexData:
    """What the browser needs, as read from the index."""

    doc_count: int
    stored: list[dict]
    """Each document's stored fields and what a result shows of it besides (``schema``'s
    ``STORED_FIELDS`` and ``SHOWN_FIELDS``); in an assembled export, ``export.StoredRuns`` (a
    sequence of the same dicts)."""
    scorable: dict[str, bool]
    totals: dict[str, int]
    field_docs: dict[str, int]
    lengths: dict[str, list[int]] = field(default_factory=dict)
    postings: dict[tuple[str, str], list[tuple[int, float]]] = field(default_factory=dict)
    positions: dict[tuple[str, str], list[list[int]]] = field(default_factory=dict)
    """For the terms of the fields that store positions: each posting's positions, in the
    order of ``postings[key]``."""


@dataclass(slots=True)
class IndexedRecords:
    """The Whoosh index of some records, and what the export needs of it."""

    files: dict[str, bytes]
    """The index's files by name (its table of contents and its one segment)."""
    data: IndexData
    field_lengths: dict[str, int]
    """The segment's total length of each scorable field (what its table-of-contents entry holds)."""


class _SortedPostings:
    """Stands in for the writer's posting pool: the postings, already in the pool's order."""

    def __init__(self, items):
        self.items = items

    def iter_postings(self):
        """Return the postings ``(field, term bytes, docnum, weight, value bytes)`` in order."""
        return self.items

    def cleanup(self) -> None:
        """Nothing to clean: nothing was written aside."""


class _KnownLengths:
    """Stands in for the per-document reader the field writer asks each posting's document's
    field length of (``FieldWriter.add_postings``): the quantised lengths, already known."""

    def __init__(self, lengths: dict[str, list[int]]):
        self.lengths = lengths

    def doc_field_length_reader(self, fieldname: str, default: int = 0):
        """Return the length of a document in ``fieldname`` by its number, as Whoosh's reader
        does: ``default`` for a field no document has a length in, else None for length 0."""
        values = self.lengths.get(fieldname)
        if not values or not any(values):  # Whoosh wrote no length column for the field
            return lambda docnum: default
        return lambda docnum: values[docnum] or None

    def close(self) -> None:
        """Nothing to close: nothing was opened."""


def index_records(records: list[SearchRecord], codec: W3Codec) -> IndexedRecords:
    """Return the one-segment index of ``records`` (in their order), written with ``codec``."""
    schema = build_schema()
    storage = RamStorage()
    writer = storage.create_index(schema, indexname=INDEX_NAME).writer(codec=codec)
    perdoc = writer.perdocwriter
    indexed = sorted(name for name, field in schema.items() if field.format)
    scorable = {name: bool(schema[name].scorable) for name in indexed}
    encode = {name: schema[name].format.encode for name in TEXT_FIELDS}
    boosts = {name: schema[name].format.field_boost for name in indexed}
    data = IndexData(len(records), [], scorable, {name: 0 for name in indexed},
                     {name: 0 for name in indexed if scorable[name]},
                     {name: [0] * len(records) for name in indexed if scorable[name]})
    postings: dict[tuple[str, str], list] = {}
    """(field, term) -> [(docnum, weight, positions or None)], docnums ascending."""
    runs: dict[tuple[int, ...], list[int]] = {}
    for docnum, record in enumerate(records):
        fields = record.fields()
        perdoc.start_doc(docnum)
        stored = {}
        for name in sorted(n for n in fields if not n.startswith("_")):
            value = fields[name]
            if value is None:
                continue
            field = schema[name]
            length = 0
            if field.format:
                boost = float(fields.get(f"_{name}_boost", 1.0))
                if name in encode:  # a text field: Positions, weight = positions x boosts
                    for term, positions in term_positions(value).items():
                        # one list per distinct run of positions (15,000 for 287,000 postings
                        # of a 1.6 MiB corpus), never changed once made
                        positions = runs.setdefault(tuple(positions), positions)
                        length += len(positions)
                        weight = float(len(positions)) * boosts[name] * boost
                        postings.setdefault((name, term), []).append((docnum, weight, positions))
                else:  # an exact field: Existence, weight = boosts
                    for term in analyze_exact(value):
                        postings.setdefault((name, term.text), []).append(
                            (docnum, boosts[name] * boost, None))
            if field.stored:  # a value of its own if given (``_stored_<name>``), as Whoosh's
                stored[name] = fields.get(f"_stored_{name}", value)
            perdoc.add_field(name, field, stored[name] if field.stored else None, length)
            if length and scorable[name]:
                data.totals[name] += length
                data.field_docs[name] += 1
                data.lengths[name][docnum] = byte_to_length(length_to_byte(length))
        perdoc.finish_doc()
        # the export's texts hold what a result shows besides (not stored in the index)
        data.stored.append(dict(sorted((stored | record.shown()).items())))
    keys = sorted(postings)
    writer.docnum = len(records)
    writer._added = bool(records)
    writer.pool = _SortedPostings(
        (name, term.encode("utf-8"), docnum, weight,
         encode[name](positions) if positions is not None else b"")
        for name, term in keys for docnum, weight, positions in postings[(name, term)])
    # the field writer's length of each posting's document (for its blocks' length bounds)
    # from the lengths made here, not read back from the segment's columns just written
    writer.per_document_reader = lambda: _KnownLengths(data.lengths)
    writer.commit(merge=False)
    pairs: dict[tuple[int, float], tuple[int, float]] = {}  # one tuple per distinct pair (a
    # record's postings mostly share theirs): a third of the memory, and a pickle to match
    for key in keys:
        items = postings.pop(key)  # each term's triples let go as its pairs are made
        data.postings[key] = [pairs.setdefault(pair, pair)
                              for pair in ((docnum, weight) for docnum, weight, _ in items)]
        if key[0] in encode:
            data.positions[key] = [positions for _, _, positions in items]
    field_lengths = {name: total for name, total in data.totals.items() if total}
    return IndexedRecords({name: stored_bytes(storage, name) for name in sorted(storage.list())},
                          data, field_lengths)


def stored_bytes(storage: RamStorage, name: str) -> bytes:
    """Return the bytes of the file ``name`` of an in-memory Whoosh storage."""
    handle = storage.open_file(name)
    try:
        return bytes(handle.read())
    finally:
        handle.close()
