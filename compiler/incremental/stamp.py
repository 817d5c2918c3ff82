"""The one stamp of faqc's code: every cache and state written by one code is read by it only."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from compiler import __version__

PACKAGE = Path(__file__).resolve().parent.parent
SHIPPED = (".py", ".json", ".tsv")
"""What the package ships: its code, schemas and data tables."""


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """Return the hash of faqc's version and of every file the package ships (code, schemas,
    data): a change to any of them may change what any phase makes."""
    digest = hashlib.sha256(__version__.encode("utf-8") + b"\0")
    for path in sorted(p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix in SHIPPED
                       and "__pycache__" not in p.parts):
        digest.update(path.relative_to(PACKAGE).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()
