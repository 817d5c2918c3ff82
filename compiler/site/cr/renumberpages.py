"""The renumbering map of the Comprehensive Rules: ``rules/renumbering.json`` and its page.

Every (edition, number) of the CRs at hand maps to the rule's number in the newest edition,
with what became of it (``compiler.cr.derive.renumbering``): the JSON for programs, the pages for
people (only the runs whose number is not today's, or whose rule is gone): a contents page,
and a page per section of the old numbers, its rows filtered as one types.
"""
from __future__ import annotations

from compiler.core import paths
from compiler.cr.derive.renumbering import NumberRun, number_runs, renumbering_data
from compiler.site.cr.page import CrPageKey, cr_page
from compiler.site.pages import Page, Site


def renumbering_page_keys(site: Site, shown: tuple) -> list[CrPageKey]:
    """Return the keys of the map as JSON, its contents page and a page per section (the
    editions shown decide their links)."""
    cr = site.cr
    assert cr is not None
    sections = _by_section(site)
    return [CrPageKey(paths.RENUMBERING_JSON, "renumbering", lambda: cr_page(
                site, paths.RENUMBERING_JSON, "renumbering.json", "renumbering",
                title="", description="", data=renumbering_data(cr.history))),
            CrPageKey(paths.RENUMBERING, "renumbering", lambda: renumbering_page(site, sections),
                      (shown,)),
            *(CrPageKey(paths.renumbering_section(section), "renumbering",
                        lambda section=section: section_page(site, sections, section), (shown,))
              for section in sections)]


def _by_section(site: Site) -> dict[str, list[NumberRun]]:
    """Return the runs under a number that is not today's, by the section of that number (in
    the rules' order), each section's by first edition."""
    cr = site.cr
    assert cr is not None
    runs = [r for r in number_runs(cr.history) if r.today != r.number]
    runs.sort(key=lambda r: (r.first, _key(r.number)))
    sections: dict[str, list[NumberRun]] = {}
    for run in sorted(runs, key=lambda r: _key(r.number.split(".")[0] + ".0")):
        sections.setdefault(run.number.split(".")[0], [])
    for run in runs:
        sections[run.number.split(".")[0]].append(run)
    return sections


def renumbering_page(site: Site, sections: dict[str, list[NumberRun]]) -> Page:
    """Return the map's contents: each section with its count of runs, linked to its page."""
    cr = site.cr
    assert cr is not None
    total = sum(map(len, sections.values()))
    return cr_page(
        site, paths.RENUMBERING, "renumbering.html", "renumbering",
        title="Rule numbers across the editions",
        description=f"Every rule of the {len(cr.library.dates)} editions of the Comprehensive "
                    f"Rules at hand under a number it no longer has: {total} runs of editions, "
                    "by section, each with the rule's number today or the edition it was last in.",
        sections=[(s, len(runs)) for s, runs in sections.items()], runs=None, section=None,
        newest=cr.library.latest.date, editions=len(cr.library.dates),
        breadcrumbs=[["Comprehensive Rules", paths.CR_INDEX], ["Renumbering", None]])


def section_page(site: Site, sections: dict[str, list[NumberRun]], section: str) -> Page:
    """Return the runs of one section's numbers that are not today's."""
    cr = site.cr
    assert cr is not None
    names = list(sections)
    at = names.index(section)
    path = paths.renumbering_section(section)
    return cr_page(
        site, path, "renumbering.html", "renumbering",
        title=f"Rule numbers {section} across the editions",
        description=f"The rules of the Comprehensive Rules once numbered in {section} under a "
                    f"number they no longer have: {len(sections[section])} runs of editions.",
        sections=None, section=section, runs=sections[section],
        around=(names[at - 1] if at else None, names[at + 1] if at + 1 < len(names) else None),
        history=lambda r: cr.history_path((r.first, r.number)),
        newest=cr.library.latest.date, editions=len(cr.library.dates),
        breadcrumbs=[["Comprehensive Rules", paths.CR_INDEX], ["Renumbering", paths.RENUMBERING],
                     [section, None]])


def _key(number: str) -> tuple:
    head, _, tail = number.partition(".")
    digits = "".join(ch for ch in tail if ch.isdigit())
    return (int(head), int(digits or 0), tail.lstrip("0123456789"))
