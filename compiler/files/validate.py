"""Validation of document YAML against the JSON Schema shipped in ``compiler/files/schema``.

A document is first checked by the schema compiled to Python code (fastjsonschema: 10 to 15
times faster than the ``jsonschema`` walk, which took 70% of normalizing a 7 MB document);
only a document that fails is walked by ``jsonschema``, for every violation with its path.
The schema uses only keywords that mean the same in draft 7, which fastjsonschema compiles,
and in 2020-12 (no ``$ref`` with siblings); ``tests/files/test_validate.py`` holds the two to one
verdict.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Any

import fastjsonschema

from compiler.core.errors import FaqcError


def _schema() -> dict:
    return json.loads(resources.files("compiler.files.schema").joinpath("faq.schema.json")
                      .read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft202012Validator  # imported only for a document that fails:
    return Draft202012Validator(_schema())  # its modules cost 5 MB in every faqc normalize


@lru_cache(maxsize=None)
def _fast_check(part: str = "") -> Callable[[Any], Any]:
    """Return the schema (or its definition ``part``: ``section``, ``block``) compiled to a
    function that raises on the first violation.

    Only the verdict is used, so the code is compiled without detailed exceptions: with them,
    each ``raise`` rebuilds its rule's schema as a literal, and the three functions took 16 MB,
    a quarter of normalizing a 7 MB source; without, 5 MB."""
    schema = _one_value_enums(_schema())
    schema.pop("$id")  # a relative id; every $ref is local ("#/$defs/...")
    if part:
        schema = {**schema["$defs"][part], "$defs": schema["$defs"]}
    schema["$schema"] = "http://json-schema.org/draft-07/schema#"
    return fastjsonschema.compile(schema, detailed_exceptions=False)


def _one_value_enums(schema: Any, parent: str = "") -> Any:
    """Return ``schema`` with each ``{"const": X}`` written ``{"enum": [X]}``, which means the
    same: fastjsonschema 2.22 cannot compile ``const`` without detailed exceptions (KeyError
    'definition_rule'). Names of properties are left as they are."""
    if isinstance(schema, list):
        return [_one_value_enums(value) for value in schema]
    if not isinstance(schema, dict):
        return schema
    if parent in ("properties", "$defs"):  # keys are names here, values schemas
        return {key: _one_value_enums(value) for key, value in schema.items()}
    return {("enum" if key == "const" else key):
            ([value] if key == "const" else _one_value_enums(value, key))
            for key, value in schema.items()}


def is_valid(data: Any) -> bool:
    """Return True if a document's dict form keeps to the schema (the fast check)."""
    try:
        _fast_check()(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


MAX_NESTING = 64
"""Containers inside containers a document may have (the seeds have 10): deeper, the schema
check would exhaust Python's recursion limit, so it is refused before validation."""


def nesting_depth(data: Any, limit: int = MAX_NESTING) -> int:
    """Return how many lists and mappings deep ``data`` goes (without recursing), or the first
    depth found past ``limit``: data with a cycle (a YAML alias inside its own anchor,
    ``a: &a [*a]``) has no depth, and a walk of it would never end."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > limit:
                return depth
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1)
                         for child in (value.values() if isinstance(value, dict) else value))
    return deepest


def schema_errors(data: Any) -> list[str]:
    """Return every schema violation of a document's dict form, as ``path: message`` lines."""
    depth = nesting_depth(data)
    if depth > MAX_NESTING:
        return [f"(top): nested more than the {MAX_NESTING} levels allowed"]
    if is_valid(data):
        return []
    out = []
    for err in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.path))):
        path = "/".join(str(p) for p in err.absolute_path) or "(top)"
        out.append(f"{path}: {err.message}")
    return out


PART_DEPTH = {"document": 0, "section": 2, "block": 4}
"""How deep a part's own dict sits in a document's dict form (document, sections, a section,
its blocks, a block)."""


def part_is_valid(part: str, data: Any) -> bool:
    """Return True if one part of a document keeps to the schema and to the nesting limit:
    ``document`` (the document's dict with its sections left out, or ``sections: []``),
    ``section`` (a section's dict without its blocks) or ``block`` (one block of a section).

    The schema takes a document whole exactly when it takes every part: a section's blocks
    and the document's sections are plain arrays of ``$defs/block`` and ``$defs/section``.
    So a document can be checked one part at a time, never held whole as a dict."""
    if nesting_depth(data) + PART_DEPTH[part] > MAX_NESTING:
        return False
    try:
        _fast_check("" if part == "document" else part)(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def validate_document(data: Any, file: str) -> None:
    """Raise a one-line ``FaqcError`` naming the file if ``data`` breaks the schema."""
    errors = schema_errors(data)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise FaqcError(f"{file}: error: schema: {errors[0]}{more}")
