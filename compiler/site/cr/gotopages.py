"""The "go to rule" box's data: every run of editions under a rule number, as scripts.

The box (``templates/partials/goto.html``, ``assets/goto.js``) takes a rule number of any
edition. Its data are ``cr/goto/<first digit>.js`` files that register themselves
(``FAQC_GOTO.add(...)``) when a ``<script>`` element loads them, so the box works from
``file://`` as over HTTP, and a page loads one of them only when the box is used. Each holds,
for the numbers starting with its digit, the runs of ``rules/renumbering.json`` (number, first
and last edition, today's number or null, the run's history page; for a number not in the
newest edition, what it named then and what today's number names, as places in the file's
list of ``titles``, -1 for none: ``meaning``) and, for the editions shown
in full, where a number stands when it is not under its own three-digit section, and for the
older editions the site shows (only the sections their readers cite have a page), which of
those sections have one: a number elsewhere is read on its edition's contents page.
"""
from __future__ import annotations

from compiler.cr.derive.renumbering import number_runs
from compiler.site.cr.crsite import rule_label
from compiler.site.cr.page import CrPageKey, cr_page
from compiler.site.pages import Page, Site

GOTO_FORMAT = 3


def goto_shard_path(key: str) -> str:
    """Return the site path of the box's data for numbers starting with ``key`` (``cr/goto/7.js``)."""
    return f"cr/goto/{key}.js"


def goto_page_keys(site: Site, shown: tuple) -> list[CrPageKey]:
    """Return the keys of the box's data files (the editions shown, and the sections with a
    page, decide the places)."""
    cr = site.cr
    assert cr is not None
    keys = sorted({run.number[0] for run in number_runs(cr.history)})
    return [CrPageKey(goto_shard_path(key), "goto", lambda key=key: goto_shard(site, key),
                      (shown, _paged(site, key))) for key in keys]


def _paged(site: Site, key: str) -> dict[str, list[str]]:
    """Return, for each older edition the site shows, its sections with a page whose numbers
    start with ``key`` (a number of this file placed under a section of another digit goes to
    its history)."""
    cr = site.cr
    assert cr is not None
    return {date: sorted(s for s in cr.pages[date] if s.startswith(key))
            for date in sorted(cr.browsed) if date != cr.library.latest.date}


def goto_shard(site: Site, key: str) -> Page:
    """Return one data file of the box: the runs of the numbers starting with ``key``."""
    cr = site.cr
    assert cr is not None
    latest = cr.library.latest.date
    mine = [r for r in number_runs(cr.history) if r.number.startswith(key)]
    current = {r.number for r in mine if r.last == latest}
    titles: dict[str, int] = {}

    def title(at: tuple[str, str | None]) -> int:
        return titles.setdefault(meaning(cr, at), len(titles)) if at[1] else -1
    runs = [[r.number, r.first, r.last, r.today, cr.history_path((r.first, r.number)),
             *(() if r.number in current else (title((r.last, r.number)), title((latest, r.today))))]
            for r in mine]
    numbers = {r[0] for r in runs}
    placed: dict[str, dict[str, str]] = {}
    for date in sorted(cr.browsed):
        odd = {n: s for n, s in cr.sections[date].items()
               if n in numbers and s != n.split(".")[0]}
        if odd:
            placed[date] = dict(sorted(odd.items()))
    return cr_page(site, goto_shard_path(key), "goto_data.js", "goto", title="", description="",
                   data={"format": GOTO_FORMAT, "key": key, "newest": latest, "runs": runs,
                         "sections": placed, "paged": _paged(site, key),
                         "titles": list(titles)})


def meaning(cr, key) -> str:
    """Return what a rule number names in one CR, for the box's list of its earlier meanings:
    its title (``Bushido``), its rule's (``(Bushido)``), else its section's (``in 501 Untap
    Step``)."""
    label = rule_label(cr, key)
    if label != key[1]:
        return label[len(key[1]) + 1:]
    section = key[1].split(".")[0]
    head = cr.entry((key[0], section)) if section != key[1] else None
    return f"in {section} {head.title}" if head is not None and head.title else ""


def goto_context(site: Site) -> dict:
    """Return what the box's form shows: the editions, newest first, and which are in full."""
    cr = site.cr
    assert cr is not None
    return {"editions": list(reversed(cr.library.dates)), "browsed": cr.browsed,
            "newest": cr.library.latest.date}
