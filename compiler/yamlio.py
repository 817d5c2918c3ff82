"""YAML in and out, only through the IR, with libyaml when present; atomic writes."""
from __future__ import annotations

import glob
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from .errors import FaqcError
from .model import SCHEMA_VERSION, Document

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def dump_document(doc: Document) -> str:
    """Return the YAML text of a document (deterministic: same IR, same bytes).

    The sections are dumped one at a time and the texts joined: PyYAML builds a node for every
    scalar before it writes any, which for a whole document took 30 times the source's size in
    memory. The text is the same, byte for byte: a list item at the top level is written as
    one under a mapping key is (``sections:`` then ``- kind: section``, not indented)."""
    data = doc.to_dict()
    sections = data.get("sections")
    if not sections or list(data)[-1] != "sections":
        return dump_data(data)
    head = dump_data({key: value for key, value in data.items() if key != "sections"})
    return head + "sections:\n" + "".join(dump_data([section]) for section in sections)


def dump_data(data: Any) -> str:
    """Return YAML for plain data: block style, keys in insertion order, unicode kept."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)


def load_data(text: str, file: str) -> Any:
    """Parse YAML text, turning syntax errors into a one-line error naming the file."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{file}:{mark.line + 1}" if mark else file
        raise FaqcError(f"{where}: error: invalid YAML: {getattr(exc, 'problem', exc)}") from None


def load_document(path: Path) -> Document:
    """Read a document YAML written by ``dump_document``."""
    data = load_data(path.read_text(encoding="utf-8"), str(path))
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        raise FaqcError(f"{path}: error: not a faqc document of schema version {SCHEMA_VERSION}")
    try:
        return Document.from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise FaqcError(f"{path}: error: malformed document: {exc}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` via a temporary file and rename; return False if unchanged."""
    data = text.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def clear_temporary(folder: Path, prefix: str = ".") -> list[Path]:
    """Remove the temporary files (``<prefix>*.tmp``) that writers killed before their rename
    left in ``folder`` (call it holding the lock of what is written: no writer is at work)."""
    found = sorted(folder.glob(f"{glob.escape(prefix)}*.tmp")) if folder.is_dir() else []
    for path in found:
        if path.is_file() and not path.is_symlink():
            path.unlink(missing_ok=True)
    return found
