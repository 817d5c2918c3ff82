"""Only regular files are read from a sources folder; everything else is named in a warning.

A FIFO would block a reader until some writer came (for ever, in a folder no one writes
to): it is never opened, in a folder or named on the command line.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.core.errors import Diagnostics
from compiler.files.sources import discover_sources

HERE = Path(__file__).resolve().parents[1]
FAQC = Path(sys.executable).parent / "faqc"
CHK = HERE / "fixtures" / "site-corpus" / "01_champions.txt"
NOTES = HERE.parent.parent / "shared" / "corpus" / "release-notes"
C16 = "commander-2016-edition-release-notes-2016-10-28.md"
"""A real release notes page as the publisher's site gives it (Markdown), read from ../shared."""


def hostile_folder(root: Path) -> Path:
    """A folder with one good source and one of every thing that is not one."""
    folder = root / "sources"
    folder.mkdir()
    shutil.copy(CHK, folder / "good.txt")
    os.mkfifo(folder / "pipe.txt")
    (folder / "folder.txt").mkdir()
    (folder / "dangling.txt").symlink_to(folder / "nowhere")
    (folder / "loop.txt").symlink_to(folder / "loop.txt")
    shutil.copy(CHK, folder / "UPPER.TXT")
    shutil.copy(CHK, folder / "UPPER.MD")
    shutil.copy(CHK, os.fsdecode(os.fsencode(folder) + b"/latin-\xe9.txt"))
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(folder / "sock.txt"))
    (folder / "link.txt").symlink_to(folder / "good.txt")   # a link to a file is read
    (folder / "notes.html").write_text("not a source")       # another suffix: not looked at
    return folder


def test_only_regular_files_are_read_and_the_rest_is_named(tmp_path):
    folder = hostile_folder(tmp_path)
    diags = Diagnostics()
    assert [p.name for p in discover_sources(folder, diags)] == ["good.txt", "link.txt"]
    lines = [d.format().replace(f"{folder}/", "") for d in diags.sorted()]
    assert lines == [
        "UPPER.MD: warning: named .MD, not .txt or .md: not read [source.skipped]",
        "UPPER.TXT: warning: named .TXT, not .txt or .md: not read [source.skipped]",
        "dangling.txt: warning: dangling symbolic link: not read [source.skipped]",
        "folder.txt: warning: is a directory, not a file: not read [source.skipped]",
        "latin-\\xe9.txt: warning: file name is not UTF-8: not read [source.skipped]",
        "loop.txt: warning: symbolic link loop: not read [source.skipped]",
        "pipe.txt: warning: is a FIFO, not a file: not read [source.skipped]",
        "sock.txt: warning: is a socket, not a file: not read [source.skipped]",
    ]


def test_normalize_and_build_of_such_a_folder_never_hang(tmp_path):
    folder = hostile_folder(tmp_path)
    (folder / "link.txt").unlink()  # the same document twice is another test's matter
    for args in (["normalize", str(folder), "--out-dir", str(tmp_path / "faqs")],
                 ["build", "--sources", str(folder), "--out", str(tmp_path / "site")]):
        done = subprocess.run([str(FAQC), *args], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        assert "pipe.txt: warning: is a FIFO, not a file: not read [source.skipped]" in done.stderr
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr


def test_a_fifo_named_on_the_command_line_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    done = subprocess.run([str(FAQC), "normalize", str(fifo), "--out-dir", str(tmp_path / "faqs")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == f"{fifo}: error: is a FIFO, not a file; not read"


@pytest.mark.skipif(not (NOTES / C16).is_file(), reason="../shared/corpus is not beside the project")
def test_markdown_sources_are_read_by_normalize_build_and_make(tmp_path):
    """Issue 12: a ``.md`` source (a capture of the publisher's page) is a source like a
    ``.txt`` one, for ``faqc normalize`` of a folder, ``faqc build`` and ``make``'s sync."""
    folder = tmp_path / "sources"
    folder.mkdir()
    shutil.copy(CHK, folder / "01_champions.txt")
    shutil.copy(NOTES / C16, folder / C16)
    assert [p.name for p in discover_sources(folder)] == ["01_champions.txt", C16]
    runs = {"normalize": [str(FAQC), "normalize", str(folder), "--out-dir", str(tmp_path / "faqs")],
            "build": [str(FAQC), "build", "--sources", str(folder), "--out", str(tmp_path / "site")],
            "make": [sys.executable, "-m", "compiler.cli.sync", "sync", str(folder),
                     "--out-dir", str(tmp_path / "synced"), "--stamp", str(tmp_path / "stamp")]}
    for name, args in runs.items():
        done = subprocess.run(args, cwd=HERE.parent, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (name, done.stderr)
    for out in ("faqs", "synced"):
        assert sorted(p.name for p in (tmp_path / out).glob("*.yaml")) == ["c16-en.yaml", "chk-en.yaml"]
    assert f"source: {{file: {C16}, sha256: " in (tmp_path / "faqs" / "c16-en.yaml").read_text(encoding="utf-8")
    site = tmp_path / "site"
    assert (site / "docs" / "c16-en.html").is_file()
    card = (site / "cards" / "duelists-heritage.html").read_text(encoding="utf-8")
    assert "Duelist’s Heritage" in card or "Duelist's Heritage" in card
