"""Publishing a built site atomically: build into a staging folder beside the output, then swap.

The staging folder is a sibling of the output (same filesystem), so the swap is two renames:
the old site is renamed away, the new one renamed in, and only then is the old one deleted. A
build that fails or is interrupted before the swap leaves the previous site as it was and
removes its staging folder; only a crash between the two renames can leave no ``out`` (the
old site then still sits beside it as ``.<name>.old-*``).
"""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import FaqcError


@contextmanager
def staging_dir(out: Path, marker: str) -> Iterator[Path]:
    """Yield a new empty folder beside ``out``; remove it unless it was published."""
    check_replaceable(out, marker)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.staging-", dir=out.parent))
    staging.chmod(0o777 & ~_umask())  # mkdtemp makes it private; the site is not
    try:
        yield staging
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


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
    except OSError:
        if old is not None:
            old.rename(out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
