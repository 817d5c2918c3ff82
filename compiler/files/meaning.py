"""What a document YAML must mean beyond its schema: ``faqc check``'s second look.

The JSON Schema says a date is ``dddd-dd-dd``, an id a string and a span a list of
numbers; it cannot say that the date exists, that no two nodes of a document share an id
(each names a page or a fragment), that an id is safe as a path segment (cards' pages are
named by theirs), or that a span points inside the source the YAML records.
"""
from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

from compiler.core.ids import slugify

DATE_FIELDS = ("release_date", "legal_date", "last_modified", "meta_date", "date", "published")


def meaning_errors(data: dict) -> list[str]:
    """Return what a schema-valid document's dict form gets wrong, one line each."""
    errors = [f"meta: {key} {data['meta'][key]!r} is not a date" for key in DATE_FIELDS
              if key in data["meta"] and not _is_date(data["meta"][key])]
    if slugify(data["id"]) != data["id"]:
        errors.append(f"document id {data['id']!r} is not safe as a path segment")
    lines = data["source"]["lines"]
    seen: dict[str, int] = {}
    for node in _nodes(data["sections"]):
        where = node["src"][0] if "src" in node else None
        at = f" (line {where})" if where else ""
        span = node.get("src")
        if span is not None and not _inside(span, lines):
            errors.append(f"{node.get('kind', 'node')} span {span} is not inside the source's "
                          f"{lines} line(s)")
        if "id" not in node:
            continue
        ident = node["id"]
        if slugify(ident) != ident:
            errors.append(f"{node['kind']} id {ident!r}{at} is not safe as a path segment "
                          f"(an id is a slug: lowercase letters, digits, dashes)")
        elif ident in seen:
            errors.append(f"{node['kind']} id {ident!r}{at} is also the id of the node at line "
                          f"{seen[ident]}")
        seen.setdefault(ident, where or 0)
    return errors


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _inside(span: list[int], lines: int) -> bool:
    """Return True for ``[line, end_line(, col, end_col)]`` with 1 <= line <= end_line <= lines
    (and, on one line, col <= end_col)."""
    line, end_line = span[0], span[1]
    if not 1 <= line <= end_line <= lines:
        return False
    return len(span) < 4 or line != end_line or span[2] <= span[3]


def _nodes(value: Any) -> Iterator[dict]:
    """Yield every mapping under ``value``, in document order (without recursing)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
