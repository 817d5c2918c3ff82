"""Parsed CR editions and the identity links between them, kept on disk by content hash.

Reading the 123 files of the archive takes about 8 s and linking its 117 pairs of editions
about 5 s on two workers (a build's rules and resolve phases, 2026-11-27; 20 s each before
the reading was made quicker and the linking parallel); neither changes unless the bytes or
the reader do.  An entry is JSON (never unpickled: whoever can write the cache can only make
faqc read a CR again), named by the
SHA-256 of the edition's bytes (of both editions', for links) and the one stamp of the code
(``compiler.incremental.stamp``: every file the package ships, its data tables too), so a
changed reader, or a changed table it reads, never sees an old entry.  Entries are written atomically; a missing or unreadable one is made again.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from compiler.core.errors import Diagnostics, FaqcError
from compiler.cr.link.pairs import Link
from compiler.cr.model import CrDocument
from compiler.files.yamlio import write_atomic
from compiler.incremental.stamp import code_stamp


class CrCache:
    """A folder of cached editions and links (``None``: nothing cached)."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.hits = 0
        self.misses = 0

    def _path(self, kind: str, key: str) -> Path | None:
        return self.folder / f"{kind}-{code_stamp()[:16]}-{key}.json" if self.folder else None

    def _load(self, path: Path | None) -> dict | None:
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def _save(self, path: Path | None, data: dict) -> None:
        if path is not None:
            try:
                write_atomic(path, json.dumps(data, ensure_ascii=False, sort_keys=True))
            except (OSError, FaqcError):
                pass  # a cache that cannot be written (or is not a file) is only slower

    def edition(self, data: bytes, file: str, diags: Diagnostics, read) -> CrDocument:
        """Return the edition of ``data`` (``read(data, file, diags)`` when not cached); the
        warnings reading it gave are given again, for ``file``."""
        path = self._path("cr", hashlib.sha256(data).hexdigest())
        cached = self._load(path)
        if cached is not None:
            try:
                doc = CrDocument.from_dict(cached["doc"])
                warnings = [(line, message, category) for line, message, category
                            in cached["warnings"]]
            except (KeyError, TypeError, ValueError):
                cached = None
        if cached is None:
            self.misses += 1
            own = Diagnostics()
            doc = read(data, file, own)
            warnings = [(d.line, d.message, d.category) for d in own.items]
            if path is not None:  # nothing cached: the edition is not made into JSON
                self._save(path, {"doc": doc.to_dict(), "warnings": warnings})
        else:
            self.hits += 1
        for line, message, category in warnings:
            diags.warn(file, line, message, category)
        doc.source.file = file.replace("\\", "/").rsplit("/", 1)[-1]
        return doc

    def _links_path(self, a: CrDocument, b: CrDocument) -> Path | None:
        return self._path("links", hashlib.sha256(
            f"{a.source.sha256}:{b.source.sha256}".encode()).hexdigest())

    def cached_links(self, a: CrDocument, b: CrDocument) -> dict[str, Link] | None:
        """Return the links of ``a``'s rules to ``b``'s as cached (None: not cached)."""
        cached = self._load(self._links_path(a, b))
        if cached is not None:
            try:
                return {number: Link(number, target, method, score)
                        for number, (target, method, score) in cached["links"].items()}
            except (KeyError, TypeError, ValueError):
                pass
        return None

    def keep_links(self, a: CrDocument, b: CrDocument, links: dict[str, Link]) -> None:
        """Cache the links of ``a``'s rules to ``b``'s."""
        path = self._links_path(a, b)
        if path is not None:
            self._save(path, {"links": {n: [l.target, l.method, l.score] for n, l in links.items()}})
