"""CI strictness: the embedded corpus normalizes and checks under ``--strict``, through the CLI.

``make test`` runs pytest only, and ``make check`` (``faqc --strict check``) is a separate
target that CI may not run, so this file puts the strict check into the test run.  ``faqc
check`` has no option to check a built site; the links of the site built from the seeds (CR
pages included) are checked by tests/site/test_pages.py (``check_site`` on ``seed_site``).

The check runs from the repository root, as ``make check`` does: rule numbers are read against
every edition of ``../shared/cr`` (``make``'s ``RULES_FROM``), reviewed warnings are
content/accepted-warnings.txt.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAQC = Path(sys.executable).parent / "faqc"
SOURCES = ROOT / "content" / "sources"
COMMITTED = ROOT / "content" / "faqs"
SHARED_CR = ROOT.parent / "shared" / "cr"


def faqc(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(FAQC), *args], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", check=False, timeout=600)


@pytest.fixture(scope="module")
def fresh_yaml(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("strict") / "faqs"
    done = faqc("-q", "--strict", "normalize", str(SOURCES), "--out-dir", str(out))
    assert done.returncode == 0 and done.stderr == "", \
        f"`faqc --strict normalize` of the embedded corpus fails or warns:\n{done.stderr}"
    return out


def test_strict_normalize_of_the_embedded_corpus_writes_every_document(fresh_yaml):
    assert len(list(fresh_yaml.glob("*.yaml"))) == len(list(SOURCES.glob("*.txt")))


def test_strict_check_of_the_embedded_corpus_passes_with_no_warning(fresh_yaml):
    done = faqc("--strict", "check", "--faqs", str(fresh_yaml), "--sources", str(SOURCES),
                "--rules", str(SHARED_CR))
    warnings = [line for line in done.stderr.splitlines() if ": warning: " in line]
    assert done.returncode == 0 and warnings == [], done.stderr
    summary = [line for line in done.stderr.splitlines() if line.startswith("check: ")]
    assert summary and ", 0 error(s), 0 warning(s)" in summary[0], done.stderr
    rules = [line for line in done.stderr.splitlines() if line.startswith("rules: ")]
    assert rules and rules[0].startswith("rules: 118 edition(s) of the Comprehensive Rules read, "
                                         "1999-04-23 to 2026-01-16"), done.stderr
    # every seed cites and quotes against its own era's edition (the dates of the seeds)
    for line in ("chk-en (2004-10-01): CR 2004-10-01", "shm-ja (2008-05-02): CR 2008-05-01",
                 "mh3-en (2024-06-14): CR 2024-06-07"):
        assert any(out.startswith("  " + line) for out in done.stdout.splitlines()), done.stdout


def test_the_committed_yaml_is_what_normalize_writes_today(fresh_yaml):
    committed = {p.name: p.read_bytes() for p in COMMITTED.glob("*.yaml")}
    fresh = {p.name: p.read_bytes() for p in fresh_yaml.glob("*.yaml")}
    assert sorted(committed) == sorted(fresh)
    assert [n for n in fresh if committed[n] != fresh[n]] == []
