"""Publishing an incremental build in proportion to the change, as a database commits.

An incremental build's staging folder (a sibling of the site, so on its file system) holds only
what the build writes; the published site holds the rest (``Overlay``: what the writers see of
the two). To publish, the build writes a journal into the site (``JOURNAL``: the staging
folder's name, each file to move into place in order, each folder to swap, each file to
remove), synced and renamed into place, then renames each new file over its target
(``os.replace``: a reader opens the old file or the new one, never half of one); then the
search folder, which the index phase stages whole (its files named by shard, rewritten under
the same names, and read together), is exchanged with the site's in one step
(``swap_folder``), so a search never reads an index of one build and texts of another; then
the build state; then it removes the files the new site no longer has, and the journal last.
A reader may see, for the instant of a publish, some pages new and others old.

A build killed before the journal is in place leaves the site as it was (its staging folder is
removed by the next build: rolled back); killed after, the next build, which holds the site's
lock, completes the journal first (``recover``: each move whose file is still in the staging
folder, each swap not done, by the folder's inode, every removal), then builds as usual: the
site it leaves is the one a clean build gives. The journal is read as untrusted input (whoever
can write the site can write it): a journal that is not one is removed and not acted on (the
build then finds the files that differ from its state, and writes them again), and no path in
it that is not a path in the site (``is_site_path``), or whose folder is reached through a
symbolic link, is followed. The journal is synced; the files it names are not (a killed
process loses nothing written; a power cut may).

Tests stop a build at a step of its publish: with ``FAQC_TEST_PUBLISH_STOP=N`` in the
environment (read here only), the build kills itself (SIGKILL) at step N: 0 once the journal is
in place, k after its k-th move, swap or removal, their count before the journal is removed.
"""
from __future__ import annotations

import ctypes
import errno
import json
import os
import shutil
import signal
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISDIR, S_ISREG

from compiler.core.paths import is_site_path
from compiler.incremental.state import STATE_DIR, STATE_FILE, remove_file, stat_key

JOURNAL = f"{STATE_DIR}/journal.json"
JOURNAL_FORMAT = 1
STOP_AT = "FAQC_TEST_PUBLISH_STOP"


@dataclass(slots=True)
class Overlay:
    """The site as an incremental build's writers see it: the files written into ``root`` (the
    staging folder) over the files of ``base`` (the published site) the state lists and that
    are still as it says (``intact``: path to SHA-256 and ``stat_key``), but those the build
    removed. Without ``base`` (a clean build), ``root`` holds the whole site."""

    root: Path
    base: Path | None = None
    intact: dict[str, tuple[str, tuple]] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)

    def has(self, name: str) -> bool:
        """Return True if the site being built has the file ``name``."""
        if (self.root / name).is_file():
            return True
        return self.base is not None and name in self.intact and name not in self.removed

    def path(self, name: str) -> Path:
        """Return where the file ``name`` of the site being built is (``has`` it)."""
        if self.base is None or (self.root / name).is_file():
            return self.root / name
        return self.base / name

    def names(self, folder: str) -> list[str]:
        """Return the site paths of the files directly in ``folder`` (a site path)."""
        found = set()
        where = self.root / folder
        if where.is_dir():
            found = {f"{folder}/{p.name}" for p in where.iterdir() if p.is_file()}
        prefix = f"{folder}/"
        found |= {name for name in self.intact if name.startswith(prefix)
                  and "/" not in name[len(prefix):] and name not in self.removed}
        return sorted(found)

    def remove(self, name: str) -> bool:
        """Remove the file ``name`` from the site being built; return True if it had one."""
        done = remove_file(self.root, name)
        if self.base is not None and name in self.intact and name not in self.removed:
            self.removed.add(name)
            done = True
        return done

    def listed(self, written: dict[str, tuple[str, tuple]]) -> dict[str, tuple[str, tuple]]:
        """Return the files of the site being built, path to SHA-256 and ``stat_key``: the
        base's still there and ``written`` (the files of ``root`` listed), which win."""
        kept = {name: made for name, made in self.intact.items() if name not in self.removed}
        return kept | written


def publish_changes(staging: Path, out: Path, files: Iterable[str],
                    swap: Iterable[str] = ()) -> dict[str, tuple]:
    """Publish the incremental build in ``staging`` into the site ``out`` through the journal
    (see the module docstring): every file of ``staging`` that is not a link to the site's own
    is moved into place, but in the folders ``swap`` (top-level folders staged whole, as the
    search index's: exchanged with the site's at once, after the moves), and the files of
    ``out`` not in ``files`` (the new site's, but the state and the stat cache) removed.
    Return each file moved with its ``stat_key`` once in place."""
    swap = [name for name in swap if (staging / name).is_dir()]
    whole = tuple(f"{name}/" for name in swap)
    moves = []
    for folder, _dirs, names in os.walk(staging):
        for name in names:
            full = os.path.join(folder, name)
            rel = Path(full).relative_to(staging).as_posix()
            if rel != STATE_FILE and not rel.startswith(whole) \
                    and not _same_file(full, os.path.join(out, rel)):
                moves.append(rel)
    keep = set(files) | {STATE_FILE, JOURNAL}
    removals = sorted(name for name in _site_names(out) if name not in keep
                      and not name.startswith(whole)
                      and not name.startswith(f"{STATE_DIR}/stat-cache"))
    moves.sort()
    if (staging / STATE_FILE).is_file():
        moves.append(STATE_FILE)
    swaps = [[name, os.lstat(staging / name).st_ino] for name in swap]
    _write_journal(out, staging, moves, swaps, removals)
    try:
        placed = _apply(out, staging, moves, swaps, removals, _stopper())
    except KeyboardInterrupt:  # Ctrl-C mid-publish: the journal completed first
        _apply(out, staging, moves, swaps, removals, lambda _step: None)
        raise
    # what is left (the old folders swapped out, the links the index phase carried) goes now,
    # so the files' change times, moved by it, are settled when the caller takes their keys
    shutil.rmtree(staging, ignore_errors=True)
    return placed


def recover(out: Path, staging_pattern: Callable[[str], bool]) -> bool:
    """Complete the journal a killed build left in the site ``out``, if any (called with the
    site's lock held); return True if there was one. A journal that is not one, or names a
    staging folder that is not one of ``out``'s (``staging_pattern`` of its name), is
    removed and not acted on."""
    path = out / JOURNAL
    if path.is_symlink() or not path.is_file():
        return False
    try:
        data = json.loads(path.read_bytes())
        staging, moves, swaps, removals = _checked(data, staging_pattern)
    except (OSError, ValueError, RecursionError):
        staging, moves, swaps, removals = None, [], [], []
    if staging is not None:
        _apply(out, out.parent / staging, moves, swaps, removals, lambda _step: None)
    path.unlink(missing_ok=True)
    return True


def _checked(data, staging_pattern: Callable[[str], bool]
             ) -> tuple[str, list[str], list[list], list[str]]:
    """Return the staging folder, moves, swaps and removals of a journal's JSON; raise
    ValueError if it is not one this faqc writes, or names anything outside the site."""
    if not isinstance(data, dict) or data.get("format") != JOURNAL_FORMAT:
        raise ValueError("not a journal")
    staging, moves, removals = data.get("staging"), data.get("moves"), data.get("removals")
    swaps = data.get("swaps")
    if not isinstance(swaps, list) or not all(
            isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
            and is_site_path(item[0]) and "/" not in item[0] and type(item[1]) is int
            for item in swaps):
        raise ValueError("a folder to swap that is not one of the site's")
    if not isinstance(staging, str) or "/" in staging or not staging_pattern(staging):
        raise ValueError("not a staging folder of this site")
    for names in (moves, removals):
        if not isinstance(names, list) or not all(isinstance(n, str) and is_site_path(n)
                                                  for n in names):
            raise ValueError("a path that is not one of the site")
    return staging, moves, swaps, removals


def _write_journal(out: Path, staging: Path, moves: list[str], swaps: list[list],
                   removals: list[str]) -> None:
    """Put the journal in place: written in the staging folder (a build killed before the
    rename leaves nothing of it in the site), synced, renamed (there whole or not at all)."""
    path = out / JOURNAL
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = staging / f".journal.{os.getpid()}"
    data = json.dumps({"format": JOURNAL_FORMAT, "staging": staging.name, "moves": moves,
                       "swaps": swaps, "removals": removals},
                      ensure_ascii=False, indent=0).encode("utf-8")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def _apply(out: Path, staging: Path, moves: list[str], swaps: list[list], removals: list[str],
           stop: Callable[[int], None]) -> dict[str, tuple]:
    """Move ``moves`` from ``staging`` into ``out`` in order (the state, the last, after the
    folders ``swaps`` are exchanged), then remove ``removals``, then the journal; return the
    ``stat_key`` of each file moved, once in place. A move whose file is no longer in
    ``staging`` (done before a kill) is passed over, and no move or removal goes through a
    symbolic link out of either folder."""
    stop(0)
    inside_out, inside_staging = inside_test(out), inside_test(staging)
    placed: dict[str, tuple] = {}
    step = 0
    for name in moves:
        if name == STATE_FILE:  # the state after the folders it lists the files of
            for folder, inode in swaps:
                swap_folder(staging / folder, out / folder, inode)
                step += 1
                stop(step)
        source, target = os.path.join(staging, name), os.path.join(out, name)
        try:
            st = os.lstat(source)
        except OSError:
            st = None
        if st is not None and S_ISREG(st.st_mode) and inside_staging(os.path.dirname(source)):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if inside_out(os.path.dirname(target)):
                os.replace(source, target)
                placed[name] = stat_key(os.lstat(target))
        step += 1
        stop(step)
    for name in removals:
        remove_file(out, name)
        step += 1
        stop(step)
    (out / JOURNAL).unlink(missing_ok=True)
    return placed


def inside_test(root: str | Path) -> Callable[[str], bool]:
    """Return a test of whether a folder under ``root`` is there in fact, not through a symbolic
    link leading out of it (each folder resolved once: a site has 60,000 files, far fewer
    folders)."""
    top = os.path.join(os.path.realpath(root), "")
    seen: dict[str, bool] = {}

    def inside(folder: str) -> bool:
        if folder not in seen:
            seen[folder] = os.path.join(os.path.realpath(folder), "").startswith(top)
        return seen[folder]
    return inside


def swap_folder(staged: Path, target: Path, inode: int) -> None:
    """Put the folder ``staged`` (inode ``inode``) at ``target``: exchanged with the folder
    there in one step (``renameat2``'s ``RENAME_EXCHANGE``, where the system has it), else
    renamed in once that one is renamed away (a file or symbolic link there is removed, never
    followed). Done already (``target`` is that folder), or ``staged`` not that folder,
    nothing is done."""
    def inode_of(path: Path) -> int | None:
        try:
            st = os.lstat(path)
        except OSError:
            return None
        return st.st_ino if S_ISDIR(st.st_mode) else -1
    if inode_of(target) == inode or inode_of(staged) != inode:
        return
    there = inode_of(target)
    if there == -1:  # a file or a symbolic link where the folder goes: removed, not followed
        target.unlink()
        there = None
    if there is None:
        os.rename(staged, target)
    elif not _exchange(staged, target):
        os.rename(target, staged.with_name(f"{staged.name}.old"))
        os.rename(staged, target)


def _exchange(a: Path, b: Path) -> bool:
    """Exchange the folders ``a`` and ``b`` atomically; return False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    if ctypes.get_errno() in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()), str(b))


def _same_file(a: str, b: str) -> bool:
    """Return True if ``a`` and ``b`` are links to one file."""
    try:
        return os.path.samestat(os.lstat(a), os.lstat(b))
    except OSError:
        return False


def _site_names(out: Path) -> list[str]:
    """Return the site path of every file (and symbolic link) under ``out``."""
    names = []
    for folder, dirs, files in os.walk(out):
        rel = Path(folder).relative_to(out).as_posix()
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            names.append(name if rel == "." else f"{rel}/{name}")
    return names


def _stopper() -> Callable[[int], None]:
    """Return the test hook of the module docstring (``STOP_AT``), or one that does nothing."""
    at = os.environ.get(STOP_AT, "")
    if not at.isdigit():
        return lambda _step: None
    target = int(at)

    def stop(step: int) -> None:
        if step == target:
            os.kill(os.getpid(), signal.SIGKILL)
    return stop
