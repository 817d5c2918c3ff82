"""The write phase's rendering: inline text, mana symbols, relative URLs, Jinja2 pages.

``render_inline`` and ``render_mana_cost`` turn IR text into safe HTML; ``render_page``
renders a template of ``templates/`` for one page of the site.
"""
from __future__ import annotations

from compiler.render.env import create_environment, render_page
from compiler.render.inline import render_inline
from compiler.render.links import LinkSpan
from compiler.render.mana import render_mana_cost
from compiler.render.urls import relative_url

__all__ = [
    "LinkSpan", "create_environment", "relative_url", "render_inline", "render_mana_cost",
    "render_page",
]
