"""Recognisers for the one-line constructs of Japanese FAQs: one small function per construct.

Matching is done on the NFKC form where full-width and half-width spellings both occur
(``３/３``, ``＊``); what the recognisers return is always the text as written.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.readers.base import nfkc
from compiler.readers.recognise import (RuleLine, is_example, is_face_separator, is_flip_separator,
                                        is_separator, is_type_line, parse_rule_line, parse_ruling)

CARD_HEADER_RE = re.compile(r"^\s*《(?P<names>[^《》]*[^《》\s][^《》]*)》\s*$")  # a name, not spaces
# The Japanese and English names are split by a slash, half- or full-width.
NAME_SPLIT_RE = re.compile(r"\s*[/／]\s*")
TOPIC_RE = re.compile(r"^\s*(?P<marks>[＊*]{3,})\s*(?P<title>[^＊*\s](?:.*?[^＊*\s])?)\s*[＊*]{3,}\s*$")
ERRATA_RE = re.compile(r"^\s*[＃#]{2,}\s*(?P<label>[^＃#\s](?:[^＃#]*[^＃#\s])?)\s*[＃#]{2,}\s*(?P<text>.*?)\s*$")
JA_RULING_RE = re.compile(r"^\s*(?P<bullet>＊)(?!＊)\s*(?P<text>\S.*?)\s*$")
LIST_ITEM_RE = re.compile(r"^\s*―\s*(?P<text>\S.*?)\s*$")
# Phrases that announce quoted rules ("共謀の公式ルールは以下の通り。"): prose, never card text.
RULE_INTRO_RE = re.compile(r"以下の(?:通り|とおり)[。：:]?\s*$")

SECTION_TITLES = {"一般注釈": "general-notes", "カード別注釈": "card-notes"}

JA_CARD_TYPES = ("アーティファクト", "クリーチャー", "エンチャント", "インスタント", "ソーサリー",
                 "土地", "プレインズウォーカー", "部族", "バトル", "次元", "計略", "ヴァンガード", "現象")
JA_SUPERTYPES = ("伝説の", "伝説", "基本", "氷雪", "ワールド", "持続")
_TYPES = "|".join(JA_CARD_TYPES)
JA_TYPE_LINE_RE = re.compile(
    r"^(?:(?:%s)\s*)*(?:%s)(?:\s*・?\s*(?:%s))*(?:\s*[―—]\s*\S.*)?$"
    % ("|".join(JA_SUPERTYPES), _TYPES, _TYPES))
JA_PT_RE = re.compile(r"^[0-9X*+\-.½]{1,5}/[0-9X*+\-.½]{1,5}$")


@dataclass(slots=True, frozen=True)
class CardName:
    """The names in a card header ``《悪意に満ちた幻視/Spiteful Visions》``."""

    name: str
    """The English name, or the only name given."""
    name_ja: str | None
    """The Japanese name, when the header gives both."""


@dataclass(slots=True, frozen=True)
class Bulleted:
    """The parts of a ruling line."""

    bullet: str
    """The bullet as written."""
    text: str
    """The ruling text."""


def parse_card_header(line: str) -> CardName | None:
    """Return the names of a card header line ``《日本語名/English Name》``, or None."""
    m = CARD_HEADER_RE.match(line)
    if not m:
        return None
    parts = NAME_SPLIT_RE.split(m.group("names").strip(), maxsplit=1)
    if len(parts) == 2 and parts[0] and parts[1]:
        return CardName(name=parts[1], name_ja=parts[0])
    return CardName(name=m.group("names").strip(), name_ja=None)


def parse_topic_heading(line: str) -> tuple[str, str] | None:
    """Return ``(title, marks)`` of a topic heading ``＊＊＊ 見出し ＊＊＊``, or None."""
    m = TOPIC_RE.match(line)
    return (m.group("title"), m.group("marks")) if m else None


def parse_section_heading(line: str) -> tuple[str, str] | None:
    """Return ``(title, role)`` of a chapter heading such as ``カード別注釈``, or None."""
    title = line.strip()
    role = SECTION_TITLES.get(nfkc(title))
    return (title, role) if role else None


def parse_errata(line: str) -> tuple[str, str] | None:
    """Return ``(label, text)`` of an errata line ``＃＃ 訂正 ＃＃ ...``, or None."""
    m = ERRATA_RE.match(line)
    return (m.group("label"), m.group("text")) if m else None


def parse_ja_ruling(line: str) -> Bulleted | None:
    """Return the bullet and text of a ruling line (``＊ ...``, or the English ``* ...``)."""
    m = JA_RULING_RE.match(line)
    if m:
        return Bulleted(m.group("bullet"), m.group("text"))
    text = parse_ruling(line.strip())
    return Bulleted("*", text) if text is not None and not TOPIC_RE.match(line) else None


def parse_list_item(line: str) -> str | None:
    """Return the text of a dash list item ``― ...``, or None."""
    m = LIST_ITEM_RE.match(line)
    return m.group("text") if m else None


def parse_ja_rule_line(line: str) -> RuleLine | None:
    """Return a quoted rule line; a short "title" ending in ``。`` is rule text, not a title."""
    rule = parse_rule_line(line)
    if rule and rule.title is not None and rule.title.endswith("。"):
        return RuleLine(rule.number, rule.with_period, None, rule.title)
    return rule


def is_ja_type_line(text: str) -> bool:
    """Return whether the string is a type line (``伝説のアーティファクト・クリーチャー ― カカシ``)."""
    text = text.strip()
    return bool(JA_TYPE_LINE_RE.match(text)) or is_type_line(text)


def is_ja_power_toughness(text: str) -> bool:
    """Return whether the string is a power/toughness, full-width digits allowed (``３/３``)."""
    return bool(JA_PT_RE.match(nfkc(text.strip())))


def is_rule_intro(text: str) -> bool:
    """Return whether the line announces quoted rules (``...は以下の通り。``)."""
    return bool(RULE_INTRO_RE.search(text))


def classify(line: str) -> str:
    """Return the kind of construct a line starts: ``blank``, ``separator``, ``card``, ..., ``text``."""
    if not line.strip():
        return "blank"
    for kind, test in _KIND_TESTS:
        if test(line):
            return kind
    return "text"


_KIND_TESTS = (
    ("separator", is_separator),
    ("face-separator", lambda l: is_face_separator(l) or is_flip_separator(l)),
    ("topic", lambda l: parse_topic_heading(l) is not None),
    ("section", lambda l: parse_section_heading(l) is not None),
    ("errata", lambda l: parse_errata(l) is not None),
    ("card", lambda l: parse_card_header(l) is not None),
    ("ruling", lambda l: parse_ja_ruling(l) is not None),
    ("rule", lambda l: parse_ja_rule_line(l) is not None),
    ("example", is_example),
    ("list", lambda l: parse_list_item(l) is not None),
)
