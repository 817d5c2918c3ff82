"""Cross-link spans: what an ``annotate`` function returns, and how spans become ``<a>`` tags.

The recognisers (``compiler/xref``) decide what to link; this module only checks the spans and
writes the markup, so a recogniser can never inject HTML or a ``javascript:`` URL.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_SAFE_SCHEMES = frozenset({"http", "https", "mailto"})


@dataclass(slots=True, frozen=True)
class LinkSpan:
    """A stretch of plain text to wrap in a link."""

    start: int
    """Offset of the first character, in the text given to ``annotate``."""
    end: int
    """Offset after the last character."""
    href: str
    """The link target, already relative to the page being written."""
    cls: str = ""
    """CSS classes of the link (``card-ref``, ``rule-ref``)."""
    title: str = ""
    """Tooltip, e.g. the card's full name or the rule's title."""


Annotate = Callable[[str], Sequence[LinkSpan]]


def checked_spans(text: str, spans: Sequence[LinkSpan]) -> list[LinkSpan]:
    """Return the spans in text order; raise ValueError for spans out of range, overlapping or unsafe."""
    ordered = sorted(spans, key=lambda span: (span.start, span.end))
    previous_end = 0
    for span in ordered:
        if not 0 <= span.start < span.end <= len(text):
            raise ValueError(f"link span {span.start}:{span.end} outside text of {len(text)} chars")
        if span.start < previous_end:
            raise ValueError(f"link span {span.start}:{span.end} overlaps the previous span")
        if not is_safe_href(span.href):
            raise ValueError(f"unsafe link target {span.href!r}")
        previous_end = span.end
    return ordered


def is_safe_href(href: str) -> bool:
    """Return True for relative URLs and http(s)/mailto URLs."""
    match = _SCHEME.match(href.strip())
    return match is None or match.group(1).lower() in _SAFE_SCHEMES


def link_markup(span: LinkSpan, inner: Markup) -> Markup:
    """Return ``inner`` wrapped in the span's ``<a>`` tag."""
    attrs = Markup(' href="{}"').format(span.href)
    if span.cls:
        attrs += Markup(' class="{}"').format(span.cls)
    if span.title:
        attrs += Markup(' title="{}"').format(span.title)
    return Markup("<a{}>{}</a>").format(attrs, inner)


def render_linked(text: str, annotate: Annotate | None, typeset: Callable[[str], str]) -> Markup:
    """Return plain ``text`` escaped and typeset, with the spans ``annotate`` finds made links."""
    if annotate is None:
        return escape(typeset(text))
    out: list[Markup] = []
    pos = 0
    for span in checked_spans(text, annotate(text)):
        out.append(escape(typeset(text[pos:span.start])))
        out.append(link_markup(span, escape(typeset(text[span.start:span.end]))))
        pos = span.end
    out.append(escape(typeset(text[pos:])))
    return Markup("").join(out)
