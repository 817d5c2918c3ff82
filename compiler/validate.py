"""Validation of document YAML against the JSON Schema shipped in ``compiler/schema``."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator

from .errors import FaqcError


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    schema = json.loads(resources.files("compiler.schema").joinpath("faq.schema.json")
                        .read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


MAX_NESTING = 64
"""Containers inside containers a document may have (the seeds have 10): deeper, the schema
check would exhaust Python's recursion limit, so it is refused before validation."""


def nesting_depth(data: Any) -> int:
    """Return how many lists and mappings deep ``data`` goes (without recursing)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1)
                         for child in (value.values() if isinstance(value, dict) else value))
    return deepest


def schema_errors(data: Any) -> list[str]:
    """Return every schema violation of a document's dict form, as ``path: message`` lines."""
    depth = nesting_depth(data)
    if depth > MAX_NESTING:
        return [f"(top): nested {depth} levels deep, more than the {MAX_NESTING} allowed"]
    out = []
    for err in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.path))):
        path = "/".join(str(p) for p in err.absolute_path) or "(top)"
        out.append(f"{path}: {err.message}")
    return out


def validate_document(data: Any, file: str) -> None:
    """Raise a one-line ``FaqcError`` naming the file if ``data`` breaks the schema."""
    errors = schema_errors(data)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise FaqcError(f"{file}: error: schema: {errors[0]}{more}")
