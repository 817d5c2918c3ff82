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

TESTS = Path(__file__).parent
FUNCTION = re.compile(r"\s*(\([\w\s,]*\)\s*=>|\w+\s*=>|function\b)")


def _plain_string_waits(tree: ast.AST):
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            text = node.args[0].value
            if not FUNCTION.match(text):
                yield node.lineno, text


def test_waits_in_the_browser_are_given_as_functions():
    found = [f"{path.relative_to(TESTS)}:{line}: {text}"
             for path in sorted(TESTS.rglob("*.py"))
             for line, text in _plain_string_waits(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "\n".join(found)


def test_the_check_finds_a_plain_string_wait():
    tree = ast.parse('page.wait_for_function("document.querySelector(\'p\')")\n'
                     'page.wait_for_function("() => document.querySelector(\'p\')")\n')
    assert [line for line, _ in _plain_string_waits(tree)] == [1]
