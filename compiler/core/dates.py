"""Dates as FAQs write them, turned into ISO ``YYYY-MM-DD``."""
from __future__ import annotations

import re
import unicodedata

MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
EN_DATE_RE = re.compile(
    r"\b(January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s+(\d{1,2})(?:\s*[-–]\s*\d{1,2})?,\s*(\d{4})\b")
JA_DATE_RE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")


def iso(year: int | str, month: int | str, day: int | str) -> str:
    """Return ``YYYY-MM-DD``."""
    return f"{int(year):04d}-{int(month):02d}-{int(day):02d}"


def parse_en_date(text: str) -> str | None:
    """Return the first English date (``October 1, 2004``) in ``text`` as ISO, or None."""
    m = EN_DATE_RE.search(text)
    if not m:
        return None
    return iso(m.group(3), MONTHS[m.group(1).lower()], m.group(2))


def parse_ja_date(text: str) -> str | None:
    """Return the first Japanese date (``2008年5月2日``, full-width digits too) as ISO, or None."""
    m = JA_DATE_RE.search(unicodedata.normalize("NFKC", text))
    return iso(*m.groups()) if m else None
