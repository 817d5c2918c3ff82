"""The faqc command line: exit codes and messages, word for word."""
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main

from .conftest import SEED_FILES, SOURCES


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
    assert lines[-1] == "Error: 1 source(s) could not be read"
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


def test_check_accepts_what_normalize_wrote_and_catches_lost_words(tmp_path):
    sources = tmp_path / "src"
    sources.mkdir()
    (sources / "a.txt").write_text("Alpha beta.\n\nGamma delta.\n", encoding="utf-8")
    faqs = tmp_path / "faqs"
    assert run("normalize", str(sources), "--out-dir", str(faqs)).exit_code == 0
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
    sources = tmp_path / "src"
    sources.mkdir()
    (sources / "a.txt").write_text("Alpha beta.\n", encoding="utf-8")
    faqs = tmp_path / "faqs"
    assert run("normalize", str(sources), "--out-dir", str(faqs)).exit_code == 0
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text('<a href="cards/x.html">x</a><a href="#top">t</a>', encoding="utf-8")
    result = run("check", "--faqs", str(faqs), "--sources", str(sources), "--site", str(site))
    assert result.exit_code == 1
    assert f"{site}/index.html: error: " in result.output and "'cards/x.html'" in result.output
    assert "Error: 0 document(s) and 2 site link(s) failed the check" in result.output
