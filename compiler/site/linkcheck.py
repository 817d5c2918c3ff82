"""Check a built site: every internal link and ``#fragment`` resolves, and ids are unique per page.

For every ``*.html`` file of the site, each ``href`` and ``src`` must be relative (no scheme, no
leading ``/``: the site works from ``file://`` and under any path), name a file that exists
inside the site, and, when it has a fragment and names an HTML page, a fragment that is an
``id`` of that page. An ``id`` given twice on one page is reported too. A page that reads a
CR from the site's data (``data-cr-reader``: its script renders a section, anchored by its
numbers, when the address names one) takes a rule or section number or ``glossary`` as a
fragment, the comparison page (``data-cr-compare``) two dates; that the data hold each is
the CR tests' (tests/cr/test_every_edition.py). Pure
reading: nothing is written.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_URL_ATTRS = frozenset({"href", "src"})
_RENDERED = {"data-cr-reader": re.compile(r"^(?:[1-9][0-9]{2}(?:\.[0-9]+[a-z]?)?|glossary)$"),
             "data-cr-compare": re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\.\.[0-9]{4}-[0-9]{2}-[0-9]{2}$")}
"""The fragments the pages that render the CRs' data take (``compiler.site.cr.textdata``)."""


@dataclass(slots=True, frozen=True)
class LinkProblem:
    """One broken link or duplicate id."""

    page: str
    """Site path of the page."""
    url: str
    """The link as written (or the duplicate id)."""
    reason: str

    def format(self, root: Path | str = "") -> str:
        """Return the one-line form ``site/page.html: broken link 'url': reason [site.link]``."""
        where = f"{root}/{self.page}" if str(root) else self.page
        return f"{where}: error: {self.reason}: {self.url!r} [site.link]"


class PageScan(HTMLParser):
    """The ids and the link targets of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.duplicate_ids: list[str] = []
        self.urls: list[str] = []
        self.empty_groups: list[str] = []
        """The ids of a card page's document groups that show nothing of the card."""
        self.rendered: re.Pattern | None = None
        """The fragments the page's script renders from the CRs' data (``_RENDERED``)."""
        self._group: list = []  # [id, filled, section depth, depth of a heading being skipped]

    def handle_starttag(self, tag, attrs):
        self._track(tag, dict(attrs))
        self.handle_startendtag(tag, attrs)

    def handle_startendtag(self, tag, attrs):
        for name, value in attrs:
            if name in _RENDERED:
                self.rendered = _RENDERED[name]
            if name == "id" and value is not None:
                if value in self.ids:
                    self.duplicate_ids.append(value)
                self.ids.add(value)
            elif name in _URL_ATTRS and value is not None:
                self.urls.append(value)

    def _track(self, tag: str, attrs: dict) -> None:
        group = self._group
        if tag == "section" and "doc-group" in (attrs.get("class") or "").split():
            self._group = [attrs.get("id") or "", False, 1, None]
        elif group and tag == "section":
            group[2] += 1
        elif group and group[3] is None and (tag == "h3" or "sighting-where" in (
                attrs.get("class") or "").split()):
            group[3] = tag  # what a group always has: its heading, where the entry stands
        elif group and group[3] is None and tag in ("img", "svg"):
            group[1] = True

    def handle_endtag(self, tag):
        group = self._group
        if not group:
            return
        if group[3] == tag:
            group[3] = None
        elif tag == "section":
            group[2] -= 1
            if group[2] == 0:
                if not group[1]:
                    self.empty_groups.append(group[0])
                self._group = []

    def handle_data(self, data):
        if self._group and self._group[3] is None and data.strip():
            self._group[1] = True


def scan_page(path: Path) -> PageScan:
    """Return the ids and links of the page at ``path``; raise OSError or UnicodeDecodeError
    if it cannot be read as UTF-8 text."""
    scan = PageScan()
    scan.feed(path.read_text(encoding="utf-8"))
    scan.close()
    return scan


def check_site(root: Path) -> list[LinkProblem]:
    """Return every broken internal link, missing fragment and duplicate id of the site at
    ``root``, and every page that cannot be read (a dangling link, no permission, not UTF-8:
    its links are not checked)."""
    pages = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))
    scans: dict[str, PageScan] = {}
    problems: list[LinkProblem] = []
    for page in pages:
        try:
            scans[page] = scan_page(root / page)
        except OSError as exc:
            problems.append(LinkProblem(page, page, f"cannot read the page ({exc.strerror or exc})"))
        except UnicodeDecodeError as exc:
            problems.append(LinkProblem(page, page, f"the page is not UTF-8 (byte {exc.start})"))
        except AssertionError:  # html.parser's, on a marked section it does not know
            problems.append(LinkProblem(page, page, "the page cannot be parsed as HTML"))
    for page, scan in scans.items():
        problems += [LinkProblem(page, i, "duplicate id") for i in scan.duplicate_ids]
        problems += [LinkProblem(page, i, "a document's group shows nothing of the card")
                     for i in scan.empty_groups]
        for url in scan.urls:
            reason = _check_url(root, scans, page, url)
            if reason:
                problems.append(LinkProblem(page, url, reason))
    return problems


def _check_url(root: Path, scans: dict[str, PageScan], page: str, url: str) -> str | None:
    """Return why ``url`` on ``page`` is broken, or None."""
    if _SCHEME.match(url) or url.startswith(("/", "\\")):
        return "not a relative link"
    path, _, fragment = url.partition("#")
    path = unquote(path.partition("?")[0])
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
    if target == ".." or target.startswith("../"):
        return "link leaves the site"
    if not (root / target).is_file():
        return "no such file"
    if fragment and target.endswith(".html") and target in scans \
            and unquote(fragment) not in scans[target].ids \
            and not (scans[target].rendered and scans[target].rendered.match(unquote(fragment))):
        return "no such fragment"
    return None
