"""The faqc command line: exit codes and messages, word for word."""
import shutil
import signal
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from compiler.cli import main, run_main
from tests.conftest import RULES, SEED_FILES, SOURCES


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_normalize_writes_one_yaml_per_source_named_by_document_id(tmp_path):
    result = run("normalize", str(SOURCES / SEED_FILES["chk"]), "--out-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 1 and files[0].endswith(".yaml")
    text = (tmp_path / files[0]).read_text(encoding="utf-8")
    assert f"file: {SEED_FILES['chk']}" in text
    assert "sha256: 1a23368418776081d52df4f9ed73312a0ccee1d346031f4944ec87b9ec878f7e" in text


def test_bad_file_is_one_line_and_the_others_still_build(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"")
    good = tmp_path / "good.txt"
    good.write_text("Just a line of prose.\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("-q", "normalize", str(bad), str(good), "--out-dir", str(out))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"{bad}: error: empty file: no text to read" in lines
    assert lines[-1] == "Error: 1 source(s) could not be normalized"
    assert "Traceback" not in result.output
    assert len(list(out.glob("*.yaml"))) == 1
    assert not list(out.glob(".*.tmp"))


def test_missing_file_is_reported_not_raised(tmp_path):
    result = run("normalize", str(tmp_path / "nope.txt"), "--out-dir", str(tmp_path))
    assert result.exit_code == 1
    assert f"{tmp_path / 'nope.txt'}: error: cannot read: No such file or directory" in result.output


def test_unknown_layout_warns_and_strict_fails(tmp_path):
    src = tmp_path / "prose.txt"
    src.write_text("Some text in no known layout.\n\nA second paragraph.\n", encoding="utf-8")
    result = run("normalize", str(src), "--out-dir", str(tmp_path / "o"))
    assert result.exit_code == 0
    assert "prose.txt:1: warning: layout not recognised" in result.output
    strict = run("--strict", "normalize", str(src), "--out-dir", str(tmp_path / "o2"))
    assert strict.exit_code == 1
    assert "Error: 1 warning(s) and --strict is set" in strict.output


def _normalized(tmp_path, text="Alpha beta.\n"):
    """Return a sources folder holding one source of ``text`` and the folder of its YAML."""
    sources = tmp_path / "src"
    sources.mkdir()
    (sources / "a.txt").write_text(text, encoding="utf-8")
    faqs = tmp_path / "faqs"
    assert run("normalize", str(sources), "--out-dir", str(faqs)).exit_code == 0
    return sources, faqs


def test_check_accepts_what_normalize_wrote_and_catches_lost_words(tmp_path):
    sources, faqs = _normalized(tmp_path, "Alpha beta.\n\nGamma delta.\n")
    ok = run("check", "--faqs", str(faqs), "--sources", str(sources))
    assert ok.exit_code == 0, ok.output
    (yaml_file,) = faqs.glob("*.yaml")
    yaml_file.write_text(yaml_file.read_text().replace("Gamma delta.", "Gamma."), encoding="utf-8")
    bad = run("check", "--faqs", str(faqs), "--sources", str(sources))
    assert bad.exit_code == 1
    assert "1 source word(s) missing: 'delta'x1" in bad.output


def test_check_rejects_yaml_that_breaks_the_schema(tmp_path):
    faqs = tmp_path / "faqs"
    faqs.mkdir()
    (faqs / "x.yaml").write_text("schema_version: 1\nid: x\n", encoding="utf-8")
    result = run("check", "--faqs", str(faqs), "--sources", str(tmp_path))
    assert result.exit_code == 1
    assert f"{faqs / 'x.yaml'}: error: schema: (top): 'meta' is a required property" in result.output


def test_check_link_checks_a_built_site(tmp_path):
    sources, faqs = _normalized(tmp_path)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text('<a href="cards/x.html">x</a><a href="#top">t</a>', encoding="utf-8")
    result = run("check", "--faqs", str(faqs), "--sources", str(sources), "--site", str(site))
    assert result.exit_code == 1
    assert f"{site}/index.html: error: " in result.output and "'cards/x.html'" in result.output
    assert "Error: 0 document(s) and 2 site link(s) failed the check" in result.output


def test_check_refuses_a_yaml_alias_of_a_part_at_once(tmp_path):
    """``a: &a [*a, *a]`` is data with a cycle (its depth walk ran until memory was gone), and
    40 aliases each of the one before make 2^40 paths under the depth limit: a YAML alias of a
    part is refused, each part looked at once, by check and by the document model's reader.
    The depth limit holds for data walked without that check."""
    from compiler.core.errors import FaqcError
    from compiler.files.validate import schema_errors
    from compiler.files.yamlio import load_data, load_document
    faqs = tmp_path / "faqs"
    faqs.mkdir()
    alias = "(faqc writes none)"
    for text in ("a: &a [*a, *a]\n",
                 "x0: &x0 [1]\n" + "".join(f"x{n}: &x{n} [*x{n - 1}, *x{n - 1}]\n"
                                            for n in range(1, 41))):
        (faqs / "x.yaml").write_text(text, encoding="utf-8")
        result = run("check", "--faqs", str(faqs), "--sources", str(tmp_path))
        assert result.exit_code == 1
        assert f"{faqs / 'x.yaml'}: error: a YAML alias (*name) repeats a part of the document " \
               f"{alias}" in result.output.splitlines()
        try:
            load_document(faqs / "x.yaml")
        except FaqcError as exc:
            assert exc.format_message().endswith(alias)
        else:
            raise AssertionError("a document with an alias was read")
    assert schema_errors(load_data("a: &a [*a, *a]\n", "x")) == [
        "(top): nested more than the 64 levels allowed"]


def test_check_says_in_one_line_which_yaml_or_source_cannot_be_read(tmp_path):
    sources, faqs = _normalized(tmp_path)
    (faqs / "utf16.yaml").write_bytes("id: x\n".encode("utf-16"))
    (faqs / "folder.yaml").mkdir()
    (faqs / "loop.yaml").symlink_to("loop.yaml")
    result = run("check", "--faqs", str(faqs), "--sources", str(sources))
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.output.splitlines()
    assert f"{faqs / 'utf16.yaml'}: error: not UTF-8 text (byte 0)" in lines
    assert f"{faqs / 'folder.yaml'}: error: cannot read: Is a directory" in lines
    assert f"{faqs / 'loop.yaml'}: error: cannot read: Too many levels of symbolic links" in lines
    assert "check: 4 document(s), 3 error(s), 1 warning(s)" in lines  # a.txt: prose
    for bad in ("utf16.yaml", "folder.yaml", "loop.yaml"):
        (faqs / bad).unlink() if bad != "folder.yaml" else (faqs / bad).rmdir()
    (source,) = sources.iterdir()
    source.unlink()
    source.mkdir()  # the YAML's source, now a folder: is_file() says no, so not found
    assert "not found: word audit skipped" in run("check", "--faqs", str(faqs), "--sources",
                                                   str(sources)).output
    (tmp_path / "accept.txt").write_bytes(b"\xff\xfe")
    result = run("check", "--faqs", str(faqs), "--sources", str(sources),
                 "--accept", str(tmp_path / "accept.txt"))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"Error: {tmp_path / 'accept.txt'}: error: not UTF-8 text (byte 0)"


def test_check_refuses_two_yaml_of_one_document_id(tmp_path):
    sources, faqs = _normalized(tmp_path)
    (first,) = faqs.glob("*.yaml")
    copy = faqs / "zz-copy.yaml"
    copy.write_bytes(first.read_bytes())
    result = run("check", "--faqs", str(faqs), "--sources", str(sources))
    assert result.exit_code == 1
    assert f"{copy}: error: document id {first.stem!r} is also the id of {first}: ids are " \
           "unique (each names its pages)" in result.output.splitlines()


def test_check_site_names_a_page_it_cannot_read(tmp_path):
    sources, faqs = _normalized(tmp_path)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text('<a href="bad.html#x">x</a>', encoding="utf-8")
    (site / "bad.html").write_bytes(b"\xff\xfe<p id=x>")
    (site / "gone.html").symlink_to("nowhere.html")
    (site / "odd.html").write_text("<p><![foo[ x ]]></p>", encoding="utf-8")  # html.parser asserts
    result = run("check", "--faqs", str(faqs), "--sources", str(sources), "--site", str(site))
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.output.splitlines()
    assert f"{site}/odd.html: error: the page cannot be parsed as HTML: 'odd.html' [site.link]" \
        in lines
    assert f"{site}/bad.html: error: the page is not UTF-8 (byte 0): 'bad.html' [site.link]" in lines
    assert f"{site}/gone.html: error: cannot read the page (No such file or directory): " \
           "'gone.html' [site.link]" in lines
    assert "Error: 0 document(s) and 3 site link(s) failed the check" in lines


def test_search_of_a_damaged_index_is_one_line(seed_site, tmp_path):
    """A flipped byte in a segment is a one-line error saying to build again, not a bug's."""
    site = tmp_path / "site"
    shutil.copytree(seed_site, site, symlinks=True)
    for segment in sorted((site / "search" / "index").glob("*.seg")):
        data = bytearray(segment.read_bytes())
        for offset in range(len(data) // 3, len(data), max(1, len(data) // 50)):
            data[offset] ^= 0xFF
        segment.write_bytes(bytes(data))
    outputs = [run("search", "--site", str(site), query) for query in
               ("bushido", "end of turn", "ninjutsu", "the")]
    failed = [r for r in outputs if r.exit_code != 0]
    assert failed, "no query read the damaged part of the index"
    for result in failed:
        assert result.exit_code == 1 and "Traceback" not in result.output
        (line,) = result.output.splitlines()
        assert line.startswith(f"Error: {site / 'search' / 'index'}: error: the search index "
                               "cannot be read (") and line.endswith(
            "); build the site again with faqc build --full")


def test_build_names_a_rules_file_it_cannot_read(tmp_path):
    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    (rules / "CR_2004-10-02.txt").write_bytes(b"\x00\x01 not the rules")
    result = run("build", "--sources", str(SOURCES), "--rules", str(rules),
                 "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"))
    assert result.exit_code == 0, result.output
    assert f"build: {rules / 'CR_2004-10-02.txt'}: not read: binary data (NUL byte): not a " \
           "text file (the other editions are read)" in result.output.splitlines()


def test_a_ctrl_c_wrapped_while_a_class_is_made_is_an_interruption(capsys, monkeypatch):
    """Python 3.11 wraps a Ctrl-C that lands in a dataclass's ``__set_name__`` (a module loaded
    lazily) in a RuntimeError: it is still "interrupted", exit 130, not an internal error."""
    @click.command()
    def wrapped():
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise RuntimeError("Error calling __set_name__ on '_SlotDescriptor'") from exc

    monkeypatch.setattr("sys.argv", ["faqc"])
    handler = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as ended:
            run_main(wrapped)
    finally:  # run_main ignores Ctrl-C once done: the processes this worker starts would too
        signal.signal(signal.SIGINT, handler)
    assert ended.value.code == 130 and capsys.readouterr().err.strip() == "faqc: interrupted"
