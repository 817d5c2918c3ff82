"""Where a record's plain text is set in italics or bold on the pages, so results show it too.

A record holds plain text (``records.plain_text``: typeset, emphasis marks removed) so that
words, positions and snippets are those of the text as read.  What the pages make of the
marks is kept aside as spans of that plain text, ``(start, end, style)`` in code points:

* ``em`` and ``strong``: the source's ``*...*``/``_..._`` and ``**...**`` (``***...***`` both),
  paired as ``plain_text`` removes them, and kept only when the page's own renderer
  (``render.inline``, markdown-it) sets exactly those stretches in ``<em>``/``<strong>``:
  a text it reads otherwise gets no spans, never spans the page does not show;
* ``example``: the examples of a quoted rule, which rule pages and the CR browser set in
  italics (``.example``, ``.rule-example``).

Snippets cut the spans to their window (``results.make_snippet``, ``snippet`` in
search-rank.js); the browser draws them as ``<em>``, ``<strong>`` and an italic
``<span class="search-example">``, the command line in italics and bold.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser

from compiler.render.inline import render_inline
from compiler.render.typography import typeset

STYLES = ("em", "strong", "example")
_MARK = re.compile(r"(?<![\w*_])(?P<open>[*_]+)(?=\w)|(?<=\w)(?P<close>[*_]+)(?![\w*_])")
"""The emphasis marks ``records.plain_text`` removes: openers before a word character,
closers after one."""
_BY_LENGTH = {1: ("em",), 2: ("strong",), 3: ("em", "strong")}

Span = tuple[int, int, str]


@dataclass(slots=True, frozen=True)
class Rich:
    """Plain text and the spans of it the pages set in italics or bold."""

    text: str
    spans: tuple[Span, ...] = ()


def rich_text(text: str) -> Rich:
    """Return IR inline text as plain text (exactly ``records.plain_text``) with its spans."""
    typeset_text = typeset(text)
    out, spans, stack, pos = [], [], [], 0
    removed = 0
    for match in _MARK.finditer(typeset_text):
        out.append(typeset_text[pos:match.start()])
        pos = match.end()
        at = match.start() - removed
        removed += match.end() - match.start()
        if match.group("open"):
            stack.append((match.group("open"), at))
            continue
        marker = match.group("close")
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth][0] == marker:
                start = stack[depth][1]
                del stack[depth:]
                spans += [(start, at, style) for style in _BY_LENGTH.get(len(marker), ())
                          if at > start]
                break
    out.append(typeset_text[pos:])
    plain = "".join(out)
    spans.sort(key=lambda s: (s[0], -s[1], STYLES.index(s[2])))
    if spans and not _as_the_page_shows(text, plain, spans):
        spans = []
    return Rich(plain, tuple(spans))


def plain_rich(text: str) -> Rich:
    """Return text with no spans."""
    return Rich(text)


def join(separator: str, parts: Iterable[Rich]) -> Rich:
    """Return the parts joined by ``separator``, their spans moved to their place."""
    texts, spans, offset = [], [], 0
    for number, part in enumerate(parts):
        if number:
            texts.append(separator)
            offset += len(separator)
        texts.append(part.text)
        spans += [(s + offset, e + offset, style) for s, e, style in part.spans]
        offset += len(part.text)
    return Rich("".join(texts), tuple(spans))


def styled(rich: Rich, style: str) -> Rich:
    """Return the whole of ``rich`` in ``style`` as well (an example)."""
    if not rich.text:
        return rich
    return Rich(rich.text, tuple(sorted((*rich.spans, (0, len(rich.text), style)),
                                        key=lambda s: (s[0], -s[1], STYLES.index(s[2])))))


def clip(spans: Iterable[Span], start: int, end: int, shift: int) -> list[Span]:
    """Return the spans cut to ``[start, end)`` and moved by ``shift`` (a snippet's window)."""
    return [(max(s, start) + shift, min(e, end) + shift, style)
            for s, e, style in spans if s < end and e > start]


class _Emphasised(HTMLParser):
    """Collects ``(tag, text)`` of each ``<em>``/``<strong>`` of rendered inline HTML."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[list] = []
        self.open: list[list] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("em", "strong"):
            item = [tag, ""]
            self.found.append(item)
            self.open.append(item)

    def handle_endtag(self, tag):
        if tag in ("em", "strong") and self.open:
            self.open.pop()

    def handle_data(self, data):
        for item in self.open:
            item[1] += data


def _as_the_page_shows(source: str, plain: str, spans: list[Span]) -> bool:
    """Return whether the page's renderer emphasises exactly the stretches of ``spans``."""
    parser = _Emphasised()
    parser.feed(str(render_inline(source)))
    parser.close()
    ours = [[style, plain[s:e]] for s, e, style in spans if style != "example"]
    return ours == parser.found
