"""The normalize phase: source files to validated YAML documents, one bad file never stopping the rest."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import Diagnostics, FaqcError
from .model import Document
from .readers import read_document
from .textio import read_source
from .validate import validate_document
from .yamlio import dump_document, write_atomic

SOURCE_SUFFIXES = (".txt",)


@dataclass(slots=True)
class NormalizeResult:
    """What normalizing one source produced."""

    source: Path
    output: Path | None = None
    document: Document | None = None
    error: FaqcError | None = None
    written: bool = False


def discover_sources(directory: Path) -> list[Path]:
    """Return the source files of a directory, sorted by name for a deterministic order."""
    if not directory.is_dir():
        raise FaqcError(f"{directory}: error: no such directory")
    return sorted(p for p in directory.iterdir() if p.is_file() and p.suffix in SOURCE_SUFFIXES)


def normalize_text(data: bytes, file: str, diags: Diagnostics) -> tuple[Document, str]:
    """Return the document and its YAML text for a source's bytes (pure: no I/O)."""
    src = read_source(data, file)
    doc = read_document(src, diags)
    text = dump_document(doc)
    validate_document(doc.to_dict(), file)
    return doc, text


def normalize_file(path: Path, out_dir: Path, diags: Diagnostics,
                   taken: dict[str, Path] | None = None) -> NormalizeResult:
    """Normalize one file into ``out_dir/<document id>.yaml``; errors are returned, not raised."""
    result = NormalizeResult(source=path)
    try:
        data = _read_bytes(path)
        doc, text = normalize_text(data, str(path), diags)
        if taken is not None:
            other = taken.get(doc.id)
            if other is not None and other != path:
                raise FaqcError(f"{path}: error: document id '{doc.id}' is also the id of {other}")
            taken[doc.id] = path
        result.document = doc
        result.output = out_dir / f"{doc.id}.yaml"
        try:
            result.written = write_atomic(result.output, text)
        except OSError as exc:
            raise FaqcError(f"{path}: error: cannot write {result.output}: "
                             f"{exc.strerror or exc}") from None
    except FaqcError as exc:
        result.error = exc
    return result


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except IsADirectoryError:
        raise FaqcError(f"{path}: error: is a directory, not a source file") from None
    except OSError as exc:
        raise FaqcError(f"{path}: error: cannot read: {exc.strerror}") from None
