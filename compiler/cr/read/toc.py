"""Where each rule of a CR stands: the section heading it comes under in the text.

The CR browser has one page per section, so a rule's page is its section's.  That is the last
section heading before the rule in the text, not the number's first three digits: the 2007-05-01
CR prints ``432.2b`` (a typo for ``423.2b``) under ``423. Drawing a Card``.
"""
from __future__ import annotations

from bisect import bisect_right

from compiler.cr.model import CrDocument


def rule_sections(doc: CrDocument) -> dict[str, str]:
    """Return, for every section and rule number of ``doc``, the section it stands under."""
    headings = sorted((s.src.line, s.number) for s in doc.sections if len(s.number) == 3)
    lines = [line for line, _ in headings]
    out = {number: number for _, number in headings}
    for rule in doc.rules:
        i = bisect_right(lines, rule.src.line) - 1
        out[rule.number] = headings[i][1] if i >= 0 else rule.number.split(".")[0]
    return out


def chapter_sections(doc: CrDocument) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Return ``(chapter number, title, [(section number, title)])`` in the text's order."""
    chapters: list[tuple[str, str, list[tuple[str, str]]]] = []
    for section in sorted(doc.sections, key=lambda s: s.src.line):
        if len(section.number) != 3:
            chapters.append((section.number, section.title, []))
        elif chapters:
            chapters[-1][2].append((section.number, section.title))
        else:
            chapters.append(("", "", [(section.number, section.title)]))
    return chapters
