"""The resident build of ``faqc serve --watch`` (issue 39, 3): the documents of one build kept
in memory for the next, never decoded again; what it writes is byte for byte a clean build's,
and a failure of its own falls back to a build from the disk."""
from __future__ import annotations

import shutil

import pytest

from compiler import build
from compiler.incremental import read
from compiler.render.env import templates_dir
from compiler.serve import SiteWatcher
from tests.incremental.test_incremental import (CORPUS, RULES, clean_build, contents, new_faq,
                                                snapshot)


@pytest.fixture
def watcher(tmp_path) -> SiteWatcher:
    """A watcher of a copy of the site corpus, its first build made (and its documents kept)."""
    shutil.copytree(CORPUS, tmp_path / "sources")
    lines: list[str] = []
    watcher = SiteWatcher(tmp_path / "sources", tmp_path / "site", templates_dir(), RULES,
                          jobs=1, say=lines.append, shout=lines.append)
    watcher.lines = lines
    assert watcher.rebuild("first build").mode == "full"
    return watcher


def edit(watcher: SiteWatcher, old: str, new: str) -> None:
    source = watcher.sources / "01_champions.txt"
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_resident_builds_decode_nothing_and_equal_a_clean_build(watcher, monkeypatch):
    assert len(watcher.kept) == 3  # the first build's documents, by content key
    def no_decoding(root, key):
        raise AssertionError(f"{key} decoded from the disk")
    monkeypatch.setattr(read, "cached_document", no_decoding)
    edit(watcher, "even if you don't use its ability", "even when you don't use its ability")
    edited = watcher.rebuild("edit")
    assert edited is not None and edited.mode == "incremental" and edited.read.changed == ["chk-en"]
    (watcher.sources / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    added = watcher.rebuild("add")
    assert added is not None and added.read.added == ["qaah-en"] and len(watcher.kept) == 4
    (watcher.sources / "03_horizons_release_notes.txt").unlink()
    removed = watcher.rebuild("remove")
    assert removed is not None and removed.read.removed == ["mh3-en"] and len(watcher.kept) == 3
    assert not [line for line in watcher.lines if "error" in line or "disk" in line]
    site = contents(snapshot(watcher.site))
    assert site == clean_build(watcher.site.parent)


def test_a_failed_resident_build_builds_again_from_the_disk(watcher, monkeypatch):
    collect, failed = build.collect, []
    def fails_once(documents):
        if not failed:
            failed.append(True)
            raise RuntimeError("a fault of the resident build")
        return collect(documents)
    monkeypatch.setattr(build, "collect", fails_once)
    decoded = []
    cached_document = read.cached_document
    monkeypatch.setattr(read, "cached_document", lambda root, key: decoded.append(key) or
                        cached_document(root, key))
    edit(watcher, "even if you don't use its ability", "even when you don't use its ability")
    result = watcher.rebuild("edit")
    assert result is not None and result.mode == "incremental" and failed
    assert len(decoded) == 2  # the unchanged documents, from the disk
    assert any("internal error" in line and "a fault of the resident build" in line
               for line in watcher.lines)
    assert "serve: the resident build failed; building from the disk" in watcher.lines
    assert contents(snapshot(watcher.site)) == clean_build(watcher.site.parent)


def test_the_input_s_errors_are_not_built_again(watcher, monkeypatch):
    """A source that cannot be read fails the same way from the disk: said once."""
    calls = []
    build_site = build.build_site
    monkeypatch.setattr("compiler.serve.watch.build_site",
                        lambda *a, **k: calls.append(1) or build_site(*a, **k))
    for source in watcher.sources.iterdir():
        source.write_bytes(b"\x00\x01 not a text")
    assert watcher.rebuild("broken") is None
    assert len(calls) == 1
