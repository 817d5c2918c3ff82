"""The "nothing lost" audit of a CR: every word of the source is in the text fields of its YAML.

Same measure as ``compiler.core.words`` (a multiset of ``\\w+`` words), over the CR's own fields.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.core.words import WORD_RE, source_words

PARTS = ("front_matter", "sections", "rules", "glossary_title", "glossary", "back_matter")
"""The parts of a CR's dict form that hold source text (``date`` and ``source`` are derived)."""
TEXT_FIELDS = frozenset({"text", "title", "number", "examples", "term"})


def cr_words(data: dict[str, Any]) -> Counter[str]:
    """Return the multiset of words in the text fields of a CR's dict form."""
    counter: Counter[str] = Counter()
    for part in PARTS:
        _collect(data.get(part), counter)
    return counter


def _collect(node: Any, counter: Counter[str]) -> None:
    if isinstance(node, str):
        counter.update(WORD_RE.findall(node))
    elif isinstance(node, list):
        for item in node:
            _collect(item, counter)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key in TEXT_FIELDS:
                _collect(value, counter)


def audit_cr(source_text: str, data: dict[str, Any]) -> tuple[Counter[str], Counter[str]]:
    """Return ``(missing, extra)``: source words not in the YAML, YAML words not in the source."""
    src, doc = source_words(source_text), cr_words(data)
    return src - doc, doc - src
