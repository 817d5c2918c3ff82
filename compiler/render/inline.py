"""Render one inline text of the IR (a ruling, a paragraph, a rules-text line) to safe HTML.

The texts keep the light markup of the sources: ``*emphasis*``, ``_Set Name_(TM)``, mana
symbols, ASCII dashes. markdown-it-py parses them in inline mode with only emphasis and
backslash escapes enabled, and links and images of web captures read as their text (no address
is written), so raw HTML, links out of the site, images, headings and lists are never produced:
whatever the text holds comes out as text.
"""
from __future__ import annotations

from markdown_it import MarkdownIt
from markupsafe import Markup

from .links import Annotate, render_linked
from .mana import render_mana_cost
from .md_plugins import emphasis_guard_plugin, mana_plugin, source_links_plugin
from .typography import typeset

__all__ = ["render_inline", "render_mana_cost"]


def _render_text(self, tokens, idx, options, env) -> str:
    # The annotate hook sees each plain text run before typesetting, so its offsets are those
    # of the text as written (``--`` and ``(TM)`` not yet replaced).
    return render_linked(tokens[idx].content, env.get("annotate"), typeset)


def build_parser() -> MarkdownIt:
    """Return the markdown-it parser for FAQ inline text."""
    md = MarkdownIt("zero", {"html": False, "linkify": False, "typographer": False})
    md.enable(["emphasis", "escape"])
    md.use(mana_plugin).use(emphasis_guard_plugin).use(source_links_plugin)
    md.add_render_rule("text", _render_text)
    return md


_PARSER = build_parser()


def render_inline(text: str, annotate: Annotate | None = None) -> Markup:
    """Return ``text`` as safe inline HTML, wrapping the spans ``annotate`` finds in links."""
    if not text:
        return Markup("")
    return Markup(_PARSER.renderInline(text, {"annotate": annotate}))
