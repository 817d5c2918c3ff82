"""One page per edition of the Comprehensive Rules: what changed in it (``cr/changes/<date>.html``).

Rules added (linked to their text in the edition), removed, reworded (with a word diff) and
renumbered against the edition before, each linked to its history and anchored by its number
(``cr/changes/2015-07-17.html#701.30``).
"""
from __future__ import annotations

from compiler.core import paths
from compiler.cr.derive.changes import EditionChanges, edition_changes
from compiler.site.cr.crsite import CrSite, rule_label
from compiler.site.cr.page import CrPageKey, cr_page, cr_title
from compiler.site.pages import Page, Site
from compiler.site.wording import format_date


def change_page_keys(site: Site, shown: tuple) -> list[CrPageKey]:
    """Return the keys of the page of changes of every edition."""
    cr = site.cr
    assert cr is not None
    dates = cr.library.dates
    keys = []
    for i, cr_date in enumerate(dates):
        around = (dates[i - 1] if i else None, dates[i + 1] if i + 1 < len(dates) else None)
        readers = tuple(cr.readers(cr_date))
        keys.append(CrPageKey(
            paths.cr_changes(cr_date), "changes",
            lambda cr_date=cr_date, around=around:
                change_page(site, cr, edition_changes(cr.history, cr_date), around),
            (cr.shown_facts(cr_date), readers), readers))
    return keys


def change_page(site: Site, cr: CrSite, changes: EditionChanges,
                around: tuple[str | None, str | None]) -> Page:
    """Return the page of what changed in one edition."""
    cr_date = changes.date
    path = paths.cr_changes(cr_date)
    since = f" since {format_date(changes.previous)}" if changes.previous else ""
    return cr_page(
        site, path, "cr_changes.html", "changes", title=f"What changed in the {cr_title(cr_date)}",
        description=f"The {cr_title(cr_date)}: {len(changes.added)} rules added, "
                    f"{len(changes.removed)} removed, {len(changes.reworded)} reworded, "
                    f"{len(changes.renumbered)} renumbered{since}.",
        changes=changes, cr_date=cr_date, cr_name=cr_title(cr_date), around=around,
        browsed=cr_date in cr.browsed, partial=cr_date != cr.library.latest.date,
        label=lambda key: rule_label(cr, key),
        history=cr.history_path, entry=cr.entry, cr_path=cr.cr_path,
        annotate=cr.text_linker(cr_date).annotate(path), anchor=_anchors(changes),
        readers=[site.doc(i) for i in cr.readers(cr_date)],
        breadcrumbs=[["Comprehensive Rules", paths.CR_INDEX], [format_date(cr_date), None]])


def _anchors(changes: EditionChanges):
    """Return ``anchor(change)``: the rule's number for the first change of each number on the
    page (added, then reworded, then renumbered; a number printed twice is anchored once)."""
    taken: dict[int, str] = {}
    seen: set[str] = set()
    for change in (*changes.added, *changes.reworded, *changes.renumbered):
        if change.key[1] not in seen:
            seen.add(change.key[1])
            taken[id(change)] = change.key[1]
    return lambda change: taken.get(id(change))
