"""A shard's part of the export on disk, and the export's files written as they change."""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path

from compiler.incremental.state import STATE_DIR, place_file, remove_file, unpacked
from compiler.search.index.export import ExportPart
from compiler.search.schema import KINDS, LANGUAGES, TEXT_FIELDS

PARTS_DIR = f"{STATE_DIR}/search"
"""Where each shard's part of the export is kept between builds."""


def segment_id(key: str) -> str:
    """Return the Whoosh segment id of a shard (``shard_key``; 16 lowercase hex digits)."""
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


PART_VERSION = 3
"""Bump when a part's JSON changes shape (a part of another version is made again): 2 wrote
each distinct run of positions once, 3 the part as the export encodes it (``ExportPart``)."""


def part_json(part: ExportPart, field_lengths: dict[str, int]) -> bytes:
    """Return a unit's export data and field lengths as JSON (the cache never holds pickles)."""
    data = {"version": PART_VERSION, "doc_count": part.doc_count, "stored": part.stored,
            "scorable": part.scorable, "totals": part.totals, "field_docs": part.field_docs,
            "holders": part.holders,
            "terms": [[*key, *fragment] for key, fragment in part.terms.items()],
            "field_lengths": dict(sorted(field_lengths.items()))}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


_NOT_NUMBERS = re.compile(r"[^-+.eE0-9,]")
"""A character that no flat list of numbers (as ``json.dumps`` writes it, no brackets) has."""


_STRING_FIELDS = ("title", "url", "text", "place", "set", "date")


def load_part(data: bytes) -> tuple[ExportPart, dict[str, int]]:
    """Return the export data and field lengths of ``part_json``; raise ValueError if
    malformed or of another ``PART_VERSION``.

    A part's texts go into the site's scripts as they are, so everything is checked: the
    posting and position texts hold only the characters of numbers and commas (no quote,
    bracket or letter but an exponent's can reach a script), every count is a whole number
    in range, every stored record of a known language and kind."""
    try:
        raw = json.loads(data)
        if raw["version"] != PART_VERSION:
            raise ValueError(f"index part of version {raw['version']}, not {PART_VERSION}")
        doc_count, rows, stored = raw["doc_count"], raw["terms"], raw["stored"]
        if type(doc_count) is not int or doc_count < 0 or type(rows) is not list \
                or type(stored) is not list or len(stored) != doc_count:
            raise ValueError("malformed index part: counts")
        if any(type(s) is not dict or s.get("lang") not in LANGUAGES or s.get("kind") not in KINDS
               or any(type(s.get(name, "")) is not str for name in _STRING_FIELDS)
               for s in stored):
            raise ValueError("malformed index part: a stored record")
        # unpacked, so a row of another length is a ValueError
        terms = {(lang, name, term): (count, first, last, weighted, size, tail, position_size,
                                      positions)
                 for lang, name, term, count, first, last, weighted, size, tail, position_size,
                 positions in rows}
        keys, fragments = list(zip(*terms.items())) or ((), ())
        columns = list(zip(*fragments)) or [()] * 8
        numbers = [x for column in (*columns[:3], columns[4], columns[6]) for x in column]
        if not {lang for lang, _, _ in keys} <= set(LANGUAGES) \
                or {type(text) for _, name, term in keys for text in (name, term)} - {str} \
                or {type(x) for x in numbers} - {int} or min(numbers, default=0) < 0 \
                or {type(x) for x in columns[3]} - {bool} \
                or any(not first <= last < doc_count for first, last in zip(columns[1], columns[2])) \
                or any((positions is None) != (name not in TEXT_FIELDS)
                       for (_, name, _), positions in zip(keys, columns[7])):
            raise ValueError("malformed index part: a term")
        texts = [*columns[5], *(x for x in columns[7] if x is not None)]
        if {type(x) for x in texts} - {str} or _NOT_NUMBERS.search(",".join(texts)):
            raise ValueError("malformed index part: postings or positions not numbers")
        holders = dict(raw["holders"])
        if any(type(codes) is not list or {type(c) for c in codes} - {str}
               for codes in holders.values()):
            raise ValueError("malformed index part: holders")
        counts = [dict(raw[name]) for name in ("totals", "field_docs", "field_lengths")]
        if any(type(v) is not int for values in counts for v in values.values()):
            raise ValueError("malformed index part: field totals")
        part = ExportPart(doc_count, stored, {str(k): bool(v) for k, v in raw["scorable"].items()},
                          counts[0], counts[1], terms, holders)
        return part, {str(k): v for k, v in counts[2].items()}
    except (KeyError, TypeError, AttributeError, IndexError, RecursionError) as exc:
        raise ValueError(f"malformed index part: {exc!r}") from None


def part_file(key: str) -> str:
    """Return the name of a shard's index part in ``PARTS_DIR`` (``part_json``, ``packed``)."""
    return f"{segment_id(key)}.json.gz"


def read_part_file(path: Path) -> tuple[ExportPart, dict[str, int]] | None:
    """Return a kept part and its field lengths (``load_part``), or None if it is missing or
    damaged (the shard is then indexed again)."""
    try:
        return load_part(unpacked(path.read_bytes()))
    except (OSError, ValueError):
        return None


class ExportWriter:
    """Makes a folder hold exactly the files given to ``write``, in one or more goes, writing
    only those whose bytes changed; ``close`` removes the others.

    ``present``, if given, is every file the folder holds (path: SHA-256 and size, -1 if not
    known), as the build carried them over: a file's bytes are then compared by hash, without
    reading it, and no other file is looked for. Otherwise the folder is read. Each file
    written is put in ``written``, if given, with its SHA-256 and ``stat_key``. A file whose
    bytes are those of its file in the folder ``reuse`` (the published site's export, in a
    clean build) is linked to it (``state.place_file``) and also put in ``linked``."""

    def __init__(self, folder: Path, present: dict[str, tuple[str, int]] | None = None,
                 written: dict[str, tuple[str, tuple]] | None = None,
                 reuse: Path | None = None) -> None:
        self.folder, self.present, self.written, self.reuse = folder, present, written, reuse
        self.count = self.size = 0
        self.names: set[str] = set()
        self.linked: dict[str, tuple[str, tuple]] = {}

    def write(self, files: Iterable[tuple[str, bytes]]) -> None:
        """Write those of ``files`` (path, bytes) whose bytes changed, one at a time."""
        folder, present, written = self.folder, self.present, self.written
        for name, data in files:
            if name in self.names:
                raise ValueError(f"export file {name} given twice")
            self.names.add(name)
            self.size += len(data)
            path = folder / name
            digest = None
            if present is not None:
                sha, length = present.get(name, ("", -1))
                same = bool(sha) and length in (-1, len(data)) and \
                    (digest := hashlib.sha256(data).hexdigest()) == sha
            else:
                same = path.is_file() and path.stat().st_size == len(data) \
                    and path.read_bytes() == data
            if not same:
                key, linked = place_file(folder, name, data, self.reuse)
                self.count += 1
                digest = digest or hashlib.sha256(data).hexdigest()
                if written is not None:
                    written[name] = digest, key
                if linked:
                    self.linked[name] = digest, key

    def keep(self, files: dict[str, list]) -> None:
        """Count ``files`` (path: SHA-256, size) as given, as they are (a segment not written
        again, ``segmented.py``)."""
        for name, (_, size) in files.items():
            if name in self.names:
                raise ValueError(f"export file {name} given twice")
            self.names.add(name)
            self.size += size

    def close(self) -> tuple[int, int]:
        """Remove the files not given; return how many were written and the bytes of all."""
        folder, names = self.folder, self.names
        if self.present is not None:
            for name in sorted(set(self.present) - names):
                remove_file(folder, name)
        elif folder.is_dir():
            for path in sorted(folder.rglob("*"), reverse=True):
                name = path.relative_to(folder).as_posix()
                if path.is_file() and name not in names:
                    path.unlink()
                elif path.is_dir() and not any(path.iterdir()):
                    path.rmdir()
        return self.count, self.size
