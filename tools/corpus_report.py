"""Measure the readers on every real document: the corpus of ``../shared`` and the seeds.

For each document: the layout the reader chose, the set and release date it read (against the
set table of ``../shared/corpus/cards/sets.tsv``), the word audit, and its card entries
against the printed card data (``tools/measure/accuracy.py``): expected entries found, faces with
every field right, rules text / rulings boundaries right.

Which sets a document covers is read from ``../shared``'s own READMEs (the corpus table's
"set" column, the seeds table's document names), never from the reader. Reviewed misses (the
source's own typos and wording) are listed in ``tests/data/corpus-reviewed.tsv``; they are
shown, and counted as right only where the file says so.

Usage: ``python tools/corpus_report.py [--shared DIR] [--details] [--copies DIR]`` prints a
Markdown table (``--details`` adds every miss, by document; ``--copies`` measures the
captures' plain copies, ``tools/measure/copies.py``, made in DIR).
"""
from __future__ import annotations

import argparse
import csv
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.core.errors import Diagnostics  # noqa: E402
from compiler.core.sets import by_code, named_in  # noqa: E402
from compiler.core.words import audit  # noqa: E402
from compiler.files.textio import read_source  # noqa: E402
from compiler.readers import read_document  # noqa: E402
from tools.measure.accuracy import DocumentAccuracy, expected_entries, measure  # noqa: E402
from tools.measure.carddata import fold_name, read_sets  # noqa: E402
from tools.measure.copies import make_copies, symbols_lost  # noqa: E402
from tools.measure.identity import Identity, identity  # noqa: E402
from tools.measure.rulings import Attached, attached  # noqa: E402

REVIEWED = ROOT / "tests" / "data" / "corpus-reviewed.tsv"
_ROW_RE = re.compile(r"^\| ([^|]+?\.(?:md|txt)) \| ([^|]+?) \| ([^|]+?) \|")


@dataclass(slots=True)
class Subject:
    """A real document and the sets its card entries come from, as ../shared says."""

    path: Path
    sets: list[str]
    title: str
    reviewed_as: str | None = None
    """The document whose reviewed misses apply (a plain copy: its capture's file name)."""
    copy_of: Path | None = None
    """For a plain copy: its capture, whose entries and cards the copy must have."""


@dataclass(slots=True)
class Measured:
    """What the reader made of one subject."""

    subject: Subject
    layout: str
    set_code: str
    release_date: str | None
    date: str | None
    """The document's effective date (stated, else from the set table)."""
    words_missing: int
    words_extra: int
    unknown_layout: bool
    accuracy: DocumentAccuracy
    identity: Identity
    """The multi-face cards: grouped into one entry, named and of their kind as the data says."""
    rulings: Attached
    """The rulings: each on its card (a copy's: as its capture has them)."""


def subjects(shared: Path) -> list[Subject]:
    """Return the corpus documents and the seeds, with their sets from ../shared's READMEs."""
    found = []
    corpus = shared / "corpus"
    for line in (corpus / "README.md").read_text(encoding="utf-8").splitlines():
        m = _ROW_RE.match(line)
        if m and (corpus / "release-notes" / m.group(1)).is_file():
            codes = [c.strip() for c in m.group(2).split(",")]
            found.append(Subject(corpus / "release-notes" / m.group(1), codes, m.group(3)))
    for line in (shared / "README.md").read_text(encoding="utf-8").splitlines():
        m = _ROW_RE.match(line)
        if m and (shared / "seeds" / m.group(1)).is_file():
            info = named_in(m.group(2))
            found.append(Subject(shared / "seeds" / m.group(1), [info.code] if info else [],
                                 m.group(2)))
    return found


def copy_subject(capture: Subject, copy: Path) -> tuple[Subject, bool]:
    """Return the subject of a capture's plain copy, and whether its symbols were lost."""
    lost = symbols_lost(capture.path.read_text(encoding="utf-8"))
    title = f"{capture.title} (copy{', symbols were images' if lost else ''})"
    return Subject(copy, capture.sets, title, capture.path.name, capture.path), lost


def measure_subject(subject: Subject, cards: Path, symbols_lost: bool = False) -> Measured:
    """Read one subject and measure it (``symbols_lost``: a plain copy of a page whose mana
    symbols were images)."""
    src = read_source(subject.path.read_bytes(), subject.path.name)
    diags = Diagnostics()
    doc = read_document(src, diags)
    missing, extra = audit(src.text, doc.to_dict())
    data = read_sets(cards, subject.sets)
    expected = captured = None
    if subject.copy_of is not None:  # a copy has its capture's entries and multi-face cards
        capture = read_source(subject.copy_of.read_bytes(), subject.copy_of.name)
        expected = expected_entries(capture.text, data, doc.meta.language)
        captured = read_document(capture, Diagnostics())
    return Measured(subject, doc.meta.layout, doc.meta.set_code, doc.meta.release_date, doc.meta.date,
                    sum(missing.values()), sum(extra.values()),
                    any(d.category == "layout.unknown" for d in diags.items),
                    measure(doc, src.text, data, symbols_lost, expected),
                    identity(doc, data, captured), attached(doc, captured))


def reviewed() -> set[tuple[str, str, str]]:
    """Return the reviewed misses: (document file, card face folded, field)."""
    if not REVIEWED.is_file():
        return set()
    with REVIEWED.open(encoding="utf-8", newline="") as handle:
        rows = [r for r in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
                if r and not r[0].startswith("#")]
    return {(r[0], fold_name(r[1]), r[2]) for r in rows}


def misses(r: Measured) -> set[tuple[str, str, str]]:
    """Return every miss of a result as (document file, card face folded, field)."""
    name = r.subject.reviewed_as or r.subject.path.name
    found = {(name, fold_name(f.face), field) for f in r.accuracy.faces for field in f.wrong}
    found |= {(name, fold_name(card), "boundary") for card, _, _ in r.accuracy.boundary_wrong}
    return found


@dataclass(slots=True)
class Shares:
    """A result's shares, raw and with the reviewed misses counted as right."""

    found: float
    right: float
    right_reviewed: float
    boundary: float
    boundary_reviewed: float


def shares(r: Measured, excused: set[tuple[str, str, str]]) -> Shares:
    """Return the shares of one result; ``excused`` holds the reviewed misses."""
    acc, name = r.accuracy, r.subject.reviewed_as or r.subject.path.name
    faces = len(acc.faces) or 1
    right = sum(not f.wrong for f in acc.faces)
    right_rev = sum(all((name, fold_name(f.face), k) in excused for k in f.wrong)
                    for f in acc.faces)
    bad = [c for c, _, _ in acc.boundary_wrong if (name, fold_name(c), "boundary") not in excused]
    entries = acc.entries or 1
    return Shares(acc.share_found(), right / faces, right_rev / faces, acc.share_boundary(),
                  1 - len(bad) / entries)


def expected_release(subject: Subject) -> str | None:
    """Return the release date of the subject's first set from the set table."""
    info = by_code(subject.sets[0]) if subject.sets else None
    return info.release if info else None


def table(results: list[Measured]) -> str:
    """Return the Markdown table of the results (reviewed misses counted right in brackets)."""
    excused = reviewed()
    head = ("| document | layout | set | date | words lost | entries found | faces right "
            "(reviewed) | boundary right (reviewed) | multi-face cards: grouped, named, kind | "
            "rulings attached |\n"
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
    rows = []
    for r in results:
        acc, sh = r.accuracy, shares(r, excused)
        got = len(acc.found & set(acc.expected))
        right = sum(not f.wrong for f in acc.faces)
        rows.append(
            f"| {r.subject.title} | {r.layout} | {r.set_code} | {r.date or '-'} | "
            f"{r.words_missing} | {got}/{len(acc.expected)} ({sh.found:.1%}) | "
            f"{right}/{len(acc.faces)} {sh.right:.1%} ({sh.right_reviewed:.1%}) | "
            f"{acc.entries - len(acc.boundary_wrong)}/{acc.entries} {sh.boundary:.1%} "
            f"({sh.boundary_reviewed:.1%}) | {_identity_cell(r.identity)} | "
            f"{r.rulings.attached}/{r.rulings.rulings} |")
    return head + "\n".join(rows) + "\n"


def _identity_cell(i: Identity) -> str:
    if not i.cards:
        return "-"
    return f"{i.grouped}/{i.cards}, {i.named}/{i.cards}, {i.kind}/{i.cards}"


def details(r: Measured) -> str:
    """Return every miss of one result, one per line."""
    out = [f"## {r.subject.path.name} ({r.subject.title})"]
    out += [f"  missed entry: {n} (line {ln})" for n, ln in r.accuracy.missed]
    for f in r.accuracy.faces:
        for name, (got, want) in f.wrong.items():
            out.append(f"  line {f.line} {f.face}: {name}: read {got!r} printed {want!r}")
    out += [f"  boundary: {n} (line {ln}): {why}" for n, ln, why in r.accuracy.boundary_wrong]
    out += [f"  not in the card data: {n} (line {ln})" for n, ln in r.accuracy.unknown]
    out += [f"  card {line}" for line in r.identity.misses]
    out += [f"  ruling {line}" for line in r.rulings.misses]
    return "\n".join(out)


def main() -> int:
    """Print the table (and, with ``--details``, every miss)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--only", help="only documents whose file name contains this")
    parser.add_argument("--copies", type=Path, metavar="DIR",
                        help="measure the captures' plain copies instead, made in DIR with "
                             "Chromium (/usr/bin/chromium)")
    args = parser.parse_args()
    cards = args.shared / "corpus" / "cards"
    chosen = [s for s in subjects(args.shared) if not args.only or args.only in s.path.name]
    if args.copies:
        results = []
        for s, copy in _copies(chosen, args.copies):
            subject, lost = copy_subject(s, copy)
            results.append(measure_subject(subject, cards, symbols_lost=lost))
    else:
        results = [measure_subject(s, cards) for s in chosen]
    print(table(results))
    if args.details:
        for r in results:
            print(details(r))
    return 0


def _copies(chosen: list[Subject], out: Path) -> list[tuple[Subject, Path]]:
    """Make the plain copies of the chosen captures in ``out``."""
    from playwright.sync_api import sync_playwright
    out.mkdir(parents=True, exist_ok=True)
    captures = [s for s in chosen if s.path.suffix == ".md"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        try:
            made = make_copies(browser, [s.path for s in captures], out)
        finally:
            browser.close()
    return [(s, made[s.path]) for s in captures]


if __name__ == "__main__":
    sys.exit(main())
