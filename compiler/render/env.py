"""The Jinja2 environment of the site, its filters, and ``render_page``.

Templates live in the repository's top-level ``templates/`` folder; a ``templates`` folder
inside the package, as an installed copy would carry it, is looked at first. Autoescaping is on for every template, and undefined names are errors.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, pass_context
from markupsafe import Markup

from compiler.core import paths
from compiler.core.errors import FaqcError
from compiler.render.inline import render_inline
from compiler.render.links import Annotate
from compiler.render.mana import render_mana_cost
from compiler.render.ui import ui_strings
from compiler.render.urls import relative_url, site_path

SITE_NAME = "Magic FAQ Archive"
_PACKAGE_DIR = Path(__file__).resolve().parent.parent
# Markup: a constant with no character to escape, written as is so the page source reads well.
# Chromium matches 'self' against sibling file:// URLs too, so the site's own files load
# from disk while inline scripts and styles are refused (checked with Chromium 156).
CONTENT_SECURITY_POLICY = Markup(
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'"
)


def templates_dir() -> Path:
    """Return the folder of the site templates: packaged with faqc, else the repository's."""
    candidates = (_PACKAGE_DIR / "templates", _PACKAGE_DIR.parent / "templates")
    for folder in candidates:
        if (folder / "base.html").is_file():
            return folder
    raise FaqcError(f"site templates not found in {' or '.join(map(str, candidates))}")


def asset_files(folder: Path | None = None) -> dict[str, Path]:
    """Return the static assets to copy verbatim, by site path (``assets/site.css``)."""
    root = folder or templates_dir()
    files = sorted(p for p in (root / "assets").rglob("*") if p.is_file())
    return {p.relative_to(root).as_posix(): p for p in files}


def create_environment(folder: Path | None = None, site_name: str = SITE_NAME) -> Environment:
    """Return a Jinja2 environment on the templates folder with the site's filters."""
    env = Environment(
        loader=FileSystemLoader(str(folder or templates_dir())),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters.update(inline=inline_filter, card_line=card_line_filter, mana=mana_filter,
                       relurl=relurl_filter)
    env.globals.update(site_name=site_name, csp=CONTENT_SECURITY_POLICY,
                       home_path=paths.HOME, search_path=paths.SEARCH)
    return env


@lru_cache(maxsize=1)
def default_environment() -> Environment:
    """Return the shared environment on the default templates folder."""
    return create_environment()


def inline_filter(text: str | None, annotate: Annotate | None = None) -> Markup:
    """Render an IR inline text; markup rendered already is passed through, not escaped twice."""
    if text is None:
        return Markup("")
    if isinstance(text, Markup):
        return text
    return render_inline(text, annotate)


_LOYALTY_COST_RE = re.compile(r"^\[(?P<cost>[+\u2212]?(?:\d{1,2}|X))\]:")


def card_line_filter(text: str, annotate: Annotate | None = None) -> Markup:
    """Render a line of a card's rules text: as ``inline``, a planeswalker's loyalty cost
    (``[+1]:``, ``[−3]:``) drawn as a badge that reads and copies as printed (``+1:``)."""
    m = _LOYALTY_COST_RE.match(text)
    if not m:
        return inline_filter(text, annotate)
    cost = m.group("cost")
    way = {"+": "up", "\u2212": "down"}.get(cost[0], "zero")
    return Markup('<span class="loyalty loyalty-{}" title="Loyalty cost">{}</span>:').format(
        way, cost) + render_inline(text[m.end():], annotate)


def mana_filter(cost: str | None) -> Markup:
    """Render a mana cost as symbols."""
    return render_mana_cost(cost or "")


@pass_context
def relurl_filter(context, target: str) -> str:
    """Return site path ``target`` relative to the page being rendered (``page_path``)."""
    return relative_url(target, context["page_path"])


def render_page(template: str | Template, page_path: str, **context) -> str:
    """Render the page at site path ``page_path``: the same arguments give the same text."""
    if isinstance(template, str):
        template = default_environment().get_template(template)
    lang = context.setdefault("lang", "en")
    context.setdefault("ui", ui_strings(lang))
    return template.render(page_path=site_path(page_path), **context)
