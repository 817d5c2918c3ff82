"""Reproducible output: two clean runs in different surroundings give the same bytes.

``faqc normalize`` and ``faqc build`` (with the Comprehensive Rules pages) run as subprocesses
twice, side by side, each in its own folder with its own copy of the sources (copied in
opposite orders), and with a different hash seed, locale, time zone and working folder:

    A: PYTHONHASHSEED=0      LC_ALL=C.UTF-8  TZ=UTC
    B: PYTHONHASHSEED=12345  LC_ALL=POSIX    TZ=Asia/Tokyo

(``locale -a`` offers only C, C.UTF-8 and POSIX here; POSIX is also the ASCII locale, where
Python's default encodings would differ if faqc relied on them.)  Every file of the two YAML
folders and of the two sites, the Whoosh index and the search export included, must be
byte-identical, the build state (``.faqc/``) included, and so are the two zips of
``faqc bundle`` (whose entry times must not follow the time zone).
"""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cr_texts import six_editions

ROOT = Path(__file__).resolve().parents[2]
FAQC = Path(sys.executable).parent / "faqc"
SOURCES = ROOT / "content" / "sources"
RULES = six_editions()

try:
    from compiler.incremental.state import STAT_CACHE, STATE_DIR
except ImportError:          # before incremental builds
    STATE_DIR, STAT_CACHE = ".faqc", ".faqc/stat-cache.json"

SURROUNDINGS = {
    "A": {"PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "TZ": "UTC"},
    "B": {"PYTHONHASHSEED": "12345", "LC_ALL": "POSIX", "LANG": "POSIX", "TZ": "Asia/Tokyo"},
}


MEMORY_CAP = 4 << 30
"""Address space a build may take (a normal build of the seeds needs about 150 MB): a runaway
build fails this test instead of taking the machine down."""


def cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def environment(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LC_", "PYTHON")) and k not in ("LANG", "LANGUAGE", "TZ")}
    return {**env, **extra}


def tree(root: Path, state: bool = False) -> dict[str, bytes]:
    """Every file under ``root``; the build state (``.faqc/``) only if ``state``, and never its
    stat cache: the inode numbers and times of this machine's files, by design (``incremental/state.py``)."""
    files = {p.relative_to(root).as_posix(): p.read_bytes()
             for p in sorted(root.rglob("*")) if p.is_file()}
    return {k: v for k, v in files.items()
            if (state or not k.startswith(STATE_DIR + "/")) and k != STAT_CACHE}


def differences(a: dict[str, bytes], b: dict[str, bytes]) -> list[str]:
    only = sorted(set(a) ^ set(b))
    changed = sorted(k for k in set(a) & set(b) if a[k] != b[k])
    return [f"only in one: {k}" for k in only] + [f"differs: {k}" for k in changed]


def run_both(tmp_path: Path, *args: str) -> None:
    """Run ``faqc ARGS`` in A and B at the same time ({dir} is each one's folder)."""
    procs = {}
    try:
        for name, extra in SURROUNDINGS.items():
            folder = tmp_path / name
            procs[name] = subprocess.Popen(
                [str(FAQC), *(a.format(dir=folder) for a in args)], cwd=folder / "cwd",
                env=environment(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", preexec_fn=cap_memory)
        for name, proc in procs.items():
            _out, err = proc.communicate(timeout=600)
            assert proc.returncode == 0, f"{name}: faqc {' '.join(args)}:\n{err}"
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The sources normalized and built in A and B."""
    tmp_path = tmp_path_factory.mktemp("reproducible")
    files = sorted(p for p in SOURCES.iterdir() if p.is_file())
    for name in SURROUNDINGS:
        (tmp_path / name / "cwd").mkdir(parents=True)
        (tmp_path / name / "src").mkdir()
        for path in files if name == "A" else reversed(files):
            shutil.copy(path, tmp_path / name / "src" / path.name)
    run_both(tmp_path, "normalize", "{dir}/src", "--out-dir", "{dir}/faqs")
    run_both(tmp_path, "build", "--sources", "{dir}/src", "--out", "{dir}/site",
             "--rules", str(RULES))
    return tmp_path


def test_the_yaml_is_byte_identical(runs):
    a, b = tree(runs / "A" / "faqs"), tree(runs / "B" / "faqs")
    assert len(a) == len(list(SOURCES.glob("*.txt")))
    assert differences(a, b) == []


def test_the_site_is_byte_identical_search_index_and_export_included(runs):
    """Every file a reader is served (the build's own state, .faqc/, is the next test's)."""
    a, b = tree(runs / "A" / "site"), tree(runs / "B" / "site")
    assert any(k.startswith("search/index/") for k in a), "no Whoosh index in the site"
    assert any(k.startswith("search/data/") for k in a), "no search export in the site"
    assert any(k.startswith("cr/") for k in a), "the Comprehensive Rules pages were not built"
    assert differences(a, b) == []


def test_the_build_state_is_the_same_wherever_the_build_ran(runs):
    """The site's own build state (.faqc/: what the next incremental build compares against)."""
    a, b = tree(runs / "A" / "site", state=True), tree(runs / "B" / "site", state=True)
    assert any(k.startswith(STATE_DIR + "/") for k in a)
    assert differences(a, b) == []


def test_nothing_of_where_or_when_it_was_built_leaks_into_the_output(runs):
    for name in SURROUNDINGS:
        folder = str(runs / name)
        for sub in ("faqs", "site"):
            for rel, data in tree(runs / name / sub, state=True).items():
                assert folder.encode() not in data, f"{name}/{sub}/{rel} names its build folder"
                assert str(runs).encode() not in data, f"{name}/{sub}/{rel} names the tmp folder"


def test_the_bundle_is_byte_identical(runs):
    help_text = subprocess.run([str(FAQC), "--help"], capture_output=True, text=True,
                               check=True).stdout
    if "  bundle " not in help_text:
        pytest.skip("`faqc bundle` does not exist yet: nothing to compare")
    run_both(runs, "bundle", "--site", "{dir}/site", "--out", "{dir}/dist/faqc-site.zip")
    a, b = (runs / name / "dist" / "faqc-site.zip" for name in SURROUNDINGS)
    assert a.stat().st_size > 0
    assert a.read_bytes() == b.read_bytes(), "the two bundles differ (entry times? order?)"
