"""Golden fixtures: a small source text next to the YAML it must normalize to.

Set ``FAQC_UPDATE_GOLDEN=1`` (``make golden``) to rewrite the expected files; review the diff.
"""
from __future__ import annotations

import os
from pathlib import Path

from compiler.core.errors import Diagnostics
from compiler.normalize import normalize_text

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def golden_cases(layout_dir: str) -> list[Path]:
    """Return the fixture sources (``*.txt``) of one layout folder under ``tests/fixtures``."""
    return sorted((FIXTURES / layout_dir).glob("*.txt"))


def check_golden(source: Path) -> None:
    """Normalize ``source`` and compare with ``source.with_suffix('.yaml')`` byte for byte."""
    diags = Diagnostics()
    _, text = normalize_text(source.read_bytes(), source.name, diags)
    warnings = "".join(f"# {d.format()}\n" for d in diags.sorted())
    actual = warnings + text
    expected_path = source.with_suffix(".yaml")
    if os.environ.get("FAQC_UPDATE_GOLDEN") == "1":
        expected_path.write_text(actual, encoding="utf-8")
    expected = expected_path.read_text(encoding="utf-8") if expected_path.exists() else ""
    assert actual == expected, f"golden fixture {source.relative_to(FIXTURES)} differs (make golden)"
