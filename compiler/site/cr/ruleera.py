"""What a rule page says about the Comprehensive Rules: each era's text, today's, older numbers.

A rule page is per number, and a number means different rules in different CRs, so the page
has one era block per CR that citing documents read against (``#cr-2004-10-01``): that CR's
text, the same rule today (``502.38`` of 2004 is ``702.45 Bushido``) and whether it has changed
since.  Quotations are compared with the CR of their document's date (English ones: a Japanese
quotation is a translation).  A number in the newest CR gets a ``#today`` block listing the
older numbers of the same rule and who cited those.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from compiler.core import paths
from compiler.core.model import Document
from compiler.cr import CrEntry
from compiler.cr.derive.history import entry_wording
from compiler.cr.derive.quotes import quote_changes, quote_differs
from compiler.site.cr.crsite import CrSite, Key, rule_label
from compiler.site.pages import CitingPlace, Site, citing_places
from compiler.xref.inventory import RuleVersion


@dataclass(slots=True)
class EraView:
    """A rule number as one CR has it, for the documents read against that CR."""

    cr_date: str
    readers: list[tuple[Document, bool]]
    """The citing or quoting documents, each with True when the CR is dated after it."""
    entry: CrEntry | None
    """What the number names in that CR; None when it has no such number."""
    label: str
    cr_path: str
    history: str | None
    today: Key | None
    """The same rule in the newest CR; None when it is gone (or the number is not in the CR)."""
    today_entry: CrEntry | None
    today_label: str
    today_page: str | None
    changed: bool
    """True when the rule reads differently today (or is gone)."""
    last: str | None = None
    """For a rule gone from the newest CR, the date of the last CR that has it."""


@dataclass(slots=True)
class QuoteCheck:
    """A quotation compared with the CR of its document's date."""

    cr_date: str
    entry: CrEntry | None
    compared: bool
    """False for a quotation in another language than the CR's, or of a number the CR lacks."""
    differs: bool = False
    """True when the quotation says something else than the CR (``quote_differs``)."""
    changes: list[tuple[str, str]] = field(default_factory=list)
    """``(quoted, CR)`` word runs that differ."""


@dataclass(slots=True)
class OlderNumber:
    """An earlier number of today's rule, with the CRs that had it and who cited it."""

    number: str
    dates: list[str]
    cited: list[tuple[Document, list[CitingPlace]]]
    quoted: list[RuleVersion]
    page: str | None
    ranges: list[tuple[str, str, int]] = field(default_factory=list)
    """``dates`` as runs of consecutive editions: first, last and how many."""


@dataclass(slots=True)
class TodayView:
    """A number as the newest CR has it, with its earlier numbers."""

    entry: CrEntry
    label: str
    cr_date: str
    cr_path: str
    history: str | None
    since: str
    """The first CR date with this number (for this rule)."""
    older: list[OlderNumber]


def era_views(site: Site, cr: CrSite, number: str) -> list[EraView]:
    """Return the era blocks of a rule page, oldest CR first."""
    views = []
    for cr_date in cr.era_dates(number):
        key = (cr_date, number)
        ids = [r.doc_id for r in cr.cited.get(key, [])] + [v.place.doc_id for v in cr.quoted.get(key, [])]
        readers = [(doc, cr.choices[doc.id].after) for doc in site.documents if doc.id in ids]
        entry = cr.entry(key)
        today = cr.history.today(*key) if entry else None
        views.append(EraView(
            cr_date, readers, entry, rule_label(cr, key), cr.cr_path(key),
            cr.history_path(key) if entry else None, today,
            cr.entry(today) if today else None, rule_label(cr, today) if today else "",
            paths.rule_today(today[1]) if today and today[1] in cr.rule_pages else None,
            cr.history.changed_since(*key),
            cr.history.chain(*key)[-1][0] if entry and not today else None))
    return views


def quote_check(site: Site, cr: CrSite, version: RuleVersion) -> QuoteCheck | None:
    """Return a quotation's comparison with the CR of its document's date (None: no date)."""
    choice = cr.choices.get(version.place.doc_id)
    if choice is None:
        return None
    entry = cr.entry((choice.document.date, version.number))
    quote = version.quote
    if entry is None or version.place.lang != "en":
        return QuoteCheck(choice.document.date, entry, False)
    quoted, official = " ".join(p for p in (quote.title, quote.text) if p), entry_wording(entry)
    differs = quote_differs(quoted, official)
    return QuoteCheck(choice.document.date, entry, True, differs,
                      quote_changes(quoted, official) if differs else [])


def today_view(site: Site, cr: CrSite, number: str) -> TodayView | None:
    """Return the ``#today`` block of a number in the newest CR, else None."""
    latest = cr.library.latest.date
    entry = cr.entry((latest, number))
    if entry is None:
        return None
    runs = cr.history.older_numbers(number)
    older = [_older(site, cr, old, dates) for old, dates in runs[1:] if old != number]
    return TodayView(entry, rule_label(cr, (latest, number)), latest, cr.cr_path((latest, number)),
                     cr.history_path((latest, number)), runs[0][1][-1], older)


def _older(site: Site, cr: CrSite, number: str, dates: list[str]) -> OlderNumber:
    refs = [ref for d in dates for ref in cr.cited.get((d, number), [])]
    quoted = [v for d in dates for v in cr.quoted.get((d, number), [])]
    page = paths.rule_era(number, max(d for d in dates if (d, number) in cr.cited or
                                      (d, number) in cr.quoted)) if refs or quoted else None
    return OlderNumber(number, sorted(dates), citing_places(site, refs), quoted, page,
                       edition_ranges(cr.library.dates, dates))


def edition_ranges(editions: list[str], dates: list[str]) -> list[tuple[str, str, int]]:
    """Return ``dates`` as runs of consecutive ``editions`` (all the dates, in order):
    ``(first, last, count)`` each."""
    wanted, ranges = set(dates), []
    run: list[str] = []
    for date in [*editions, None]:
        if date in wanted:
            run.append(date)
        elif run:
            ranges.append((run[0], run[-1], len(run)))
            run = []
    return ranges
