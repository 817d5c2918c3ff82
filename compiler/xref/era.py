"""The era check: every rule number a document cites or quotes, read against the CR of its date.

Rule numbers are not stable (the 2004 Champions FAQ's ``502.38a`` is Bushido only in the CRs of
2004-2008), so each is looked up in the CR in force on the document's date (``meta.date``): the
latest CR dated on or before it, else the earliest (basis ``after``, said in the report).  A
number that CR does not have is a ``[xref.rule-era]`` warning at its ``file:line``: a typo, or
numbering from another CR (the Future Sight FAQ quotes the draft numbering of its CR update).
Known ones are listed, with the reason, in the accept list (``compiler.files.accepted``).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from compiler.core.errors import Diagnostics
from compiler.core.model import Document, RuleQuote, iter_document_blocks
from compiler.cr import CrLibrary, load_cr_library
from compiler.xref.resolve import LinkIndex, era_date

DEFAULT_RULES_DIR = Path("content/rules")
"""Where ``faqc build`` and ``faqc check`` look for the CRs when not told (used if present)."""
CATEGORY = "xref.rule-era"
UNDATED = "xref.undated"


@dataclass(slots=True, frozen=True)
class EraCitation:
    """One rule number cited or quoted by a document, looked up in the CR of its date."""

    doc_id: str
    file: str
    """The document's source file name."""
    line: int
    col: int | None
    """0-based column of a quoted rule in a one-line source (a collapsed FAQ), else None."""
    number: str
    how: str
    """``cited`` (a reference in a text) or ``quoted`` (a quoted rule)."""
    cr_date: str
    found: bool
    """True when the CR of ``cr_date`` has the number."""


def default_rules_dir() -> Path | None:
    """Return ``content/rules`` if it is a folder, else None."""
    return DEFAULT_RULES_DIR if DEFAULT_RULES_DIR.is_dir() else None


def rules_library(rules_dir: Path | None, diags: Diagnostics | None = None,
                  cache: Path | None = None) -> CrLibrary | None:
    """Load the CRs of ``rules_dir``; when not given, of ``content/rules`` if present, else None."""
    rules_dir = rules_dir or default_rules_dir()
    return load_cr_library(rules_dir, diags, cache) if rules_dir else None


def era_citations(index: LinkIndex, documents: list[Document],
                  library: CrLibrary) -> list[EraCitation]:
    """Return every cited and quoted rule number of ``documents``, in document order."""
    by_doc: dict[str, list[EraCitation]] = defaultdict(list)
    for ref in index.references:
        if ref.link.kind == "rule" and ref.link.cr_date:
            by_doc[ref.doc_id].extend(
                EraCitation(ref.doc_id, ref.file, ref.line, None, number, "cited",
                            ref.link.cr_date, era is not None)
                for number, era in zip(ref.link.numbers, ref.link.eras))
    out = []
    for doc in documents:
        cr_date = era_date(library, doc)
        if cr_date is None:
            continue
        quoted = [EraCitation(doc.id, doc.source.file, b.src.line, b.src.col, b.number, "quoted",
                              cr_date, library.entry(cr_date, b.number) is not None)
                  for b in iter_document_blocks(doc) if isinstance(b, RuleQuote)]
        out.extend(sorted(by_doc[doc.id] + quoted, key=lambda c: (c.line, c.col or 0)))
    return out


def rule_lines(index: LinkIndex | None, doc: Document) -> list[int]:
    """Return the lines of a document's rule numbers (its quoted rules and citations)."""
    quoted = [b.src.line for b in iter_document_blocks(doc) if isinstance(b, RuleQuote)]
    cited = [ref.line for ref in (index.references if index else ())
             if ref.doc_id == doc.id and ref.link.kind == "rule"]
    return quoted + cited


def warn_undated(doc: Document, lines: list[int], sources_dir: Path, diags: Diagnostics) -> None:
    """Warn ``[xref.undated]`` once for a document with no date that quotes or cites rules: its
    rule numbers cannot be read against the rules of its day (they link to all their meanings)."""
    if not lines:
        return
    diags.warn(str(sources_dir / doc.source.file), min(lines),
               f"the document states no date and the set table does not know it: its {len(lines)} "
               "quoted rule(s) and its citations link to every meaning of their numbers, not to "
               "the rules of its day", UNDATED)


def era_counts(citations: list[EraCitation]) -> dict[str, Counter[str]]:
    """Return, per document, counts by ``<cited|quoted>.<found|missing>``."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for c in citations:
        out[c.doc_id][f"{c.how}.{'found' if c.found else 'missing'}"] += 1
    return out


def era_report(citations: list[EraCitation], documents: list[Document], library: CrLibrary,
               sources_dir: Path, diags: Diagnostics, index: LinkIndex | None = None) -> list[str]:
    """Return the era lines of the link report; warn ``[xref.rule-era]`` for each missing number."""
    lines = ["rules read against the CR in force on each document's date "
             "(cited found/missing, quoted found/missing):"]
    counts = era_counts(citations)
    for doc in sorted(documents, key=lambda d: d.id):
        if era_date(library, doc) is None:
            lines.append(f"  {doc.id}: no date, rules not read against a CR")
            warn_undated(doc, rule_lines(index, doc), sources_dir, diags)
            continue
        choice = library.choose(doc.meta.date)
        after = ", the nearest, dated after the document" if choice.after else ""
        c = counts[doc.id]
        lines.append(f"  {doc.id} ({doc.meta.date}): CR {choice.document.date}{after}; cited "
                     f"{c['cited.found']}/{c['cited.missing']}, quoted {c['quoted.found']}/"
                     f"{c['quoted.missing']}")
    dates = {doc.id: doc.meta.date for doc in documents}
    for c in citations:
        if not c.found:
            how = c.how if c.col is None else f"{c.how} at column {c.col + 1}"
            message = (f"rule {c.number} ({how}) is not in the Comprehensive Rules of "
                       f"{c.cr_date}, in force on {dates[c.doc_id]}")
            diags.warn(str(sources_dir / c.file), c.line, message, CATEGORY)
            lines.append(f"  {sources_dir / c.file}:{c.line}: {message} [{CATEGORY}]")
    return lines
