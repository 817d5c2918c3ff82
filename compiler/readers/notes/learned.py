"""What a copy's own sure cards teach about its doubtful ones: a word model of the document.

In a plain copy, a card whose rulings are a run of lines says for sure which of its paragraphs
are rules text and which are notes (``entries._before_the_list``). A card with one ruling, or
none, does not: its last paragraph may be either, and wording cues alone
(``recognise.cues``) misread some. The sure cards of the same document are a sample of how
its rules text and its notes are worded; a naive Bayes model of their words (add-one
smoothing, the card's own name left out) moves a doubtful card's boundary by one paragraph
where the odds are strong.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

_WORD_RE = re.compile(r"[a-z]+(?:'[a-z]+)?")
MIN_SAMPLE = 30
"""Paragraphs of each kind a document must give before its model is used."""
MARGIN = 3.0
"""Log odds past which the model moves a boundary."""


def words(text: str, names: list[str]) -> list[str]:
    """Return the words of a paragraph, lower case, the card's names left out."""
    for name in names:
        text = text.replace(name, " ")
    return _WORD_RE.findall(text.lower().replace("\u2019", "'"))


@dataclass(slots=True)
class WordModel:
    """Word counts of a document's sure rules text and sure notes."""

    rules: Counter = field(default_factory=Counter)
    notes: Counter = field(default_factory=Counter)
    samples: list[int] = field(default_factory=lambda: [0, 0])

    def learn(self, text: str, names: list[str], note: bool) -> None:
        (self.notes if note else self.rules).update(words(text, names))
        self.samples[note] += 1

    @property
    def ready(self) -> bool:
        return min(self.samples) >= MIN_SAMPLE

    def note_odds(self, text: str, names: list[str]) -> float:
        """Return the log odds that a paragraph is a note rather than rules text."""
        vocabulary = len(self.rules.keys() | self.notes.keys()) + 1
        n_rules, n_notes = sum(self.rules.values()), sum(self.notes.values())
        return sum(math.log((self.notes[w] + 1) / (n_notes + vocabulary))
                   - math.log((self.rules[w] + 1) / (n_rules + vocabulary))
                   for w in words(text, names))
