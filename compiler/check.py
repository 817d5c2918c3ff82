"""``faqc check`` on the YAML: schema, round trip through the IR, meaning (``compiler.meaning``),
freshness, and the word audit."""
from __future__ import annotations

import hashlib
from pathlib import Path

from .cr import CrLibrary
from .errors import Diagnostics, FaqcError
from .model import Document
from .textio import read_source
from .validate import schema_errors
from .inventory import collect
from .meaning import meaning_errors
from .words import audit
from .xref.era import era_citations, era_report
from .xref.resolve import LinkIndex, resolve
from .yamlio import load_document, read_yaml


def check_documents(faqs_dir: Path, sources_dir: Path, diags: Diagnostics) -> tuple[list[str], int]:
    """Check every ``*.yaml`` in ``faqs_dir``; return the error lines and the number checked."""
    if not faqs_dir.is_dir():
        raise FaqcError(f"{faqs_dir}: error: no such directory")
    paths = sorted(faqs_dir.glob("*.yaml"))
    if not paths:
        diags.warn(str(faqs_dir), None, "no document YAML to check", "check.empty")
    errors = []
    owners: dict[str, Path] = {}
    for path in paths:
        try:
            doc_id = check_document(path, sources_dir, diags)
            if doc_id in owners:
                raise FaqcError(f"{path}: error: document id {doc_id!r} is also the id of "
                                f"{owners[doc_id]}: ids are unique (each names its pages)")
            owners[doc_id] = path
        except FaqcError as exc:
            errors.append(exc.format_message())
    return errors, len(paths)


def check_document(path: Path, sources_dir: Path, diags: Diagnostics) -> str:
    """Check one document YAML, raising a one-line ``FaqcError`` on the first hard problem;
    return its id."""
    data = read_yaml(path)
    problems = schema_errors(data)
    if problems:
        raise FaqcError(f"{path}: error: schema: {problems[0]}")
    if Document.from_dict(data).to_dict() != data:
        raise FaqcError(f"{path}: error: does not round-trip through the document model")
    wrong = meaning_errors(data)  # dates that exist, unique and safe ids, spans in the source
    if wrong:
        more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
        raise FaqcError(f"{path}: error: {wrong[0]}{more}")
    if data["meta"]["layout"] == "plain":
        diags.warn(str(path), None, "layout not recognised: kept as plain paragraphs",
                   "layout.unknown")
    source = sources_dir / data["source"]["file"]
    try:
        raw = source.read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        diags.warn(str(path), None, f"source {source} not found: word audit skipped", "check.source")
        return data["id"]
    except OSError as exc:  # no permission, a name too long, a link loop
        raise FaqcError(f"{source}: error: cannot read: {exc.strerror or exc} (the source of "
                        f"{path})") from None
    if hashlib.sha256(raw).hexdigest() != data["source"]["sha256"]:
        diags.warn(str(path), None, f"stale: {source} changed since this YAML was written",
                   "check.stale")
        return data["id"]
    missing, _extra = audit(read_source(raw, str(source)).text, data)
    if missing:
        sample = ", ".join(f"{w!r}x{n}" for w, n in sorted(missing.items())[:5])
        raise FaqcError(f"{path}: error: {sum(missing.values())} source word(s) missing: {sample}")
    return data["id"]


def link_report(faqs_dir: Path, sources_dir: Path, library: CrLibrary | None = None,
                diags: Diagnostics | None = None) -> tuple[LinkIndex, list[str]]:
    """Resolve every reference of the documents in ``faqs_dir``; return the index and report lines.

    Given the CRs, rule numbers are also read against the CR of each document's date, and a
    number that CR lacks is reported and warned about (``compiler.xref.era``)."""
    docs = [load_document(p) for p in sorted(faqs_dir.glob("*.yaml"))]
    index = resolve(collect(docs), library)
    lines = ["link report (references by document: resolved / cited-only / unresolved):"]
    for doc_id, counts in sorted(index.counts().items()):
        parts = [f"{kind} {counts[f'{kind}.resolved']}/{counts[f'{kind}.cited-only']}/"
                 f"{counts[f'{kind}.unresolved']}" for kind in ("card", "rule")]
        lines.append(f"  {doc_id}: " + ", ".join(parts))
    for ref in index.unresolved():
        what = "card" if ref.link.kind == "card" else "rule"
        lines.append(f"  {sources_dir / ref.file}:{ref.line}: unresolved {what} reference "
                     f"{ref.link.text!r} [xref.{what}]")
    if library is not None:
        citations = era_citations(index, docs, library)
        lines += era_report(citations, docs, library, sources_dir,
                            diags if diags is not None else Diagnostics(), index)
    return index, lines
