"""One page per rule number quoted or cited (its quoted versions and who cites it), and the rules index."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..inventory import RuleVersion
from ..xref.rulerefs import RULE_NUMBER_RE
from . import paths
from .pages import Page, Site, citing_places, make_page
from .meanings import number_meanings
from .ruleera import era_views, quote_check, today_view


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
    """Return the index of rules in natural order, grouped by their three-digit rule."""
    groups: dict[str, list[RuleSummary]] = {}
    for number in site.rule_numbers:
        groups.setdefault(number.split(".")[0], []).append(summarize_rule(site, number))
    return make_page(site, paths.RULES_INDEX, "rules_index.html", "index", title="Rules",
                     description=f"The {len(site.rule_numbers)} Comprehensive Rules numbers "
                                 "quoted or cited by the documents, in rule order.",
                     groups=list(groups.items()),
                     group_titles={g: rule_title(site, g) for g in groups},
                     breadcrumbs=[["Rules", None]])
