"""``faqc build``: the golden site of a small corpus, atomic publishing, the command line.

The golden tree is ``tests/golden-site/``, built from ``tests/fixtures/site-corpus/`` without
Comprehensive Rules (the project carries no CR text, nor pages made of it); the same corpus
built with three shortened CRs cut from ``../shared/cr`` is checked by assertions. Set
``FAQC_UPDATE_GOLDEN=1`` to rewrite it after a deliberate change, and review the diff. The
search index (``search/``, the search package's output), the build state (``.faqc/``, the
incremental build's, tested in tests/incremental/test_incremental.py) and the assets copied verbatim from
``templates/assets`` are left out of the tree: the first has its own tests, the last is
compared with its source here.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler import build
from compiler.build import build_site
from compiler.cli import main
from compiler.core.errors import Diagnostics, FaqcError
from compiler.incremental.state import STATE_DIR
from compiler.render.env import asset_files
from compiler.site import write
from compiler.site.linkcheck import check_site
from compiler.site.write import SITE_MARKER
from tests.cr_texts import excerpt, site_excerpts

HERE = Path(__file__).resolve().parents[1]
CORPUS = HERE / "fixtures" / "site-corpus"
CORPUS_RULES = site_excerpts()  # three shortened CRs (2004, 2008, 2026), cut from ../shared/cr
GOLDEN = HERE / "golden-site"


def tree(root: Path, *, golden_only: bool = False) -> dict[str, bytes]:
    """Return every file under ``root`` by POSIX path; optionally only what the golden tree holds."""
    copied = set(asset_files()) if golden_only else set()
    files = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not (golden_only and (rel.startswith(("search/", f"{STATE_DIR}/"))
                                                    or rel in copied)):
            files[rel] = path.read_bytes()
    return files


@pytest.fixture(scope="module")
def corpus_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus") / "site"
    build_site(CORPUS, out, Diagnostics())
    return out


@pytest.fixture(scope="module")
def corpus_site_with_rules(tmp_path_factory) -> Path:
    """The corpus built with the three shortened CRs and a fourth, of 2002, that no document
    reads against (so the site has only its contents page, where it is read from the data)."""
    rules = tmp_path_factory.mktemp("corpus-rules")
    for path in CORPUS_RULES.iterdir():
        shutil.copy(path, rules / path.name)
    (rules / "CR_2002-10-07.txt").write_text(excerpt(
        "2002-10-07", "1 3 309 309.1 5 502 502.1 502.2 502.2a", ("Block",)), encoding="utf-8")
    out = tmp_path_factory.mktemp("corpus-cr") / "site"
    build_site(CORPUS, out, Diagnostics(), rules=rules)
    return out


def test_golden_site(corpus_site):
    actual = tree(corpus_site, golden_only=True)
    if os.environ.get("FAQC_UPDATE_GOLDEN") == "1":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for rel, data in actual.items():
            (GOLDEN / rel).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / rel).write_bytes(data)
    expected = tree(GOLDEN) if GOLDEN.is_dir() else {}
    missing, extra = sorted(set(expected) - set(actual)), sorted(set(actual) - set(expected))
    changed = sorted(rel for rel in set(actual) & set(expected) if actual[rel] != expected[rel])
    assert not (missing or extra or changed), (
        f"built site differs from tests/golden-site (FAQC_UPDATE_GOLDEN=1 to refresh): "
        f"missing {missing}, unexpected {extra}, changed {changed}")


def test_golden_site_has_every_page_kind(corpus_site):
    files = set(tree(corpus_site))
    for page in ("index.html", "404.html", "docs/index.html", "docs/chk-en.html", "docs/shm-ja.html",
                 "cards/index.html", "cards/ja.html", "cards/budoka-gardener.html",
                 "rules/index.html", "rules/502.38a.html", "rules/309.html", "topics/index.html",
                 "topics/chk-en/bushido.html", "assets/cards.js", SITE_MARKER):
        assert page in files, page
    assert not any(name.startswith("cr/") for name in files)  # no rules given: no CR pages


def test_with_rules_the_site_has_the_cr_pages(corpus_site_with_rules):
    files = set(tree(corpus_site_with_rules))
    for page in ("rules/702.45.html", "cr/index.html", "cr/2004-10-01/index.html",
                 "cr/2004-10-01/502.html", "cr/goto/7.js",
                 "cr/2004-10-01/glossary.html", "cr/history/2004-10-01/502.38a.html",
                 "cr/2026-01-16/702.html"):
        assert page in files, page
    assert check_site(corpus_site_with_rules) == []


def test_only_cited_editions_and_the_newest_have_section_pages(corpus_site_with_rules):
    files = set(tree(corpus_site_with_rules))
    every = sorted({name.split("/")[1] for name in files if name.startswith("cr/20")})
    assert every == ["2002-10-07", "2004-10-01", "2008-05-01", "2026-01-16"]  # contents of each
    shown = sorted({name.split("/")[1] for name in files if name.startswith("cr/20")
                    and name.endswith("/glossary.html")})
    assert shown == ["2004-10-01", "2008-05-01", "2026-01-16"]  # read against, or the newest
    # The newest has a page per section; an edition read against, the sections its readers cite
    # (2004: Champions cites 309, 502.38 and 508.2, never 104).
    sections = {d: sorted(n.split("/")[2][:-5] for n in files
                          if n.startswith(f"cr/{d}/") and n.split("/")[2][0].isdigit()) for d in shown}
    assert sections["2026-01-16"] == ["104", "107", "309", "509", "702", "710"]
    assert sections["2004-10-01"] == ["309", "502", "508"]
    changes = sorted(name for name in files if name.startswith("cr/changes/"))
    assert changes == [f"cr/changes/{d}.html" for d in
                       ("2002-10-07", "2004-10-01", "2008-05-01", "2026-01-16")]
    index = (corpus_site_with_rules / "cr" / "index.html").read_text(encoding="utf-8")
    assert 'href="changes/2002-10-07.html">what changed</a>' in index
    assert 'href="2002-10-07/index.html"' in index and 'href="2004-10-01/index.html"' in index
    assert sorted(n for n in files if n.startswith("cr/2002-10-07/")) == ["cr/2002-10-07/index.html"]
    assert index.index('id="cr-2026-01-16"') < index.index('id="cr-2004-10-01"') \
        < index.index('id="cr-2002-10-07"')  # newest first, each edition's old anchor kept
    home = (corpus_site_with_rules / "index.html").read_text(encoding="utf-8")
    for link in ('href="cr/2026-01-16/index.html">The newest', 'href="cr/2026-01-16/glossary.html"',
                 'href="cr/index.html">Every edition', 'href="cr/changes/2026-01-16.html"',
                 '<form class="goto"'):
        assert link in home, link


def test_a_page_of_changes_lists_added_reworded_renumbered_and_removed(corpus_site_with_rules):
    page = (corpus_site_with_rules / "cr" / "changes" / "2004-10-01.html").read_text(encoding="utf-8")
    assert "Against the edition before, the" in page and 'href="2002-10-07.html"' in page
    added = page[page.index('id="added"'):]
    assert 'id="502.38"' in added  # Bushido is new in the shortened 2004 edition
    newest = (corpus_site_with_rules / "cr" / "changes" / "2026-01-16.html").read_text(encoding="utf-8")
    renumbered = newest[newest.index('id="renumbered"'):]
    assert "502.38 → " in renumbered and "702.45 Bushido" in renumbered
    assert 'id="removed"' in newest
    first = (corpus_site_with_rules / "cr" / "changes" / "2002-10-07.html").read_text(encoding="utf-8")
    assert "The first edition at hand" in first


def test_with_rules_a_citation_reads_in_its_era(corpus_site_with_rules):
    page = (corpus_site_with_rules / "rules" / "502.38a.html").read_text(encoding="utf-8")
    assert "Bushido is a triggered ability" in page  # the 2004 wording, cut from the CR text
    assert 'href="../cr/2004-10-01/502.html#' in page
    assert 'href="702.45a.html#today">702.45a (Bushido)</a>' in page  # its number today
    bushido = (corpus_site_with_rules / "cr" / "2026-01-16" / "702.html").read_text(encoding="utf-8")
    assert '<a class="rule-number" href="#702.45">702.45.</a> Bushido</h2>' in bushido
    assert 'href="../history/2004-10-01/502.38.html"' in bushido  # one history from 2004 on


def test_assets_are_copied_verbatim(corpus_site):
    for rel, source in asset_files().items():
        assert (corpus_site / rel).read_bytes() == source.read_bytes(), rel


def test_a_card_seen_in_two_languages_is_one_page(corpus_site):
    page = (corpus_site / "cards" / "budoka-gardener.html").read_text(encoding="utf-8")
    assert '<span class="card-title-ja" lang="ja">武道家の庭師</span>' in page
    assert 'id="chk-en"' in page and 'id="shm-ja" lang="ja"' in page
    assert 'href="../docs/shm-ja.html#r-78b2862d"' in page


def test_hostile_text_stays_text(corpus_site):
    page = (corpus_site / "docs" / "chk-en.html").read_text(encoding="utf-8")
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;" in page
    assert "<script>alert" not in page


# ---------------------------------------------------------------- atomic publishing

def test_a_failing_build_leaves_the_previous_site(tmp_path, monkeypatch):
    out = tmp_path / "site"
    build_site(CORPUS, out, Diagnostics())
    before = tree(out)

    def broken(*args, **kwargs):
        raise RuntimeError("template exploded")
    monkeypatch.setattr(write, "card_preview", broken)
    with pytest.raises(RuntimeError, match="template exploded"):
        build_site(CORPUS, out, Diagnostics(), full=True)  # nothing changed: only a full build writes
    assert tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_an_interrupted_build_leaves_the_previous_site(tmp_path, monkeypatch):
    out = tmp_path / "site"
    build_site(CORPUS, out, Diagnostics())
    before = tree(out)

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(build, "index_search", interrupt)
    with pytest.raises(KeyboardInterrupt):
        build_site(CORPUS, out, Diagnostics(), full=True)  # nothing changed: only a full build indexes
    assert tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_rebuilding_replaces_the_whole_site(tmp_path):
    out = tmp_path / "site"
    build_site(CORPUS, out, Diagnostics())
    (out / "cards" / "stale.html").write_text("old page", encoding="utf-8")
    build_site(CORPUS, out, Diagnostics())
    assert not (out / "cards" / "stale.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_folder_faqc_did_not_build_is_never_replaced(tmp_path):
    out = tmp_path / "important"
    out.mkdir()
    (out / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(FaqcError, match="was not built by faqc"):
        build_site(CORPUS, out, Diagnostics())
    assert (out / "notes.txt").read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["important"]


def test_an_empty_folder_is_used(tmp_path):
    out = tmp_path / "empty"
    out.mkdir()
    build_site(CORPUS, out, Diagnostics())
    assert (out / "index.html").is_file()


# ---------------------------------------------------------------- command line

def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


SUMMARY = re.compile(r"^build: 3 document\(s\), (\d+) page\(s\) \(.*\) -> (.+) in \d+\.\ds$")


def test_build_prints_a_summary_line(tmp_path):
    out = tmp_path / "site"
    result = run("build", "--sources", str(CORPUS), "--out", str(out))
    assert result.exit_code == 0, result.output
    match = SUMMARY.match(result.output.strip().splitlines()[-1])
    assert match and match[2] == str(out)
    assert int(match[1]) == len(list(out.rglob("*.html")))
    assert result.output.count("era features off") == 1  # no --rules, no content/rules here


def test_a_bad_source_is_one_line_and_the_others_still_build(tmp_path):
    sources = tmp_path / "sources"
    shutil.copytree(CORPUS, sources)
    (sources / "00_bad.txt").write_bytes(b"")
    out = tmp_path / "site"
    result = run("-q", "build", "--sources", str(sources), "--out", str(out))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines == [f"{sources / '00_bad.txt'}: error: empty file: no text to read",
                     "Error: 1 source(s) could not be read"]
    assert sorted(p.name for p in (out / "docs").iterdir()) == [
        "chk-en.html", "index.html", "mh3-en.html", "shm-ja.html"]


def test_no_readable_source_keeps_the_previous_site(tmp_path):
    out = tmp_path / "site"
    build_site(CORPUS, out, Diagnostics())
    before = tree(out)
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "bad.txt").write_bytes(b"")
    result = run("-q", "build", "--sources", str(sources), "--out", str(out))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        f"Error: {sources}: error: no source could be read; the site is left as it was")
    assert tree(out) == before


def test_missing_sources_folder_is_one_line(tmp_path):
    result = run("build", "--sources", str(tmp_path / "nope"), "--out", str(tmp_path / "site"))
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {tmp_path / 'nope'}: error: no such directory"
