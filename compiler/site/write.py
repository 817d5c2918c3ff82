"""The write phase: every page rendered into a (staging) folder, with the assets and card previews."""
from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from itertools import chain
from pathlib import Path

from jinja2 import Environment

from ..errors import FaqcError
from ..render import render_page
from ..render.env import asset_files, create_environment
from ..render.urls import site_path
from . import paths
from .cardpages import card_pages, cards_index, cards_ja_index
from .cardsjs import cards_script
from .docpages import document_pages, documents_index, home_page
from .pages import Page, Site, make_page
from .rulepages import rule_pages, rules_index
from .topicpages import topic_pages, topics_index
from .wording import plain_text

SITE_MARKER = ".faqc-site"
"""A file in every built site: publishing replaces only a folder holding it (or an empty one)."""
CARDS_SCRIPT = "assets/cards.js"


def site_environment(templates: Path | None = None) -> Environment:
    """Return the Jinja2 environment of the site pages: the render environment plus ``plain``."""
    env = create_environment(templates)
    env.filters["plain"] = plain_text
    return env


def all_pages(site: Site, env: Environment) -> Iterator[Page]:
    """Yield every page of the site, indexes first, then one page per document, card, rule, topic."""
    yield from (home_page(site), documents_index(site), cards_index(site), cards_ja_index(site),
                rules_index(site), topics_index(site))
    yield from chain(document_pages(site), card_pages(site), rule_pages(site), topic_pages(site))
    if paths.SEARCH in env.list_templates():
        yield make_page(site, paths.SEARCH, paths.SEARCH, "search", title="Search",
                        description="Search every card, rule and ruling of the archive.",
                        breadcrumbs=[["Search", None]])


def write_site(site: Site, root: Path, env: Environment,
               templates: Path | None = None) -> Counter[str]:
    """Write every page, ``404.html``, the assets and ``assets/cards.js`` under ``root``."""
    counts: Counter[str] = Counter()
    written: dict[str, str] = {}
    for page in chain(all_pages(site, env), [not_found_page()]):
        _claim(written, page)
        _write(root / page.path, render_page(env.get_template(page.template), page.path, **page.context))
        counts[page.kind] += 1
    for target, source in asset_files(templates).items():
        (root / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, root / target)
    _write(root / CARDS_SCRIPT, cards_script(site, env))
    _write(root / SITE_MARKER, "A site built by faqc: `faqc build` may replace this folder.\n")
    return counts


def not_found_page() -> Page:
    """Return the 404 page (written at the site root)."""
    return Page(paths.NOT_FOUND, "404.html", "404",
                {"breadcrumbs": [], "description": "There is no page at this address."})


def _claim(written: dict[str, str], page: Page) -> None:
    path = site_path(page.path)
    what = f"{page.kind} page {page.context.get('title', '')!r}"
    if path in written:
        raise FaqcError(f"{path}: error: two pages have this path: {written[path]} and {what}")
    written[path] = what


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
