"""Layout detection is not defeated by one odd line or a long front matter (issue 37).

A release notes capture with one line of 25,000 characters among its 1,759, or with 20,000
lines of front matter, was read as ``plain`` (72 cards -> 0) or as text, set Unknown: the
notes reader gave up on any line over 20,000 characters, the front matter had to end within
60 lines and the Markdown cues were looked for in the first 400,000 characters only. Each is
now decided by its region, with limits that scale with the document: a text is one-line
(the collapsed layout's) when its long lines hold most of it; the front matter runs as long
as its lines are front matter; the cues are looked for in the body after it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from compiler.core.errors import Diagnostics
from compiler.files.textio import read_source
from compiler.readers import read_document
from compiler.readers.notes.markdown import front_matter
from tests.conftest import SEED_FILES, SOURCES

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
NYX = SHARED / "corpus" / "release-notes" / "journey-nyx-release-notes-2014-04-23.md"
pytestmark = pytest.mark.skipif(not NYX.is_file(), reason="../shared/corpus is not beside the project")


def read(text: str, name: str = "x.md"):
    diags = Diagnostics()
    doc = read_document(read_source(text.encode("utf-8"), name), diags)
    cards = sum(1 for s in doc.sections for b in _blocks(s.blocks) if b.kind == "card")
    return doc.meta, cards, diags


def _blocks(blocks):
    for block in blocks:
        yield block
        yield from _blocks(getattr(block, "blocks", None) or [])


@pytest.fixture(scope="module")
def nyx() -> tuple[list[str], tuple]:
    lines = NYX.read_text(encoding="utf-8").split("\n")
    meta, cards, _ = read("\n".join(lines))
    assert (meta.layout, meta.set_name, cards) == ("en-markdown", "Journey into Nyx", 72)
    return lines, (meta.layout, meta.set_name, meta.set_code, cards)


def test_one_line_of_25000_characters_changes_nothing_else(nyx):
    lines, before = nyx
    at = len(lines) - 20
    edited = lines[:at] + ["", "word " * 5000, ""] + lines[at:]
    meta, cards, _ = read("\n".join(edited))
    assert (meta.layout, meta.set_name, meta.set_code, cards) == before


def test_a_front_matter_of_20000_lines_is_the_front_matter(nyx):
    lines, before = nyx
    first = lines.index("---")
    extra = [f'[_metadata_:note-{n}]:- "a fact of the capture, number {n}, as it was given"'
             for n in range(20_000)]
    edited = lines[:first + 1] + extra + lines[first + 1:]
    front = front_matter(edited)
    assert front.end == lines.index("---", first + 1) + 1 + len(extra)
    meta, cards, _ = read("\n".join(edited))
    assert (meta.layout, meta.set_name, meta.set_code, cards) == before
    assert meta.front_matter[1:1 + len(extra)] == extra


def test_a_text_that_is_mostly_one_line_is_still_the_collapsed_layouts():
    """The Future Sight FAQ is one line of 86,707 characters; a line of text before it and
    one after do not make it a text of lines."""
    text = (SOURCES / SEED_FILES["fut"]).read_text(encoding="utf-8")
    meta, cards, _ = read(f"Notes\n{text}\nEnd of the notes\n", "fut.txt")
    assert meta.layout == "en-collapsed" and cards > 50


def test_a_front_matter_is_only_front_matter_lines():
    assert front_matter(["---", '[_metadata_:a]:- "b"', "Some text", "---"]).end == 0
    assert front_matter(["---", '[_metadata_:a]:- "b"', "", "---", "Text"]).end == 4
    assert front_matter(["---", '[_metadata_:a]:- "b"', '[_metadata_:c]:- "d"']).end == 0   # open
