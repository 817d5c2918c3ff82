"""One page per rule number quoted or cited (its quoted versions and who cites it), and the rules index."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from compiler.core import paths
from compiler.cr.read.rulerefs import RULE_NUMBER_RE
from compiler.site.cr.meanings import number_meanings
from compiler.site.cr.ruleera import era_views, quote_check, today_view
from compiler.site.pages import Page, Site, citing_places, make_page
from compiler.xref.inventory import RuleVersion


@dataclass(slots=True)
class RuleSummary:
    """A rule number's line in the rules index."""

    number: str
    title: str | None
    """The rule's title, its own or its parent's (``502.38a`` is under ``502.38 Bushido``)."""
    text: str | None
    """The text of its latest quoted version, if any."""
    quoted: int
    """How many documents quote it."""
    cited: int
    """How many references cite it."""


def parent_number(number: str) -> str | None:
    """Return the rule a number is part of (``502.38a`` -> ``502.38`` -> ``502``), or None."""
    match = RULE_NUMBER_RE.fullmatch(number)
    if match is None or not match["sub"]:
        return None
    if match["letter"]:
        return f"{match['rule']}.{match['sub']}"
    return match["rule"]


def rule_title(site: Site, number: str) -> str | None:
    """Return a rule's title from its title-line quotations; a subrule (``502.38a``) takes
    its rule's (``502.38 Bushido``). A title is never taken from further up. With the CRs, a
    number no document quotes a title for takes the title of its latest era (or of today)."""
    for candidate in (number, parent_number(number) if number[-1:].isalpha() else None):
        rule = site.inv.rules.get(candidate) if candidate else None
        for version in reversed(rule.versions if rule else []):
            if version.quote.title:
                return version.quote.title
    return cr_rule_title(site, number)


def cr_rule_title(site: Site, number: str) -> str | None:
    """Return the title a number (or, for a subrule, its rule) has in its latest era's CR."""
    if site.cr is None:
        return None
    dates = site.cr.era_dates(number) or [site.cr.library.latest.date]
    for candidate in (number, parent_number(number) if number[-1:].isalpha() else None):
        entry = site.cr.entry((dates[-1], candidate)) if candidate else None
        if entry is not None and entry.title:
            return entry.title
    return None


def summarize_rule(site: Site, number: str) -> RuleSummary:
    """Return the index line of a rule number."""
    rule = site.inv.rules.get(number)
    versions = rule.versions if rule else []
    text = next((v.quote.text for v in reversed(versions) if v.quote.text), None)
    return RuleSummary(number, rule_title(site, number), text, len(versions),
                       len(site.index.by_rule.get(number, [])))


def rule_pages(site: Site) -> Iterator[Page]:
    """Yield the page of every rule number quoted or cited."""
    for number in site.rule_numbers:
        yield rule_page(site, number)


def rule_page(site: Site, number: str) -> Page:
    """Return a rule's page: quoted versions by date, related rules, the places citing it."""
    rule = site.inv.rules.get(number)
    versions: list[RuleVersion] = rule.versions if rule else []
    title = rule_title(site, number)
    cited = citing_places(site, site.index.by_rule.get(number, []))
    description = (f"Comprehensive Rules {number}{f' ({title})' if title else ''}: quoted in "
                   f"{len(versions)} document(s), cited from {sum(len(p) for _, p in cited)} place(s).")
    cr = site.cr
    return make_page(site, paths.rule_page(number), "rule.html", "rule", title=f"Rule {number}",
                     description=description, number=number, rule_name=title, versions=versions,
                     cited=cited, parent=_existing(site, parent_number(number)),
                     children=child_numbers(site, number),
                     eras=era_views(site, cr, number) if cr else [],
                     checks=[quote_check(site, cr, v) if cr else None for v in versions],
                     today=today_view(site, cr, number) if cr else None,
                     meanings=number_meanings(cr, number) if cr else [],
                     cr_annotate=(lambda date: cr.text_linker(date).annotate(paths.rule_page(number)))
                     if cr else None,
                     cr_shown=cr.shown_facts() if cr else None,  # where cr_annotate links
                     breadcrumbs=[["Rules", paths.RULES_INDEX], [number, None]])


def _existing(site: Site, number: str | None) -> str | None:
    return number if number in site.rule_numbers else None


def child_numbers(site: Site, number: str) -> list[str]:
    """Return the rule numbers with a page directly under ``number``."""
    return [n for n in site.rule_numbers if parent_number(n) == number]


def rules_index(site: Site) -> Page:
    """Return the index of rules in natural order. With the CRs, by edition, newest first, each
    rule under its section as that edition titles it (a rule cited in 2008 under 2008's section
    104, today's number of a cited rule under today's), saying how many documents read it
    there; without, under its three-digit rule."""
    if site.cr is None:
        groups: dict[str, list[RuleSummary]] = {}
        for number in site.rule_numbers:
            groups.setdefault(number.split(".")[0], []).append(summarize_rule(site, number))
        entries = [(None, [IndexGroup(g, rule_title(site, g), [], rules)
                           for g, rules in groups.items()])]
    else:
        entries = era_groups(site)
    return make_page(site, paths.RULES_INDEX, "rules_index.html", "index", title="Rules",
                     description=f"The {len(site.rule_numbers)} Comprehensive Rules numbers "
                                 "quoted or cited by the documents, in rule order.",
                     editions=entries, breadcrumbs=[["Rules", None]])


@dataclass(slots=True)
class IndexGroup:
    """A section of the rules index: a three-digit rule as one or more editions title it."""

    section: str
    title: str | None
    editions: list[str]
    """The CR dates whose section this is (none without the CRs, or for today's numbers only)."""
    rules: list


@dataclass(slots=True)
class EraLine:
    """A rule number in the rules index, as one edition has it."""

    number: str
    title: str | None
    text: str | None
    """The text of its latest quotation in this edition's era, if any."""
    href: str
    """Its rule page, at that edition's block."""
    documents: int
    """How many documents quote or cite it read against this edition (0: today's number only)."""
    today_of: list[tuple[str, str]]
    """For today's number of cited rules: the (edition, number) keys it is today's number of."""


def era_groups(site: Site) -> list[tuple[str | None, list[IndexGroup]]]:
    """Return the rules index with the CRs, by edition, newest first: each number under its
    own edition's section (a number read against no edition at hand last, under None)."""
    cr = site.cr
    assert cr is not None
    latest = cr.library.latest.date
    became: dict[str, list[tuple[str, str]]] = {}
    for key in sorted({*cr.cited, *cr.quoted}):
        today = cr.history.today(*key)
        if today and today != key:
            became.setdefault(today[1], []).append(key)
    groups: dict[tuple[str | None, str], IndexGroup] = {}

    def add(date: str | None, line: EraLine) -> None:
        section = (cr.sections[date].get(line.number) if date else None) or line.number.split(".")[0]
        entry = cr.entry((date, section)) if date else None
        title = entry.title if entry is not None else None
        group = groups.setdefault((date, section),
                                  IndexGroup(section, title, [date] if date else [], []))
        group.rules.append(line)

    for number in site.rule_numbers:
        rule = site.inv.rules.get(number)
        eras = cr.era_dates(number)
        for date in eras:
            docs = {r.doc_id for r in cr.cited.get((date, number), [])}
            quotes = cr.quoted.get((date, number), [])
            docs |= {v.place.doc_id for v in quotes}
            text = next((v.quote.text for v in reversed(quotes) if v.quote.text), None)
            add(date, EraLine(number, _era_title(site, date, number), text,
                              paths.rule_era(number, date), len(docs), []))
        if number in became and latest not in eras:
            add(latest, EraLine(number, _era_title(site, latest, number), None,
                                paths.rule_today(number), 0, became[number]))
        elif not eras and number not in became:
            versions = rule.versions if rule else []
            docs = {r.doc_id for r in site.index.by_rule.get(number, [])}
            docs |= {v.place.doc_id for v in versions}
            text = next((v.quote.text for v in reversed(versions) if v.quote.text), None)
            add(None, EraLine(number, rule_title(site, number), text, paths.rule_page(number),
                              len(docs), []))
    by_edition: dict[str | None, list[IndexGroup]] = {}
    for (date, _), group in sorted(groups.items(), key=lambda item: _section_key(item[0][1])):
        by_edition.setdefault(date, []).append(group)
    dates = sorted((d for d in by_edition if d), reverse=True)
    return [(date, by_edition[date]) for date in [*dates, *([None] if None in by_edition else [])]]


def _era_title(site: Site, date: str, number: str) -> str | None:
    cr = site.cr
    assert cr is not None
    for candidate in (number, parent_number(number) if number[-1:].isalpha() else None):
        entry = cr.entry((date, candidate)) if candidate else None
        if entry is not None and entry.title:
            return entry.title
    return None


def _section_key(section: str) -> tuple:
    return (0, int(section), "") if section.isdigit() else (1, 0, section)
