"""An unlucky machine or a hostile file: every failure one line naming the path, never a traceback.

A full disk and a read-only folder are real: a small tmpfs, mounted in a mount namespace of
the test's own (``unshare``), so nothing outside the test sees it.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from compiler.incremental.state import STATE_FILE
from tests.site_files import manifest

HERE = Path(__file__).resolve().parents[1]
FAQC = Path(sys.executable).parent / "faqc"
CORPUS = HERE / "fixtures" / "site-corpus"
CHK = CORPUS / "01_champions.txt"
UNSHARE = shutil.which("unshare")


def faqc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(FAQC), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def in_small_tmpfs(tmp_path: Path, size: str, script: str) -> subprocess.CompletedProcess:
    """Run the shell ``script`` with a tmpfs of ``size`` at ``$M`` (``$FAQC``, ``$CORPUS`` and
    ``$OUT``, the test's folder, set), in a mount namespace of its own."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    env = {**os.environ, "M": str(mount), "FAQC": str(FAQC), "CORPUS": str(CORPUS),
           "OUT": str(tmp_path)}
    done = subprocess.run([UNSHARE, "-rm", "sh", "-c",
                           f'mount -t tmpfs -o size={size} tmpfs "$M" || exit 99\n{script}'],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    if done.returncode == 99:
        pytest.skip(f"cannot mount a tmpfs in a mount namespace: {done.stderr.strip()}")
    return done


pytestmark_unshare = pytest.mark.skipif(UNSHARE is None, reason="needs unshare (util-linux)")


@pytestmark_unshare
def test_a_full_disk_is_one_line_and_the_site_is_left_as_it_was(tmp_path):
    done = in_small_tmpfs(tmp_path, "1100k", """
        "$FAQC" -q build --sources "$CORPUS" --out "$M/site" || exit 98
        cp -r "$M/site" "$OUT/before"
        "$FAQC" -q build --full --sources "$CORPUS" --out "$M/site"; echo "build exit $?"
        cp -r "$M/site" "$OUT/after"; ls -A "$M"
        mkdir "$M/dist" && dd if=/dev/zero of="$M/fill" bs=1k count=300 2>/dev/null
        "$FAQC" -q bundle --site "$M/site" --out "$M/dist/site.zip"; echo "bundle exit $?"
        ls -A "$M/dist"
    """)
    lines = done.stdout.splitlines()
    assert lines == ["build exit 1", "site", "bundle exit 1", ".site.zip.lock"] or \
        lines == ["build exit 1", "site", "bundle exit 1"], done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        f"Error: {tmp_path}/mnt/site: error: No space left on device; the site is left as it was",
        f"Error: {tmp_path}/mnt/dist/site.zip: error: No space left on device; nothing written"]
    assert manifest(tmp_path / "after") == manifest(tmp_path / "before")


@pytestmark_unshare
def test_a_read_only_folder_is_one_line(tmp_path):
    done = in_small_tmpfs(tmp_path, "4m", """
        "$FAQC" -q build --sources "$CORPUS" --out "$M/site" || exit 98
        mount -o remount,ro "$M" || exit 99
        "$FAQC" -q build --full --sources "$CORPUS" --out "$M/site"; echo "build exit $?"
        "$FAQC" -q bundle --site "$M/site" --out "$OUT/site.zip"; echo "bundle exit $?"
        "$FAQC" -q normalize "$CORPUS" --out-dir "$M/faqs"; echo "normalize exit $?"
    """)
    assert done.stdout.splitlines() == ["build exit 1", "bundle exit 0", "normalize exit 1"], \
        done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        f"Error: {tmp_path}/mnt/.site.lock: error: cannot create the lock file: "
        f"Read-only file system",
        f"Error: {tmp_path}/mnt/.faqs.lock: error: cannot create the lock file: "
        f"Read-only file system"]
    assert (tmp_path / "site.zip").is_file()  # a site no one can write is zipped all the same


def test_a_file_name_that_is_not_utf8_is_one_line(tmp_path):
    bad = os.fsencode(tmp_path) + b"/chk-\xff.txt"
    shutil.copy(CHK, os.fsdecode(bad))
    done = faqc("normalize", os.fsdecode(bad), "--out-dir", str(tmp_path / "faqs"), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == \
        f"{tmp_path}/chk-\\xff.txt: error: file name is not UTF-8 (rename it); not read"
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


def nested_topics(depth: int) -> dict:
    """Return a document whose first section holds topics ``depth`` deep."""
    data = yaml.safe_load((HERE.parent / "content" / "faqs" / "chk-en.yaml").read_text("utf-8"))
    blocks = data["sections"][0]["blocks"]
    for level in range(depth):
        blocks = [{"kind": "topic", "id": f"t{level}", "title": f"Level {level}",
                   "src": [1, 1], "blocks": blocks}]
    data["sections"][0]["blocks"] = blocks
    return data


def test_a_yaml_nested_120_deep_is_refused_before_validation(tmp_path):
    faqs = tmp_path / "faqs"
    faqs.mkdir()
    (faqs / "chk-en.yaml").write_text(yaml.safe_dump(nested_topics(120)), encoding="utf-8")
    done = faqc("check", "--faqs", str(faqs), "--sources", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0].startswith(
        f"{faqs}/chk-en.yaml: error: schema: (top): nested ")
    assert "nested more than the 64 levels allowed" in done.stderr and "Traceback" not in done.stderr


def test_a_search_nested_400_deep_is_one_line(tmp_path):
    build_site(CORPUS, tmp_path / "site", Diagnostics(), jobs=1)
    done = faqc("search", "--site", str(tmp_path / "site"), "(" * 400 + "ninja" + ")" * 400,
                cwd=tmp_path)
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


@pytest.mark.parametrize("damage", [
    ("files", {"index.html": 5}),
    ("kinds", {"card": "many"}),
    ("sources", {"01_champions.txt": {"sha256": 7}}),
    ("sources", {"01_champions.txt": {"sha256": "ab", "warnings": [["", "one", "m", "c"]]}}),
    ("sources", {"01_champions.txt": ["not", "a", "record"]}),
    ("pages", []),
])
def test_a_state_of_the_right_format_with_wrong_fields_makes_a_clean_build(tmp_path, damage):
    site = tmp_path / "site"
    build_site(CORPUS, site, Diagnostics(), jobs=1)
    built = manifest(site)
    state = json.loads((site / STATE_FILE).read_text(encoding="utf-8"))
    state[damage[0]] = damage[1]
    (site / STATE_FILE).write_text(json.dumps(state), encoding="utf-8")
    result = build_site(CORPUS, site, Diagnostics(), jobs=1)
    assert result.mode == "full" and "malformed state" in result.reason, result.reason
    assert manifest(site) == built


def test_temporary_files_of_killed_runs_are_removed_by_the_next(tmp_path):
    faqs, dist = tmp_path / "faqs", tmp_path / "dist"
    faqs.mkdir()
    dist.mkdir()
    (faqs / ".chk-en.yaml.k1ll3d.tmp").write_bytes(b"x" * 1000)   # normalize killed mid-write
    (dist / ".site.zip.k1ll3d.tmp").write_bytes(b"PK")           # bundle killed mid-write
    assert faqc("-q", "normalize", str(CHK), "--out-dir", str(faqs), cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in faqs.iterdir()) == ["chk-en.yaml"]
    build_site(CORPUS, tmp_path / "site", Diagnostics(), jobs=1)
    done = faqc("-q", "bundle", "--site", str(tmp_path / "site"), "--out", str(dist / "site.zip"),
                cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in dist.iterdir()) == ["site.zip"]


def test_normalize_never_replaces_a_yaml_target_that_is_not_a_regular_file(tmp_path):
    """Issue 37: outputs are written only as regular files in their place. A named pipe where
    a YAML goes made normalize hang reading it; a symbolic link was replaced (or its file)."""
    source = CHK
    first = faqc("normalize", str(source), "--out-dir", str(tmp_path / "a"), cwd=tmp_path)
    name = next((tmp_path / "a").glob("*.yaml")).name
    pipe_dir, link_dir = tmp_path / "pipe", tmp_path / "link"
    pipe_dir.mkdir()
    link_dir.mkdir()
    os.mkfifo(pipe_dir / name)
    target = tmp_path / "kept.txt"
    target.write_text("kept\n")
    (link_dir / name).symlink_to(target)
    for out, kind in ((pipe_dir, "a named pipe"), (link_dir, "a symbolic link")):
        run = faqc("normalize", str(source), "--out-dir", str(out), cwd=tmp_path)
        assert first.returncode == 0 and run.returncode == 1, run.stderr
        assert f"cannot write {out / name}: it exists and is not a regular file ({kind})" in run.stderr
        assert "Traceback" not in run.stderr and not list(out.glob(".*.tmp"))
    assert (pipe_dir / name).is_fifo() and (link_dir / name).is_symlink()
    assert target.read_text() == "kept\n"
