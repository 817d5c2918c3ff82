"""``faqc check`` on the YAML: schema, round trip through the IR, meaning (``compiler.files.meaning``),
freshness, and the word audit: every word of the source in exactly one text field, no other
word (the inverse of ``faqc normalize``)."""
from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import click

from compiler.build import DEFAULT_CACHE
from compiler.cli.common import Context, report
from compiler.core.errors import Diagnostics, FaqcError, say
from compiler.core.model import Document
from compiler.core.words import audit, first_extra
from compiler.cr import CrLibrary
from compiler.files.meaning import meaning_errors
from compiler.files.textio import read_source
from compiler.files.validate import schema_errors
from compiler.files.yamlio import load_document, read_yaml
from compiler.xref.era import era_citations, era_report
from compiler.xref.inventory import collect
from compiler.xref.resolve import LinkIndex, resolve


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
    text = read_source(raw, str(source)).text
    missing, extra = audit(text, data)   # every source word in exactly one text field
    if missing:
        sample = ", ".join(f"{w!r}x{n}" for w, n in sorted(missing.items())[:5])
        raise FaqcError(f"{path}: error: {sum(missing.values())} source word(s) missing: {sample}")
    if extra:
        sample = ", ".join(f"{w!r}x{n}" for w, n in sorted(extra.items())[:5])
        node = first_extra(text, data)[1]
        where = f" (the {node.get('kind', 'node')} at line {node['src'][0]} is the first to " \
                "hold one)" if node else ""
        raise FaqcError(f"{path}: error: {sum(extra.values())} word(s) not in the source: "
                        f"{sample}{where}")
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


@click.command("check")
@click.option("--faqs", "faqs_dir", default=Path("content/faqs"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="Directory of document YAML.")
@click.option("--sources", "sources_dir", default=Path("content/sources"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Directory of the sources, for the word audit and staleness check.")
@click.option("--rules", "rules_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Directory of the Comprehensive Rules texts rule numbers are read against "
                   "[default: content/rules, if present].")
@click.option("--accept", "accept_file", type=click.Path(dir_okay=False, path_type=Path),
              help="List of reviewed warnings that --strict lets pass "
                   "[default: content/accepted-warnings.txt, if present].")
@click.option("--site", "site_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also link-check this built site: every internal link and #fragment "
                   "resolves, nothing external.")
@click.pass_obj
def check_command(ctx: Context, faqs_dir: Path, sources_dir: Path, rules_dir: Path | None,
          accept_file: Path | None, site_dir: Path | None) -> None:
    """Validate every document YAML: schema, round trip, freshness, and no word lost."""
    from compiler.files.accepted import read_accept_list, split_accepted
    from compiler.xref.era import rules_library
    diags = Diagnostics()
    errors, count = check_documents(faqs_dir, sources_dir, diags)
    for line in errors:
        say(line)
    if not errors and count:
        notes = Diagnostics()  # the published CR texts' own faults: told, not warned about
        library = rules_library(rules_dir, notes, Path(DEFAULT_CACHE))
        for line in link_report(faqs_dir, sources_dir, library, diags)[1]:
            say(line, err=False)
        _cr_notes(ctx, library, notes)
    diags, accepted = split_accepted(diags, read_accept_list(accept_file))
    ctx.info(f"check: {count} document(s), {len(errors)} error(s), {len(diags)} warning(s)"
             + (f" ({accepted} more accepted)" if accepted else ""))
    report(ctx, diags)
    problems = _check_site(ctx, site_dir)
    if errors or problems:
        raise FaqcError(f"{len(errors)} document(s) and {problems} site link(s) failed the check")


def _cr_notes(ctx: Context, library, notes: Diagnostics) -> None:
    """Say how the Comprehensive Rules were read: one line, and with ``-v`` each note on the
    published texts (their typos, stray bytes, editions saved twice), which are kept as
    published and so are not warnings of the check."""
    if library is None:
        ctx.info("rules: no Comprehensive Rules given: rule numbers not read against any")
        return
    kinds = Counter(d.category for d in notes.items)
    said = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    ctx.info(f"rules: {len(library.documents)} edition(s) of the Comprehensive Rules read, "
             f"{library.dates[0]} to {library.latest.date}" +
             (f"; {len(notes.items)} note(s) on the published texts ({said}; -v lists them)"
              if notes.items else ""))
    for diag in notes.sorted():
        ctx.detail(diag.format())


def _check_site(ctx: Context, site_dir: Path | None) -> int:
    """Link-check the built site given with ``--site``; return the number of problems."""
    if site_dir is None:
        return 0
    if not (site_dir / "index.html").is_file():
        raise FaqcError(f"{site_dir}: error: no built site here (run faqc build first)")
    from compiler.site.linkcheck import check_site
    problems = check_site(site_dir)
    for problem in problems:
        say(problem.format(site_dir))
    ctx.info(f"check: site {site_dir}: {len(problems)} broken link(s) or fragment(s)")
    return len(problems)
