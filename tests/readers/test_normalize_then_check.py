"""What ``faqc normalize`` writes, ``faqc check`` passes (issue 37): for the seeds with their
entries repeated, reordered and truncated (hypothesis, derandomized), a source normalizes to a
YAML that the whole of ``check`` passes (schema, round trip, meaning, freshness, the word
audit both ways). A card entry printed twice gave two nodes of one id, which check refused.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.cli.check import check_document
from compiler.core.errors import Diagnostics
from compiler.normalize import normalize_text
from tests.badinput.make_corpus import seed_text

SETTINGS = dict(derandomize=True, database=None, deadline=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
ENTRY_STARTS = {   # where an entry of each seed begins: after a separator, or at its collector line
    "chk": r"(?m)(?<=^-----\n)", "bok": r"(?m)(?<=^-----\n)", "shm": r"(?m)(?<=^-----\n)",
    "fut": r"(?<= ----- )", "mh3": r"(?m)^(?=\d{4}_MTGMH3_)",
}
MAX_ENTRIES = 40   # of the release notes' 300: each example normalizes and checks in well under 1 s


def entries(seed: str) -> list[str]:
    """The seed's text cut where its entries begin: the head (title, dates), then each entry."""
    text = seed_text(seed)
    starts = [0, *(m.start() for m in re.finditer(ENTRY_STARTS[seed], text) if m.start())]
    parts = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)])]
    return parts[:MAX_ENTRIES]


ENTRIES = {seed: entries(seed) for seed in ENTRY_STARTS}


class Edited:
    """One edit of a seed; its repr (what hypothesis prints on failure) leaves out the text."""

    def __init__(self, ops: list[tuple], text: str):
        self.ops, self.text = ops, text

    def __repr__(self):
        return f"Edited(ops={self.ops!r})"


@st.composite
def edited(draw, seed: str) -> Edited:
    """The seed's entries with some repeated, moved or cut short (the head stays first)."""
    parts = list(ENTRIES[seed])
    ops: list[tuple] = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["repeat", "repeat-next", "swap", "cut", "end"]))
        i = draw(st.integers(1, len(parts) - 1))
        j = draw(st.integers(1, len(parts) - 1))
        if kind == "repeat":
            parts.insert(j, parts[i])
        elif kind == "repeat-next":   # the same entry printed twice in a row
            parts.insert(i, parts[i])
        elif kind == "swap":
            parts[i], parts[j] = parts[j], parts[i]
        elif kind == "cut":
            parts[i] = parts[i][:draw(st.integers(0, len(parts[i])))]
        elif len(parts) > 2:
            del parts[max(i, 2):]
        ops.append((kind, i, j))
    return Edited(ops, "".join(parts))


def normalize_and_check(tmp: Path, seed: str, text: str) -> None:
    sources, faqs = tmp / "sources", tmp / "faqs"
    sources.mkdir(exist_ok=True)
    faqs.mkdir(exist_ok=True)
    data = text.encode("utf-8")
    source = sources / f"{seed}.txt"
    source.write_bytes(data)
    doc, yaml_text = normalize_text(data, str(source), Diagnostics())
    path = faqs / f"{doc.id}.yaml"
    path.write_text(yaml_text, encoding="utf-8")
    try:
        assert check_document(path, sources, Diagnostics()) == doc.id
    finally:
        path.unlink()


@pytest.mark.parametrize("seed", sorted(ENTRY_STARTS))
def test_what_normalize_writes_check_passes(seed, tmp_path):
    @settings(max_examples=3, **SETTINGS)
    @given(edited(seed))
    def run(case):
        normalize_and_check(tmp_path, seed, case.text)
    run()


@pytest.mark.parametrize("seed", ["chk", "shm", "mh3", "fut"])
def test_a_card_entry_printed_twice_normalizes_to_a_yaml_check_passes(seed, tmp_path):
    parts = ENTRIES[seed]
    card = next(n for n, part in enumerate(parts) if n > 2 and ("*" in part or "＊" in part))
    text = "".join(parts[:card + 1] + [parts[card]] + parts[card + 1:])
    normalize_and_check(tmp_path, seed, text)
