"""The renumbering map of the Comprehensive Rules: ``rules/renumbering.json`` and its page.

Every (edition, number) of the CRs at hand maps to the rule's number in the newest edition,
with what became of it (``compiler.cr.derive.renumbering``): the JSON for programs, the page for
people (only the runs whose number is not today's, or whose rule is gone).
"""
from __future__ import annotations

from compiler.core import paths
from compiler.cr.derive.renumbering import number_runs, renumbering_data
from compiler.site.cr.page import CrPageKey, cr_page
from compiler.site.pages import Page, Site


def renumbering_page_keys(site: Site, shown: tuple) -> list[CrPageKey]:
    """Return the keys of the map as JSON and as a page (the editions shown decide its links)."""
    cr = site.cr
    assert cr is not None
    return [CrPageKey(paths.RENUMBERING_JSON, "renumbering", lambda: cr_page(
                site, paths.RENUMBERING_JSON, "renumbering.json", "renumbering",
                title="", description="", data=renumbering_data(cr.history))),
            CrPageKey(paths.RENUMBERING, "renumbering", lambda: renumbering_page(site), (shown,))]


def renumbering_page(site: Site) -> Page:
    """Return the page of the runs of editions under a number that is not today's."""
    cr = site.cr
    assert cr is not None
    runs = [r for r in number_runs(cr.history) if r.today != r.number]
    runs.sort(key=lambda r: (r.first, _key(r.number)))
    return cr_page(
        site, paths.RENUMBERING, "renumbering.html", "renumbering",
        title="Rule numbers across the editions",
        description=f"Every rule of the {len(cr.library.dates)} editions of the Comprehensive "
                    f"Rules at hand under a number it no longer has: {len(runs)} runs of editions, "
                    "each with the rule's number today or the edition it was last in.",
        runs=runs, history=lambda r: cr.history_path((r.first, r.number)),
        newest=cr.library.latest.date, editions=len(cr.library.dates),
        breadcrumbs=[["Comprehensive Rules", paths.CR_INDEX], ["Renumbering", None]])


def _key(number: str) -> tuple:
    head, _, tail = number.partition(".")
    digits = "".join(ch for ch in tail if ch.isdigit())
    return (int(head), int(digits or 0), tail.lstrip("0123456789"))
