"""Read a Comprehensive Rules text into a ``CrDocument`` (pure: ``SourceText`` in, IR out).

The layout every CR shares, from 2004 to today:

1. front matter: title, "These rules are current/effective as of <date>.", introduction, and a
   table of contents that lists the chapter and section headings (``1. The Game``,
   ``100. General``, ...) and ``Glossary``/``Credits``;
2. the body: the same headings again, now followed by their rules;
3. ``Glossary``: entries of a term line and definition lines, separated by blank lines;
4. ``Credits`` and whatever follows (publisher, addresses).

The table of contents must not be mistaken for the body: the body starts at the heading run
that directly precedes the first numbered rule (``100.1.``), not at the first heading.
"""
from __future__ import annotations

from compiler.core.errors import Diagnostics, SourceError
from compiler.core.model import SourceInfo
from compiler.cr.model import CrDocument, GlossaryEntry
from compiler.cr.read.body import read_body
from compiler.cr.read.lines import RULE_RE, classify, find_date, is_heading
from compiler.cr.read.matter import paragraphs, read_glossary
from compiler.files.textio import SourceText

GLOSSARY_HEADING = "Glossary"
CREDITS_HEADING = "Credits"


def read_cr(src: SourceText, diags: Diagnostics) -> CrDocument:
    """Return the CR document of ``src``; unusual lines are reported to ``diags``."""
    lines = src.lines
    start = body_start(lines)
    if start is None:
        raise SourceError(src.file, "no numbered rules (such as '100.1.'): not a Comprehensive Rules text")
    date = find_date(src.text)
    if date is None:
        raise SourceError(src.file, "no date: no 'These rules are current (or effective) as of "
                                    "<Month D, YYYY>' sentence")
    glossary_at = _find_line(lines, GLOSSARY_HEADING, start)
    credits_at = _find_line(lines, CREDITS_HEADING, glossary_at if glossary_at is not None else start)
    end = len(lines)
    body_end = next(i for i in (glossary_at, credits_at, end) if i is not None)
    sections, rules = read_body(lines, start, body_end, src.file, diags)
    glossary: list[GlossaryEntry] = []
    if glossary_at is not None:
        glossary = read_glossary(lines, glossary_at + 1, credits_at if credits_at is not None else end)
    return CrDocument(
        date=date,
        source=SourceInfo(file=src.file.rsplit("/", 1)[-1], sha256=src.sha256, encoding=src.encoding,
                          newline=src.newline, lines=len(lines)),
        front_matter=paragraphs(lines, 0, start),
        sections=sections,
        rules=rules,
        glossary=glossary,
        back_matter=paragraphs(lines, credits_at, end) if credits_at is not None else [],
        glossary_title=GLOSSARY_HEADING if glossary_at is not None else None,
    )


def body_start(lines: tuple[str, ...]) -> int | None:
    """Return the index of the line where the numbered body starts, or None if there is none.

    That is the heading run right before the first rule: its chapter heading nearest the rule,
    else its section heading nearest the rule, else the rule itself.
    """
    first = next((i for i, line in enumerate(lines) if RULE_RE.fullmatch(line)), None)
    if first is None:
        return None
    chapter = section = None
    for i in range(first - 1, -1, -1):
        line = lines[i]
        if not line.strip():
            continue
        if not is_heading(line):
            break
        kind = classify(line).kind
        if kind == "chapter" and chapter is None:
            chapter = i
        elif kind == "section" and section is None and chapter is None:
            section = i
    return next(i for i in (chapter, section, first) if i is not None)


def _find_line(lines: tuple[str, ...], text: str, start: int) -> int | None:
    """Return the index of the first line from ``start`` that reads exactly ``text``."""
    return next((i for i in range(start, len(lines)) if lines[i].strip() == text), None)
