"""The normalize phase: source files to validated YAML documents, one bad file never stopping the rest."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from compiler.core.errors import Diagnostics, FaqcError
from compiler.core.model import Document
from compiler.files.outputs import output_problem
from compiler.files.sources import read_source_file
from compiler.files.textio import read_source
from compiler.files.validate import part_is_valid, validate_document
from compiler.files.yamlio import Check, dump_document, write_document
from compiler.readers import read_document


@dataclass(slots=True)
class NormalizeResult:
    """What normalizing one source produced."""

    source: Path
    output: Path | None = None
    document: Document | None = None
    error: FaqcError | None = None
    written: bool = False


def normalize_text(data: bytes, file: str, diags: Diagnostics) -> tuple[Document, str]:
    """Return the document and its YAML text for a source's bytes (pure: no I/O)."""
    doc = read_document(read_source(data, file), diags)
    return doc, dump_document(doc, schema_check(doc, file))


def schema_check(doc: Document, file: str) -> Check:
    """Return the check ``compiler.files.yamlio`` makes of each part of ``doc`` as it is written:
    the fast schema check of that part; if it fails, the whole document is validated for the
    one-line error naming what breaks the schema."""
    def check(part: str, data: object) -> None:
        if not part_is_valid(part, data):
            validate_document(doc.to_dict(), file)
            raise FaqcError(f"{file}: error: schema: a {part} of the document breaks the schema")
    return check


def normalize_file(path: Path, out_dir: Path, diags: Diagnostics,
                   taken: dict[str, Path] | None = None) -> NormalizeResult:
    """Normalize one file into ``out_dir/<document id>.yaml``; errors are returned, not raised."""
    result = NormalizeResult(source=path)
    try:
        # The bytes, then the decoded text and its lines, are dropped as soon as they are
        # read: only the document is held while its YAML is written (a part at a time).
        doc = read_document(read_source(read_source_file(path), str(path)), diags)
        if taken is not None:
            other = taken.get(doc.id)
            if other is not None and other != path:
                raise FaqcError(f"{path}: error: document id '{doc.id}' is also the id of {other}")
            taken[doc.id] = path
        result.document = doc
        result.output = out_dir / f"{doc.id}.yaml"
        if problem := output_problem(result.output):
            raise FaqcError(f"{path}: error: cannot write {result.output}: it {problem}")
        try:
            result.written = write_document(doc, result.output, schema_check(doc, str(path)))
        except OSError as exc:
            raise FaqcError(f"{path}: error: cannot write {result.output}: "
                             f"{exc.strerror or exc}") from None
    except FaqcError as exc:
        result.error = exc
    return result
