"""The read phase of a build: every source to its document, an unchanged source from the cache.

A source is read again only when its bytes (or its name) changed since the previous build;
otherwise its document is the one the previous build kept (``compiler.incremental.state``, gzipped JSON)
and its warnings and errors are the ones the state recorded, so a build says the same whether
it read a source or not. Sources are known by their name in the sources folder, and the
state records no path of the machine: the same sources built anywhere leave the same state.
New sources are read in forked workers (``compiler.runtime.parallel``).
Reading is decoding (``textio``) and the layout reader: the YAML and its schema check are
``faqc normalize``'s and ``faqc check``'s.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from compiler.core.errors import Diagnostics, FaqcError
from compiler.core.model import Document
from compiler.files.sources import read_source_file
from compiler.files.textio import read_source
from compiler.incremental.journal import Overlay
from compiler.incremental.state import (DOCUMENTS_DIR, BuildState, SourceRecord, cached_document,
                                        document_blob, document_file, document_key, file_sha256,
                                        stat_key, unpacked, write_file)
from compiler.readers import read_document
from compiler.runtime.parallel import map_chunks
from compiler.runtime.progress import Progress


@dataclass(slots=True)
class SourcesRead:
    """The documents of a build's sources, and what changed since the previous build."""

    documents: list[Document] = field(default_factory=list)
    """In source order, without sources that failed or repeat an id (once ``decode``d)."""
    accepted: list[str] = field(default_factory=list)
    """The names of the sources of ``documents``, in source order."""
    pending: dict[str, tuple[str, Path]] = field(default_factory=dict)
    """The cached documents not decoded yet: name to cache key and source path."""
    decoded: dict[str, Document] = field(default_factory=dict)
    """The documents decoded so far, by source name."""
    records: dict[str, SourceRecord] = field(default_factory=dict)
    """What each source gave, by its name in the sources folder."""
    content: dict[str, str] = field(default_factory=dict)
    """Content key of each document (``compiler.incremental.state.document_key``)."""
    errors: list[str] = field(default_factory=list)
    fresh: dict[str, bytes] = field(default_factory=dict)
    """The documents this build read, in their cache form (gzipped JSON), by content key; emptied
    once ``save_documents`` has written them (9 MB the rest of a build of the 20 MiB
    benchmark corpus need not hold)."""
    parsed: int = 0
    """How many documents this build read (the others came from the cache)."""
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def describe(self) -> str:
        """Return ``5 (1 added, 0 changed, 0 removed; 1 read, 4 from the cache)``."""
        return (f"{len(self.accepted)} ({len(self.added)} added, {len(self.changed)} changed, "
                f"{len(self.removed)} removed; {self.parsed} read, "
                f"{len(self.accepted) - self.parsed} from the cache)")

    def decode(self, out: Path, diags: Diagnostics,
               kept: dict[str, Document] | None = None) -> list[Document]:
        """Fill in ``documents``: the cached ones decoded from the site at ``out`` (one that
        cannot be, though its file is as the state says, is read from its source again), or
        taken from ``kept`` (content key to document: a key names one source's bytes, hence
        one document, which no phase changes), which is then made this build's documents."""
        for name, (key, path) in sorted(self.pending.items()):
            doc = kept.get(key) if kept is not None else None
            doc = doc if doc is not None else cached_document(out, key)
            if not isinstance(doc, Document) or doc.id != self.records[name].doc:
                doc = self._read_again(name, path, diags)
            self.decoded[name] = doc
        self.pending.clear()
        self.documents = [self.decoded[name] for name in self.accepted]
        if kept is not None:
            kept.clear()
            kept.update((self.content[doc.id], doc) for doc in self.documents)
        return self.documents

    def _read_again(self, name: str, path: Path, diags: Diagnostics) -> Document:
        data = read_source_file(path)
        [(_name, sha, blob, record)] = _read_chunk([(name, str(path), data,
                                                     hashlib.sha256(data).hexdigest())])
        if blob is None or record.doc != self.records[name].doc:
            raise FaqcError(f"{path}: error: the build state does not match its cached document; "
                            "build again with --full")
        self.fresh[document_key(name, sha)] = blob
        self.parsed += 1
        return Document.from_dict(json.loads(unpacked(blob)))


def read_sources(paths: list[Path], diags: Diagnostics, previous: BuildState | None, out: Path,
                 *, jobs: int | None = None, progress: Progress | None = None,
                 known: dict[str, tuple[str, tuple]] | None = None,
                 lazy: bool = False) -> SourcesRead:
    """Read every source of ``paths``; with ``previous``, reuse what the site at ``out`` cached
    (a cache file whose ``stat_key`` is the one ``known`` gives, the stat cache's, is not
    hashed again). With ``lazy``, the cached documents are left to decode (``SourcesRead.decode``):
    a build that finds nothing changed never decodes them."""
    progress = progress or Progress()
    result = SourcesRead()
    docs = result.decoded
    todo: list[tuple[str, str, bytes, str]] = []
    with progress.phase("read", len(paths), "source") as advance:
        for path in paths:
            name, data = path.name, _read_bytes(path, result.records)
            if data is None:
                continue
            sha = hashlib.sha256(data).hexdigest()
            old = previous.sources.get(name) if previous else None
            cached = _cached(old, sha, out, name, previous.files if previous else {}, known or {})
            if old is not None and old.sha256 == sha and (old.error or cached):
                result.records[name] = old
                if cached:
                    result.pending[name] = document_key(name, sha), path
                advance(1)
            else:
                todo.append((name, str(path), data, sha))
        for name, sha, blob, record in map_chunks(_read_chunk, todo, jobs=jobs, advance=advance,
                                                  chunk=2):
            result.records[name] = record
            if blob is not None:  # the document as the cache gives it back, read or not
                result.fresh[document_key(name, sha)] = blob
                result.parsed += 1
                docs[name] = Document.from_dict(json.loads(unpacked(blob)))
    _assemble(result, paths, diags)
    _compare(result, previous)
    if not lazy:
        result.decode(out, diags)
    return result


def _read_bytes(path: Path, records: dict[str, SourceRecord]) -> bytes | None:
    try:
        return read_source_file(path)
    except FaqcError as exc:
        message = exc.format_message()
    records[path.name] = SourceRecord("", error=_unplaced(message, str(path)))
    return None


def _unplaced(message: str, where: str) -> str:
    """Return an error line without the source's path in front (``: error: ...``)."""
    return message[len(where):] if message.startswith(f"{where}:") else message


def _cached(old: SourceRecord | None, sha: str, out: Path, name: str, files: dict[str, str],
            known: dict[str, tuple[str, tuple]]) -> bool:
    """Return True if a source whose bytes are unchanged has its cached document as the
    previous build wrote it (its SHA-256 in the state's files; a file whose ``stat_key`` is the
    one ``known`` gives is not read)."""
    if old is None or old.sha256 != sha or old.doc is None:
        return False
    cache = document_file(document_key(name, sha))
    try:
        if files.get(cache) is not None and known.get(cache) == (files[cache], stat_key(
                os.lstat(out / cache))):
            return True
        return file_sha256(out / cache) == files.get(cache)  # else: read the source again
    except OSError:
        return False


def _read_chunk(items: list[tuple[str, str, bytes, str]]) -> list[tuple]:
    """Read sources (in a worker): their documents in cache form, or their errors; their warnings."""
    out = []
    for name, where, data, sha in items:
        diags = Diagnostics()
        try:
            doc = read_document(read_source(data, where), diags)
        except FaqcError as exc:
            out.append((name, sha, None, SourceRecord(sha, error=_unplaced(exc.format_message(), where))))
            continue
        warnings = [["" if d.file == where else d.file, d.line, d.message, d.category]
                    for d in diags.items]  # "": this source, wherever it is
        out.append((name, sha, document_blob(doc), SourceRecord(sha, doc.id, None, warnings)))
    return out


def _assemble(result: SourcesRead, paths: list[Path], diags: Diagnostics) -> None:
    """Put the documents' sources in order (``accepted``), turning a repeated id into an
    error (the ids are the records')."""
    taken: dict[str, Path] = {}
    for path in paths:
        name, record = path.name, result.records[path.name]
        diags.items.extend(record.diagnostics(str(path)))
        if record.error:
            result.errors.append(record.error_line(str(path)))
            continue
        doc_id = record.doc
        if doc_id in taken:
            result.errors.append(f"{path}: error: document id '{doc_id}' is also the id of "
                                 f"{taken[doc_id]}")
            continue
        taken[doc_id] = path
        result.accepted.append(name)
        result.content[doc_id] = document_key(name, record.sha256)


def _compare(result: SourcesRead, previous: BuildState | None) -> None:
    """Fill in the documents added, changed and removed since ``previous``."""
    before = {}
    for name, record in (previous.sources.items() if previous else ()):
        if record.doc and not record.error:
            before.setdefault(record.doc, document_key(name, record.sha256))
    result.added = sorted(set(result.content) - set(before))
    result.removed = sorted(set(before) - set(result.content))
    result.changed = sorted(d for d in set(result.content) & set(before)
                            if result.content[d] != before[d])


def save_documents(root: Path, read: SourcesRead, view: Overlay | None = None) -> None:
    """Write the documents read by this build into the cache under ``root`` and let their
    blobs go; drop stale ones from the site (``view``, by default ``root`` alone)."""
    for key, blob in sorted(read.fresh.items()):
        write_file(root / document_file(key), blob)
    read.fresh.clear()
    keep = {document_file(key) for key in read.content.values()}
    view = view or Overlay(root)
    for name in view.names(DOCUMENTS_DIR):
        if name not in keep:
            view.remove(name)
