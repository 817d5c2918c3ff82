"""Every page carries ``script-src 'self'``, and Playwright's ``wait_for_function`` evaluates a
plain string expression again with ``eval`` on each poll, which that policy forbids: such a wait
passes only when its condition already holds on the first check, and fails at random otherwise
(CI, stop 27). A function expression is evaluated once and its function then called, so the
browser tests give their waits as ``"() => ..."``.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parents[1]
FUNCTION = re.compile(r"\s*(async\s+)?(\([\w\s,]*\)\s*=>|\w+\s*=>|function\b)")


def _plain_string_waits(tree: ast.AST):
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function"):
            continue
        given = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "expression")]
        for arg in given:  # an f-string is checked on its first part
            first = arg.values[0] if isinstance(arg, ast.JoinedStr) and arg.values else arg
            if isinstance(first, ast.Constant) and isinstance(first.value, str) \
                    and not FUNCTION.match(first.value):
                yield node.lineno, first.value


def test_waits_in_the_browser_are_given_as_functions():
    found = [f"{path.relative_to(TESTS)}:{line}: {text}"
             for path in sorted(TESTS.rglob("*.py"))
             for line, text in _plain_string_waits(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "\n".join(found)


def test_the_check_finds_a_plain_string_wait():
    tree = ast.parse('page.wait_for_function("document.querySelector(\'p\')")\n'
                     'page.wait_for_function("() => document.querySelector(\'p\')")\n'
                     'page.wait_for_function(expression=f"window.x === {n}")\n'
                     'page.wait_for_function(f"async () => window.x === {n}")\n')
    assert [line for line, _ in _plain_string_waits(tree)] == [1, 3]
