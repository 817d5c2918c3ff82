"""What a built site holds, for tests that compare sites: every file by path, to its SHA-256.

The build state's stat cache (``compiler.incremental.state.STAT_CACHE``) is left out: it holds the inode
numbers and times of the machine's files, so two builds of the same inputs never agree on it
(``tests/incremental/test_incremental.py`` tests it apart).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from compiler.incremental.state import STAT_CACHE


def manifest(site: Path) -> dict[str, str]:
    """Every file under ``site`` (hidden ones too) but the stat cache, by relative path, to its
    SHA-256."""
    return {name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*"))
            if p.is_file() and (name := p.relative_to(site).as_posix()) != STAT_CACHE}
