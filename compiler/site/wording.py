"""The words of the site's pages (headings, labels) in English and Japanese, and date formats.

The page frame's own words (skip link, search box, footer) are in ``compiler.render.ui``; these
are the words of the page kinds this package writes.
"""
from __future__ import annotations

import re
from types import MappingProxyType

from compiler.core.model import Document
from compiler.render.typography import typeset

_MONTHS = ("January February March April May June July August September October November "
           "December").split()

_WORDS = {
    "en": {
        "documents": "Documents", "document": "Document", "cards": "Cards", "cards_ja": "Cards by Japanese name",
        "rules": "Rules", "topics": "Topics", "contents": "Contents", "introduction": "Introduction",
        "rulings": "Rulings", "mentioned_in": "Mentioned in", "cited_by": "Cited by",
        "quoted_versions": "Quoted versions", "in_document": "In the document",
        "card_page": "Card page", "topic_page": "Topic page", "set": "Set", "language": "Language",
        "date": "Date", "release_date": "Release date", "legal_date": "Legal for play",
        "last_modified": "Last modified", "prerelease": "Prerelease", "compiled_by": "Compiled by",
        "source": "Source", "layout": "Layout", "rule": "Rule", "section": "Section",
        "ruling": "ruling", "rule_quote": "quoted rule", "errata": "Errata",
        "see_in_document": "See this in the document",
        "also_in": "Also in", "all_also_in": "These rulings are all also in", "more_documents": "%d more documents",
    },
    "ja": {
        "documents": "文書", "document": "文書", "cards": "カード", "cards_ja": "カード（日本語名）", "rules": "ルール",
        "topics": "トピック", "contents": "目次", "introduction": "はじめに", "rulings": "裁定",
        "mentioned_in": "言及箇所", "cited_by": "引用箇所", "quoted_versions": "引用された版",
        "in_document": "文書内の位置", "card_page": "カードのページ", "topic_page": "トピックのページ",
        "set": "セット", "language": "言語", "date": "日付", "release_date": "発売日",
        "legal_date": "使用可能日", "last_modified": "最終更新", "prerelease": "プレリリース",
        "compiled_by": "編集", "source": "原文", "layout": "形式", "rule": "ルール",
        "section": "章", "ruling": "裁定", "rule_quote": "引用ルール", "errata": "訂正",
        "see_in_document": "文書内で見る",
        "also_in": "同じ裁定のある文書", "all_also_in": "これらの裁定がすべてある文書", "more_documents": "ほか%d文書",
    },
}
WORDS = MappingProxyType({lang: MappingProxyType(w) for lang, w in _WORDS.items()})
LANGUAGE_NAMES = MappingProxyType({"en": "English", "ja": "日本語"})


def words(lang: str):
    """Return the page words for ``lang``, English when the language has none."""
    return WORDS.get(lang, WORDS["en"])


def language_name(lang: str) -> str:
    """Return a language's own name (``English``, ``日本語``), else its code."""
    return LANGUAGE_NAMES.get(lang, lang)


def format_date(iso: str | None, lang: str = "en") -> str:
    """Return an ISO date as people write it: ``1 October 2004``, ``2008年5月2日``."""
    if not iso:
        return ""
    try:
        year, month, day = (int(part) for part in iso.split("-"))
    except ValueError:
        return iso
    if lang == "ja":
        return f"{year}年{month}月{day}日"
    return f"{day} {_MONTHS[month - 1]} {year}"


def document_title(doc: Document) -> str:
    """Return a document's display name (``Champions of Kamigawa FAQ``, ``シャドウムーア FAQ``)."""
    meta = doc.meta
    if meta.language == "ja":
        return f"{meta.set_name_local or meta.set_name} FAQ"
    notes = meta.layout == "en-release-notes" or "release notes" in (meta.title or "").lower()
    return f"{meta.set_name} {'Release Notes' if notes else 'FAQ'}"


# Emphasis as the sources write it: *word*, _Title_ (marks around text with a letter, not
# inside words), so "7*7" and "*/1+*" keep their asterisks, as the inline renderer does.
_LINK_RE = re.compile(r"(?<!!)\[([^\]]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_IMAGE_RE = re.compile(r"!\[([^\]]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_EMPHASIS_RE = re.compile(
    r"(?<![\w*_])([*_])(?=[^\s*_])(?=[^*_]*?[^\W\d_])(.+?)(?<=[^\s*_])\1(?![\w*_])")


def plain_text(text: str | None) -> str:
    """Return an IR text as plain words for ``<title>`` and descriptions (markup marks dropped)."""
    if not text:
        return ""
    if "](" in text:  # a web capture's links and images: their text, not their addresses
        text = _IMAGE_RE.sub(r"\1", _LINK_RE.sub(r"\1", text))
    return " ".join(_EMPHASIS_RE.sub(r"\2", typeset(text)).split())
