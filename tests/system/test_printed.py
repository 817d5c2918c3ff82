"""What faqc prints is its own lines: text from input (a file name, a card name, a title) is
shown with its control characters escaped (``\\x1b``, ``\\x07``, ``\\n``), so that it can neither
forge a second line nor drive the terminal (issue 37).

Every line goes out through one function, ``compiler.core.errors.say``; a source scan keeps it
so (search results, which set words in bold, escape their texts themselves).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from compiler.core.errors import printable

HERE = Path(__file__).resolve().parents[1]
PACKAGE = HERE.parent / "compiler"
FAQC = Path(sys.executable).parent / "faqc"
CHK = HERE / "fixtures" / "site-corpus" / "01_champions.txt"

GOOD = "good\x1b[2K\x07\nfake: error: forged.txt"
BAD = "bad\x1b[31m\x07\nx.txt"
FIFO = "fifo\x1b]0;title\x07.txt"
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""A control character of a line (but the newline ending it, and a tab)."""


def sources(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / GOOD).write_bytes(CHK.read_bytes())
    (folder / BAD).write_bytes(b"\x00\x01\x02binary")
    os.mkfifo(folder / FIFO)
    return folder


def faqc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(FAQC), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_printable_shows_control_characters_escaped():
    assert printable(BAD) == "bad\\x1b[31m\\x07\\nx.txt"
    assert printable("a\tb\rc\x7f\x9b\u2028d") == "a\\tb\\rc\\x7f\\x9b\\u2028d"
    assert printable("plain, 日本語, café, \\x41") == "plain, 日本語, café, \\x41"
    assert printable(printable(BAD)) == printable(BAD)


def test_a_file_name_with_control_characters_cannot_forge_a_line(tmp_path):
    folder = sources(tmp_path)
    (tmp_path / "src2").mkdir()
    (tmp_path / "src2" / GOOD).write_bytes(CHK.read_bytes())
    runs = [faqc("-q", "build", "--sources", "src", "--out", "site", cwd=tmp_path),
            faqc("normalize", f"src/{BAD}", f"src/{GOOD}", "--out-dir", "faqs", cwd=tmp_path),
            subprocess.run([sys.executable, "-m", "compiler.cli.sync", "sync", "src2", "--out-dir",
                            "synced", "--stamp", "st/stamp"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=120),
            faqc("-v", "normalize", f"src/{GOOD}", "--out-dir", "faqs2", cwd=tmp_path),
            faqc("build", "--sources", f"no\x1b[2Jsuch\n", cwd=tmp_path)]
    printed = "".join(done.stderr + done.stdout for done in runs)
    assert not RAW.search(printed), repr(printed)
    lines = printed.splitlines()
    assert not [line for line in lines if line.startswith("fake: error")]
    assert "src/bad\\x1b[31m\\x07\\nx.txt:1: error: binary data (NUL byte): not a text file" in lines
    assert "Error: src/bad\\x1b[31m\\x07\\nx.txt:1: error: binary data (NUL byte): not a text file" \
        not in lines  # said once, by the verb that read it, as before
    assert "src/fifo\\x1b]0;title\\x07.txt: warning: is a FIFO, not a file: not read " \
           "[source.skipped]" in lines
    assert "normalize: src2/good\\x1b[2K\\x07\\nfake: error: forged.txt -> synced/chk-en.yaml " \
           "(wrote)" in lines
    assert "src/good\\x1b[2K\\x07\\nfake: error: forged.txt -> faqs2/chk-en.yaml (wrote, layout " \
           "en-lines)" in lines
    assert "Error: no\\x1b[2Jsuch\\n: error: no such directory" in lines
    assert folder.is_dir()


def test_every_line_faqc_prints_goes_through_say():
    """Only ``say`` writes lines (and the entry point's constant ``faqc: interrupted``, written
    before click is loaded); search results style their words and escape their texts; click's
    own errors are shown by click, their message escaped first."""
    allowed = {"core/errors.py", "__main__.py", "cli/search.py"}
    shown = {"cli/__init__.py: exc.show()"}
    writers = re.compile(r"\bclick\.echo\(|\bprint\(|\bsys\.std(err|out)\.write\(|\.show\(")
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if writers.search(line.split("#")[0]) and name not in allowed:
                found.append(f"{name}:{number}: {line.strip()}")
    assert [line for line in found if line.split(":", 2)[0] + ":" + line.split(":", 2)[2]
            not in shown] == []
    assert len(found) == len(shown)
