"""The fields of the search index, and how a query weighs them.

Text is split by language (``title_en``/``body_en``, ``title_ja``/``body_ja``) although both
use one analyzer: each language then has its own length statistics and its own postings, so
the browser loads only the language a query asks for.  The exact fields are non-scorable:
a match adds its weight (1.0) to the score, as Whoosh's BM25F does for such fields.
"""
from __future__ import annotations

from whoosh.fields import ID, TEXT, Schema

from compiler.search.analysis import ExactAnalyzer, TextAnalyzer

LANGUAGES = ("en", "ja")
KINDS = ("card", "ruling", "rule", "topic", "section")
TEXT_FIELDS = tuple(f"{part}_{lang}" for lang in LANGUAGES for part in ("title", "body"))
EXACT_FIELDS = ("card", "rule", "kind", "lang", "set", "date", "number")
FIELD_BOOSTS = {"title_en": 2.0, "title_ja": 2.0, "body_en": 1.0, "body_ja": 1.0}
"""Query-time boosts of the default fields: a word in a title counts double."""
STORED_FIELDS = ("kind", "lang", "set", "date")
"""Stored in the Whoosh index: what a result is filtered and corrected on (``forgiving.reach``)."""
SHOWN_FIELDS = ("title", "url", "text", "place", "emphasis", "title_emphasis")
"""What a result shows besides: not in the Whoosh index (they were 29.5 of its 119 MB on the
20 MiB benchmark corpus) but in the export's text files, which the browser and ``faqc
search`` both read them from (``shown.py``)."""
INDEX_DIR = "search/index"
"""The Whoosh index, under the site."""
EXPORT_DIR = "search/data"
"""The browser's export, under the site: beside the index, ``shown.export_of(index)``."""
INDEX_NAME = "MAIN"
ANALYSIS_VERSION = 1
"""Bump when the analysis changes: the browser's copy must change with it."""


def text_field(lang: str, part: str) -> str:
    """Return the name of a language's title or body field."""
    return f"{part}_{lang}"


def build_schema() -> Schema:
    """Return the schema of the index."""
    text, exact = TextAnalyzer(), ExactAnalyzer()
    fields = {name: TEXT(analyzer=text, multitoken_query="and") for name in TEXT_FIELDS}
    fields.update({name: ID(analyzer=exact, stored=name in STORED_FIELDS)
                   for name in EXACT_FIELDS})
    return Schema(**fields)

EXPORT_VERSION = 7
"""Bump when the files change shape: 2 added the positions (``pos-NN.js``), 3 the ``place``
of card entries, the ``number`` field, the lexicon and the names, 4 field lengths as hex
bytes (57 KB of the 121 KB a first "bushido" loaded was the English table of lengths), 5 the
length byte in the postings instead (the table was 409 KB on the 20 MiB corpus), 6 each
name's reach in ``names.js``, 7 the kind in the postings and text files of a fixed number of
documents (no table of documents for a text query)."""

SNIPPET_CHARS = 200
"""Characters of a result's snippet, in Python and the browser alike."""
SNIPPET_CONTEXT = 40
"""Characters kept before the first match of the window."""
