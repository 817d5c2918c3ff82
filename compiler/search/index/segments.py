"""The browser export as segments, as Lucene keeps an index: a change writes a small one.

Each *segment* is a self-contained export (``assemble.Assembled``) of the parts of some
shards (``shards.py``), its files under a folder of its own, ``search/data/<name>/``: its own
document numbers (its parts' documents, numbered on in the order of the index), postings,
positions, texts and tables of kinds. The root ``meta.js`` is the *manifest*: the live
segments, and of each the runs of its documents that are live (``parts``: first document in
the segment, count, and its number in the whole index, where a one-segment export of the
same records numbers it) and those deleted (``deleted``); and the statistics BM25F scores on,
summed over the live parts as a one-segment export has them (documents, field totals,
documents with each field). The lexicon (``lex-NN.js``) and the names (``names.js``) are the
whole index's, kept up to date by counting each part in and out (``Vocabulary``).

A part is named by its shard and the signatures of its units (``part_id``): a shard whose
records changed is a new part. A build

* writes the parts no live segment holds (the shards indexed again, mostly) as one new
  segment, and marks the parts gone as deleted in the segments holding them, whose files it
  does not touch;
* then merges (``plan_segments``): segments of similar size, by tiers of ``MERGE_UNIT``
  documents doubling (``tier``), as Lucene's tiered merge policy, so that no two segments
  share a tier once a build is done: at most about log2(documents / ``MERGE_UNIT``) + 1 of
  them; a segment more than half deleted is written again with its live parts alone. A merge
  is done in the build whose change makes it due, from the parts kept in ``.faqc/search/``.

The browser (``search-rank.js``) and ``faqc search`` (``shown.py``) read the manifest and
each live segment, and number documents as the whole index does, so results, ranking and
snippets are a one-segment export's. Which segments the same records are cut into depends on
the builds before (a clean build writes one): the same inputs and history give the same
bytes; a clean build of the same inputs the same results.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from compiler.incremental.state import packed, unpacked
from compiler.search.index.assemble import (TARGETS, is_name, lexicon_shards, meta_table,
                                            names_table)
from compiler.search.index.export import SHARD_ABOVE, ExportPart
from compiler.search.index.segment import IndexData
from compiler.search.schema import LANGUAGES, TEXT_FIELDS
from compiler.search.scripts import to_script

SEGMENTS_FILE = "segments.json.gz"
"""The segments, their parts' facts and the vocabulary, in ``PARTS_DIR`` between builds."""
SEGMENTS_VERSION = 1
MERGE_UNIT = 1000
"""Documents of the smallest tier (``tier``): an edit's segment (one shard, up to 5,000
records) is of tier 2 at most."""
SMALL_SEGMENT = 16_000
"""A segment of fewer documents than this (as planned) is *small*: its postings and positions
are cut into shards of ``SMALL_TARGETS`` bytes, however few (a query loads a shard of each
term in every segment: of 8 KiB, two small segments made the first "end of turn" at 20 MiB
load 696 KB instead of 599 KB)."""
SMALL_TARGETS = (2 << 10, 4 << 10)
MERGE_AT = 2
"""Segments of one tier that make a merge due (Lucene's segments per tier): 2 keeps them to one
a tier."""


def part_id(key: str, signatures: Iterable[str]) -> str:
    """Return the name of a shard's part as its units' records are now (``shard_key``, their
    record signatures): another part once any of them changes."""
    text = key + "\0" + "\n".join(signatures)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def layout(size: int) -> tuple[int, tuple[int, int]]:
    """Return how a segment of about ``size`` documents cuts its postings and positions into
    shards: above how many bytes, and to what sizes (``Assembled``)."""
    return (0, SMALL_TARGETS) if size < SMALL_SEGMENT else (SHARD_ABOVE, TARGETS)


def segment_name(pids: list[str], size: int) -> str:
    """Return the folder of the segment of the parts ``pids``, in order, of about ``size``
    documents (its ``layout`` is named too)."""
    text = "\n".join(pids) + f"\n{layout(size)}"
    return "s" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


@dataclass(slots=True)
class PartFacts:
    """What the manifest and the Whoosh table of contents need of a part, kept so that a
    part in a segment not written again is never read."""

    key: str
    doc_count: int
    langs: dict[str, int]
    totals: dict[str, int]
    field_docs: dict[str, int]
    field_lengths: dict[str, int]
    scorable: dict[str, bool]


def part_facts(key: str, part: ExportPart, field_lengths: dict[str, int]) -> PartFacts:
    """Return the facts of a shard's part."""
    langs = Counter(stored["lang"] for stored in part.stored)
    return PartFacts(key, part.doc_count, dict(sorted(langs.items())), dict(part.totals),
                     dict(part.field_docs), dict(field_lengths), dict(part.scorable))


@dataclass(slots=True)
class Segment:
    """A segment written: its parts in order (live or deleted), its files (path in the
    export: SHA-256, size) and its languages as its files have them (``Assembled.languages``)."""

    name: str
    pids: list[str]
    files: dict[str, list] = field(default_factory=dict)
    languages: dict[str, dict] = field(default_factory=dict)


class Vocabulary:
    """The lexicon and names of the live parts, counted in and out part by part: each text
    field term's postings, each name's postings in titles, and of each name the sets of its
    holders, with the number of parts each set holds it in."""

    def __init__(self, lexicon: dict | None = None, names: dict | None = None,
                 holders: dict | None = None, pids: Iterable[str] = ()) -> None:
        self.lexicon = Counter(lexicon or {})
        self.names = Counter(names or {})
        self.holders = {term: Counter(codes) for term, codes in (holders or {}).items()}
        self.pids = set(pids)

    def count(self, pid: str, part: ExportPart, sign: int = 1) -> None:
        """Count ``part`` in (``sign`` 1) or out (-1)."""
        if (pid in self.pids) == (sign > 0):
            raise ValueError(f"part {pid} counted {'in' if sign > 0 else 'out'} twice")
        self.pids.symmetric_difference_update({pid})
        lexicon, names = self.lexicon, self.names
        for (_, name, term), fragment in part.terms.items():
            if name in TEXT_FIELDS:
                lexicon[term] += sign * fragment[0]
            if is_name(name, term):
                names[term] += sign * fragment[0]
        for term, codes in part.holders.items():
            held = self.holders.setdefault(term, Counter())
            for code in codes:
                held[code] += sign
        if sign < 0:  # the terms no live part has any more are gone
            for counter in (lexicon, names):
                for term in [t for t, n in counter.items() if n <= 0]:
                    del counter[term]
            for term, held in list(self.holders.items()):
                for code in [c for c, n in held.items() if n <= 0]:
                    del held[code]
                if not held:
                    del self.holders[term]

    def files(self) -> tuple[int, list[tuple[str, bytes]]]:
        """Return how many lexicon files there are and the files: lexicon and names."""
        shards = lexicon_shards(self.lexicon)
        out = [(f"lex-{n:02d}.js", to_script(f"lex-{n:02d}", shard))
               for n, shard in enumerate(shards)]
        holders = {term: set(held) for term, held in self.holders.items()}
        out.append(("names.js", to_script("names", names_table(self.names, holders))))
        return len(shards), out

    def to_json(self) -> dict:
        return {"lexicon": dict(sorted(self.lexicon.items())),
                "names": dict(sorted(self.names.items())),
                "holders": {t: dict(sorted(h.items())) for t, h in sorted(self.holders.items())},
                "pids": sorted(self.pids)}


@dataclass(slots=True)
class SegmentState:
    """The segments of the export as the last build left them."""

    segments: list[Segment] = field(default_factory=list)
    parts: dict[str, PartFacts] = field(default_factory=dict)
    """The facts of every part of every segment, live or deleted."""
    vocabulary: Vocabulary | None = None
    """The lexicon and names of the live parts (None: to be counted again from every part)."""


def state_bytes(state: SegmentState) -> bytes:
    """Return ``state`` as the file ``SEGMENTS_FILE`` holds it (packed JSON)."""
    data = {"version": SEGMENTS_VERSION, "segments": [asdict(s) for s in state.segments],
            "parts": {pid: asdict(facts) for pid, facts in sorted(state.parts.items())},
            "vocabulary": state.vocabulary.to_json() if state.vocabulary else None}
    return packed(json.dumps(data, ensure_ascii=False, separators=(",", ":"),
                             sort_keys=True).encode("utf-8"))


def read_state(path: Path) -> SegmentState:
    """Return the state kept at ``path``; an empty one if it is missing, damaged or old (the
    export is then written again as one segment)."""
    try:
        data = json.loads(unpacked(path.read_bytes()))
        if data["version"] != SEGMENTS_VERSION:
            return SegmentState()
        segments = [Segment(s["name"], list(s["pids"]), dict(s["files"]), dict(s["languages"]))
                    for s in data["segments"]]
        parts = {pid: PartFacts(**facts) for pid, facts in data["parts"].items()}
        if any(pid not in parts for s in segments for pid in s.pids):
            return SegmentState()
        vocabulary = data["vocabulary"]
        return SegmentState(segments, parts, vocabulary and Vocabulary(**vocabulary))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return SegmentState()


def tier(size: int) -> int:
    """Return the tier of a segment of ``size`` live documents: 0 below ``2 * MERGE_UNIT``,
    then one more each time the size doubles."""
    return max(0, (size // MERGE_UNIT).bit_length() - 1)


Planned = tuple["str | None", list[str]]
"""A segment of a plan: its name if it is kept as written (with all its parts), else None
and the live parts it is to be written with."""


def plan_segments(old: list[Segment], live: dict[str, int], new: list[str]) -> list[Planned]:
    """Return the segments after a build: ``old`` (the segments written before), less what is
    deleted, with ``new`` (the parts no old segment holds live), merged by tiers (see the
    module docstring). ``live``: each live part's documents, in the order of the index (parts
    are kept in that order in every segment)."""
    order = {pid: n for n, pid in enumerate(live)}
    plan: list[Planned] = []
    for segment in old:
        alive = [pid for pid in segment.pids if pid in live]
        if not alive:
            continue
        deleted = len(segment.pids) - len(alive)
        plan.append((None, alive) if deleted * 2 > len(segment.pids) else
                    (segment.name, segment.pids))
    if new:
        plan.append((None, sorted(new, key=order.__getitem__)))

    def size(entry: Planned) -> int:
        return sum(live.get(pid, 0) for pid in entry[1])
    while True:
        tiers: dict[int, list[int]] = {}
        for number, entry in enumerate(plan):
            tiers.setdefault(tier(size(entry)), []).append(number)
        due = [numbers for _, numbers in sorted(tiers.items()) if len(numbers) >= MERGE_AT]
        if not due:
            return plan
        merged = sorted((pid for n in due[0] for pid in plan[n][1] if pid in live),
                        key=order.__getitem__)
        plan = [entry for n, entry in enumerate(plan) if n not in due[0][1:]]
        plan[due[0][0]] = (None, merged)


def manifest(segments: list[Segment], parts: dict[str, PartFacts], live: list[str],
             lexicon_files: int) -> bytes:
    """Return ``meta.js``: the whole index's statistics over the ``live`` parts (in the order
    of the index), and each segment with its live and deleted runs of documents."""
    base, at = {}, 0
    for pid in live:
        base[pid], at = at, at + parts[pid].doc_count
    data = IndexData(at, [], {}, Counter(), Counter())
    languages: dict[str, dict] = {}
    for pid in live:
        facts = parts[pid]
        data.scorable = data.scorable or facts.scorable
        data.totals.update(facts.totals)
        data.field_docs.update(facts.field_docs)
    starts = 0
    for lang in LANGUAGES:
        count = sum(parts[pid].langs.get(lang, 0) for pid in live)
        fields = sorted({f for s in segments for f in s.languages.get(lang, {}).get("fields", ())})
        languages[lang] = {"first": starts, "count": count, "fields": fields}
        starts += count
    entries = []
    for segment in segments:
        runs, deleted, first = [], [], 0
        for pid in segment.pids:
            count = parts[pid].doc_count
            if pid in base:
                runs.append([first, count, base[pid]])
            else:
                deleted.append([first, count])
            first += count
        entries.append({"name": segment.name, "languages": segment.languages,
                        "parts": runs, "deleted": deleted})
    meta = meta_table(data, languages) | {"lexicon": lexicon_files, "segments": entries}
    return to_script("meta", meta)


def counted_out(vocabulary: Vocabulary | None, gone: Iterable[tuple[str, ExportPart | None]]
                ) -> Vocabulary | None:
    """Return ``vocabulary`` with the parts ``gone`` counted out (None if one of them could not
    be read: the vocabulary is then counted again)."""
    for pid, part in gone:
        if vocabulary is None or part is None:
            return None
        vocabulary.count(pid, part, -1)
    return vocabulary


def recount(parts: Iterator[tuple[str, ExportPart]]) -> Vocabulary:
    """Return the vocabulary of ``parts``, counted one at a time."""
    vocabulary = Vocabulary()
    for pid, part in parts:
        vocabulary.count(pid, part)
    return vocabulary
