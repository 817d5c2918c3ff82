"""The build state: what the last build read and wrote, kept inside the site it describes.

``site/.faqc/state.json`` records, for the next build to compare against:

* ``stamp``: a hash of everything every page depends on at once: the compiler version and
  the source of the ``compiler`` package, the templates and assets, the Comprehensive Rules
  texts, the Python and Whoosh versions. A different stamp means a clean, full build.
* ``sources``: each source file's SHA-256, the id of the document it gave (or the error it
  gave) and the warnings reading it gave, so an unchanged source is never read again.
* ``pages``: each page's dependency signature (``compiler.site.depends``).
* ``search``: each document's search-record signature (``compiler.search.index.shards``).
* ``previews``: each card preview's signature; ``files``: every file of the site and the
  SHA-256 of its bytes (a file whose bytes are not those is never carried into the next build,
  whatever its size); ``kinds``: the count of pages by kind.

Beside it, ``stat-cache.json`` (``save_stat_cache``), written once the site is published, holds
each file's ``stat_key`` as it stands then, so the next build takes the state's SHA-256 of a file
still so without reading it (a file edited in place has another change time, whatever else is
put back, on file systems that keep one; a file written in the last ``RACY_NS`` is left out,
its times perhaps not yet moved by an edit in the same clock tick). It is the one file of the
machine, not of the inputs (inode numbers, times); a file not in it, or not as it says, is
read and hashed.

Beside them, ``documents/`` caches the IR of each source (its ``to_dict`` as JSON, keyed by the
source's name and content hash) and ``search/`` each shard's part of the search index
(JSON too); both gzipped (``packed``: 132 MB -> 37 MB on the 20 MiB benchmark corpus, for
1.0 CPU-s to pack them, in the workers that make them, and 0.4 CPU-s to unpack them). Nothing
in the site folder is ever unpickled or executed: whoever can write it can make a build read
a source again, or (as by editing the state's hashes) carry a file of the
site they changed, never run code. Everything here but the stat cache is written
deterministically, so a clean and an incremental build of the same inputs leave the same
bytes. A state that cannot be read, has another ``FORMAT``, a field of the wrong type (checked
field by field) or a path that could lead out of the site (``is_site_path``) is reported and
ignored: the build is then a clean one, never an action outside the site.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import sys
import time
import zlib
from collections.abc import Collection, Iterable
from dataclasses import asdict, dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from stat import S_ISREG
from typing import TextIO

from compiler.core.errors import Diagnostic
from compiler.core.model import Document
from compiler.core.paths import is_site_path
from compiler.incremental.stamp import code_stamp

STATE_DIR = ".faqc"
STATE_FILE = f"{STATE_DIR}/state.json"
STAT_CACHE = f"{STATE_DIR}/stat-cache.json"
RACY_NS = 2_000_000_000
"""A file written less than this before the stat cache is taken is left out of it (two
seconds: the coarsest file times in use, FAT's)."""
DOCUMENTS_DIR = f"{STATE_DIR}/documents"
FORMAT = 3
"""Version of the state layout; a state of another format triggers a clean build (3: the
caches gzipped, ``packed``)."""


@dataclass(slots=True)
class SourceRecord:
    """What reading one source gave."""

    sha256: str
    doc: str | None = None
    """The id of its document (None when it could not be read)."""
    error: str | None = None
    """The error line, when it could not be read, without the source's path in front."""
    warnings: list[list] = field(default_factory=list)
    """``[file, line, message, category]`` of each warning reading it gave (file "": the source)."""

    def diagnostics(self, where: str) -> list[Diagnostic]:
        """Return the warnings as diagnostics, for the source at ``where``."""
        return [Diagnostic(file or where, line, message, category)
                for file, line, message, category in self.warnings]

    def error_line(self, where: str) -> str:
        """Return the error line for the source at ``where``."""
        return f"{where}{self.error}" if self.error and self.error.startswith(":") else str(self.error)


@dataclass(slots=True)
class BuildState:
    """The state of a built site (see the module docstring)."""

    stamp: str
    sources: dict[str, SourceRecord] = field(default_factory=dict)
    """By name in the sources folder."""
    pages: dict[str, str] = field(default_factory=dict)
    search: dict[str, str] = field(default_factory=dict)
    previews: dict[str, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    """Every file of the site (but the state) by POSIX path, to the SHA-256 of its bytes."""
    kinds: dict[str, int] = field(default_factory=dict)
    """Pages of the site by kind, for the summary of a build with nothing to do."""
    format: int = FORMAT

    def write_json(self, handle: TextIO) -> None:
        """Write the state as JSON text (sorted keys: the same state, the same bytes) piece by
        piece: neither a copy of its maps nor the whole text is made (9 MB of text for the
        20 MiB benchmark corpus's site, at the build's end)."""
        json.dump({name: getattr(self, name) for name in self.__slots__}, handle,
                  ensure_ascii=False, sort_keys=True, indent=0, default=asdict)
        handle.write("\n")

    @classmethod
    def from_json(cls, text: str) -> "BuildState":
        """Return the state of a JSON text; raise ValueError if it is not one of this format."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else None
            raise ValueError(f"state format {found!r}, this faqc writes {FORMAT}")
        _expect(data, "stamp", str)
        for name in ("pages", "search", "previews", "files"):
            _expect_map(data, name, str)
        for name in ("pages", "files"):  # paths: never outside the site (``is_site_path``)
            if bad := next((path for path in data[name] if not is_site_path(path)), None):
                raise ValueError(f"malformed state: {name}[{bad!r}] is not a path inside the site")
        _expect_map(data, "kinds", int)
        _expect_map(data, "sources", dict)
        sources = {name: _source_record(name, record) for name, record in data["sources"].items()}
        return cls(data["stamp"], sources, data["pages"], data["search"], data["previews"],
                   data["files"], data["kinds"])


def _expect(data: dict, key: str, kind: type) -> None:
    if not isinstance(data.get(key), kind) or isinstance(data[key], bool):
        raise ValueError(f"malformed state: {key!r} is not a {kind.__name__}")


def _expect_map(data: dict, key: str, kind: type) -> None:
    _expect(data, key, dict)
    for name, value in data[key].items():
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"malformed state: {key}[{name!r}] is not a {kind.__name__}")


def _source_record(name: str, record: dict) -> SourceRecord:
    """Return the record of one source, checked field by field."""
    where = f"sources[{name!r}]"
    if set(record) - {"sha256", "doc", "error", "warnings"} or \
            not isinstance(record.get("sha256"), str) or \
            not all(isinstance(record.get(k), (str, type(None))) for k in ("doc", "error")):
        raise ValueError(f"malformed state: {where} has a field of the wrong type")
    warnings = record.get("warnings", [])
    if not isinstance(warnings, list) or not all(_is_warning(w) for w in warnings):
        raise ValueError(f"malformed state: {where}.warnings is not a list of warnings")
    return SourceRecord(record["sha256"], record.get("doc"), record.get("error"), warnings)


def _is_warning(item) -> bool:
    """Return True for ``[file, line, message, category]`` of the types a warning has."""
    return (isinstance(item, list) and len(item) == 4 and isinstance(item[0], str)
            and (item[1] is None or (isinstance(item[1], int) and not isinstance(item[1], bool)))
            and isinstance(item[2], str) and isinstance(item[3], str))


def load_state(site: Path) -> tuple[BuildState | None, str]:
    """Return the state of the site at ``site`` and a word on it ("" when there is none)."""
    path = site / STATE_FILE
    if not path.is_file():
        return None, ""
    try:
        return BuildState.from_json(path.read_text(encoding="utf-8")), ""
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        return None, f"{path}: the build state cannot be used ({exc}); building everything"


def save_state(root: Path, state: BuildState) -> None:
    """Write ``state`` into the (staging) site at ``root``."""
    path = root / STATE_FILE
    path.unlink(missing_ok=True)  # a new file, never through a hard link to the old site
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        state.write_json(handle)


def site_files(root: Path, known: dict[str, tuple[str, tuple]] | None = None) -> dict[str, str]:
    """Return every file under ``root`` (but the state and the stat cache) by POSIX path, with
    the SHA-256 of its bytes (``keyed_site_files``)."""
    return {path: sha for path, (sha, _key) in keyed_site_files(root, known).items()}


def keyed_site_files(root: Path, known: dict[str, tuple[str, tuple]] | None = None,
                     within: Iterable[str] = ("",), leave: Collection[str] = ()
                     ) -> dict[str, tuple[str, tuple]]:
    """Return every file under ``root`` (but the state and the stat cache) by POSIX path, with
    the SHA-256 of its bytes and its ``stat_key``; a file in ``known`` (path: SHA-256 and
    ``stat_key``) whose ``stat_key`` is still the one given there is not read again. Only the
    files in the folders ``within`` are looked at ("": every one), but those in the folders
    ``leave`` (each a POSIX path in ``root``)."""
    files = {}
    known = known or {}
    for top in within:
        for folder, dirs, names in os.walk(os.path.join(root, top)):
            rel = Path(folder).relative_to(root).as_posix()
            dirs[:] = sorted(d for d in dirs if (d if rel == "." else f"{rel}/{d}") not in leave)
            for name in sorted(names):
                path = name if rel == "." else f"{rel}/{name}"
                if path != STATE_FILE and path != STAT_CACHE:
                    full = os.path.join(folder, name)
                    sha, key = known.get(path, ("", None))
                    now = stat_key(os.stat(full))
                    if now != key:
                        sha = file_sha256(full)
                    files[path] = sha, now
    return files


def save_stat_cache(out: Path, files: dict[str, tuple[str, tuple]],
                    carried: dict[str, tuple[str, tuple]]) -> None:
    """Write into the site just published at ``out`` the ``stat_key`` each of ``files`` (path:
    SHA-256 and ``stat_key`` in the staging folder) has now.

    A file ``carried`` over (as ``carry_over`` gives them, or linked by a clean build,
    ``place_file``; still the link it made, the same inode, not written again since) lost the
    old site's hard link to it once that was deleted, which moved its change time: its key is
    taken again, and kept if its inode, size and modification time are still those hashed.
    Any other file must have its whole key unchanged, and is left out if it changed less than
    ``RACY_NS`` before now: an edit within the same clock tick as its writing could leave its
    times as they were (Git's "racily clean" files). What is left out is read and hashed next
    time. The cache only saves reading files: if it cannot be written, nothing is said."""
    keys = {}
    recent = time.time_ns() - RACY_NS
    linked = {path for path, (_sha, key) in carried.items()
              if key and path in files and files[path][1][0] == key[0]}
    for path, (_sha, key) in files.items():
        try:
            now = stat_key(os.lstat(os.path.join(out, path)))
        except OSError:
            continue
        if now[:3] == tuple(key[:3]) if path in linked else (now == key and now[3] < recent):
            keys[path] = now
    try:  # written in place: cut short (a kill, a full disk), it is no JSON, so no cache
        write_file(out / STAT_CACHE, json.dumps(keys, sort_keys=True, separators=(",", ":")).encode())
    except OSError:
        pass


def load_stat_cache(out: Path, files: dict[str, str]) -> dict[str, tuple[str, tuple]]:
    """Return, for each of ``files`` (the state's: path to SHA-256) the stat cache of the site
    at ``out`` holds, its SHA-256 and cached ``stat_key`` (``known`` of ``keyed_site_files`` and
    ``carry_over``); nothing if the cache is missing or not as ``save_stat_cache`` writes it."""
    try:
        data = json.loads((out / STAT_CACHE).read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    known = {}
    for path, key in data.items():
        if (path in files and isinstance(key, list) and len(key) == 4
                and all(type(n) is int for n in key)):
            known[path] = files[path], tuple(key)
    return known


def stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    """Return what tells a file's bytes unchanged since: its inode, size and modification and
    change times in nanoseconds (a file written anew, as ``write_file`` writes, is another
    inode; one written in place has new times)."""
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def file_sha256(path: str | Path) -> str:
    """Return the SHA-256 of a file's bytes, read in blocks."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def write_file(path: Path, data: bytes) -> tuple[int, int, int, int]:
    """Write ``data`` at ``path`` as a new file: never through a hard link to the old site;
    return the new file's ``stat_key``."""
    try:
        path.unlink()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return stat_key(os.stat(path))


def place_file(root: Path, name: str, data: bytes, reuse: Path | None = None
               ) -> tuple[tuple, bool]:
    """Put ``data`` at ``root / name`` as ``write_file`` does, or, when the file ``name`` of
    the published site ``reuse`` is a regular file holding exactly ``data`` (not a symbolic
    link), as a hard link to it: a clean build over a site takes again each page, preview and
    export file it makes the same, so removing the old site frees only those that changed
    (``write_file``'s new files cost an inode made now and one freed then: at the 20 MiB
    benchmark corpus, about 7 s of its publish phase). The link is checked to be the file
    compared. Return the file's ``stat_key`` and whether it is such a link (its change time
    moves when the old site's link to it goes: ``save_stat_cache``'s ``carried``)."""
    path = root / name
    if reuse is not None:
        try:
            linked = _link_same(os.path.join(reuse, name), path, data)
        except OSError:  # gone, unreadable, or no links here: written anew
            linked = None
        if linked is not None:
            return linked, True
    return write_file(path, data), False


def _link_same(previous: str, path: Path, data: bytes) -> tuple | None:
    """Hard-link ``previous`` at ``path`` if it is a regular file holding ``data``; return
    the link's ``stat_key``, or None (nothing linked). Opened without following a link or
    waiting (a named pipe put there is no regular file, and is never read)."""
    handle = os.open(previous, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(handle, "rb") as opened:
        st = os.fstat(opened.fileno())
        if not S_ISREG(st.st_mode) or st.st_size != len(data) or opened.read(len(data) + 1) != data:
            return None
        try:
            path.unlink()
        except FileNotFoundError:
            path.parent.mkdir(parents=True, exist_ok=True)
        os.link(previous, path, follow_symlinks=False)
        now = os.lstat(path)
        if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):  # replaced meanwhile
            path.unlink()
            return None
        return stat_key(now)


def remove_file(root: Path, name: str) -> bool:
    """Remove the file ``name`` under ``root`` and the folders it leaves empty; return True if
    there was one. Only inside ``root``: a ``name`` that is not a path in it (``is_site_path``)
    or whose folder is, or is under, a symbolic link leading out of it is left alone."""
    path, top = root / name, os.path.realpath(root)
    if not is_site_path(name) or not os.path.join(os.path.realpath(path.parent), "").startswith(
            os.path.join(top, "")):
        return False
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    for folder in path.parents:
        if folder == root or not folder.is_relative_to(root) or any(folder.iterdir()):
            break
        folder.rmdir()
    return True


# ---------------------------------------------------------------- the stamp


def input_stamp(templates: Path, rules: Path | None) -> str:
    """Return the hash of what every page depends on (see the module docstring)."""
    digest = hashlib.sha256()
    versions = (code_stamp(), sys.version_info[:2], _dist_version("whoosh3"), FORMAT,
                zlib.ZLIB_RUNTIME_VERSION)  # zlib's: the bytes of the caches (``packed``)
    digest.update(repr(versions).encode("utf-8"))
    for label, folder, pattern in (("templates", templates, "*"), ("rules", rules, "*.txt")):
        digest.update(f"\0{label}\0".encode("utf-8"))
        if folder is not None and folder.is_dir():
            _hash_tree(digest, folder, pattern)
    return digest.hexdigest()


def _hash_tree(digest, folder: Path, pattern: str) -> None:
    for path in sorted(p for p in folder.rglob(pattern) if p.is_file()):
        if "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())


def _dist_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return ""


# ---------------------------------------------------------------- the document cache


def document_key(name: str, sha256: str) -> str:
    """Return the cache key of a source: its name in the sources folder and its bytes' SHA-256."""
    return hashlib.sha256(f"{name}\0{sha256}".encode("utf-8")).hexdigest()


def packed(data: bytes) -> bytes:
    """Return ``data`` as the caches under ``STATE_DIR`` keep it: gzipped, at the quickest level
    (a part of the search index to 29% of its bytes, in 8 ms a MB), with no time stamp, so the
    same data make the same file."""
    return gzip.compress(data, compresslevel=1, mtime=0)


UNPACKED_RATIO = 100
"""The most a ``packed`` file may grow when unpacked (JSON at level 1: 3-5 times): a file that
would grow more (a planted "gzip bomb") is not one, and is not unpacked in full."""


def unpacked(data: bytes) -> bytes:
    """Return the data of a ``packed`` cache file; raise ValueError if it is not one (damaged,
    cut short, of an older build, more than one gzip member, or growing more than
    ``UNPACKED_RATIO`` times)."""
    limit = UNPACKED_RATIO * len(data) + 4096
    stream = zlib.decompressobj(16 + zlib.MAX_WBITS)  # a gzip member, header and trailer checked
    try:
        out = stream.decompress(data, limit)
    except zlib.error as exc:
        raise ValueError(f"not a packed cache file: {exc}") from None
    if stream.unconsumed_tail:
        raise ValueError(f"not a packed cache file: it grows more than {UNPACKED_RATIO} times")
    if not stream.eof or stream.unused_data:
        raise ValueError("not a packed cache file: cut short, or more than it holds")
    return out


def document_file(key: str) -> str:
    """Return the path in the site of the cached document of a source key."""
    return f"{DOCUMENTS_DIR}/{key}.json.gz"


def document_blob(doc: Document) -> bytes:
    """Return the cache form of a document: its ``to_dict`` as compact JSON, ``packed``."""
    return packed(json.dumps(doc.to_dict(), ensure_ascii=False,
                             separators=(",", ":")).encode("utf-8"))


def cached_document(root: Path, key: str) -> Document | None:
    """Return the cached document of a source key, or None if it is not cached (or unreadable)."""
    try:
        return Document.from_dict(json.loads(unpacked((root / document_file(key)).read_bytes())))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None
