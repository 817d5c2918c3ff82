"""The CR reader: golden fixtures, the six real CRs (counts pinned), nothing lost, bad input."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.core.errors import Diagnostics, FaqcError, SourceError
from compiler.cr import CrDocument, load_cr_library, normalize_cr, read_cr_bytes
from compiler.cr.read.audit import audit_cr
from compiler.cr.read.files import cr_schema_errors, dump_cr, load_cr_yaml
from compiler.cr.read.source import read_cr_source
from compiler.files.yamlio import load_data
from tests.cr_texts import excerpt, have_shared_cr, six_editions

RULES = six_editions()

# Per CR (by the date its text states): rules, headings (chapters + sections), titled rules,
# glossary entries; counted by hand-checked runs of the reader, pinned so a change is seen.
PINNED = {
    "2004-10-01": (728, 76, 69, 319),
    "2005-02-01": (737, 76, 71, 323),
    "2007-05-01": (1072, 91, 109, 373),
    "2008-05-01": (1148, 91, 120, 392),
    "2024-06-07": (2967, 153, 235, 683),
    "2026-01-16": (3114, 155, 263, 725),
}
SOURCE_FACTS = {  # encoding and newline convention of each real CR
    "2004-10-01": ("utf-8", "LF"), "2005-02-01": ("utf-8", "LF"), "2007-05-01": ("utf-8", "LF"),
    "2008-05-01": ("utf-8", "LF"), "2024-06-07": ("utf-8-sig", "CRLF"),
    # bare CR, but 12 of its 9,257 line ends are CRLF: "mixed"
    "2026-01-16": ("utf-8-sig", "mixed"),
}


def _read(path: Path) -> tuple[CrDocument, Diagnostics, str]:
    diags = Diagnostics()
    src = read_cr_source(path.read_bytes(), path.name, diags)
    from compiler.cr.read.reader import read_cr
    return read_cr(src, diags), diags, src.text


@pytest.fixture(scope="module")
def real_crs() -> dict[str, tuple[CrDocument, Diagnostics, str]]:
    out = {}
    for path in sorted(RULES.glob("*.txt")):
        doc, diags, text = _read(path)
        out[doc.date] = (doc, diags, text)
    return out


# ---------------------------------------------------------------- shortened editions
# Cut from the published texts when the tests run (tests/cr_texts.py), then given the layouts
# and faults real files have: a byte order mark and CRLF, bare CR and a stray byte, a typo.

CONTINUATION = "     A continuation paragraph, indented, belongs to the rule above."


def _modern() -> bytes:
    text = excerpt("2024-06-07", "1 100 100.1 100.1a 101 101.1 101.2 7 702 702.45 702.45a 702.45b "
                   "702.163 702.163a", ("Bushido", "Ability"))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("702.163a "))
    lines.insert(at + 1, CONTINUATION)
    return "\ufeff".encode() + "\r\n".join(lines).encode("utf-8")


def _stray_byte() -> bytes:
    text = excerpt("2026-01-16", "7 701 701.22 701.22a 701.26 701.26a", ("Scry",))
    data = text.replace("\n", "\r").encode("utf-8")
    assert data.count(b"sideways") == 1
    return b"\xef\xbb\xbf" + data.replace(b"sideways", b"side\x92ways")


def _old_typo() -> bytes:
    return excerpt("2007-05-01", "1 100 100.1 100.4 408 408.2 408.2a 5 502 502.36 502.36a 606 "
                   "606.8 606.8b", ("Scry",)).encode("utf-8")


def test_shortened_modern_edition():
    data = _modern()
    diags = Diagnostics()
    doc = read_cr_bytes(data, "modern.txt", diags)
    assert (doc.source.encoding, doc.source.newline) == ("utf-8-sig", "CRLF")
    # the table of contents stays front matter: each heading is read once, from the body
    assert [s.number for s in doc.sections] == ["1", "100", "101", "7", "702"]
    lines = data.decode("utf-8-sig").split("\r\n")
    assert lines[doc.sections[0].src.line - 1] == "1. Game Concepts"
    assert doc.sections[0].src.line > lines.index("Contents") + 3
    rules = {r.number: r for r in doc.rules}
    assert rules["702.45"].title == "Bushido" and rules["702.45"].text is None
    assert rules["702.163"].title == "For Mirrodin!"
    assert rules["100.1"].text.startswith("These Magic rules") and rules["100.1"].title is None
    assert rules["101.1"].examples == []
    after = lines[lines.index(next(l for l in lines if l.startswith("101.2. "))) + 1]
    assert after.startswith("Example: ") and rules["101.2"].examples == [after]
    assert rules["702.163a"].text.endswith("\n" + CONTINUATION.strip())
    assert "“Bushido N”" in rules["702.45a"].text
    assert [g.term for g in doc.glossary] == ["Ability", "Bushido"]
    assert doc.back_matter[0].text == "Credits"
    assert not diags.items
    _assert_nothing_lost(data, doc)


def test_a_stray_byte_in_utf8_text_is_read_as_windows_1252_and_reported():
    data = _stray_byte()
    diags = Diagnostics()
    doc = read_cr_bytes(data, "stray.txt", diags)
    assert doc.source.encoding == "utf-8+cp1252" and doc.source.newline == "CR"
    assert "side’ways" in doc.entry("701.26a").text  # 0x92 is a right single quote in cp1252
    assert "“scry N”" in doc.entry("701.22a").text  # the UTF-8 around it stays UTF-8
    line = doc.entry("701.26a").src.line
    assert [d.format() for d in diags.items] == [
        f"stray.txt:{line}: warning: byte 0x92 is not UTF-8: read as Windows-1252 '’' [cr.encoding]"]
    assert doc.date == "2026-01-16"


def test_a_byte_windows_1252_leaves_undefined_is_u_fffd_and_reported():
    data = _stray_byte().replace(b"side\x92ways", b"side\x81ways")
    diags = Diagnostics()
    doc = read_cr_bytes(data, "stray.txt", diags)
    assert "side\ufffdways" in doc.entry("701.26a").text
    assert [d.message for d in diags.items] == [
        "byte 0x81 is neither UTF-8 nor Windows-1252: read as U+FFFD"]


def _windows_1252_cr(rules: int) -> bytes:
    """A generated CR in Windows-1252 whose every rule quotes with curly quotes."""
    lines = ["Magic: The Gathering Comprehensive Rules", "",
             "These rules are effective as of January 16, 2026.", "", "1. Game Concepts", "",
             "100. General", ""]
    lines += [f"100.{n}. A card’s “quoted” text — rule {n}’s “example” … and “more”." for n in
              range(1, rules + 1)]
    return "\r\n".join(lines + ["", "Glossary", "", "Credits", ""]).encode("cp1252")


def test_a_windows_1252_file_full_of_curly_quotes_is_read_as_windows_1252():
    data = _windows_1252_cr(800)  # 8,000 bytes that are not UTF-8, far past any cap on counting
    assert data.count(b"\x93") == 2400
    diags = Diagnostics()
    doc = read_cr_bytes(data, "cp1252.txt", diags)
    assert doc.source.encoding == "cp1252"
    assert doc.entry("100.800").text == "A card’s “quoted” text — rule 800’s “example” … and “more”."
    assert not any("\ufffd" in (r.text or "") for r in doc.rules)
    assert [d.message for d in diags.items] == ["not UTF-8: decoded as cp1252"]


def test_utf8_text_with_some_windows_1252_bytes_loses_no_character():
    utf8 = "100.1. A card’s “quoted” text, in UTF-8.".encode("utf-8")
    legacy = "100.2. El-Hajjâj and Dandân, in Windows-1252: “quoted”.".encode("cp1252")
    head = b"These rules are effective as of January 16, 2026.\n\n100. General\n\n"
    diags = Diagnostics()
    doc = read_cr_bytes(head + utf8 + b"\n" + legacy + b"\n", "mixed.txt", diags)
    assert doc.source.encoding == "utf-8+cp1252"
    assert doc.entry("100.1").text == "A card’s “quoted” text, in UTF-8."
    assert doc.entry("100.2").text == "El-Hajjâj and Dandân, in Windows-1252: “quoted”."
    assert len(diags.items) == 4 and all(d.line == 6 for d in diags.items)


def test_old_layout_typos_are_read_and_reported():
    data = _old_typo()
    diags = Diagnostics()
    doc = read_cr_bytes(data, "old.txt", diags)
    assert doc.entry("606.8b").text.startswith("Players win")
    assert doc.entry("408.2").title == "Actions That Don't Use the Stack"
    assert doc.entry("100.4").text == "There is no maximum deck size."
    assert any("606. 8b" in d.message for d in diags.items)
    _assert_nothing_lost(data, doc)


def _assert_nothing_lost(data: bytes, doc: CrDocument) -> None:
    text = read_cr_source(data, "x.txt", Diagnostics()).text
    assert audit_cr(text, doc.to_dict()) == (Counter(), Counter())
    assert CrDocument.from_dict(doc.to_dict()).to_dict() == doc.to_dict()
    assert cr_schema_errors(doc.to_dict()) == []


# ---------------------------------------------------------------- the real CRs

def test_each_cr_date_comes_from_its_text(real_crs):
    assert sorted(real_crs) == sorted(PINNED)


@pytest.mark.parametrize("date", sorted(PINNED))
def test_counts_are_pinned(date, real_crs):
    doc = real_crs[date][0]
    titled = sum(1 for r in doc.rules if r.title)
    assert (len(doc.rules), len(doc.sections), titled, len(doc.glossary)) == PINNED[date]


@pytest.mark.parametrize("date", sorted(PINNED))
def test_source_facts(date, real_crs):
    doc = real_crs[date][0]
    assert (doc.source.encoding, doc.source.newline) == SOURCE_FACTS[date]


@pytest.mark.parametrize("date", sorted(PINNED))
def test_every_word_of_the_cr_reaches_its_yaml(date, real_crs):
    doc, _, text = real_crs[date]
    data = load_data(dump_cr(doc, date), date)
    missing, extra = audit_cr(text, data)
    assert not missing, f"{date}: {sum(missing.values())} words lost, e.g. {missing.most_common(10)}"
    assert not extra, f"{date}: {sum(extra.values())} words invented, e.g. {extra.most_common(10)}"


@pytest.mark.parametrize("date", sorted(PINNED))
def test_yaml_is_valid_round_trips_and_is_deterministic(date, real_crs):
    doc = real_crs[date][0]
    text = dump_cr(doc, date)
    data = load_data(text, date)
    assert cr_schema_errors(data) == []
    assert CrDocument.from_dict(data).to_dict() == data == doc.to_dict()
    assert dump_cr(CrDocument.from_dict(data), date) == text


@pytest.mark.parametrize("date", sorted(PINNED))
def test_table_of_contents_is_not_the_body(date, real_crs):
    doc = real_crs[date][0]
    numbers = [s.number for s in doc.sections]
    assert len(numbers) == len(set(numbers)), "a heading was read twice (table of contents?)"
    assert numbers[:2] == ["1", "100"]
    assert any(p.text.startswith("Contents\n") or p.text == "Contents" for p in doc.front_matter)


def test_warnings_of_the_real_crs(real_crs):
    found = {date: [d.format() for d in diags.sorted()] for date, (_, diags, _) in real_crs.items()}
    assert found["2007-05-01"] == [
        "CR_2007-05-01.txt:1479: warning: rule 432.2b out of order (after 423.2a) [cr.order]",
        "CR_2007-05-01.txt:2533: warning: rule number written '606. 8b': read as 606.8b [cr.layout]",
        "CR_2007-05-01.txt:2883: warning: replacement character U+FFFD in the text (kept) [cr.encoding]",
    ]
    assert all(not lines for date, lines in found.items() if date != "2007-05-01")
    kept = [g for g in real_crs["2007-05-01"][0].glossary if "\ufffd" in g.text]
    assert [(g.term, g.src.line) for g in kept] == [("Creature Type", 2880)]
    assert "El-Hajj\ufffdj" in kept[0].text


def test_file_names_do_not_matter(tmp_path):
    source = next(RULES.glob("*2004*.txt"))
    renamed = tmp_path / "whatever.txt"
    renamed.write_bytes(source.read_bytes())
    assert load_cr_library(tmp_path).dates == ["2004-10-01"]
    out = normalize_cr(renamed, tmp_path / "out")
    assert out.name == "cr-2004-10-01.yaml"
    assert load_cr_yaml(out).to_dict() == read_cr_bytes(source.read_bytes(), "whatever.txt",
                                                        Diagnostics()).to_dict()


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("data, message", [
    (b"", "empty file"),
    (b"\x00\x01\x02binary\x00" * 10, "binary data"),
    (b"Magic: The Gathering Comprehensive Rules\n\n100.1. A rule.\n", "no date"),
    (b"These rules are current as of October 1, 2004.\n\nJust prose.\n", "no numbered rules"),
], ids=["empty", "binary", "no-date", "no-rules"])
def test_bad_input_is_one_line_naming_the_file(tmp_path, data, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    with pytest.raises(FaqcError) as info:
        normalize_cr(path, tmp_path / "out")
    line = info.value.format_message()
    assert re.match(rf"{re.escape(str(path))}(:\d+)?: error: ", line), line
    assert message in line and "\n" not in line


def test_library_errors(tmp_path):
    with pytest.raises(FaqcError, match="no such directory"):
        load_cr_library(tmp_path / "missing")
    with pytest.raises(FaqcError, match=r"no Comprehensive Rules text"):
        load_cr_library(tmp_path)
    source = next(RULES.glob("*2004*.txt")).read_bytes()
    (tmp_path / "a.txt").write_bytes(source)
    (tmp_path / "b.txt").write_bytes(source.replace(b"\n", b"\r\n"))
    (tmp_path / "c.txt").write_bytes(source.replace(b"Bushido", b"Bushidou"))
    (tmp_path / "d.txt").write_bytes(b"These rules are current as of October 1, 2004.\n\nProse.\n")
    diags = Diagnostics()
    assert load_cr_library(tmp_path, diags).dates == ["2004-10-01"]
    assert [d.format().replace(str(tmp_path) + "/", "") for d in diags.sorted()] == [
        "b.txt: warning: states the date of a.txt (2004-10-01), with the same words: read once, "
        "from a.txt [cr.duplicate]",
        "c.txt: warning: states the date of a.txt (2004-10-01), with other words: read once, "
        "from a.txt [cr.duplicate]",
        "d.txt: warning: not read: no numbered rules (such as '100.1.'): not a Comprehensive "
        "Rules text [cr.unreadable]"]
    for name in "abc":
        (tmp_path / f"{name}.txt").unlink()
    with pytest.raises(FaqcError, match=r"error: no Comprehensive Rules text could be read"):
        load_cr_library(tmp_path)


# ---------------------------------------------------------------- properties

_MINI = excerpt("2004-10-01", "1 100 100.1 100.4 5 502 502.36 502.36a", ("Scry",)).split("\n") \
    if have_shared_cr() else ["100.1. A rule."]
_LINE = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x00"),
            max_size=40),
    st.sampled_from(["", "Glossary", "Credits", "Example: x", "     indented", "1. Chapter",
                     "300. Section", "300.1. Rule text.", "300.1a Sub", "999.9. Title"]),
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(_MINI)), _LINE), max_size=6))
def test_reader_never_crashes_and_never_loses_a_word(edits):
    lines = list(_MINI)
    for index, line in sorted(edits, reverse=True):
        lines.insert(index, line)
    data = "\n".join(lines).encode("utf-8")
    diags = Diagnostics()
    try:
        doc = read_cr_bytes(data, "mini.txt", diags)
    except SourceError:
        return
    missing, _ = audit_cr(read_cr_source(data, "mini.txt", Diagnostics()).text, doc.to_dict())
    assert not missing


def test_the_cache_gives_the_same_editions_and_warnings(tmp_path):
    rules, cache = tmp_path / "rules", tmp_path / "cache"
    rules.mkdir()
    (rules / "a.txt").write_bytes(_old_typo())
    (rules / "b.txt").write_bytes(_old_typo())  # the same edition twice
    runs = []
    for _ in range(2):
        diags = Diagnostics()
        library = load_cr_library(rules, diags, cache)
        runs.append((library.documents[0].to_dict(), [d.format() for d in diags.sorted()],
                     library.cache.hits))
    # b.txt, the same bytes, is read from the entry a.txt made; the second time both are
    assert runs[0][:2] == runs[1][:2] and runs[0][2] == 1 and runs[1][2] == 2
    assert any("606. 8b" in line and line.startswith(f"{rules}/a.txt:") for line in runs[1][1])
    for entry in cache.iterdir():  # a damaged entry is read again, not trusted
        entry.write_text("{not json", encoding="utf-8")
    again = load_cr_library(rules, Diagnostics(), cache)
    assert again.documents[0].to_dict() == runs[0][0]
    assert (again.cache.misses, again.cache.hits) == (1, 1)  # a.txt made again, b.txt reads it
