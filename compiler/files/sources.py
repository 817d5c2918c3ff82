"""Source files: which files of a folder are sources, and their bytes read without waiting."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from compiler.core.errors import Diagnostics, FaqcError

SOURCE_SUFFIXES = (".txt", ".md")
"""Plain text, and Markdown as the publisher's pages give it (the readers sniff which)."""


def discover_sources(directory: Path, diags: Diagnostics | None = None) -> list[Path]:
    """Return the source files of a directory, sorted by name for a deterministic order: the
    regular files (or links to one) named ``*.txt`` or ``*.md``. Anything else with such a name
    (a FIFO, a socket, a device, a folder, a dangling or looping link, ``X.TXT``, a name that is
    not UTF-8) is never opened, and is warned about in ``diags``."""
    if not directory.is_dir():
        raise FaqcError(f"{directory}: error: no such directory")
    found = []
    for path in sorted(directory.iterdir()):
        if path.suffix.lower() not in SOURCE_SUFFIXES:
            continue
        why = not_a_source(path)
        if why is None:
            found.append(path)
        elif diags is not None:
            diags.warn(_printable(path), None, f"{why}: not read", "source.skipped")
    return found


def not_a_source(path: Path) -> str | None:
    """Return why ``path`` is not read as a source (None: a regular ``.txt`` or ``.md`` file)."""
    if _printable(path) != str(path):
        return "file name is not UTF-8"
    if path.suffix not in SOURCE_SUFFIXES:
        return f"named {path.suffix}, not {' or '.join(SOURCE_SUFFIXES)}"
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop"
        return "dangling symbolic link" if path.is_symlink() else f"cannot read: {exc.strerror}"
    return None if stat.S_ISREG(mode) else f"is {_kind(mode)}, not a file"


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return "not a regular file"


def _printable(path: Path) -> str:
    """Return the path as text, a byte that is not UTF-8 shown as ``\\xNN``."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def read_source_file(path: Path) -> bytes:
    """Return the bytes of a regular file; anything else (a FIFO above all: reading one waits
    for a writer) is refused with one line, never opened for reading."""
    where = _printable(path)
    if where != str(path):
        raise FaqcError(f"{where}: error: file name is not UTF-8 (rename it); not read")
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise FaqcError(f"{where}: error: is a directory, not a source file")
        if not stat.S_ISREG(mode):
            raise FaqcError(f"{where}: error: is {_kind(mode)}, not a file; not read")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # never waits
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise FaqcError(f"{where}: error: not a regular file; not read")
            return handle.read()
    except OSError as exc:
        raise FaqcError(f"{where}: error: cannot read: {exc.strerror or exc}") from None
