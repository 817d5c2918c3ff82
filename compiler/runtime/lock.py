"""One writer at a time: an advisory lock on a lock file beside what a command writes.

``faqc build`` holds the lock of its output folder (``.site.lock`` beside ``site``) from the
moment it reads the previous build's state until the new site is published; ``faqc bundle``
holds it shared while it zips the site; ``faqc normalize`` holds the lock of its YAML folder
while it writes. A second run waits for the first, saying once which process it waits for;
two builds on one output therefore never mix their sites.

The lock is ``flock(2)``: the kernel drops it when the holder's last descriptor closes, so a
killed run never leaves a stale lock (its forked workers keep it until they are gone too,
which is what keeps a next build from clearing a staging folder they still write into). The
lock file beside the folder holds the holder's process id and verb; the last holder removes
it as it lets go (a waiter that then holds a removed file locks the new one instead), and so
does a Ctrl-C that stops a run while it takes the lock, if no one else holds it.
"""
from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from compiler.core.errors import FaqcError, say

LOCK_SUFFIX = ".lock"
_READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)


def lock_path(target: Path) -> Path:
    """Return the lock file of ``target``: ``.<name>.lock`` in the same folder."""
    return target.parent / f".{target.name}{LOCK_SUFFIX}"


@contextmanager
def hold_lock(target: Path, verb: str, *, shared: bool = False,
              say: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the lock of ``target`` (exclusive, or ``shared`` for a reader) for a ``faqc verb``;
    wait for another holder, saying so once through ``say``."""
    path = lock_path(target)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise FaqcError(f"{_blocker(path.parent)}: error: exists and is not a folder") from None
    except OSError as exc:
        if not (shared and exc.errno in _READ_ONLY):
            raise FaqcError(f"{path.parent}: error: cannot make the folder: "
                            f"{exc.strerror or exc}") from None
    try:  # an interrupt while the lock is taken removes the file (``_acquire``)
        fd = _acquire(path, fcntl.LOCK_SH if shared else fcntl.LOCK_EX, say or _say, target)
    except OSError as exc:
        if shared and exc.errno in _READ_ONLY:
            yield  # a folder no one may write in: no build can change it under the reader
            return
        raise FaqcError(f"{path}: error: cannot create the lock file: "
                        f"{exc.strerror or exc}") from None
    try:
        if not shared:
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, f"{os.getpid()} {verb}\n".encode("ascii"), 0)
            except OSError:
                pass  # a full disk: the lock is held all the same, only unnamed in "waiting for"
        yield
    finally:
        _release(path, fd)


def _acquire(path: Path, mode: int, say: Callable[[str], None], target: Path) -> int:
    """Return a descriptor of the lock file at ``path`` locked in ``mode``: the file that is
    at ``path`` once the lock is had (a holder removes it as it lets go)."""
    said = False
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        try:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
            except BlockingIOError:
                if not said:
                    say(f"{target}: waiting for {holder(fd)}, which is writing it")
                    said = True
                fcntl.flock(fd, mode)
            try:
                if os.stat(path).st_ino == os.fstat(fd).st_ino:
                    return fd
            except FileNotFoundError:
                pass
        except BaseException:  # Ctrl-C while waiting or just after the file was made
            _release(path, fd, only_if_current=True)
            raise
        os.close(fd)  # the holder removed this file as it let go: lock the new one


def _release(path: Path, fd: int, only_if_current: bool = False) -> None:
    """Remove the lock file if no one else holds or waits on it, then let go; with
    ``only_if_current`` (``fd`` may not be the lock yet), only if ``path`` is still its file."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a shared holder: the last one?
        if not only_if_current or os.stat(path).st_ino == os.fstat(fd).st_ino:
            path.unlink(missing_ok=True)
    except OSError:
        pass  # another holder: the file stays for it
    finally:
        os.close(fd)


def _blocker(folder: Path) -> Path:
    """Return the first of ``folder`` and its parents that exists (a file in the way)."""
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    return folder


def holder(fd: int) -> str:
    """Return who holds a lock, as its file says (``faqc build (process 1234)``)."""
    try:
        pid, verb = os.pread(fd, 200, 0).decode("ascii").split()[:2]
        if int(pid) > 0 and _alive(int(pid)):
            return f"faqc {verb} (process {int(pid)})"
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    return "another faqc process"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _say(line: str) -> None:
    say(f"faqc: {line}")
