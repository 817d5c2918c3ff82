"""An incremental build publishes through a journal (``compiler.incremental.journal``).

A real ``faqc build`` is killed (SIGKILL, by the test hook ``FAQC_TEST_PUBLISH_STOP``) at steps
of its publish: the journal just in place, after the first move, half way, after the last
page, after the search folder's swap, after the build state, after a removal, before the
journal goes.
Each time every file of the site is the old site's or the new one's (none half-written), and
the next build leaves the site a clean build of the new sources gives, byte for byte. A
journal naming paths out of the site is not followed.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.incremental.journal import JOURNAL, STOP_AT, swap_folder
from compiler.incremental.state import STATE_FILE
from tests.incremental.test_interrupted import edited_copy
from tests.site_files import manifest

ROOT = Path(__file__).resolve().parents[2]
FAQC = Path(sys.executable).parent / "faqc"
SMALL = ROOT / "tests" / "fixtures" / "site-corpus"


def build(sources: Path, site: Path, stop: int | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != STOP_AT}
    if stop is not None:
        env[STOP_AT] = str(stop)
    return subprocess.run([str(FAQC), "build", "--sources", str(sources), "--out", str(site)],
                          cwd=site.parent, env=env, capture_output=True, timeout=300, text=True)


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """The old site (the small corpus), the new sources (one ruling edited, one FAQ left out:
    pages written and pages removed) and a clean build of them."""
    work = tmp_path_factory.mktemp("journal")
    new = edited_copy(SMALL, work / "new", drop="03_horizons_release_notes.txt")
    (work / "old").mkdir()
    (work / "clean").mkdir()
    assert build(SMALL, work / "old" / "site").returncode == 0
    assert build(new, work / "clean" / "site").returncode == 0
    return work, new, manifest(work / "old" / "site"), manifest(work / "clean" / "site")


def fresh_copy(work: Path, name: str) -> Path:
    site = work / name / "site"
    shutil.copytree(work / "old" / "site", site)
    return site


@pytest.mark.skipif(not FAQC.exists(), reason=f"{FAQC} is not installed")
def test_a_build_killed_at_each_step_of_its_publish_is_completed_by_the_next(sites):
    work, new, old, reference = sites
    probe = fresh_copy(work, "probe")
    assert build(new, probe, stop=0).returncode == -9
    journal = json.loads((probe / JOURNAL).read_bytes())
    moves, swaps, removals = journal["moves"], journal["swaps"], journal["removals"]
    assert removals and any(name.startswith("docs/mh3") for name in removals)
    assert moves[-1] == STATE_FILE and [name for name, _inode in swaps] == ["search"]
    # in proportion to the change: what differs, not the whole site (the search folder
    # swapped whole); what went, removed
    differ = {path for path, sha in reference.items() if old.get(path) != sha}
    assert {p for p in differ if not p.startswith("search/")} <= set(moves) < set(reference)
    assert set(removals) == {p for p in set(old) - set(reference) if not p.startswith("search/")}
    total = len(moves) + len(swaps) + len(removals)
    # the journal in place, the first move, half way, the last page, the search swapped, the
    # state moved, one removal, all done but the journal's removal
    steps = sorted({0, 1, len(moves) // 2, len(moves) - 1, len(moves), len(moves) + 1,
                    len(moves) + 2, total})
    for step in steps:
        site = fresh_copy(work, f"step-{step}")
        killed = build(new, site, stop=step)
        assert killed.returncode == -9, (step, killed.stderr)
        state = manifest(site)
        assert JOURNAL in state, step
        assert all(sha in (old.get(path), reference.get(path))
                   for path, sha in state.items() if path != JOURNAL), \
            f"step {step}: a file is neither the old site's nor the new one's"
        done = build(new, site)
        assert done.returncode == 0, done.stderr
        # the journal completed gives the whole new site: nothing left to build
        assert "build: unchanged" in done.stdout + done.stderr, (step, done.stdout)
        assert manifest(site) == reference, f"step {step}: not the clean build's site"
        assert [p.name for p in site.parent.iterdir() if ".staging-" in p.name] == []


@pytest.mark.skipif(not FAQC.exists(), reason=f"{FAQC} is not installed")
def test_a_journal_naming_paths_out_of_the_site_is_not_followed(sites):
    work, new, _old, reference = sites
    site = fresh_copy(work, "hostile")
    staging = site.parent / ".site.staging-1-x"
    victim = work / "hostile" / "victim.txt"
    victim.write_text("not the site's\n", encoding="utf-8")
    outside = work / "hostile-outside"
    outside.mkdir()
    (outside / "x.html").write_text("outside\n", encoding="utf-8")
    for journal in (
            {"format": 1, "staging": staging.name, "moves": ["../victim.txt"], "removals": []},
            {"format": 1, "staging": staging.name, "moves": [], "removals": ["../victim.txt"]},
            {"format": 1, "staging": "../hostile-outside", "moves": ["x.html"], "removals": []},
            {"format": 1, "staging": "..", "moves": ["hostile/victim.txt"], "removals": []},
            {"format": 2, "staging": staging.name, "moves": ["docs/planted.html"], "removals": []},
            "not a journal"):
        (staging / "docs").mkdir(parents=True, exist_ok=True)
        (staging / "docs" / "planted.html").write_text("planted\n", encoding="utf-8")
        (site / JOURNAL).write_text(json.dumps(journal), encoding="utf-8")
        done = build(new, site)
        assert done.returncode == 0, done.stderr
        assert victim.read_text(encoding="utf-8") == "not the site's\n"
        assert (outside / "x.html").read_text(encoding="utf-8") == "outside\n"
        assert manifest(site) == reference
        assert not (site / JOURNAL).exists()


def test_the_search_folder_is_exchanged_in_one_step_and_only_once(tmp_path):
    staged, target = tmp_path / "staging" / "search", tmp_path / "site" / "search"
    for folder, text in ((staged, "new"), (target, "old")):
        folder.mkdir(parents=True)
        (folder / "meta.js").write_text(text, encoding="utf-8")
    inode = staged.stat().st_ino
    swap_folder(staged, target, inode)
    assert (target / "meta.js").read_text(encoding="utf-8") == "new"
    assert target.stat().st_ino == inode
    assert (staged / "meta.js").read_text(encoding="utf-8") == "old"  # exchanged, not moved
    swap_folder(staged, target, inode)  # done already (a journal completed again): nothing
    assert (target / "meta.js").read_text(encoding="utf-8") == "new"
    shutil.rmtree(target)
    swap_folder(staged, target, staged.stat().st_ino)  # no folder there: renamed in
    assert (target / "meta.js").read_text(encoding="utf-8") == "old" and not staged.exists()
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(target)
    target.symlink_to(outside)  # a link where the folder goes is replaced, never followed
    staged.mkdir()
    swap_folder(staged, target, staged.stat().st_ino)
    assert target.is_dir() and not target.is_symlink() and outside.is_dir()
