"""Whether a glossary term's word in a CR text is the defined term, judged by its context and
by how the same CR writes the term where it defines it.

A term's home is its glossary definition and the rules it cites (``Modified``: rule 700.9, and
its subrules). A use is not the defined term when
- a participle term is followed by a preposition it is never followed by at home: the verb,
  not the state (``as modified by``, ``“locked in”``; ``paired with`` stays linked);
- a word before it makes the title of a chapter other than the term's home: a kind the rules
  define apart (``casual variant``, chapter 9 "Casual Variants", while the glossary's
  ``Variant`` is the multiplayer one of rule 800.2);
- the glossary defines it as a subtype only (written capitalized in the rules: ``Infinity``,
  ``Food``) and it is written in lowercase (``the mathematical symbol for infinity``).
"""
from __future__ import annotations

import re
from collections import defaultdict

from compiler.cr import CrDocument, GlossaryEntry
from compiler.cr.read.rulerefs import find_rule_refs

_WORD = re.compile(r"[\w’'-]+")
_NEXT_WORD = re.compile(r"[\s”’\"']*([a-z]+)")
_PREVIOUS_WORD = re.compile(r"([\w-]+) $")
PREPOSITIONS = frozenset({"by", "in", "out", "for", "to", "with", "from", "on", "at", "into",
                          "up", "off", "according"})
"""The words after a participle that make it a verb unless its home has them after it too."""
_DETERMINERS = frozenset({"the", "a", "an", "and", "or", "of", "your", "its", "their", "each",
                          "any", "all", "that", "this", "no", "one", "another", "other"})
_QUOTES = re.compile("[“”\"]|(?<!\\w)[‘’']|[‘’'](?!\\w)")
_SUBTYPE = re.compile(r"^(?:\d+\.\s*)?An? [\w-]+ subtype\b")


class TermSenses:
    """The contexts of one CR in which its glossary terms are the defined terms."""

    def __init__(self, doc: CrDocument, glossary: list[GlossaryEntry], anchors: list[str],
                 forms: dict[str, str]):
        self.entries = dict(zip(anchors, glossary))
        self.forms = forms
        """Every one-word form of a term (lowercase) -> its anchor."""
        self._rules = {rule.number: rule for rule in doc.rules}
        self._under: dict[str, list] = defaultdict(list)   # 700.9 -> 700.9a..., 702 -> 702.1...
        for rule in doc.rules:
            number = rule.number
            self._under[number.rstrip("abcdefghijklmnopqrstuvwxyz")].append(rule)
            self._under[number.split(".")[0]].append(rule)
        self._homes: dict[str, str] = {}
        self.kinds: dict[tuple[str, str], set[str]] = defaultdict(set)
        """(word before, anchor) -> the chapters whose titles name that kind."""
        for number, title in [(s.number, s.title) for s in doc.sections if len(s.number) == 1]:
            words = _WORD.findall(title.lower())
            for before, word in zip(words, words[1:]):
                if word in forms and before not in forms and before not in _DETERMINERS \
                        and not before.endswith("ing"):
                    self.kinds[(before, forms[word])].add(number[0])
        self.subtypes = {anchor for anchor, entry in self.entries.items()
                         if any(_SUBTYPE.match(line.strip()) for line in entry.text.split("\n"))}

    def defined(self, text: str, start: int, end: int, anchor: str) -> bool:
        """Return whether ``text[start:end]``, a match of the term of ``anchor``, is that term."""
        word = text[start:end]
        if " " in word:
            return True
        if anchor in self.subtypes and word.islower():
            return False
        lowered = word.lower()
        after = _NEXT_WORD.match(text, end)
        if lowered.endswith("ed") and after and after.group(1) in PREPOSITIONS \
                and f"{lowered} {after.group(1)}" not in self.home(anchor):
            return False
        before = _PREVIOUS_WORD.search(text, max(0, start - 40), start)
        chapters = self.kinds.get((before.group(1).lower(), anchor)) if before else None
        if chapters:
            home = {n[0] for n in self._cited(anchor)}
            if home and not home & chapters:
                return False
        return True

    def _cited(self, anchor: str) -> list[str]:
        return [n for ref in find_rule_refs(self.entries[anchor].text) for n in ref.numbers]

    def home(self, anchor: str) -> str:
        """Return the lowercase text of a term's definition and of the rules it cites, without
        quotation marks (``is “championed” by``)."""
        home = self._homes.get(anchor)
        if home is None:
            parts = [self.entries[anchor].text]
            for number in self._cited(anchor):
                rules = [self._rules[number]] if number in self._rules and number[-1].isalpha() \
                    else self._under.get(number, [])
                parts += [t for rule in rules for t in (rule.text or "", *rule.examples)]
            home = self._homes[anchor] = _QUOTES.sub("", "\n".join(parts).lower())
        return home
