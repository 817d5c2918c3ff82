"""YAML in and out, only through the IR, with libyaml when present; atomic writes."""
from __future__ import annotations

import glob
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from compiler.core.errors import FaqcError
from compiler.core.model import SCHEMA_VERSION, Document
from compiler.files.outputs import check_output_file
from compiler.files.textio import read_utf8

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):   # type: ignore[misc]
    """PyYAML's safe loader (libyaml's when present) that refuses a key given twice in one
    mapping, naming its line (PyYAML keeps the last one, silently)."""

    def construct_mapping(self, node, deep=False):
        mapping = super().construct_mapping(node, deep=deep)
        if len(mapping) != len(node.value):   # the keys as constructed, merges flattened
            first: dict[Any, int] = {}
            for key_node, _value in node.value:
                key = self.construct_object(key_node, deep=deep)
                line = key_node.start_mark.line + 1
                if key in first:
                    raise yaml.constructor.ConstructorError(
                        problem=f"the key {key!r} is given twice in one mapping (first at line "
                                f"{first[key]})", problem_mark=key_node.start_mark)
                first[key] = line
        return mapping


Check = Callable[[str, Any], None]
"""Called with each part of a document (``document``, ``section``, ``block``: see
``compiler.files.validate.part_is_valid``) and its dict form before the part is written; raises to
stop."""

_TAG = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP = _TAG + "str", _TAG + "seq", _TAG + "map"
_resolver = yaml.resolver.Resolver()
_RESOLVED_FIRST = frozenset(_resolver.yaml_implicit_resolvers)
"""The first characters of the texts an implicit tag (a bool, a number, a null...) can take:
a text starting otherwise resolves to a plain string, when the resolver has no catch-all
(``None``) entry and no path resolvers (PyYAML's has neither)."""
_PLAIN_BY_FIRST = None not in _RESOLVED_FIRST and not _resolver.yaml_path_resolvers
_CHUNK = 1 << 20


def document_events(doc: Document, check: Check | None = None) -> Iterator[yaml.Event]:
    """Yield the YAML events of a document, one block of a section at a time.

    They are the events ``yaml.dump(doc.to_dict())`` emits (so the text is the same, byte for
    byte), but no dict of the whole document, nor PyYAML's node for each of its scalars, is
    ever held: each block's dict is made, checked by ``check``, turned into events and dropped.
    """
    yield yaml.StreamStartEvent()
    yield yaml.DocumentStartEvent(explicit=False)
    head = replace(doc, sections=[]).to_dict()
    if check:
        check("document", {**head, "sections": []} if doc.sections else head)
    yield from _mapping_start(head, doc.sections)
    if doc.sections:
        yield _scalar("sections")
        yield yaml.SequenceStartEvent(None, _SEQ, True, flow_style=False)
        for section in doc.sections:
            top = replace(section, blocks=[]).to_dict()
            if check:
                check("section", top)
            yield from _mapping_start(top, section.blocks)
            if section.blocks:
                yield _scalar("blocks")
                yield yaml.SequenceStartEvent(None, _SEQ, True, flow_style=False)
                for block in section.blocks:
                    data = block.to_dict()
                    if check:
                        check("block", data)
                    yield from _events(data)
                yield yaml.SequenceEndEvent()
            yield yaml.MappingEndEvent()
        yield yaml.SequenceEndEvent()
    yield yaml.MappingEndEvent()
    yield yaml.DocumentEndEvent(explicit=False)
    yield yaml.StreamEndEvent()


def _mapping_start(head: dict[str, Any], more: list) -> Iterator[yaml.Event]:
    """Yield the start of a mapping, its items in ``head`` (``more``: a last item, a list,
    follows), as the representer would: flow style when every value is a scalar."""
    flow = not more and not any(isinstance(v, (dict, list)) for v in head.values())
    yield yaml.MappingStartEvent(None, _MAP, True, flow_style=flow)
    for key, value in head.items():
        yield _scalar(key)
        yield from _events(value)


def _events(data: Any) -> Iterator[yaml.Event]:
    """Yield the events of plain data, as ``SafeRepresenter`` and the serializer make them."""
    if isinstance(data, dict):
        yield from _mapping_start(data, [])
        yield yaml.MappingEndEvent()
    elif isinstance(data, list):
        flow = not any(isinstance(v, (dict, list)) for v in data)
        yield yaml.SequenceStartEvent(None, _SEQ, True, flow_style=flow)
        for item in data:
            yield from _events(item)
        yield yaml.SequenceEndEvent()
    else:
        yield _scalar(data)


def _scalar(value: Any) -> yaml.ScalarEvent:
    if isinstance(value, str):
        tag, text = _STR, value
    elif value is None:
        tag, text = _TAG + "null", "null"
    elif isinstance(value, bool):
        tag, text = _TAG + "bool", "true" if value else "false"
    elif isinstance(value, int):
        tag, text = _TAG + "int", str(value)
    else:
        raise TypeError(f"no YAML form for {type(value).__name__}")
    if _PLAIN_BY_FIRST and tag == _STR and text and text[0] not in _RESOLVED_FIRST:
        implicit = (True, True)   # what the resolver would say, without asking it
    else:
        implicit = (tag == _resolver.resolve(yaml.ScalarNode, text, (True, False)), tag == _STR)
    return yaml.ScalarEvent(None, tag, implicit, text, style=None)


class _Pieces:
    """The stream the emitter writes to: text kept in memory until ``take``n."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)

    def take(self) -> str:
        text, self.parts, self.size = "".join(self.parts), [], 0
        return text


def emit_document(doc: Document, sink: Callable[[str], Any], check: Check | None = None) -> None:
    """Hand the YAML text of a document to ``sink`` in pieces of about a megabyte.

    ``sink`` is called here, never from inside the emitter (libyaml would turn an error of
    the sink, a full disk, into a ValueError of its own)."""
    pieces = _Pieces()
    dumper = _Dumper(pieces, allow_unicode=True, width=100)
    try:
        for event in document_events(doc, check):
            dumper.emit(event)
            if pieces.size >= _CHUNK:
                sink(pieces.take())
    finally:
        dumper.dispose()
    sink(pieces.take())


def dump_document(doc: Document, check: Check | None = None) -> str:
    """Return the YAML text of a document (deterministic: same IR, same bytes): the text
    ``dump_data(doc.to_dict())`` gives, made one block at a time (``document_events``)."""
    out: list[str] = []
    emit_document(doc, out.append, check)
    return "".join(out)


def write_document(doc: Document, path: Path, check: Check | None = None) -> bool:
    """Write the YAML of a document to ``path`` as it is made, via a temporary file renamed
    at the end (removed if ``check`` or a write fails); return False if the file held that
    text already (it is left as it was). A ``path`` that is no regular file is refused."""
    check_output_file(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, "wb") as fh:
            emit_document(doc, lambda text: fh.write(text.encode("utf-8")), check)
        check_output_file(path)
        if path.exists() and _same_bytes(Path(tmp), path):
            Path(tmp).unlink()
            return False
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def _same_bytes(one: Path, other: Path) -> bool:
    """Return True if two files hold the same bytes (read a megabyte at a time)."""
    if one.stat().st_size != other.stat().st_size:
        return False
    with one.open("rb") as a, other.open("rb") as b:
        while True:
            x, y = a.read(_CHUNK), b.read(_CHUNK)
            if x != y:
                return False
            if not x:
                return True


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


def read_yaml(path: Path) -> Any:
    """Return the data of the document YAML file at ``path``; a file that cannot be read (a
    folder, no permission, a link loop), is not UTF-8, gives a key twice in a mapping, repeats
    a part of itself by an alias or is made far larger by aliases of a text is a one-line error
    naming it."""
    text = read_utf8(path)
    data = load_data(text, str(path))
    limit = 2 * len(text) + 4096
    expanded = _expanded_size(data, limit)
    if expanded is None:
        raise FaqcError(f"{path}: error: a YAML alias (*name) repeats a part of the document "
                        "(faqc writes none)")
    if expanded > limit:
        raise FaqcError(f"{path}: error: YAML aliases (*name) make the document {expanded:,} "
                        f"characters or more from a file of {len(text):,} (faqc writes none)")
    return data


def _expanded_size(data: Any, limit: int) -> int | None:
    """Return the size of ``data`` as text would hold it: the characters of its strings (keys
    included) and one for any other value, counted where each stands, but stop once past
    ``limit``. Without aliases, no value is longer than its text in the file (escapes, folding
    and indentation only shorten it), so a size beyond the file's is aliases of a text read
    again and again (one text of 1 MB aliased 5,000 times: 5 GB for the audit to walk).

    Return None if a list or mapping is reached twice: a YAML alias of a container (``a: &a
    [*a]`` has a cycle; 40 aliases each of the one before, ``x1: &x1 [*x0, *x0]``, make 2^40
    paths, which a walk of every path would never end). Each container is looked at once."""
    seen: set[int] = set()
    stack = [data]
    size = 0
    while stack and size <= limit:
        value = stack.pop()
        if isinstance(value, str):
            size += len(value)
        elif isinstance(value, (dict, list)):
            if id(value) in seen:
                return None
            seen.add(id(value))
            size += 1
            if isinstance(value, dict):
                stack.extend(value.keys())
                stack.extend(value.values())
            else:
                stack.extend(value)
        else:
            size += 1
    return size


def load_document(path: Path) -> Document:
    """Read a document YAML written by ``dump_document``."""
    from compiler.files.validate import MAX_NESTING  # validate loads the schema: on demand
    from compiler.files.validate import nesting_depth
    data = read_yaml(path)
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        raise FaqcError(f"{path}: error: not a faqc document of schema version {SCHEMA_VERSION}")
    if nesting_depth(data) > MAX_NESTING:
        raise FaqcError(f"{path}: error: nested more than {MAX_NESTING} levels deep")
    try:
        return Document.from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise FaqcError(f"{path}: error: malformed document: {exc}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` via a temporary file and rename; return False if unchanged.
    A ``path`` that is there and no regular file (a pipe, a device, a link) is refused in one
    line (``outputs.check_output_file``), before it is read and again before the rename."""
    data = text.encode("utf-8")
    check_output_file(path)
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        check_output_file(path)
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
