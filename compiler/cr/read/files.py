"""The edges of the CR reader: files in, YAML out (through the IR and ``compiler.files.yamlio``).

``load_cr_library`` reads the ``.txt`` CRs of a directory (nothing is cached on disk);
``normalize_cr`` writes one CR's YAML as ``cr-<date>.yaml``, validated against
``compiler/files/schema/cr.schema.json``.  Every problem with an input is one ``FaqcError`` line that
names the file.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

from compiler.core.errors import Diagnostics, FaqcError
from compiler.cr.cache import CrCache
from compiler.cr.era import CrLibrary
from compiler.cr.model import CR_SCHEMA_VERSION, CrDocument
from compiler.cr.read.audit import cr_words
from compiler.cr.read.reader import read_cr
from compiler.cr.read.source import read_cr_source
from compiler.files.yamlio import dump_data, load_data, write_atomic

CR_SUFFIX = ".txt"


def read_cr_bytes(data: bytes, file: str, diags: Diagnostics) -> CrDocument:
    """Return the CR document of a file's bytes (pure: no I/O)."""
    return read_cr(read_cr_source(data, file, diags), diags)


def read_cr_file(path: Path, diags: Diagnostics) -> CrDocument:
    """Read one CR text file."""
    return read_cr_bytes(_read_bytes(path), str(path), diags)


def load_cr_library(rules_dir: Path, diags: Diagnostics | None = None,
                    cache: Path | None = None) -> CrLibrary:
    """Return the library of every ``.txt`` CR in ``rules_dir`` (file names do not matter);
    with ``cache``, editions and their identity links are kept there (``compiler.cr.cache``).

    A file that is not a CR is a ``[cr.unreadable]`` warning and the others are read; a second
    file stating the date of one read before (by file name) is the same edition saved twice
    (``[cr.duplicate]``, saying whether their words differ) and is read once.
    """
    if not rules_dir.is_dir():
        raise FaqcError(f"{rules_dir}: error: no such directory")
    paths = sorted(p for p in rules_dir.iterdir() if p.is_file() and p.suffix == CR_SUFFIX)
    if not paths:
        raise FaqcError(f"{rules_dir}: error: no Comprehensive Rules text (*{CR_SUFFIX}) found")
    diags = diags if diags is not None else Diagnostics()
    store = CrCache(cache)
    by_date: dict[str, tuple[Path, CrDocument]] = {}
    for path in paths:
        try:
            doc = store.edition(_read_bytes(path), str(path), diags, read_cr_bytes)
        except FaqcError as exc:
            diags.warn(str(path), None, f"not read: {_reason(exc, path)}", "cr.unreadable")
            continue
        if doc.date in by_date:
            first, kept = by_date[doc.date]
            same = "the same words" if cr_words(doc.to_dict()) == cr_words(kept.to_dict()) \
                else "other words"
            diags.warn(str(path), None, f"states the date of {first.name} ({doc.date}), with "
                       f"{same}: read once, from {first.name}", "cr.duplicate")
            continue
        by_date[doc.date] = (path, doc)
    if not by_date:
        raise FaqcError(f"{rules_dir}: error: no Comprehensive Rules text could be read")
    library = CrLibrary(doc for _, doc in by_date.values())
    library.cache = store
    return library


def _reason(exc: FaqcError, path: Path) -> str:
    """Return an error's message without the file name it starts with."""
    message = exc.format_message()
    for prefix in (f"{path}: error: ", f"{path}:"):
        if message.startswith(prefix):
            message = message[len(prefix):]
            break
    return message.split("error: ", 1)[-1]


def cr_yaml_name(doc: CrDocument) -> str:
    """Return the YAML file name of a CR: ``cr-<date>.yaml``."""
    return f"cr-{doc.date}.yaml"


def dump_cr(doc: CrDocument, file: str) -> str:
    """Return the validated YAML text of a CR (deterministic: same IR, same bytes)."""
    data = doc.to_dict()
    validate_cr(data, file)
    return dump_data(data)


def normalize_cr(path: Path, out_dir: Path, diags: Diagnostics | None = None) -> Path:
    """Read the CR at ``path`` and write ``out_dir/cr-<date>.yaml``; return the YAML path."""
    doc = read_cr_file(path, diags if diags is not None else Diagnostics())
    out = out_dir / cr_yaml_name(doc)
    write_atomic(out, dump_cr(doc, str(path)))
    return out


def load_cr_yaml(path: Path) -> CrDocument:
    """Read a CR YAML written by ``normalize_cr``."""
    data = load_data(_read_bytes(path).decode("utf-8", errors="replace"), str(path))
    if not isinstance(data, dict) or data.get("schema_version") != CR_SCHEMA_VERSION:
        raise FaqcError(f"{path}: error: not a faqc CR document of schema version {CR_SCHEMA_VERSION}")
    validate_cr(data, str(path))
    return CrDocument.from_dict(data)


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # only when a CR is checked (not in a build)
    schema = json.loads(resources.files("compiler.files.schema").joinpath("cr.schema.json")
                        .read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def cr_schema_errors(data: Any) -> list[str]:
    """Return every schema violation of a CR's dict form, as ``path: message`` lines."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.path)))
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors]


def validate_cr(data: Any, file: str) -> None:
    """Raise a one-line ``FaqcError`` naming the file if ``data`` breaks the CR schema."""
    errors = cr_schema_errors(data)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise FaqcError(f"{file}: error: schema: {errors[0]}{more}")


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except IsADirectoryError:
        raise FaqcError(f"{path}: error: is a directory, not a rules text") from None
    except OSError as exc:
        raise FaqcError(f"{path}: error: cannot read: {exc.strerror}") from None
