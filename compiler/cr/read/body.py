"""Read the numbered body of a CR: headings, rules, their examples and continuation lines."""
from __future__ import annotations

from compiler.core.errors import Diagnostics
from compiler.core.model import Span
from compiler.cr.model import CrRule, CrSection
from compiler.cr.read.lines import Line, classify
from compiler.cr.read.rulerefs import rule_sort_key


def read_body(lines: tuple[str, ...], start: int, end: int, file: str,
              diags: Diagnostics) -> tuple[list[CrSection], list[CrRule]]:
    """Return the headings and rules of ``lines[start:end]`` (the body starts with a heading or rule).

    In a hard-wrapped CR (``is_hard_wrapped``), a line that goes on from the line right above
    it is the same paragraph: joined with a space, and not reported.
    """
    sections: list[CrSection] = []
    rules: list[CrRule] = []
    after_heading = False
    wrapped = is_hard_wrapped(lines[start:end])
    for index in range(start, end):
        raw, number = lines[index], index + 1
        line = classify(raw)
        if line.kind == "blank":
            continue
        if line.kind in ("chapter", "section"):
            sections.append(CrSection(line.number, line.title or "", Span(number, number)))
            after_heading = True
        elif line.kind == "rule":
            if line.written:
                diags.warn(file, number, f"rule number written {line.written!r}: read as "
                           f"{line.number}", "cr.layout")
            rules.append(CrRule(line.number, Span(number, number), title=line.title, text=line.text))
            after_heading = False
        elif not rules:
            # Cannot happen: the body starts at the headings right before its first rule.
            raise AssertionError(f"{file}:{number}: body text before the first rule")
        else:
            wrap = wrapped and line.kind == "continuation" and bool(lines[index - 1].strip()) \
                and not after_heading
            if not wrap and (after_heading or (line.kind == "continuation"
                                               and not raw[:1].isspace())):
                diags.warn(file, number, f"unnumbered {line.kind} line: kept with rule "
                           f"{rules[-1].number}", "cr.layout")
            _attach(rules[-1], line, number, " " if wrap else "\n")
    warn_order(rules, file, diags)
    return sections, rules


def is_hard_wrapped(lines: tuple[str, ...]) -> bool:
    """Return True for a text wrapped at a fixed width (the CRs of 1999-2004): 99% of its
    lines are at most ``WRAP_WIDTH`` characters (today's CRs have a paragraph per line)."""
    widths = sorted(len(line.rstrip()) for line in lines if line.strip())
    return bool(widths) and widths[int(0.99 * (len(widths) - 1))] <= WRAP_WIDTH


WRAP_WIDTH = 130


def _attach(rule: CrRule, line: Line, number: int, sep: str = "\n") -> None:
    """Add an example or continuation line to ``rule`` (a continuation joins what came last,
    after ``sep``: a newline, or a space for a hard-wrapped line)."""
    text = line.text or ""
    if line.kind == "example":
        rule.examples.append(text)
    elif rule.examples:
        rule.examples[-1] += sep + text
    else:
        rule.text = f"{rule.text}{sep}{text}" if rule.text else text
    rule.src = rule.src.cover(Span(number, number))


def warn_order(rules: list[CrRule], file: str, diags: Diagnostics) -> None:
    """Warn about rule numbers out of order, naming the odd one (``432.2b`` between ``423.2a`` and ``423.3``)."""
    keys = [rule_sort_key(rule.number) for rule in rules]
    for i in range(1, len(rules)):
        before, here = keys[i - 1], keys[i]
        after = keys[i + 1] if i + 1 < len(keys) else None
        odd_high = after is not None and before < after <= here
        odd_low = here <= before and not (i > 1 and keys[i - 2] < here)  # unless before was odd
        if odd_high or odd_low:
            diags.warn(file, rules[i].src.line, f"rule {rules[i].number} out of order "
                       f"(after {rules[i - 1].number})", "cr.order")
