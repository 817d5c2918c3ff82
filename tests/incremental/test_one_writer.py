"""One writer at a time: builds and bundles of one site never mix, and only bytes decide.

A second ``faqc build`` (or ``faqc bundle``) of a site that a build is writing waits for it,
saying once which process it waits for; what the build carries over from the published site,
and whether it has anything to do, is decided by each file's SHA-256, never by its size.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from compiler.incremental.state import packed, unpacked
from compiler.runtime.lock import hold_lock, lock_path
from tests.site_files import manifest

HERE = Path(__file__).resolve().parents[1]
FAQC = Path(sys.executable).parent / "faqc"
CORPUS = HERE / "fixtures" / "site-corpus"


def start(*args: str, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([str(FAQC), "-q", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_second_build_waits_for_the_first_and_says_for_whom(tmp_path):
    sources = tmp_path / "sources"
    shutil.copytree(CORPUS, sources)
    site = tmp_path / "site"
    build_site(sources, site, Diagnostics(), jobs=1)
    first = sorted(sources.iterdir())[0]
    first.write_bytes(first.read_bytes() + b"\n* A ruling added while another build ran.\n")
    with hold_lock(site, "build"):
        waiting = start("build", "--sources", str(sources), "--out", str(site), cwd=tmp_path)
        line = waiting.stderr.readline()
        assert line == f"faqc: {site}: waiting for faqc build (process {os.getpid()}), " \
                       f"which is writing it\n"
        assert waiting.poll() is None and lock_path(site).is_file()
    _out, err = waiting.communicate(timeout=120)
    assert waiting.returncode == 0, err
    clean = tmp_path / "clean"
    build_site(sources, clean, Diagnostics(), jobs=1)
    assert manifest(site) == manifest(clean)


def test_a_bundle_waits_for_the_build_under_way(tmp_path):
    site = tmp_path / "site"
    build_site(CORPUS, site, Diagnostics(), jobs=1)
    zipped = tmp_path / "site.zip"
    with hold_lock(site, "build"):
        waiting = start("bundle", "--site", str(site), "--out", str(zipped), cwd=tmp_path)
        assert "waiting for faqc build" in waiting.stderr.readline()
        assert not zipped.exists()
    _out, err = waiting.communicate(timeout=120)
    assert waiting.returncode == 0, err
    assert zipfile.ZipFile(zipped).testzip() is None


def test_a_site_file_changed_with_its_size_kept_is_written_again(tmp_path):
    site = tmp_path / "site"
    build_site(CORPUS, site, Diagnostics(), jobs=1)
    built = manifest(site)
    page = sorted((site / "docs").glob("*.html"))[0]
    text = page.read_bytes()
    page.write_bytes(text.replace(b"<title>", b"<TITLE>", 1))  # same size, other bytes
    assert len(page.read_bytes()) == len(text) and page.read_bytes() != text
    result = build_site(CORPUS, site, Diagnostics(), jobs=1)
    assert result.mode == "incremental" and result.written == 1
    assert manifest(site) == built


def test_a_killed_builds_leftovers_are_removed_and_a_lost_site_put_back(tmp_path):
    site = tmp_path / "site"
    build_site(CORPUS, site, Diagnostics(), jobs=1)
    built = manifest(site)
    (tmp_path / ".site.staging-99999999-abc").mkdir()          # a build killed while writing
    (tmp_path / ".site.staging-99999999-abc" / "index.html").write_text("half")
    site.rename(tmp_path / ".site.old-xyz")                     # killed between the renames
    result = build_site(CORPUS, site, Diagnostics(), jobs=1)
    assert result.mode == "unchanged" and manifest(site) == built
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def _other_words_same_size(blob: bytes) -> bytes:
    """Return a cached document (gzipped JSON) with the first letter of a word of its prose
    (one after a space: no JSON key has one) made upper case, gzipped to the size it had: the
    first such change whose gzip has that size."""
    text = unpacked(blob)
    for at in (n + 1 for n in range(len(text) - 1) if text[n] == 0x20):
        if 0x61 <= text[at] <= 0x7A:
            changed = packed(text[:at] + text[at:at + 1].upper() + text[at + 1:])
            if len(changed) == len(blob):
                return changed
    raise AssertionError("no change of one letter keeps the cached document's size")


def test_a_cached_document_changed_with_its_size_kept_is_not_used(tmp_path):
    sources = tmp_path / "sources"
    shutil.copytree(CORPUS, sources)
    site = tmp_path / "site"
    build_site(sources, site, Diagnostics(), jobs=1)
    tampered = 0
    for cache in (site / ".faqc" / "documents").iterdir():
        blob = cache.read_bytes()
        if b"the " in unpacked(blob):  # the English documents (the last source among them)
            cache.write_bytes(_other_words_same_size(blob))
            tampered += 1
    last = sorted(sources.iterdir())[-1]
    last.write_bytes(last.read_bytes() + b"\n* One more ruling.\n")
    result = build_site(sources, site, Diagnostics(), jobs=1)
    assert tampered == 2 and result.mode == "incremental"
    assert result.read.parsed == 2  # the changed source and the other one tampered with
    clean = tmp_path / "clean"
    build_site(sources, clean, Diagnostics(), jobs=1)
    assert manifest(site) == manifest(clean)


def test_ctrl_c_while_taking_the_lock_leaves_no_lock_file(tmp_path, monkeypatch):
    """A Ctrl-C that lands just after the lock file is made (the window ``faqc serve --watch``
    once hit: its Ctrl-C test then found ``.site.lock`` left) removes the file it made. A real
    signal cannot be aimed at that instant, so the interrupt is raised by the first ``flock``."""
    import compiler.runtime.lock as lock
    real, calls = lock.fcntl.flock, []

    def interrupted(fd, mode):
        calls.append(mode)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(fd, mode)
    monkeypatch.setattr(lock.fcntl, "flock", interrupted)
    site = tmp_path / "site"
    with pytest.raises(KeyboardInterrupt):
        with hold_lock(site, "build"):
            raise AssertionError("the lock was not to be had")
    assert not lock_path(site).exists() and len(calls) == 2


def test_a_waiter_stopped_by_ctrl_c_leaves_the_holders_lock_file(tmp_path):
    """A second build waiting for the lock and stopped by a real Ctrl-C (SIGINT) goes, and the
    lock file stays for the build that holds it, which removes it as it lets go."""
    sources = tmp_path / "sources"
    shutil.copytree(CORPUS, sources)
    site = tmp_path / "site"
    with hold_lock(site, "build"):
        waiting = start("build", "--sources", str(sources), "--out", str(site), cwd=tmp_path)
        assert "waiting for faqc build" in waiting.stderr.readline()
        waiting.send_signal(signal.SIGINT)
        _out, err = waiting.communicate(timeout=60)
        assert waiting.returncode == 130 and err.strip() == "faqc: interrupted", err
        assert lock_path(site).is_file()
    assert not lock_path(site).exists()
