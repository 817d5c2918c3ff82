"""The Makefile follows the data: a source to its YAML, the YAML to the site; nothing to do, nothing done.

``make`` runs in a temporary copy of the repository (Makefile, pyproject.toml, compiler/,
templates/, the small site corpus), with this repository's virtualenv
shared through ``VENV=``. The copy's pyproject.toml is dated in the past and ``PYTHON=false``,
so make can never (re)install into the shared virtualenv.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.corpus import load_seed, synthetic_text
from tests.cr_texts import site_excerpts

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "site-corpus"
RULES = site_excerpts()  # three shortened CRs cut from ../shared/cr
VENV = Path(sys.executable).parent.parent
MAKE = shutil.which("make")
pytestmark = pytest.mark.skipif(MAKE is None or not (VENV / ".installed").is_file(),
                                reason="needs make and an installed virtualenv (make once)")


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("repo")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy2(ROOT / name, root / name)
    os.utime(root / "pyproject.toml", (946684800, 946684800))  # 2000: older than any venv stamp
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "compiler", root / "compiler", ignore=ignore)
    shutil.copytree(ROOT / "templates", root / "templates")
    shutil.copytree(CORPUS, root / "content" / "sources")
    (root / "content" / "faqs").mkdir()
    (root / "content" / "faqs" / "old-id-en.yaml").write_text("stale: yes\n", encoding="utf-8")
    return root


def make(repo: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    done = subprocess.run([MAKE, f"VENV={VENV}", "PYTHON=false", f"RULES_FROM={RULES}", *args],
                          cwd=repo, env=env,
                          capture_output=True, text=True, timeout=600)
    assert (done.returncode == 0) == (code == 0), done.stdout + done.stderr
    return done


def tree(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``root``: (inode, mtime in ns)."""
    return {p.relative_to(root).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}


def touched(before: dict, after: dict, prefix: str) -> set[str]:
    return {n for n in after if n.startswith(prefix) and before.get(n) != after[n]}


def test_make_builds_the_yaml_and_the_site(repo):
    make(repo, "-j2")
    faqs = sorted(p.name for p in (repo / "content" / "faqs").glob("*.yaml"))
    assert faqs == ["chk-en.yaml", "mh3-en.yaml", "shm-ja.yaml"]  # the stale one is gone
    assert (repo / "site" / "docs" / "chk-en.html").is_file()
    assert (repo / "site" / "cr" / "index.html").is_file()  # built with RULES_FROM


def test_nothing_changed_nothing_done(repo):
    before = tree(repo)
    done = make(repo)
    assert (done.stdout, done.stderr) == ("", "")  # the YAML checked by content, silently
    assert tree(repo) == before


def test_a_new_source_rewrites_only_its_yaml_and_the_site(repo):
    seed = load_seed(CORPUS / "01_champions.txt")
    (repo / "content" / "sources" / "04_new.txt").write_text(
        synthetic_text(seed, 7, 1, set(), keep=0.0), encoding="utf-8")
    before = tree(repo)
    done = make(repo, "-j2")
    after = tree(repo)
    assert touched(before, after, "content/faqs/") == {"content/faqs/qaah-en.yaml"}
    assert "normalize: content/sources/04_new.txt -> content/faqs/qaah-en.yaml (wrote)" in done.stderr
    assert done.stderr.count("normalize: ") == 1
    assert "build: incremental" in done.stderr
    assert "site/docs/qaah-en.html" in touched(before, after, "site/")
    assert "site/docs/chk-en.html" in after and "site/docs/chk-en.html" not in touched(before, after, "site/")


def test_a_touched_source_leaves_its_yaml_and_the_site_alone(repo):
    source = repo / "content" / "sources" / "02_shadowmoor_ja.txt"
    os.utime(source)
    before = tree(repo)
    done = make(repo)
    assert (done.stdout, done.stderr) == ("", "")  # same bytes: nothing to do
    assert tree(repo) == before


def test_a_removed_source_takes_its_yaml_and_pages_with_it(repo):
    (repo / "content" / "sources" / "04_new.txt").unlink()
    done = make(repo, "-j2")
    assert "prune: content/faqs/qaah-en.yaml (no source gives it)" in done.stderr
    assert not (repo / "content" / "faqs" / "qaah-en.yaml").exists()
    assert "04_new.txt" not in (repo / "build" / "faqs" / "sources.json").read_text()
    assert not (repo / "site" / "docs" / "qaah-en.html").exists()
    assert (make(repo).stdout, make(repo).stderr) == ("", "")


def test_a_missing_or_edited_yaml_is_written_again(repo):
    faqs = repo / "content" / "faqs"
    good = (faqs / "chk-en.yaml").read_bytes()
    (faqs / "chk-en.yaml").unlink()
    (faqs / "shm-ja.yaml").write_bytes(b"schema_version: 1\n")  # edited by hand, or foreign
    (faqs / "mh3-en.yaml").write_bytes(b"x" * len(good))
    done = make(repo)
    assert done.stderr.count("(wrote)") == 3, done.stderr
    assert (faqs / "chk-en.yaml").read_bytes() == good
    assert (make(repo).stdout, make(repo).stderr) == ("", "")


def test_a_source_copied_in_with_an_older_mtime_is_normalized(repo):
    source = repo / "content" / "sources" / "01_champions.txt"
    text = source.read_bytes()
    source.write_bytes(text.replace(b"\n* ", b"\n* (edited) ", 1))
    os.utime(source, (946684800, 946684800))  # 2000, as cp -p of an old file leaves it
    before = tree(repo)
    done = make(repo)
    assert touched(before, tree(repo), "content/faqs/") == {"content/faqs/chk-en.yaml"}
    assert "(edited)" in (repo / "content" / "faqs" / "chk-en.yaml").read_text(encoding="utf-8")
    assert "build: incremental" in done.stderr
    source.write_bytes(text)
    make(repo)


def test_two_sources_with_one_id_are_refused_with_nothing_written(repo):
    sources = repo / "content" / "sources"
    twin = sources / "00_twin.txt"
    twin.write_bytes((sources / "01_champions.txt").read_bytes().replace(b"\n* ", b"\n* TWIN ", 1))
    before = tree(repo)
    done = make(repo, code=2)
    assert "document id 'chk-en' is also the id of" in done.stderr
    assert "Traceback" not in done.stderr
    assert tree(repo) == before  # nothing written, the site left alone
    twin.unlink()
    make(repo)
    assert "TWIN" not in (repo / "content" / "faqs" / "chk-en.yaml").read_text(encoding="utf-8")
    assert (make(repo).stdout, make(repo).stderr) == ("", "")


def test_help_bundle_and_clean(repo):
    targets = [line.split("\t")[0] for line in make(repo, "help").stdout.splitlines()]
    assert targets == ["all", "faqs", "site", "test", "check", "serve", "bundle", "bench",
                       "golden", "clean", "help"]
    make(repo, "bundle")
    assert (repo / "dist" / "faqc-site.zip").is_file()
    make(repo, "clean")
    assert not any((repo / name).exists() for name in ("site", "dist", "build"))
    assert sorted(p.name for p in (repo / "content" / "faqs").glob("*.yaml")) == [
        "chk-en.yaml", "mh3-en.yaml", "shm-ja.yaml"]


def test_without_any_rules_the_site_is_built_with_era_features_off(repo, tmp_path):
    """``RULES_FROM`` names no folder (no ../shared beside the copy, no content/rules): the
    site is still built, and one line says the era features are off."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    done = subprocess.run([MAKE, f"VENV={VENV}", "PYTHON=false", f"RULES_FROM={tmp_path}/none",
                           f"SITE={tmp_path}/site", "site"], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr.count("era features off") == 1
    assert (tmp_path / "site" / "docs" / "chk-en.html").is_file()
    assert not (tmp_path / "site" / "cr").exists()


STRAY = ("Test Set Release Notes\n\nCARD-SPECIFIC NOTES\n\nÆtherling\n\n4UU\n\n"
         "Creature — Shapeshifter\n\n4/5\n\nU: Exile Ætherling.\n\n"
         "* Ætherling's ability can be activated in response.\n\n"
         "This line is a stray remark between the cards of the set, kept.\n\n"
         "Tarmogoyf\n\n1G\n\nCreature — Lhurgoyf\n\n*/1+*\n\nTarmogoyf counts.\n\n"
         "* Tarmogoyf counts card types.\n")


def test_a_sources_warning_is_printed_once_by_make_and_by_make_faqs(repo):
    """Issue 40: sync and the build both read a changed source, and each printed its warnings."""
    source = repo / "content" / "sources" / "05_stray.txt"
    source.write_text(STRAY, encoding="utf-8")
    try:
        done = make(repo)
        warning = "05_stray.txt:17: warning: paragraph between card entries kept as it is"
        assert (done.stdout + done.stderr).count(warning) == 1, done.stdout + done.stderr
        yaml = done.stderr.split("normalize: content/sources/05_stray.txt -> ")[1].split(" ")[0]
        (repo / yaml).unlink()
        done = make(repo, "faqs")   # no build follows: sync says it
        assert (done.stdout + done.stderr).count(warning) == 1, done.stdout + done.stderr
    finally:
        source.unlink()
        make(repo)
