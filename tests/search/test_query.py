"""The query language: plans, errors, Whoosh queries, and the browser's identical parser."""
from __future__ import annotations

import pytest

from compiler.search.query.query import QueryError, plan, positive_terms, to_whoosh
from compiler.search.schema import EXACT_FIELDS, FIELD_BOOSTS, KINDS, LANGUAGES, TEXT_FIELDS
from tests.search_support import node

ALL = list(TEXT_FIELDS)


def text(*terms: str, phrase: bool = False, fields: list[str] = ALL) -> dict:
    return {"text": list(terms), "phrase": phrase, "fields": fields}


@pytest.mark.parametrize("query, expected", [
    ("bushido", text("bushido")),
    ("Budoka Gardeners", {"and": [text("budoka"), text("garden")]}),
    ("budoka AND gardener", {"and": [text("budoka"), text("garden")]}),
    ('"budoka gardener"', text("budoka", "garden", phrase=True)),
    ("混成マナ", text("混成", "成マ", "マナ")),
    ("a b OR c", {"and": [text("a"), {"or": [text("b"), text("c")]}]}),
    ("(a OR b) c", {"and": [{"or": [text("a"), text("b")]}, text("c")]}),
    ("flip NOT kind:ruling", {"andnot": [text("flip"), {"exact": "kind", "value": "ruling"}]}),
    ("flip -card -rule", {"andnot": [text("flip"), {"or": [text("card"), text("rule")]}]}),
    ('card:"Budoka  Gardener"', {"exact": "card", "value": "budoka gardener"}),
    ("CARD:ブドウ", {"exact": "card", "value": "ブドウ"}),
    ("rule:502.38 lang:JA", {"and": [{"exact": "rule", "value": "502.38"},
                                     {"exact": "lang", "value": "ja"}]}),
    ("kind:(card OR rule)", {"or": [{"exact": "kind", "value": "card"},
                                    {"exact": "kind", "value": "rule"}]}),
    ("set:chk date:2004", {"and": [{"exact": "set", "value": "chk"},
                                   {"exact": "date", "value": "2004"}]}),
    ("title:bushido", text("bushido", fields=["title_en", "title_ja"])),
    ("x:y", text("x", "y")),
    ("-- ()", None),
    ("702.45", {"or": [text("702.45"), {"exact": "number", "value": "702.45", "boost": 100.0}]}),
    ("Rule 502.38A", {"or": [text("502.38a"), {"exact": "number", "value": "502.38a",
                                               "boost": 100.0}]}),
    ("rule 509", {"or": [text("509"), {"exact": "number", "value": "509", "boost": 100.0}]}),
    ("509", text("509")),
    ("rule -509", {"andnot": [text("rule"), text("509")]}),
])
def test_plans(query, expected):
    assert plan(query) == expected


@pytest.mark.parametrize("query, message", [
    ("", "empty query"),
    ("   ", "empty query"),
    ('"unclosed', "unclosed quotation mark"),
    ("(a", "unbalanced parenthesis: '(' without ')'"),
    ("a)", "unbalanced parenthesis: ')' without '('"),
    ("a OR", "OR needs a term on both sides"),
    ("OR a", "OR needs a term on both sides"),
    ("a NOT", "NOT needs a term after it"),
    ("NOT a", "a query needs at least one term that is not excluded"),
    ("a OR NOT b", "NOT cannot stand inside OR"),
    ("card: x", "'card:' needs a value right after it"),
    ("card:", "'card:' needs a value right after it"),
    ("kind:cards", "kind: must be one of card, ruling, rule, topic, section (not 'cards')"),
    ("lang:fr", "lang: must be one of en, ja (not 'fr')"),
    (" ".join(["bushido"] * 1000), "query too long: more than 100 words and operators"),
    ("(" * 400 + "a" + ")" * 400, "query too long: more than 100 words and operators"),
    ("(" * 17 + "a" + ")" * 17, "parentheses nested too deeply: more than 16 levels"),
    ("NOT " * 2000 + "a", "query too long: more than 100 words and operators"),
    ('"' + "a " * 101 + '"', "query too long: more than 100 terms"),
    ("混" * 102, "query too long: more than 100 terms"),
])
def test_malformed_queries_say_why(query, message):
    with pytest.raises(QueryError) as caught:
        plan(query)
    assert caught.value.message == message


def test_whoosh_queries_boost_titles_and_keep_the_structure():
    query = to_whoosh(plan('"budoka gardener" kind:card'))
    assert repr(query).startswith("And([Or([Phrase('title_en', ['budoka', 'garden']")
    assert to_whoosh(plan("混成")).subqueries[0].boost == FIELD_BOOSTS["title_en"]
    assert positive_terms(plan("bushido NOT flip card:x")) == {"bushido"}


QUERIES = [
    "bushido", "Budoka Gardeners", '"budoka gardener"', "混成マナ", "a b OR c", "(a OR b) c",
    "flip NOT kind:ruling", "flip -card -rule", '-"flip card" x', '-(a b) c', 'card:"Budoka  Gardener"',
    "CARD:ブドウ", "rule:502.38 lang:JA", "kind:(card OR rule)", "set:chk date:2004",
    "title:bushido body:(ninjutsu OR offering)", "x:y", "-- ()", "ＢＵＳＨＩＤＯ　ｘ", "a\u3000b",
    "702.45", "rule 702.45a", "RULES ５０２.３８", "cr 509", "509", "rule -509", "title:702.45",
    '"rule 702.45"', "rule rule 702.45", "- -", "- x", "a -", "--x", "card:-x", '-card:"x y" z', '-"', "-(", "AND", "a AND AND b", "NOT NOT a", "a NOT NOT b", "'quoted' words", "502.38a",
    *["", "   ", '"unclosed', "(a", "a)", "a OR", "OR a", "a NOT", "NOT a", "a OR NOT b",
      "card: x", "card:", "card:)", "-)", "kind:cards", "lang:fr"],
    # bounds: the same message on both sides, never a stack overflow
    " ".join(["bushido"] * 1000), "(" * 2000 + "a" + ")" * 2000, "(" * 16 + "a" + ")" * 16,
    "(" * 17 + "a" + ")" * 17, "NOT " * 5000 + "a", " ".join(["a"] * 100), " ".join(["a"] * 101),
    '"' + "a " * 100 + '"', '"' + "a " * 101 + '"', "混" * 101, "混" * 102, "x " * 100 + '"',
    "x " * 100 + "card:",
]


def test_the_browser_parses_queries_as_python_does():
    def python(query):
        try:
            return plan(query)
        except QueryError as exc:
            return {"error": exc.message}
    assert node("plan", QUERIES) == [python(q) for q in QUERIES]


def test_the_browser_has_the_schema_constants():
    assert node("constants", [None]) == [{
        "LANGUAGES": list(LANGUAGES), "KINDS": list(KINDS), "TEXT_FIELDS": list(TEXT_FIELDS),
        "EXACT_FIELDS": list(EXACT_FIELDS), "FIELD_BOOSTS": FIELD_BOOSTS}]
