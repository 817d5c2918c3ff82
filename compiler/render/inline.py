"""Render one inline text of the IR (a ruling, a paragraph, a rules-text line) to safe HTML.

The texts keep the light markup of the sources: ``*emphasis*``, ``_Set Name_(TM)``, mana
symbols, ASCII dashes. markdown-it-py parses them in inline mode with only emphasis and
backslash escapes enabled, and links and images of web captures read as their text (no address
is written), so raw HTML, links out of the site, images, headings and lists are never produced:
whatever the text holds comes out as text.

Each thing is rendered once per process: a text is parsed once, and rendered once for each
set of links its plain runs get (the links ``annotate`` finds are relative to the page, so a
ruling shown on many pages is rendered again only where its links' hrefs differ).  The HTML
depends on nothing else: the text and those link spans are the cache's key.
"""
from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt
from markupsafe import Markup

from compiler.render.links import Annotate, LinkSpan, render_linked
from compiler.render.mana import render_mana_cost
from compiler.render.md_plugins import emphasis_guard_plugin, mana_plugin, source_links_plugin
from compiler.render.typography import typeset

__all__ = ["render_inline", "render_mana_cost"]

CACHE_SIZE = 1 << 15
"""Texts' plain runs, and renderings, kept (each cache): more than the rulings of a large site's
pages a render worker writes in a row."""
TOKENS_CACHE_SIZE = 1 << 8
"""Texts' parsed tokens kept: a text's tokens are asked for its runs and, just after, for its
rendering. Kept for every text they took about 1.5 KB each, 50 MB in each render worker of
a large site; its runs take about a quarter of that."""


def _render_text(self, tokens, idx, options, env) -> str:
    # The spans were found on each plain text run before typesetting, so their offsets are
    # those of the text as written (``--`` and ``(TM)`` not yet replaced).
    spans = env["spans"]
    found = next(spans) if spans is not None else None
    return render_linked(tokens[idx].content, None if found is None else lambda _: found, typeset)


def build_parser() -> MarkdownIt:
    """Return the markdown-it parser for FAQ inline text."""
    md = MarkdownIt("zero", {"html": False, "linkify": False, "typographer": False})
    md.enable(["emphasis", "escape"])
    md.use(mana_plugin).use(emphasis_guard_plugin).use(source_links_plugin)
    md.add_render_rule("text", _render_text)
    return md


_PARSER = build_parser()


@lru_cache(maxsize=TOKENS_CACHE_SIZE)
def _tokens(text: str) -> list:
    """Return the tokens of ``text``."""
    return _PARSER.parseInline(text, {})


@lru_cache(maxsize=CACHE_SIZE)
def _runs(text: str) -> tuple[str, ...]:
    """Return the plain runs of ``text`` that ``annotate`` is asked about, in the order the
    renderer meets them (the ``text`` children of its inline tokens)."""
    return tuple(child.content for token in _tokens(text) for child in token.children or ()
                 if child.type == "text")


@lru_cache(maxsize=CACHE_SIZE)
def _rendered(text: str, spans: tuple[tuple[LinkSpan, ...], ...] | None) -> Markup:
    """Return ``text`` rendered with the link ``spans`` of each plain run (None: no links)."""
    env = {"spans": iter(spans) if spans is not None else None}
    return Markup(_PARSER.renderer.render(_tokens(text), _PARSER.options, env))


def render_inline(text: str, annotate: Annotate | None = None) -> Markup:
    """Return ``text`` as safe inline HTML, wrapping the spans ``annotate`` finds in links."""
    if not text:
        return Markup("")
    if annotate is None:
        return _rendered(text, None)
    return _rendered(text, tuple(tuple(annotate(run)) for run in _runs(text)))
