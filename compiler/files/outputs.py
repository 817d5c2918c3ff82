"""Where an output file may be written: only as a regular file in its place, never into what it
is made of.

A writer makes its file beside the target and renames it there, so whatever stood at the target
is replaced: a named pipe, a device (``/dev/null``), a socket, a folder or a symbolic link (and
so, in effect, the file it points to) would be gone without a word. Such a target is refused in
one line instead, as is a target inside the folder the output is made of (a zip of the site
written into the site would hold itself and grow on every run).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from compiler.core.errors import FaqcError

_KINDS = {stat.S_IFIFO: "a named pipe", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device",
          stat.S_IFSOCK: "a socket", stat.S_IFDIR: "a folder", stat.S_IFLNK: "a symbolic link"}


def output_problem(out: Path) -> str | None:
    """Return why the file ``out`` may not be written (it is there and no regular file, or
    cannot be looked at), or None if it may."""
    try:
        mode = os.lstat(out).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:  # a parent that is a file, a folder no one may search
        return f"{exc.strerror or exc}; nothing written"
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "something else")
        return f"exists and is not a regular file ({kind}); refusing to replace it"
    return None


def check_output_file(out: Path) -> None:
    """Refuse (``FaqcError``) to write the file ``out`` unless it is absent or a regular file (a
    symbolic link is refused, whatever it points to). Call it before anything is made beside
    ``out`` (a lock, a temporary file), and again just before the rename."""
    problem = output_problem(out)
    if problem:
        raise FaqcError(f"{out}: error: {problem}")


def lands_inside(out: Path, folder: Path) -> bool:
    """Return whether the file ``out`` would be written inside ``folder`` (or be it), wherever
    symbolic links on the way lead."""
    top = os.path.join(os.path.realpath(folder), "")
    return os.path.join(os.path.realpath(out), "").startswith(top)
