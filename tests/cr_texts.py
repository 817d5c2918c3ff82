"""The Comprehensive Rules the tests read: the published texts in ``../shared/cr``, never a copy.

The project carries no CR text. Tests that need one read it from ``../shared/cr`` (beside the
repository) when they run: ``six_editions()`` is a folder of links to the six editions the
seeds read against, and ``excerpt()`` cuts a shortened edition out of a real one (chosen
headings, rules and glossary entries, each line as published) for tests that want a small
CR. Without ``../shared/cr`` the folders are empty and the tests that need them fail saying so.
"""
from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from compiler.cr.read.lines import DATE_RE, classify
from compiler.cr.read.reader import body_start
from compiler.files.textio import read_source

ROOT = Path(__file__).resolve().parent.parent
SHARED_CR = ROOT.parent / "shared" / "cr"
SIX_DATES = ("2004-10-01", "2005-02-01", "2007-05-01", "2008-05-01", "2024-06-07", "2026-01-16")
"""The editions in force on the five seeds' dates, and the newest."""

# Three shortened editions for the site tests (the golden corpus cites these rules).
SITE_EXCERPTS = {
    "2004-10-01": ("1 104 104.1 104.2 104.3 3 309 309.1 309.2 5 502 502.1 502.2 502.2a 502.38 "
                   "502.38a 502.38b 502.38c 508 508.1 508.2",
                   ("Block", "Bushido", "First Strike", "Flip Cards")),
    "2008-05-01": ("1 104 104.1 104.2 104.3 104.3f 3 309 309.1 309.2 5 502 502.1 502.2 502.2a "
                   "502.38 502.38a 502.38b 508 508.1 508.2",
                   ("Block", "Bushido", "First Strike", "Flip Cards", "Hybrid Mana Symbols")),
    "2026-01-16": ("1 104 104.1 104.3f 107 107.1 107.4 107.4e 3 309 309.1 5 509 509.1 7 702 "
                   "702.1 702.7 702.7a 702.45 702.45a 702.45b 710 710.1 710.2",
                   ("Block", "Bushido", "First Strike", "Flip Cards", "Hybrid Mana Symbols")),
}


def cr_file(date: str) -> Path:
    """Return the published text of the edition named ``date`` (its file name's date)."""
    return SHARED_CR / f"CR_{date}.txt"


def have_shared_cr() -> bool:
    """Return True when ``../shared/cr`` holds the six editions."""
    return all(cr_file(date).is_file() for date in SIX_DATES)


def cr_lines(date: str) -> list[str]:
    """Return the decoded lines of an edition."""
    path = cr_file(date)
    return list(read_source(path.read_bytes(), str(path)).lines)


def excerpt(date: str, numbers: str | list[str], glossary: tuple[str, ...] = ()) -> str:
    """Return a shortened edition: title and date lines, the chosen headings and rules (with
    their examples and continuation lines) in the contents and the body, the chosen glossary
    entries, and the first line of the credits; every line as the edition prints it."""
    lines, wanted = cr_lines(date), set(numbers.split() if isinstance(numbers, str) else numbers)
    start = body_start(tuple(lines))
    assert start is not None, date
    date_at = next(i for i, line in enumerate(lines) if DATE_RE.search(line))
    glossary_at = next(i for i in range(start, len(lines)) if lines[i].strip() == "Glossary")
    credits_at = next(i for i in range(glossary_at, len(lines)) if lines[i].strip() == "Credits")
    heads, body = [], []
    keep = False
    for line in lines[start:glossary_at]:
        kind = classify(line)
        if kind.kind in ("chapter", "section", "rule"):
            keep = kind.number in wanted
            if keep:
                body += ["", line]
                if kind.kind != "rule":
                    heads += [""] if kind.kind == "chapter" else []
                    heads.append(line)
        elif keep and kind.kind != "blank":
            body.append(line)
    terms = []
    for index in range(glossary_at + 1, credits_at):
        if lines[index].strip() in glossary and not lines[index - 1].strip():
            end = next((i for i in range(index, credits_at) if not lines[i].strip()), credits_at)
            terms += ["", *lines[index:end]]
    credit = next(line for line in lines[credits_at + 1:] if line.strip())
    out = [lines[0], "", lines[date_at], "", "Contents", *heads, "", "Glossary", "", "Credits",
           *body, "", "Glossary", *terms, "", "Credits", "", credit, ""]
    return "\n".join(out)


def _scratch(name: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix=f"faqc-{name}-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


@lru_cache(maxsize=None)
def six_editions() -> Path:
    """Return a folder of links to the six editions (empty without ``../shared/cr``)."""
    folder = _scratch("cr6")
    for date in SIX_DATES:
        if cr_file(date).is_file():
            (folder / cr_file(date).name).symlink_to(cr_file(date))
    return folder


@lru_cache(maxsize=None)
def site_excerpts() -> Path:
    """Return a folder of the three shortened editions of the site tests (UTF-8, LF)."""
    folder = _scratch("cr-site")
    if have_shared_cr():
        for date, (numbers, terms) in SITE_EXCERPTS.items():
            (folder / f"CR_{date}.txt").write_text(excerpt(date, numbers, terms), encoding="utf-8")
    return folder
