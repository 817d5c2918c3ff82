"""Read the parts of a CR that are not numbered: front and back matter, and the glossary."""
from __future__ import annotations

from collections.abc import Iterator

from compiler.core.model import Span
from compiler.cr.model import CrParagraph, GlossaryEntry


def blocks(lines: tuple[str, ...], start: int, end: int) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(first line index, lines)`` for each run of non-blank lines of ``lines[start:end]``."""
    run: list[str] = []
    first = start
    for index in range(start, end):
        line = lines[index].rstrip()
        if line.strip():
            if not run:
                first = index
            run.append(line)
        elif run:
            yield first, run
            run = []
    if run:
        yield first, run


def paragraphs(lines: tuple[str, ...], start: int, end: int) -> list[CrParagraph]:
    """Return the blank-line separated paragraphs of ``lines[start:end]``, lines joined by newlines."""
    return [CrParagraph("\n".join(run), Span(first + 1, first + len(run)))
            for first, run in blocks(lines, start, end)]


def read_glossary(lines: tuple[str, ...], start: int, end: int) -> list[GlossaryEntry]:
    """Return the glossary entries of ``lines[start:end]``: a term line, then its definition lines."""
    return [GlossaryEntry(run[0].strip(), "\n".join(line.strip() for line in run[1:]),
                          Span(first + 1, first + len(run)))
            for first, run in blocks(lines, start, end)]
