"""Facts about a Japanese FAQ found in its text: the set it is about and the dates it states."""
from __future__ import annotations

import re

from compiler.core.dates import parse_ja_date
from compiler.core.sets import SetInfo, known_sets
from compiler.readers.base import nfkc

# What a line says about the date on it, by the words next to the date.
DATE_ROLES = (
    ("prerelease", re.compile(r"プレリリース")),
    ("last_modified", re.compile(r"更新|改訂|最終|作成日")),
    ("release_date", re.compile(r"発売")),
    ("legal_date", re.compile(r"使用可能|解禁|認定")),
)
JA_DATE_TEXT_RE = re.compile(r"[0-9０-９]{4}\s*年\s*[0-9０-９]{1,2}\s*月\s*[0-9０-９]{1,2}\s*日"
                             r"(?:\s*[（(][^）)]*[）)])?(?:\s*[～〜~－-]\s*[0-9０-９]{1,2}\s*日)?")


def find_set(text: str) -> tuple[SetInfo, str] | None:
    """Return the known set a Japanese text is about, and its name as written there.

    The set is the one named most often; ties go to the one named first.
    """
    plain = nfkc(text)
    best: tuple[int, int, SetInfo] | None = None
    for info in known_sets():
        count = plain.count(nfkc(info.name_ja)) if info.name_ja else 0
        if not count:
            continue
        key = (count, -plain.index(nfkc(info.name_ja)), info)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        return None
    info = best[2]
    return info, _as_written(text, info.name_ja)


def _as_written(text: str, name: str) -> str:
    """Return ``name`` spelled as the text spells it (full- or half-width digits and letters)."""
    if name in text:
        return name
    target, size = nfkc(name), len(name)
    for start in range(len(text) - size + 1):
        # Width variants of digits and letters are one character each, so the length matches.
        if nfkc(text[start:start + size]) == target:
            return text[start:start + size]
    return name


def stated_dates(lines: list[str]) -> dict[str, str]:
    """Return the dates the lines state, keyed by meta field (``release_date``, ...).

    Only dates whose line says what they are count: nothing is guessed.
    """
    found: dict[str, str] = {}
    for line in lines:
        iso = parse_ja_date(line)
        if iso is None:
            continue
        for field, words in DATE_ROLES:
            if words.search(line) and field not in found:
                found[field] = _date_text(line) if field == "prerelease" else iso
                break
    return found


def _date_text(line: str) -> str:
    """Return the date on a line as written (prerelease dates are kept as text)."""
    m = JA_DATE_TEXT_RE.search(line)
    return m.group(0) if m else line.strip()
