"""Properties of the normalizer on randomly edited seeds (hypothesis, derandomized: the same
examples on every run).

For any edit of a seed (lines deleted, joined, split, blank lines added, foreign lines
inserted), any newline convention and any encoding the text fits in:

* the chosen reader never crashes and never loses a word (audit: nothing missing);
* the YAML round-trips through the model (``Document.from_dict(d).to_dict() == d``) and
  through YAML text (dump -> load -> equal);
* the newline convention and the encoding change nothing but the source facts: the decoded
  text and the sections are those of the same edit in UTF-8 with LF.
"""
from __future__ import annotations

import codecs

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from compiler.core.errors import Diagnostics
from compiler.core.model import Document
from compiler.core.words import audit
from compiler.files.textio import read_source
from compiler.files.yamlio import dump_data, load_data
from compiler.normalize import normalize_text
from compiler.readers import read_document
from tests.badinput.make_corpus import SEEDS, mix_newlines, seed_text

SETTINGS = dict(derandomize=True, database=None, deadline=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MAX_OPS = 6
SEED_TEXTS = {name: seed_text(name) for name in SEEDS}
NEWLINES = ("LF", "CRLF", "CR", "mixed")
# The legacy encodings a document of each language really comes in.  (An English text in
# EUC-JP is not one: its few non-ASCII bytes, e.g. U+2019 as A1 C7, read as plausible
# Windows-1252 "¡Ç", and no detector can be sure.)
ENCODINGS = {"en": ("utf-8", "utf-8-sig", "utf-16", "cp1252"),
             "ja": ("utf-8", "utf-8-sig", "utf-16", "cp932", "euc_jp")}
LANGUAGE = {"chk": "en", "mh3": "en", "bok": "en", "fut": "en", "shm": "ja"}
# Lines a reader may meet anywhere: structure marks, bullets, brackets, regex and HTML.
FOREIGN = st.lists(st.sampled_from(list("abcXYZ 019-*{}/()[]<>.+?|\\^$&#《》＊＃：「」")
                                   + ["-----", "* ", "＊ ", "{2}{U}", "Creature -- Elf", "2/2",
                                      "GENERAL NOTES", "502.38a ", "<b>", "\t"]),
                   min_size=1, max_size=12).map("".join)


class Edited:
    """One edit of a seed; its repr (what hypothesis prints on failure) leaves out the text."""

    def __init__(self, seed: str, text: str, newline: str, encoding: str, ops: list):
        self.seed, self.text, self.newline, self.encoding, self.ops = seed, text, newline, encoding, ops

    def __repr__(self):
        return (f"Edited(seed={self.seed!r}, newline={self.newline!r}, "
                f"encoding={self.encoding!r}, ops={self.ops!r})")


@st.composite
def edited_seeds(draw, seed: str, foreign: bool = False) -> Edited:
    lines = SEED_TEXTS[seed].split("\n")
    ops = []
    kinds = ["delete", "join", "join-space", "split", "blank"] + (["insert"] if foreign else [])
    for _ in range(draw(st.integers(0, MAX_OPS))):
        kind = draw(st.sampled_from(kinds))
        i = draw(st.integers(0, 10**9)) % len(lines)
        if kind == "delete" and len(lines) > 2:
            del lines[i]
        elif kind.startswith("join") and i + 1 < len(lines):
            lines[i:i + 2] = [lines[i] + (" " if kind == "join-space" else "") + lines[i + 1]]
        elif kind == "split":
            spaces = [k for k, ch in enumerate(lines[i]) if ch == " "]
            if not spaces:
                continue
            k = spaces[draw(st.integers(0, 10**9)) % len(spaces)]
            lines[i:i + 1] = [lines[i][:k], lines[i][k + 1:]]
        elif kind == "blank":
            lines.insert(i, "")
        elif kind == "insert":
            lines.insert(i, draw(FOREIGN))
            kind = f"insert {lines[i]!r}"
        else:
            continue
        ops.append((kind, i))
    text = "\n".join(lines)
    encoding = draw(st.sampled_from(ENCODINGS[LANGUAGE[seed]]))
    if encoding == "euc_jp":
        text = text.replace("\uff0d", "\u2212")  # EUC-JP's minus sign (it has no U+FF0D)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        encoding = "utf-8"
    return Edited(seed, text, draw(st.sampled_from(NEWLINES)), encoding, ops)


def with_newlines(text: str, newline: str) -> str:
    if newline == "mixed":
        return mix_newlines(text)
    return text.replace("\n", {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}[newline])


def encode(text: str, encoding: str) -> bytes:
    if encoding == "utf-8-sig":
        return codecs.BOM_UTF8 + text.encode("utf-8")
    return text.encode(encoding)  # "utf-16" writes its byte order mark


def normalize(data: bytes, file: str):
    diags = Diagnostics()
    doc, text = normalize_text(data, file, diags)
    return doc, text, diags


def check_document(data: bytes, file: str):
    """Normalize; assert nothing lost and both round trips; return (decoded text, doc dict)."""
    doc, yaml_text, _ = normalize(data, file)
    d = doc.to_dict()
    source = read_source(data, file).text
    missing, _ = audit(source, d)
    assert not missing, f"{sum(missing.values())} word(s) lost: {missing.most_common(10)}"
    assert Document.from_dict(d).to_dict() == d
    loaded = load_data(yaml_text, file)
    assert loaded == d
    assert dump_data(loaded) == yaml_text
    return source, d


@pytest.mark.parametrize("seed", sorted(SEEDS))
@settings(max_examples=6, **SETTINGS)
@given(data=st.data())
def test_edited_seeds_lose_nothing_and_round_trip(seed, data):
    edit = data.draw(edited_seeds(seed), label="edit")
    event(f"{edit.encoding} {edit.newline}")  # see --hypothesis-show-statistics
    raw = encode(with_newlines(edit.text, edit.newline), edit.encoding)
    text, variant = check_document(raw, "edited.txt")
    # the same edit in UTF-8 with LF (checked as above through the variant: same text, same sections)
    plain = edit.text.encode("utf-8")
    base_source = read_source(plain, "edited.txt")
    base_text = base_source.text
    base = read_document(base_source, Diagnostics()).to_dict()
    # newlines and encoding are facts about the bytes, not the document
    assert text == base_text
    assert variant["meta"]["layout"] == base["meta"]["layout"]
    assert variant["sections"] == base["sections"]


@pytest.mark.parametrize("seed", sorted(SEEDS))
@settings(max_examples=4, **SETTINGS)
@given(data=st.data())
def test_foreign_lines_never_crash_a_reader(seed, data):
    edit = data.draw(edited_seeds(seed, foreign=True), label="edit")
    assume(edit.text.strip())  # a seed of one line (fut) edited away: the empty-file error
    raw = encode(with_newlines(edit.text, edit.newline), edit.encoding)
    check_document(raw, "foreign.txt")
