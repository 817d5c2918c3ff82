"""Emphasis in search results: the spans of a record's plain text the pages set in italics or bold."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.core.model import iter_document_blocks
from compiler.search.emphasis import Rich, join, rich_text, styled
from compiler.search.index.records import cr_example_spans, plain_text
from compiler.search.query.query import plan, positive_terms
from compiler.search.query.results import make_snippet, search_index
from tests.search_support import node


@pytest.mark.parametrize("source, plain, spans", [
    ("The _Future Sight_ set", "The Future Sight set", [(4, 16, "em")]),
    ("counts **all** cards", "counts all cards", [(7, 10, "strong")]),
    ("a ***big*** deal", "a big deal", [(2, 5, "em"), (2, 5, "strong")]),
    ("*a **b** c*", "a b c", [(0, 5, "em"), (2, 3, "strong")]),
    ("snake_case and */1+* stay", "snake_case and */1+* stay", []),
    ("_Future alone", "Future alone", []),  # no closer: the page shows no emphasis either
    ("x -- _y_ --> z", "x — y → z", [(4, 5, "em")]),
])
def test_spans_are_those_the_page_emphasises(source, plain, spans):
    rich = rich_text(source)
    assert (rich.text, list(rich.spans)) == (plain, spans)
    assert rich.text == plain_text(source)


def test_parts_keep_their_spans_when_joined_and_examples_are_italic():
    joined = join("\n", [rich_text("_A_ b"), Rich(""), styled(rich_text("c *d*"), "example")])
    assert joined.text == "A b\n\nc d"
    assert list(joined.spans) == [(0, 1, "em"), (5, 8, "example"), (7, 8, "em")]
    body = "702.45. Bushido\nBushido is a keyword.\nExample: one.\nExample: two."
    ((start, end, style),) = cr_example_spans(body, 2)
    assert body[start:end] == "Example: one.\nExample: two." and style == "example"
    assert cr_example_spans(body, 0) == ()


def test_every_seed_text_reads_the_same_with_its_emphasis(inventory):
    emphasised = 0
    for doc in inventory.documents.values():
        for block in iter_document_blocks(doc):
            text = getattr(block, "text", None)
            if isinstance(text, str) and text:
                rich = rich_text(text)
                assert rich.text == plain_text(text)
                emphasised += bool(rich.spans)
    assert emphasised >= 10


def test_results_carry_the_emphasis_and_the_browser_cuts_it_alike(built):
    hits = [h for h in search_index(built.index, '"future sight"', 50) if h.snippet.emphasis]
    assert hits, "no result of 'future sight' shows emphasis"
    hit = hits[0]
    assert any(hit.snippet.text[s:e] == "Future Sight" and style == "em"
               for s, e, style in hit.snippet.emphasis)
    terms = sorted(positive_terms(plan('"future sight"')))
    (record,) = node("record", [hit.docnum], built.data)
    (snippet,) = node("snippet", [[record["text"], terms, record["emphasis"]]], built.data)
    assert (snippet["text"], snippet["highlights"], snippet["emphasis"]) == (
        hit.snippet.text, [list(h) for h in hit.snippet.highlights],
        [list(e) for e in hit.snippet.emphasis])
    python = make_snippet(record["text"], set(terms), [tuple(e) for e in record["emphasis"]])
    assert python == hit.snippet


def test_the_command_line_gives_the_emphasis_in_json(built):
    result = CliRunner().invoke(main, ["search", "--site", str(built.site), "--json", "--limit",
                                       "50", '"future sight"'])
    hits = [h for h in json.loads(result.stdout) if "emphasis" in h]
    assert hits and any(hits[0]["snippet"][s:e] == "Future Sight" and style == "em"
                        for s, e, style in hits[0]["emphasis"])
