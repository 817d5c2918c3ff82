"""Search records of the Comprehensive Rules: one per rule and heading of every CR (pure).

The search package indexes these next to the card, ruling and document records; each record
points at the rule in the CR browser (``compiler.site.paths.cr_rule``).
"""
from __future__ import annotations

from typing import Any

from ..site import paths
from .era import CrLibrary
from .model import CrDocument, CrRule
from .toc import rule_sections


def cr_search_records(library: CrLibrary) -> list[dict[str, Any]]:
    """Return a search record for every rule and heading of every CR, oldest CR first.

    Fields: ``title`` (``702.45a`` plus the rule's or its parent's title), ``body`` (the text
    and examples; a heading's title), ``kind`` ``rule``, ``lang`` ``en``, ``set`` ``CR``,
    ``date`` (the CR's), ``rules`` (``[number]``) and ``url`` (site path with fragment).
    """
    return [record for doc in library.documents for record in document_records(doc)]


def document_records(doc: CrDocument) -> list[dict[str, Any]]:
    """Return the search records of one CR, in document order."""
    titles = {r.number: r.title for r in doc.rules if r.title}
    titles.update({s.number: s.title for s in doc.sections})
    sections = rule_sections(doc)
    records = [_record(doc, _url(doc, sections, s.number), s.number, f"{s.number}. {s.title}",
                       s.title) for s in doc.sections]
    for rule in doc.rules:
        records.append(_record(doc, _url(doc, sections, rule.number), rule.number,
                               _rule_title(rule, titles), _rule_body(rule)))
    return records


def _url(doc: CrDocument, sections: dict[str, str], number: str) -> str:
    if number in sections:
        return paths.cr_rule(doc.date, sections[number], number)
    return paths.cr_chapter(doc.date, number)


def _rule_title(rule: CrRule, titles: dict[str, str]) -> str:
    if rule.title:
        return f"{rule.number}. {rule.title}"
    parent = rule.number[:-1] if rule.number[-1].isalpha() else rule.number.split(".")[0]
    owner = titles.get(parent)
    return f"{rule.number} ({owner})" if owner else rule.number


def _rule_body(rule: CrRule) -> str:
    return "\n".join(part for part in (rule.title, rule.text, *rule.examples) if part)


def _record(doc: CrDocument, url: str, number: str, title: str, body: str) -> dict[str, Any]:
    return {"title": title, "body": body, "kind": "rule", "lang": "en", "set": "CR",
            "date": doc.date, "rules": [number], "url": url}

