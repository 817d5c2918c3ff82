"""The parity table: `faqc search` and the browser's engine (under Node) give the same results."""
from __future__ import annotations

import json

from click.testing import CliRunner

from compiler.cli import main
from compiler.search.query.results import answer_query, search_index
from tests.search_parity import LIMIT, disagreement, parity_queries
from tests.search_support import node


def test_the_table_is_large_enough():
    queries = parity_queries()
    assert len(queries) >= 80 and len(set(queries)) == len(queries)
    assert sum(q.startswith('"') for q in queries) >= 15
    assert sum("*" in q for q in queries) >= 10


def test_node_ranks_every_query_of_the_table_as_whoosh_does(built):
    queries = parity_queries()
    answers = node("rank", [[q, LIMIT, None] for q in queries], built.data)
    problems = []
    for query, answer in zip(queries, answers):
        python = answer_query(built.index, query, LIMIT)
        whoosh = [(h.docnum, h.score) for h in python.hits]
        why = disagreement(whoosh, [tuple(h) for h in answer["hits"]])
        if [[w, names, others] for w, names, others in python.corrected] != answer["corrected"]:
            why += f" corrected {python.corrected} vs {answer['corrected']}"
        if python.completed != answer["completed"]:
            why += f" completed {python.completed} vs {answer['completed']}"
        if why:
            problems.append(f"{query}: {why}")
    assert problems == []


def test_the_command_line_prints_what_search_index_ranks(built):
    for query in ("bushido", '"way of the warrior"', "混成"):
        result = CliRunner().invoke(main, ["search", "--site", str(built.site), "--json",
                                           "--limit", "20", query])
        printed = [(h["url"], round(h["score"], 9)) for h in json.loads(result.stdout)]
        assert printed == [(h.url, round(h.score, 9)) for h in search_index(built.index, query, 20)]
