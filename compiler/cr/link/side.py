"""One CR indexed for linking: entries by number, the tree of numbers, words of whole bodies."""
from __future__ import annotations

import re
from collections import defaultdict
from functools import cached_property

from compiler.cr.link.similarity import fold, title_key, tokens
from compiler.cr.model import CrDocument, CrRule, CrSection


def parent_of(number: str) -> str | None:
    """Return the number a rule stands under (``502.38a`` -> ``502.38`` -> ``502`` -> ``5``)."""
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".")[0]
    return number[0] if len(number) == 3 else None


class CrSide:
    """A CR seen as a tree of numbered entries."""

    def __init__(self, doc: CrDocument):
        self.doc = doc
        self.entries: dict[str, CrRule | CrSection] = {s.number: s for s in doc.sections}
        self.entries.update({r.number: r for r in doc.rules})
        self.children: dict[str, list[str]] = defaultdict(list)
        self._folded: dict[str, str] = {}
        self._bodies: dict[str, frozenset[str]] = {}
        self._texts = {number: getattr(entry, "text", None) or ""
                       for number, entry in self.entries.items()}
        self.words: dict[str, frozenset[str]] = {number: tokens(text)
                                                 for number, text in self._texts.items()}
        """The identity-bearing words of each entry's own text (``similarity.tokens``)."""
        for number in self.entries:
            parent = parent_of(number)
            if parent is not None:
                self.children[parent].append(number)

    def text(self, number: str) -> str:
        """Return the text of an entry ('' for headings and title lines)."""
        return self._texts[number]

    def descendants(self, number: str) -> list[str]:
        """Return every number under ``number``, depth first."""
        out: list[str] = []
        for child in self.children.get(number, []):
            out.append(child)
            out.extend(self.descendants(child))
        return out

    def body_tokens(self, number: str) -> frozenset[str]:
        """Return the words of an entry and of everything under it."""
        if number not in self._bodies:
            words: set[str] = set()
            for num in [number, *self.descendants(number)]:
                words |= self.words[num]
            self._bodies[number] = frozenset(words)
        return self._bodies[number]

    def titled_ancestor(self, number: str) -> str | None:
        """Return the nearest titled rule above ``number`` (``702.45`` for ``702.45a``), if any."""
        parent = parent_of(number)
        while parent is not None and "." in parent:
            if getattr(self.entries.get(parent), "title", None):
                return parent
            parent = parent_of(parent)
        return None

    def mentions(self, number: str, title: str) -> bool:
        """Return True when the text of ``number`` names ``title`` (``bands with other``)."""
        key = title_key(title)
        if number not in self._folded:
            self._folded[number] = title_key(fold(self.text(number)))
        return bool(key) and re.search(rf"\b{re.escape(key)}", self._folded[number]) is not None

    @cached_property
    def postings(self) -> dict[str, list[str]]:
        """Return, for each word, the numbers of the rules whose text holds it."""
        index: dict[str, list[str]] = defaultdict(list)
        for rule in self.doc.rules:   # each rule's own text: a number can be printed twice
            for word in tokens(rule.text or ""):
                index[word].append(rule.number)
        return index
