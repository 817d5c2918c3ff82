"""Export the Whoosh index for the browser: JavaScript files that register their data.

The data (``IndexData``) is the numbers Whoosh stores and scores on (stored fields, postings
and weights, the quantised field lengths and the field totals) and what a result shows, which
only the export holds (``schema.SHOWN_FIELDS``).  The builds make it with the index from the
same terms (``segment.index_records``), never by reading the index back; the tests hold it to
what the Whoosh reader reads back (``read_index``, given what the records show), so the browser
scores on exactly the numbers Whoosh scores on.  Each file is a script (``scripts.py``).  The
data of a segment is encoded once (``export_part``); the segments' parts are put together by
joining their encoded texts (``assemble``: only the first number of each part's run of a
posting list depends on where its documents are numbered), and the files written from that
(``Assembled.language_files`` and ``Assembled.remaining_files``). A whole index is one part.
Files, under ``search/`` of the site (``<lang>`` is ``en`` or ``ja``)::

    meta.js                 document count, fields (scorable, total length, documents with
                            the field, query boost),
                            per language: its documents, fields, counts of shards (terms, positions)
                            and text files
    <lang>/docs.js          per document: kind (a digit, index into meta's kinds); loaded only
                            for results no loaded posting gave the kind of (a query of exact
                            fields only: ``set:chk kind:card``)
    <lang>/terms-NN.js      postings {field: {term: [...]}}, shard NN = fnv1a(field:term) % n;
                            a scorable field's postings carry the document's quantised length
                            and kind
    <lang>/pos-NN.js        positions {field: {term: [...]}} of the text fields' terms, shard
                            NN = fnv1a(field:term) % m: loaded only for a phrase query
    <lang>/text-NN.js       per document of a run of ``per_file`` documents (meta, per
                            language: document d is in file (d - first) // per_file, so no
                            table is needed to find it): title, url, place, set, date, text (for
                            showing), and where a record has some, the spans of its text and
                            title set in italics or bold (``emphasis``, ``title_emphasis``:
                            start, end, style index, flat; 0 for none)
    lex-NN.js               {term: document frequency} of the text fields, shard NN =
                            fnv1a(first two characters) % k: what ``word*`` expands to
    names.js                {name: [frequency in titles, reach]} of title words, what typos
                            are corrected to (reach: the sets whose records hold it)

Each file is one statement, ``(function(s,n,d){...})(window.FAQC_SEARCH..., name, data)``,
that hands ``data`` to ``FAQC_SEARCH.register(name, data)`` (or queues it until the engine
is there): a page loads them with ``<script>`` elements, which work from ``file://`` where
``fetch`` does not.  The data is JSON with ``<``, ``>``, ``&``, U+2028 and U+2029 escaped, so no
text can close the script element or break the statement.

A posting list is flat: document-number deltas (from -1), each followed by the weight when the
weight is not 1, written as the negated delta then the weight (``[3, -2, 0.5]``: doc 2 weight
1, doc 4 weight 0.5); in a scorable field each posting ends with Whoosh's byte for the
document's field length plus 256 times the index of its kind (``[3, 7, -2, 0.5, 268]``: a
card of length byte 7, a ruling of byte 12), what BM25F needs of the document and what the
results show of it, so a text query needs no table of documents.  A term's positions follow its posting list of the language, posting by
posting: the first position of a document written as ``-(position + 1)``, the next ones as
differences (``[-1, 3, -5]``: positions 0 and 3 in the first document, 4 in the second).  Whoosh
stores the positions of each posting in the order the analyzer made them, which never goes
back (checked here): the browser checks a phrase on them as Whoosh's ``Phrase`` does.  The
first positions are marked because a weight is not always the number of positions (a ruling's
title words weigh 0.5 each).
Postings and positions are each split into shards only past ``SHARD_ABOVE`` bytes per
language, so that a query loads only the shards of its terms.
"""
from __future__ import annotations

import json
import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring
from pathlib import Path

from whoosh.reading import IndexReader
from whoosh.util.numeric import byte_to_length, length_to_byte

from compiler.search.index.indexer import open_index
from compiler.search.index.segment import IndexData
from compiler.search.query.forgiving import NAME, set_code
from compiler.search.query.scoring import field_doc_counts
from compiler.search.schema import KINDS, LANGUAGES, TEXT_FIELDS

SHARD_ABOVE = 256 << 10
"""Postings (or positions) of a language larger than this (bytes) are split into shards ..."""
SHARD_TARGET = 8 << 10
"""... of about this size (48 KiB loaded 288 KB for a first "bushido" on the seeds and CRs,
8 KiB with 4 KiB text files 121 KB; each query word loads one shard per field and language)."""
POSITION_TARGET = 16 << 10
"""Positions past ``SHARD_ABOVE`` are split into shards of about this size: only a phrase
loads them, a few files per word, so they are kept small (48 KiB: 166 KB more for the first
"budoka gardener" instead of 50 KB)."""
LEXICON_TARGET = 8 << 10
"""The lexicon (terms and document frequencies, for prefixes) in shards of about this size."""
TEXT_TARGET = 1 << 10
"""Snippet texts are written in files of a fixed number of documents, on average about this
size (a page of 20 results loads up to 20 files: 4 KiB files made 90 KB of the 407 KB a first
"bushido" loaded on the 20 MiB corpus)."""


def read_index(folder: Path, shown: Sequence[dict]) -> IndexData:
    """Return the stored fields, lengths and postings of the index in ``folder``, read through
    Whoosh (the builds make this data with the index, ``segment.index_records``: this is
    what the tests hold it to), each document's stored fields with ``shown[docnum]``: what a
    result shows besides, which the index does not hold (``SearchRecord.shown``, or
    ``shown.read_shown`` of an export)."""
    with open_index(folder).reader() as reader:
        count = reader.doc_count_all()
        schema = reader.schema
        indexed = sorted(name for name, field in schema.items() if field.format)
        stored = [reader.stored_fields(d) for d in range(count)]
        if len(shown) != count:
            raise ValueError(f"{len(shown)} documents shown for an index of {count}")
        stored = [dict(sorted((s | more).items())) for s, more in zip(stored, shown)]
        data = IndexData(count, stored,
                         {f: bool(schema[f].scorable) for f in indexed},
                         {f: reader.field_length(f) for f in indexed}, field_doc_counts(reader))
        for name in indexed:
            if data.scorable[name]:
                data.lengths[name] = [reader.doc_field_length(d, name) or 0 for d in range(count)]
        positional = {name for name in indexed if schema[name].format.supports("positions")}
        for name, btext in reader.all_terms():
            key = (name, _text(btext))
            data.postings[key], positions = _postings(reader, name, btext, name in positional)
            if name in positional:
                data.positions[key] = positions
    return data


def _text(btext: bytes | str) -> str:
    return btext.decode("utf-8") if isinstance(btext, bytes) else btext


def _postings(reader: IndexReader, name: str, btext: bytes,
              positional: bool) -> tuple[list[tuple[int, float]], list[list[int]]]:
    """Return the postings of a term and, when ``positional``, each posting's positions."""
    matcher = reader.postings(name, btext)
    items, positions = [], []
    while matcher.is_active():
        items.append((matcher.id(), matcher.weight()))
        if positional:
            positions.append(list(matcher.value_as("positions")))
        matcher.next()
    return items, positions


def fnv1a(text: str) -> int:
    """Return the 32-bit FNV-1a hash of the UTF-8 bytes of ``text`` (the shard key)."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def encode_postings(items: list[tuple[int, float]],
                    codes: list[int] | None = None) -> list[int | float]:
    """Return the flat delta/weight form of a posting list; with ``codes`` (a scorable field),
    each posting is followed by its document's length byte in the field."""
    out: list[int | float] = []
    previous = -1
    for number, (docnum, weight) in enumerate(items):
        delta = docnum - previous
        previous = docnum
        if weight == 1:
            out.append(delta)
        else:
            out += [-delta, int(weight) if float(weight).is_integer() else weight]
        if codes is not None:
            out.append(codes[number])
    return out


def length_byte(length: int) -> int:
    """Return Whoosh's byte for a quantised field length (``meta.lengths[byte]`` is the length)."""
    code = length_to_byte(length)
    if byte_to_length(code) != length:
        raise ValueError("field lengths must be Whoosh's quantised lengths")
    return code


def encode_positions(lists: list[list[int]],
                     encoded: dict[int, list[int]] | None = None) -> list[int]:
    """Return the flat form of the positions of a term's postings (see the module docstring).

    ``encoded`` (by the ``id`` of a list, for lists that stay alive while it is used) holds
    the form of each list already encoded: the index shares one list per distinct run."""
    out: list[int] = []
    encoded = {} if encoded is None else encoded
    for positions in lists:
        flat = encoded.get(id(positions))
        if flat is None:
            deltas = [b - a for a, b in zip(positions, positions[1:])]
            if not positions or (deltas and min(deltas) < 0):
                raise ValueError(f"positions must be given and in order: {positions}")
            flat = encoded[id(positions)] = [-positions[0] - 1, *deltas]
        out += flat
    return out


def shard_json(shard: dict[str, list[str]], value: Callable[[str, str], str]) -> str:
    """Return a shard ``{field: [term, ...]}`` (``split_terms``) as ``to_script`` writes
    ``{field: {term: value}}``, ``value(field, term)`` giving each term's value as compact
    JSON already: written once, not dumped again."""
    return "{" + ",".join(f"{_key(name)}:{{" + ",".join(f"{_key(text)}:{value(name, text)}"
                                                        for text in sorted(terms)) + "}"
                          for name, terms in sorted(shard.items())) + "}"


_key = encode_basestring
"""A term or field name as ``json.dumps(text, ensure_ascii=False)`` writes it (the function it
calls, without its checks: 250,000 terms at the 20 MiB benchmark corpus)."""


def language_docs(data: IndexData, lang: str) -> list[int]:
    """Return the document numbers of ``lang`` (contiguous, as records are sorted)."""
    docs = [d for d, language in enumerate(_column(data.stored, "lang")) if language == lang]
    if docs and docs != list(range(docs[0], docs[-1] + 1)):
        raise ValueError(f"documents of language {lang} are not numbered contiguously")
    return docs


def _column(stored: Sequence[dict], name: str) -> Sequence:
    """Return each document's ``lang`` or ``kind``, or its ``text_size`` (UTF-8 bytes of its
    ``text``): from the columns of a ``StoredRuns`` (``assemble``), or from the stored dicts."""
    if hasattr(stored, "column"):
        return stored.column(name)
    if name == "text_size":
        return [len(s.get("text", "").encode("utf-8")) for s in stored]
    return [s[name] for s in stored]


def _posting_codes(data: IndexData) -> dict[str, list[int]]:
    """Return, per scorable field, each document's length byte plus 256 times its kind's index
    (what a posting of the field carries)."""
    kinds = [256 * KINDS.index(stored["kind"]) for stored in data.stored]
    bytes_of = {n: length_byte(n) for values in data.lengths.values() for n in set(values)}
    return {name: [bytes_of[n] + k for n, k in zip(lengths, kinds)]
            for name, lengths in data.lengths.items()}


def _docnum(item: tuple[int, float]) -> int:
    return item[0]


def split_terms(keys: Iterable[tuple[int, str, str]], size: int, shard_above: int,
                 target: int) -> list[dict[str, list[str]]]:
    """Return the terms of ``keys`` (each ``fnv1a(field:term)``, field, term) split into shards
    by that hash, each ``{field: [term, ...]}``, as many as ``size`` (the terms' bytes:
    ``json_size``) needs."""
    count = 1 if size <= shard_above else math.ceil(size / target)
    shards: list[dict[str, list[str]]] = [{} for _ in range(count)]
    for code, name, text in keys:
        shards[code % count].setdefault(name, []).append(text)
    return shards


def json_size(term: str, flat: bytearray, numbers: int) -> int:
    """Return the bytes a term's flat list of ``numbers`` numbers (``flat``: compact JSON
    without brackets) takes in a shard, reckoned as ``json.dumps`` writes it by default
    (", " between numbers; the term's characters as escapes)."""
    return len(flat) + 2 + max(numbers - 1, 0) + len(term) * 3 + 8


def language_fields(data: IndexData, lang: str) -> list[str]:
    """Return the fields with postings among the documents of ``lang``."""
    docs = language_docs(data, lang)
    first, last = (docs[0], docs[-1]) if docs else (0, -1)
    return sorted({name for (name, _), items in data.postings.items()
                   if any(first <= d <= last for d, _ in items)})


def text_chunks(data: IndexData, lang: str) -> list[list[int]]:
    """Return the runs of document numbers of ``lang`` whose texts share a file."""
    docs = language_docs(data, lang)
    per_file = docs_per_text_file(data, docs)
    return [docs[n:n + per_file] for n in range(0, len(docs), per_file)]


def docs_per_text_file(data: IndexData, docs: list[int]) -> int:
    """Return how many documents a text file holds: about ``TEXT_TARGET`` bytes on average."""
    sizes = _column(data.stored, "text_size")
    size = sum(sizes[d] + 3 for d in docs)
    return max(1, round(TEXT_TARGET * len(docs) / size)) if size else max(1, len(docs))


def doc_table(data: IndexData, docs: list[int]) -> dict:
    """Return the kind of every document (for results no loaded posting gave it of)."""
    span = slice(docs[0], docs[-1] + 1) if docs else slice(0, 0)
    kinds = _column(data.stored, "kind")
    return {"first": span.start, "count": len(docs),
            "kind": "".join(str(KINDS.index(kinds[d])) for d in docs)}


def text_file(data: IndexData, chunk: list[int]) -> dict:
    """Return what showing a result needs, for a run of documents."""
    stored = [data.stored[d] for d in chunk]
    out: dict = {"first": chunk[0]}
    for name in ("title", "url", "text", "place"):
        out[name] = [s.get(name, "") for s in stored]
    for name in ("set", "date"):  # the line shown (all a record stores since its ``fields``
        # give ``_stored_set``, ``_stored_date``; an index of before held every line)
        out[name] = [s.get(name, "").split("\n")[0] for s in stored]
    for name in ("emphasis", "title_emphasis"):  # only in files where a record has some
        if any(s.get(name) for s in stored):
            out[name] = [s.get(name) or 0 for s in stored]
    return out


Fragment = tuple[int, int, int, bool, int, str, int, "str | None"]
"""A term's postings among the documents of one language of an ``ExportPart``, encoded:
how many postings, the first and last document (numbered within the part), whether the first
posting has a weight (is written ``-delta, weight``), how many numbers the flat list holds,
its JSON after the first number (no brackets; ``encode_postings``), then how many numbers its
positions hold and their JSON (no brackets; ``encode_positions``; None: a field without
positions).  Only the first number depends on where the part's documents are numbered."""


@dataclass(slots=True)
class ExportPart:
    """The export's data of a run of documents (one unit's segment, or a whole index), encoded
    once: ``assemble`` puts parts together by joining their texts, fixing only each posting
    list's first number, never encoding a posting again."""

    doc_count: int
    stored: list[dict]
    scorable: dict[str, bool]
    totals: dict[str, int]
    field_docs: dict[str, int]
    terms: dict[tuple[str, str, str], Fragment]
    """(language, field, term) -> its postings among the part's documents of that language."""
    holders: dict[str, list[str]]
    """Each text-field term that can be a name (``forgiving.NAME``): the sets of the part's
    documents that hold it (what ``title_names`` counts a name's reach in)."""


def export_part(data: IndexData) -> ExportPart:
    """Return the export's data of the documents of ``data``, encoded."""
    codes = _posting_codes(data)
    ranges = [(lang, docs[0], docs[-1]) for lang in LANGUAGES
              if (docs := language_docs(data, lang))]
    encoded_runs: dict[int, list[int]] = {}  # a run of positions shared by postings: once
    terms: dict[tuple[str, str, str], Fragment] = {}
    holders: dict[str, set[str]] = {}
    sets = [set_code(stored) for stored in data.stored]
    for key, items in sorted(data.postings.items()):
        name, text = key
        field_codes = codes.get(name)  # a scorable field: each posting's length byte
        lists = data.positions.get(key)
        for lang, first, last in ranges:
            start = bisect_left(items, first, key=_docnum)  # postings go by document number
            end = bisect_right(items, last, key=_docnum)
            if start == end:
                continue
            span = items[start:end]
            flat = encode_postings(span, [field_codes[d] for d, _ in span]
                                   if field_codes is not None else None)
            positions = None if lists is None else encode_positions(lists[start:end], encoded_runs)
            terms[(lang, name, text)] = (
                len(span), span[0][0], span[-1][0], flat[0] < 0, len(flat), _flat_json(flat[1:]),
                len(positions or ()), None if positions is None else _flat_json(positions))
        if name in TEXT_FIELDS and NAME.fullmatch(text):
            holders.setdefault(text, set()).update(sets[d] for d, _ in items)
    return ExportPart(data.doc_count, data.stored, data.scorable, data.totals, data.field_docs,
                      terms, {term: sorted(found) for term, found in sorted(holders.items())})


def _flat_json(numbers: list) -> str:
    """Return a flat list of numbers (ints and finite floats) as compact JSON, without its
    brackets. ``repr`` writes them as JSON does (``float.__repr__``); joined, it is 2-8x faster
    than ``json.dumps`` on the short lists most postings are, slower past about 150 numbers."""
    if len(numbers) < 128:
        return ",".join(map(repr, numbers))
    return json.dumps(numbers, separators=(",", ":"))[1:-1]


