"""What every page of the CR part of the site is made with: its key, its title and ``cr_page``."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.site.cr.crtext import relative_href
from compiler.site.pages import Page, Site, make_page
from compiler.site.wording import format_date


def cr_title(cr_date: str) -> str:
    """Return the name of one CR (``Comprehensive Rules of 1 October 2004``)."""
    return f"Comprehensive Rules of {format_date(cr_date)}"


def cr_page(site: Site, path: str, template: str, kind: str, **context: Any) -> Page:
    """Return a page of the CR browser: ``make_page`` plus ``href(site path)``, the link to a
    site path from this page (the ``relurl`` filter, quicker: these pages have many links)."""
    return make_page(site, path, template, kind, href=lambda target: relative_href(target, path),
                     **context)


@dataclass(frozen=True, slots=True)
class CrPageKey:
    """A page of the CR part of the site before it is made: its path, how to make it, and what
    of the documents it shows (the CR texts, code and templates are the build's stamp).

    Making the 5,000 pages of 118 editions takes most of a minute, so an incremental build
    compares ``facts`` and the fingerprints of ``docs`` instead, and makes only what changed."""

    path: str
    kind: str
    make: Callable[[], Page] = field(compare=False, repr=False)
    facts: tuple = ()
    """What the page shows that documents decide (readers, cited rules, the editions shown)."""
    docs: tuple[str, ...] = ()
    """The documents whose text the page shows something of (titles, citing places)."""
