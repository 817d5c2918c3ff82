"""Inline Markdown as web captures write it, and the plain text recognisers look at.

Documents captured from web pages carry inline markup: images (``![](url)``, card pictures and
mana symbols), links to card databases (``[Name](url)``), emphasis (``*Magic Origins*``, a whole
card line in italics) and backslash escapes (``\\*/\\*``). Recognisers read ``plain`` text; the
readers keep the markup as written in the document's text fields.
"""
from __future__ import annotations

import re

IMAGE_RE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<url>[^)\s]*)(?:\s+\"[^\"]*\")?\)")
LINK_RE = re.compile(r"(?<!!)\[(?P<text>[^\]]*)\]\((?P<url>[^)\s]*)(?:\s+\"[^\"]*\")?\)")
_ESCAPED_RE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>~])")
_STRONG_RE = re.compile(r"(?<![\\*])\*\*(?=\S)(.+?)(?<=\S)\*\*(?!\*)")
_EM_RE = re.compile(r"(?<![\\*\w])\*(?=[^\s*])(.+?)(?<=[^\s\\*])\*(?![*\w])")
_UNDER_RE = re.compile(r"(?<![\\\w])_(?=\S)(.+?)(?<=\S)_(?!\w)")
_WRAPPED_RE = re.compile(r"^(\*{1,3}|_{1,2})(?=\S)(.*\S)\1$")
# Emphasis opened on one line and closed on another (a card set in italics, line by line):
# a mark at the start before a letter, or at the end after a letter or closing punctuation.
_OPEN_MARK_RE = re.compile(r"^(?:\*{1,3}|_{1,2})(?=[\w\"'(\[{])")
_CLOSE_MARK_RE = re.compile(r"(?<=[\w.)\"'\]}!?])(?:\*{1,3}|_{1,2})$")


def strip_images(text: str) -> str:
    """Return ``text`` without its images."""
    return IMAGE_RE.sub("", text) if "![" in text else text


def images(text: str) -> list[str]:
    """Return the images of ``text`` as written."""
    return [m.group() for m in IMAGE_RE.finditer(text)] if "![" in text else []


def is_image_line(text: str) -> bool:
    """Return whether the line holds only images (and emphasis marks, links around them)."""
    if "![" not in text:
        return False
    rest = LINK_RE.sub(lambda m: m.group("text"), IMAGE_RE.sub("", text))
    return not rest.replace("*", "").replace("_", "").strip()


def unwrap(text: str) -> str:
    """Return ``text`` without emphasis marks around the whole of it (``*Jace*`` -> ``Jace``)."""
    m = _WRAPPED_RE.match(text.strip())
    if not m or not any(ch.isalpha() for ch in m.group(2)):
        return text
    inner = m.group(2)
    # ``*Undergrowth* — ... *(reminder)*`` is two spans, not one around the whole line
    return text if m.group(1) in inner and not inner.startswith(m.group(1)) else inner


def plain(text: str) -> str:
    """Return the text a reader sees: no images, links as their text, no emphasis marks,
    escapes resolved (``\\*/\\*`` -> ``*/*``), spacing trimmed."""
    if "![" in text:
        text = IMAGE_RE.sub("", text)
    if "](" in text:
        text = LINK_RE.sub(lambda m: m.group("text"), text)
    if "*" in text or "_" in text:
        text = _STRONG_RE.sub(_inner, text)
        text = _EM_RE.sub(_inner, text)
        text = _UNDER_RE.sub(_inner, text)
        text = unwrap(text.strip())
        text = _CLOSE_MARK_RE.sub("", _OPEN_MARK_RE.sub("", text))
    if "\\" in text:
        text = _ESCAPED_RE.sub(r"\1", text)
    return text.strip()


def _inner(m: re.Match) -> str:
    """Return the emphasised text, or the match itself when it holds no letter (``*/*``)."""
    return m.group(1) if any(ch.isalpha() for ch in m.group(1)) else m.group()


def unescape(text: str) -> str:
    """Return ``text`` with Markdown backslash escapes resolved, markup otherwise kept."""
    return _ESCAPED_RE.sub(r"\1", text) if "\\" in text else text


_EMPHASIS_MARK_RE = re.compile(r"(?<!\\)(?:\*\*|\*|__|_)")


def drop_unpaired_emphasis(text: str) -> str:
    """Return Markdown text without emphasis marks that open or close on another line (the
    page set a whole card in italics, or a reminder's closing mark fell on the next line)."""
    marks = _EMPHASIS_MARK_RE.findall(text)
    if not marks:
        return text
    if text.count("*") - text.count("\\*") & 1:
        text = _OPEN_MARK_RE.sub("", text) if _OPEN_MARK_RE.match(text) else _CLOSE_MARK_RE.sub("", text) \
            if _CLOSE_MARK_RE.search(text) else re.sub(r"(?<![\\*])\*(?=\()", "", text, count=1)
    return text
