"""Plain-text copies of the corpus captures: what a reader gets by copying the page.

Each capture is rendered to HTML (markdown-it-py, front matter left out, as the page showed
it), opened in Chromium from ``file://`` and copied as ``document.body.innerText``. A copy
loses what was only markup: bullets, emphasis, blockquotes, table cells' spacing and the mana
symbols of 2012-2014, which were images (``symbols_lost``: the measure then drops the data's
symbols, and says so in the document's title).
"""
from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt

from compiler.readers.notes.markdown import front_matter

_IMAGE_SYMBOLS = ("manasymbols/", "Symbols/Symbol_")


def symbols_lost(capture: str) -> bool:
    """Return whether a capture printed its mana symbols only as images."""
    return any(mark in capture for mark in _IMAGE_SYMBOLS)


def page_html(capture: str) -> str:
    """Return the page a capture was taken from, as HTML."""
    lines = capture.split("\n")
    body = MarkdownIt("commonmark").enable("table").render("\n".join(lines[front_matter(lines).end:]))
    return f'<!doctype html><meta charset="utf-8"><body>{body}</body>'


def make_copies(browser, captures: list[Path], out: Path) -> dict[Path, Path]:
    """Write each capture's plain copy into ``out``; return {capture: copy}. ``browser`` is a
    Playwright browser; pages may load nothing but ``file:`` URLs."""
    context = browser.new_context()
    page = context.new_page()
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
               else route.abort())
    found = {}
    try:
        for capture in captures:
            html = out / f"{capture.stem}.html"
            html.write_text(page_html(capture.read_text(encoding="utf-8")), encoding="utf-8")
            page.goto(html.as_uri())
            copy = out / f"{capture.stem}.txt"
            copy.write_text(page.evaluate("document.body.innerText"), encoding="utf-8")
            found[capture] = copy
    finally:
        context.close()
    return found
