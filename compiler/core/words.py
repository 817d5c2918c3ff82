"""The "nothing lost" audit: every word of a source must be in its document's text fields."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

WORD_RE = re.compile(r"\w+")

# Fields that hold source text.  Everything else (ids, spans, derived metadata, the card-level
# copies of the front face's names, collector parts split from ``raw``) is left out, so a word
# counts only where the reader put the text itself.
TEXT_FIELDS = frozenset({
    "text", "title", "label", "number", "examples", "items", "maps_to", "mana_cost", "type_line",
    "power_toughness", "loyalty", "defense", "name_note", "raw", "faces", "name", "name_ja",
    "blocks", "sections", "collector", "question", "color_indicator", "preface",
})
# A node that keeps its source text as written (``written``) counts that, not the fields read
# from it (a cost normalised to braces, a mana image turned into ``{T}``); child blocks count.
WRITTEN_KEEPS = frozenset({"blocks", "question"})
CARD_LEVEL_COPIES = frozenset({"name", "name_ja", "id"})
# A collector line's text is its code (``raw``) and the name after it; the rest is split from raw.
COLLECTOR_TEXT = frozenset({"raw", "name"})


def source_words(text: str) -> Counter[str]:
    """Return the multiset of words in a decoded source text."""
    return Counter(WORD_RE.findall(text))


def document_words(data: dict[str, Any]) -> Counter[str]:
    """Return the multiset of words in the text fields of a document's dict form."""
    counter: Counter[str] = Counter()
    _collect(data.get("meta", {}).get("front_matter", []), counter)
    for section in data.get("sections", []):
        _collect(section, counter)
    return counter


def _collect(node: Any, counter: Counter[str]) -> None:
    if isinstance(node, str):
        counter.update(WORD_RE.findall(node))
    elif isinstance(node, list):
        for item in node:
            _collect(item, counter)
    elif isinstance(node, dict):
        if node.get("written"):
            _collect(node["written"], counter)
            for key in WRITTEN_KEEPS & node.keys():
                _collect(node[key], counter)
            return
        skip = CARD_LEVEL_COPIES if node.get("kind") == "card" else frozenset({"id"})
        for key, value in node.items():
            if key == "collector" and isinstance(value, dict):
                _collect({k: v for k, v in value.items() if k in COLLECTOR_TEXT}, counter)
            elif key in TEXT_FIELDS and key not in skip:
                _collect(value, counter)


def audit(source_text: str, data: dict[str, Any]) -> tuple[Counter[str], Counter[str]]:
    """Return ``(missing, extra)``: source words not in the document, document words not in the source."""
    src, doc = source_words(source_text), document_words(data)
    return src - doc, doc - src


def first_extra(source_text: str, data: dict[str, Any]) -> tuple[bool, dict | None]:
    """Return whether the document holds a word more often than its source (an invented
    word, a ruling printed twice), and the node, in document order, whose text first does so:
    the innermost one with a source span (``src``), None if that text has no node with one."""
    src = source_words(source_text)
    counter: Counter[str] = Counter()

    def visit(node: Any, owner: dict | None) -> tuple[bool, dict | None]:
        words: Counter[str] = Counter()
        _collect(node, words)
        if all(counter[w] + n <= src[w] for w, n in words.items()):
            counter.update(words)
            return False, None
        owner = node if isinstance(node, dict) and "src" in node else owner
        for child in _text_children(node):
            over, found = visit(child, owner)
            if over:
                return over, found
        return True, owner   # the word is in this node's own text

    for part in (data.get("meta", {}).get("front_matter", []), data.get("sections", [])):
        over, found = visit(part, None)
        if over:
            return over, found
    return False, None


def _text_children(node: Any) -> list[Any]:
    """Return what ``_collect`` counts under ``node``, one level down, in order (a collector
    line's parts are counted as the node's own text)."""
    if isinstance(node, list):
        return node
    if not isinstance(node, dict):
        return []
    if node.get("written"):
        return [node["written"], *(node[key] for key in sorted(WRITTEN_KEEPS & node.keys()))]
    skip = CARD_LEVEL_COPIES if node.get("kind") == "card" else frozenset({"id"})
    return [value for key, value in node.items() if key in TEXT_FIELDS and key not in skip
            and key != "collector"]
