"""Publishing a built site: a clean build swaps its staging folder in; an incremental one moves
only the files it wrote (``compiler.incremental.journal``).

The staging folder is a sibling of the output (same filesystem). A clean build's swap is two
renames: the old site is renamed away, the new one renamed in, and only then is the old one
deleted. A build that fails or is interrupted before the swap leaves the previous site as it
was and removes its staging folder; only a crash between the two renames can leave no ``out``
(the old site then still sits beside it as ``.<name>.old-*``). A build killed outright
(SIGKILL, a power cut) leaves its staging folder, or the old site it was deleting: the next
build, which holds the output's lock (``compiler.runtime.lock``) and so knows no other build
is at work there, completes the journal of a publish cut short, then removes them, putting an
old site back first if there is no site (``clear_abandoned``).

An incremental build's staging folder holds only the files it writes, new files, over the
published site's (``journal.Overlay``; its files checked against the state first,
``intact_files``); the index phase alone still carries its folders' files in as hard links
(``carry_over``), and those are never moved. The published site's files are never written
through.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from stat import S_ISREG

from compiler.core.errors import FaqcError
from compiler.core.paths import is_site_path
from compiler.incremental.journal import JOURNAL, inside_test, recover
from compiler.incremental.state import file_sha256, stat_key


@contextmanager
def staging_dir(out: Path, marker: str) -> Iterator[Path]:
    """Yield a new empty folder beside ``out``; remove it unless it was published or a journal
    in ``out`` still needs it (a publish cut short by an error: the next build completes it)."""
    check_replaceable(out, marker)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.staging-{os.getpid()}-", dir=out.parent))
    staging.chmod(0o777 & ~_umask())  # mkdtemp makes it private; the site is not
    try:
        yield staging
    finally:
        if staging.exists() and not (out / JOURNAL).is_file():
            shutil.rmtree(staging, ignore_errors=True)


def carry_over(out: Path, staging: Path, files: dict[str, str],
               known: dict[str, tuple[str, tuple]] | None = None) -> dict[str, tuple[str, tuple]]:
    """Hard-link into ``staging`` each file of ``out`` listed in ``files`` whose bytes have that
    SHA-256 (``intact_files``; a copy where links cannot be made); return the files carried,
    each with its SHA-256 and ``stat_key`` as carried, none for a copy (``state.site_files``
    takes the hash of a file still so, rather than reading it again).
    (Threads were slower than one process: the files are small, and hashing one holds the GIL.)
    """
    root, dest = os.fspath(out), os.fspath(staging)
    carried: dict[str, tuple[str, tuple]] = {}
    made: set[str] = set()
    for name, (sha, _key) in intact_files(out, files, known).items():
        source, target = os.path.join(root, name), os.path.join(dest, name)
        folder = os.path.dirname(target)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        try:
            os.link(source, target)
        except OSError:
            shutil.copy2(source, target)  # a copy's inode may be reused: its hash not kept
            carried[name] = sha, ()
            continue
        carried[name] = sha, stat_key(os.stat(target))
    return carried


def intact_files(out: Path, files: dict[str, str],
                 known: dict[str, tuple[str, tuple]] | None = None) -> dict[str, tuple[str, tuple]]:
    """Return each file of ``out`` listed in ``files`` (path: SHA-256) that is a regular file
    with those bytes, with its SHA-256 and ``stat_key``, in path order; a path that is not one
    of the site, or is reached through a symbolic link out of it, is left out.

    A file whose ``stat_key`` is the one ``known`` gives (the stat cache the last build left,
    ``state.load_stat_cache``) is not read: its bytes are those it had when that key was taken.
    Plain ``os`` calls on string paths, one ``lstat`` a file: for the 58,753 files of the
    20 MiB benchmark's site, carrying them took 3.0 s where ``Path`` objects and three ``stat``
    calls took 4.3 s.
    """
    root = os.fspath(out)
    found: dict[str, tuple[str, tuple]] = {}
    known = known or {}
    inside = inside_test(root)
    for name, sha in sorted(files.items()):
        source = os.path.join(root, name)
        if not is_site_path(name) or not inside(os.path.dirname(source)):
            continue  # a state file naming files outside the site is not followed
        try:
            st = os.lstat(source)
            if not S_ISREG(st.st_mode) or (known.get(name) != (sha, stat_key(st))
                                           and file_sha256(source) != sha):
                continue  # changed since it was written (or a link now): written again
        except (OSError, ValueError):  # ValueError: a name no path can have (a NUL, a lone
            continue                   # surrogate) in a state file someone wrote
        found[name] = sha, stat_key(st)
    return found


def clear_abandoned(out: Path) -> list[Path]:
    """Remove the staging folders and old sites that killed builds left beside ``out`` (called
    with the output's lock held: no other build is at work there); with no ``out``, the newest
    old site is put back first. The journal of a publish cut short is completed first, from
    the staging folder it names (``journal.recover``)."""
    pattern = re.compile(rf"^\.{re.escape(out.name)}\.(staging|old)-")
    found = [p for p in sorted(out.parent.iterdir()) if pattern.match(p.name) and p.is_dir()
             and not p.is_symlink()] if out.parent.is_dir() else []
    recover(out, lambda name: name.startswith(f".{out.name}.staging-"))  # a publish cut short
    olds = [p for p in found if ".old-" in p.name]
    if olds and not out.exists() and not out.is_symlink():
        newest = max(olds, key=lambda p: p.stat().st_mtime_ns)
        newest.rename(out)
        found.remove(newest)
    for path in found:
        shutil.rmtree(path, ignore_errors=True)
    return found


def check_replaceable(out: Path, marker: str) -> None:
    """Refuse an output that is a file, or a non-empty folder no faqc build wrote."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise FaqcError(f"{out}: error: output exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / marker).is_file():
        raise FaqcError(f"{out}: error: output folder is not empty and was not built by faqc "
                        f"(no {marker}); refusing to replace it")


def publish(staging: Path, out: Path, marker: str) -> None:
    """Put the site built in ``staging`` at ``out``, replacing the previous site in two renames."""
    check_replaceable(out, marker)
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        old.rmdir()
        out.rename(old)
    try:
        staging.rename(out)
    except BaseException:  # an OSError, or Ctrl-C between the two renames: put the old site back
        if old is not None:
            old.rename(out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
