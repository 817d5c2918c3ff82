"""Split a card's collapsed rules text into abilities, where the text gives evidence.

Evidence for a new ability (one printed line) at a top-level sentence start: the previous
sentence closed a reminder-text parenthesis; or the sentence opens a triggered ability
(``When``, ``Whenever``, ``At the beginning of``, ``At end of turn``), an activated ability
(a cost then ``:``), an ability word (``Hellbent --``), a characteristic (``Ghostfire is
colorless.``) or a keyword line.  A keyword line (``Flying, haste``, ``Morph {2}{U}``,
``Enchant creature``) ends before the next capitalised word.  Static sentences that follow
one another stay together: nothing in the text says where their printed lines broke.
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from compiler.readers.collapsed.text import Stretch, sentence_starts, top_level
from compiler.readers.collapsed.typeline import is_subtype
from compiler.readers.recognise import MANA_SYMBOL_RE, is_mana_cost

TRIGGER_RE = re.compile(r"^(?:When|Whenever|At the beginning of|At end of turn)\b")
ABILITY_WORD_RE = re.compile(r"^[A-Z][a-z]+ (?:--|—) ")
CHARACTERISTIC_RE = re.compile(r"^(?P<name>.+?) is [a-z]+\.$")
# Keywords named by a pattern rather than listed: landwalk and typecycling variants.
KEYWORD_FAMILY_RE = re.compile(r"(?i)[a-z]+walk|[a-z]+cycling")
_PARAM_RE = re.compile(r"^(?:\d+|X|\d+--\S+|--\S*)$")
_NEXT_ABILITY_RE = re.compile(r" [A-Z{]")
_MAX_COST = 100
_PARAM_SUBTYPE_KINDS = {"creature", "artifact", "enchantment", "land"}


@lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    """Return the keyword abilities, lower-cased, longest first (``keywords.tsv``)."""
    text = resources.files("compiler.core.data").joinpath("keywords.tsv").read_text(encoding="utf-8")
    names = {line.strip().lower() for line in text.splitlines()
             if line.strip() and not line.startswith("#")}
    return tuple(sorted(names, key=lambda k: (-len(k), k)))


def split_abilities(rules: Stretch, name: str) -> list[str]:
    """Return the abilities of a rules text, in order; the text is kept verbatim."""
    text = rules.value
    cuts = [0]
    starts = sentence_starts(text)
    for prev, start in zip([0, *starts], starts):
        before = text[prev:start].strip()
        if before.endswith(")") or _is_characteristic(before, name) \
                or _opens_ability(text[start:], name):
            cuts.append(start)
    pieces = [text[a:b].strip() for a, b in zip(cuts, [*cuts[1:], len(text)])]
    out: list[str] = []
    for piece in pieces:
        out.extend(_split_keyword_lines(piece, name))
    return [p for p in out if p]


def _opens_ability(rest: str, name: str) -> bool:
    """Return whether the sentence at the start of ``rest`` opens a new ability."""
    sentence = rest[:_sentence_end(rest)]
    return bool(TRIGGER_RE.match(rest) or ABILITY_WORD_RE.match(rest)
                or _is_activated(sentence) or _is_characteristic(sentence, name)
                or _keyword_line_end(rest, name) is not None)


def _sentence_end(text: str) -> int:
    """Return where the first sentence of ``text`` ends."""
    starts = sentence_starts(text)
    return starts[0] if starts else len(text)


def _is_activated(sentence: str) -> bool:
    """Return whether a sentence is an activated ability: a short cost, then a colon."""
    outside = top_level(sentence)
    colon = next((i for i, ch in enumerate(sentence) if ch == ":" and outside[i]), -1)
    cost = MANA_SYMBOL_RE.sub(lambda m: "x" * len(m.group()), sentence[:max(colon, 0)])
    return 0 < colon <= _MAX_COST and "." not in cost and "(" not in cost


def _is_characteristic(sentence: str, name: str) -> bool:
    """Return whether a sentence states the card's own colour (``Ghostfire is colorless.``)."""
    m = CHARACTERISTIC_RE.match(sentence.strip())
    return bool(m and m.group("name") == name)


def _split_keyword_lines(piece: str, name: str) -> list[str]:
    """Split keyword lines off the front of an ability (``Flying`` / ``When ...``)."""
    out: list[str] = []
    while True:
        end = _keyword_line_end(piece, name)
        if end is None or end >= len(piece):
            out.append(piece)
            return out
        out.append(piece[:end])
        piece = piece[end:].strip()


def _keyword_line_end(text: str, name: str) -> int | None:
    """Return where a keyword line at the start of ``text`` ends (reminder text included)."""
    if text.startswith(name) or not text[:1].isupper():
        return None
    end = _match_keyword(text, 0)
    if end is None:
        return None
    while True:
        end = _skip_parameters(text, end)
        follow = _match_keyword(text, end + 2) if text[end:end + 2] in (", ", "; ") else None
        if follow is None:
            break
        end = follow
    if text[end:end + 2] == " (":
        close = text.find(")", end)
        end = close + 1 if close > 0 else len(text)
    # A keyword line ends the ability or meets the next one; ``Scry 3, then ...`` is a sentence.
    return end if end == len(text) or _NEXT_ABILITY_RE.match(text, end) else None


def _match_keyword(text: str, i: int) -> int | None:
    """Return the end of a keyword written at ``text[i]``, or None."""
    low = text[i:i + 40].lower()
    for keyword in keywords():
        if low.startswith(keyword) and not low[len(keyword):len(keyword) + 1].isalnum():
            return i + len(keyword)
    m = KEYWORD_FAMILY_RE.match(text, i)
    if m and not text[m.end():m.end() + 1].isalnum():
        return m.end()
    return None


def _skip_parameters(text: str, i: int) -> int:
    """Return the end of a keyword's parameters (``3``, ``{2}{U}``, ``from red``, ``--{1}``)."""
    glued = re.match(r"--\S*", text[i:])
    if glued:
        i += glued.end()
    while True:
        m = re.match(r" (\S+)", text[i:])
        if not m or not _is_parameter(m.group(1)):
            return i
        i += m.end()
        if m.group(1).endswith("."):
            return i


def _is_parameter(word: str) -> bool:
    """Return whether a word can be a keyword's parameter rather than the next ability."""
    if _PARAM_RE.match(word) or is_mana_cost(word):
        return True
    if word.startswith(("(", "{", "*")):
        return False
    return word[:1].islower() or is_subtype(word, _PARAM_SUBTYPE_KINDS)
