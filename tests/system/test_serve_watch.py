"""``faqc serve --watch``: a change to a source, template or rule text is served after a rebuild.

Everything here is real: a server on 127.0.0.1 (port 0), builds of a copy of the small site
corpus, files edited on disk, pages fetched over HTTP. The watcher polls every 0.1 s here
(1 s in the command); every wait is bounded.
"""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from compiler.render.env import templates_dir
from compiler.serve import LiveReload, SiteWatcher, describe_changes, make_server, serve_site
from compiler.serve.live import TAG
from tests.incremental.test_incremental import CORPUS, RULES, new_faq

ROOT = Path(__file__).resolve().parents[2]
FAQC = ROOT / ".venv" / "bin" / "faqc"
WAIT = 30.0
"""Seconds any wait may last before the test fails (a rebuild of this corpus takes under 1 s)."""
CHAMPIONS_DOC = "/docs/chk-en.html"
RELOAD_TAG = TAG.decode()


def get(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read().decode("utf-8", "replace")
    finally:
        conn.close()


def wait_until(check, what: str, seconds: float = WAIT):
    """Return the first true value of ``check()``, polled until ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"waited {seconds:.0f}s for {what}")


def rename_card(source: Path) -> None:
    """Rename Budoka Gardener to Budoka Farmer in a source."""
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("Budoka Gardener", "Budoka Farmer"), encoding="utf-8")


def leftovers(site: Path) -> list[str]:
    """Return the staging and old-site folders left beside ``site``."""
    return sorted(p.name for p in site.parent.iterdir() if p.name.startswith(f".{site.name}."))


class Serving:
    """A watching server on a copy of the corpus; ``lines`` holds everything it printed."""

    def __init__(self, tmp_path: Path, live: LiveReload | None = None):
        self.sources, self.site = tmp_path / "sources", tmp_path / "site"
        self.templates = tmp_path / "templates"
        shutil.copytree(CORPUS, self.sources)
        shutil.copytree(templates_dir(), self.templates)
        self.lines: list[str] = []
        self.watcher = SiteWatcher(self.sources, self.site, self.templates, RULES, jobs=1,
                                   say=self.lines.append, shout=self.lines.append, interval=0.1,
                                   live=live)
        assert self.watcher.rebuild("first build") is not None
        self.server = make_server(self.site, "127.0.0.1", 0, live=live)
        self.port = self.server.server_address[1]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=serve_site,
                                       args=(self.server, self.watcher, self.stop))
        self.thread.start()

    def get(self, path: str) -> tuple[int, str]:
        return get(self.port, path)

    def rebuilt(self, count: int) -> list[str]:
        """Wait for the ``count``-th rebuild line after the first build; return the lines since."""
        wait_until(lambda: len(self.rebuilds()) >= count, f"rebuild {count}")
        return self.lines

    def rebuilds(self) -> list[str]:
        return [line for line in self.lines if re.match(r"serve: (?!first build)", line)]

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=WAIT)


@pytest.fixture
def serving(tmp_path):
    serving = Serving(tmp_path)
    yield serving
    serving.close()


def test_an_edited_source_is_served_after_the_rebuild(serving):
    status, before = serving.get(CHAMPIONS_DOC)
    assert status == 200 and "Budoka Gardener" in before and "Budoka Farmer" not in before
    rename_card(serving.sources / "01_champions.txt")
    source = serving.sources / "01_champions.txt"
    wait_until(lambda: "Budoka Farmer" in serving.get(CHAMPIONS_DOC)[1], "the edited page")
    line = serving.rebuilt(1)[-1]
    assert re.fullmatch(rf"serve: {re.escape(str(source))} changed: \d+ of \d+ page\(s\) written, "
                        r"\d+ removed \(incremental\) in \d+\.\ds", line), line
    assert serving.get("/cards/budoka-farmer.html")[0] == 200


def test_a_new_source_gets_its_pages(serving):
    assert serving.get("/docs/qaah-en.html")[0] == 404
    (serving.sources / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    wait_until(lambda: serving.get("/docs/qaah-en.html")[0] == 200, "the new document's page")
    assert "qaah-en.html" in serving.get("/docs/index.html")[1]
    assert f"{serving.sources / '04_new.txt'} added" in serving.rebuilt(1)[-1]


def test_a_broken_source_is_one_error_line_and_the_site_stays(serving):
    _, home = serving.get("/")
    _, doc = serving.get(CHAMPIONS_DOC)
    junk = serving.sources / "05_junk.txt"
    junk.write_bytes(b"\x00\x01\x02\xff\xfe binary junk \x00" * 20)
    lines = serving.rebuilt(1)
    errors = [line for line in lines if "error" in line]
    assert errors == [f"{junk}:1: error: binary data (NUL byte): not a text file"], lines
    assert not any("Traceback" in line for line in lines)
    assert serving.get("/") == (200, home) and serving.get(CHAMPIONS_DOC) == (200, doc)
    junk.write_text(new_faq(), encoding="utf-8")                 # fixed: it builds
    serving.rebuilt(2)
    wait_until(lambda: serving.get("/docs/qaah-en.html")[0] == 200, "the fixed source's page")
    assert "error" not in serving.rebuilds()[-1]


def test_a_broken_template_keeps_the_previous_site_until_fixed(serving):
    _, before = serving.get(CHAMPIONS_DOC)
    footer = serving.templates / "partials" / "footer.html"
    good = footer.read_text(encoding="utf-8")
    footer.write_text(good + "{% if %}\n", encoding="utf-8")
    lines = serving.rebuilt(1)
    error = [line for line in lines if "error" in line]
    assert len(error) == 1 and error[0].startswith(f"{footer}:") and ": error: " in error[0], lines
    assert lines[-1].endswith("the build failed; still serving the previous site")
    assert serving.get(CHAMPIONS_DOC) == (200, before) and leftovers(serving.site) == []
    footer.write_text(good.replace("</footer>", "<p>watched</p></footer>"), encoding="utf-8")
    wait_until(lambda: "<p>watched</p>" in serving.get(CHAMPIONS_DOC)[1], "the fixed template")
    assert "(full build: the compiler, templates or rules changed)" in serving.rebuilt(2)[-1]


def test_stopping_leaves_no_thread_or_temporary_folder(tmp_path):
    serving = Serving(tmp_path)
    (serving.sources / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    serving.rebuilt(1)
    serving.close()
    assert not serving.thread.is_alive()
    assert not [t for t in threading.enumerate() if t.name == "faqc-serve"]
    assert leftovers(serving.site) == []
    with pytest.raises(OSError):
        get(serving.port, "/")


def test_the_server_reads_the_site_swapped_in_by_a_build(tmp_path):
    shutil.copytree(CORPUS, tmp_path / "sources")
    site = tmp_path / "site"
    build_site(tmp_path / "sources", site, Diagnostics(), rules=RULES)
    server = make_server(site, "127.0.0.1", 0)
    port = server.server_address[1]
    stop = threading.Event()
    thread = threading.Thread(target=serve_site, args=(server, None, stop))
    thread.start()
    try:
        first_inode = site.stat().st_ino
        assert "Budoka Gardener" in get(port, CHAMPIONS_DOC)[1]
        rename_card(tmp_path / "sources" / "01_champions.txt")
        build_site(tmp_path / "sources", site, Diagnostics(), rules=RULES)
        assert site.stat().st_ino == first_inode   # incremental: its files moved into the site
        assert "Budoka Farmer" in get(port, CHAMPIONS_DOC)[1]
        (tmp_path / "sources" / "01_champions.txt").write_text(
            (tmp_path / "sources" / "01_champions.txt").read_text(encoding="utf-8").replace(
                "Budoka Farmer", "Budoka Tiller"), encoding="utf-8")
        build_site(tmp_path / "sources", site, Diagnostics(), rules=RULES, full=True)
        assert site.stat().st_ino != first_inode                  # a new folder, by rename
        assert "Budoka Tiller" in get(port, CHAMPIONS_DOC)[1]
        # A request between the two renames of a swap waits for the new folder.
        site.rename(tmp_path / "away")
        threading.Timer(0.3, lambda: (tmp_path / "away").rename(site)).start()
        assert get(port, "/")[0] == 200
    finally:
        stop.set()
        thread.join(timeout=WAIT)


def test_watched_files_are_what_a_build_reads(tmp_path):
    sources, templates, rules = tmp_path / "s", tmp_path / "t", tmp_path / "r"
    for folder in (sources, templates / "assets", rules):
        folder.mkdir(parents=True)
    for name in ("s/a.txt", "s/notes.md", "s/notes.html", "t/base.html", "t/assets/site.css", "t/.base.html.swp",
                 "t/base.html~", "r/CR.txt", "r/cr.yaml"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    watcher = SiteWatcher(sources, tmp_path / "site", templates, rules)
    assert sorted(Path(name).relative_to(tmp_path).as_posix() for name in watcher.watched_files()) \
        == ["r/CR.txt", "s/a.txt", "s/notes.md", "t/assets/site.css", "t/base.html"]


def test_describe_changes_names_a_few_files():
    before = {"a": (1, 1, 1), "b": (1, 1, 1), "c": (1, 1, 1)}
    after = {"a": (2, 1, 1), "c": (1, 1, 1), "d": (1, 1, 1)}
    assert describe_changes(before, after) == "d added, a changed, b removed"
    many = {name: (1, 1, 1) for name in "defgh"}
    assert describe_changes({}, many) == "d added, e added, f added and 2 more"


def ctrl_c(proc: subprocess.Popen) -> int:
    """Send SIGINT to the command's process group, as a terminal's Ctrl-C does; return its exit
    code once every process of the group is gone."""
    os.killpg(proc.pid, signal.SIGINT)
    code = proc.wait(timeout=WAIT)
    wait_until(lambda: not group_alive(proc.pid), "the processes of the command to end")
    return code


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def start_command(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, int, list[str]]:
    """Start ``faqc serve --watch`` on a copy of the corpus; return it, its port and its stderr
    lines (read on a thread as they come)."""
    if not (tmp_path / "sources").exists():
        shutil.copytree(CORPUS, tmp_path / "sources")
    proc = subprocess.Popen(
        [str(FAQC), "serve", "--watch", "--port", "0", "--sources", "sources",
         "--rules", str(RULES), "--site", "site", *args],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True).start()
    served = wait_until(lambda: next((ln for ln in lines if ln.startswith("serving ")), None),
                        "the server to start")
    return proc, int(re.search(r":(\d+)/", served)[1]), lines


@pytest.mark.skipif(not FAQC.exists(), reason=".venv/bin/faqc is not installed")
def test_the_command_rebuilds_and_stops_on_ctrl_c(tmp_path):
    proc, port, lines = start_command(tmp_path)
    try:
        assert lines[0].startswith("serve: first build: ") and get(port, "/")[0] == 200
        (tmp_path / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
        wait_until(lambda: get(port, "/docs/qaah-en.html")[0] == 200, "the new page")
        wait_until(lambda: any("sources/04_new.txt added" in ln for ln in lines), "its line")
    finally:
        code = ctrl_c(proc)
    time.sleep(0.1)  # the reader thread takes the last lines
    assert (code, lines[-1]) == (0, "stopped\n"), lines
    assert not any("Traceback" in ln or "Process " in ln for ln in lines)
    assert leftovers(tmp_path / "site") == []


@pytest.mark.skipif(not FAQC.exists(), reason=".venv/bin/faqc is not installed")
def test_ctrl_c_during_a_rebuild_keeps_the_previous_site(tmp_path):
    proc, port, lines = start_command(tmp_path)
    try:
        _, before = get(port, CHAMPIONS_DOC)
        for source in (tmp_path / "sources").iterdir():
            source.unlink()
        for seed in sorted((ROOT / "content" / "sources").glob("*.txt")):  # a build of seconds
            shutil.copy(seed, tmp_path / "sources" / seed.name)
        wait_until(lambda: any(".staging-" in name for name in leftovers(tmp_path / "site")),
                   "the rebuild's staging folder")  # not its lock file, made just before
    finally:
        code = ctrl_c(proc)
    time.sleep(0.1)  # the reader thread takes the last lines
    assert (code, lines[-1]) == (
        0, "stopped (the rebuild under way was abandoned; the site is the previous one)\n"), lines
    assert not any("Traceback" in ln or "Process " in ln for ln in lines)
    assert leftovers(tmp_path / "site") == []
    status, after = subprocess_free_get(tmp_path / "site", CHAMPIONS_DOC)
    assert status == 200 and after == before.replace(RELOAD_TAG, "")  # served with the reload


def subprocess_free_get(site: Path, path: str) -> tuple[int, str]:
    """Return what a fresh server on ``site`` answers for ``path``."""
    server = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        return get(server.server_address[1], path)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=WAIT)


@pytest.mark.skipif(not FAQC.exists(), reason=".venv/bin/faqc is not installed")
def test_serve_without_a_site_says_how_to_get_one(tmp_path):
    done = subprocess.run([str(FAQC), "serve", "--site", str(tmp_path / "none")],
                          capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 1
    assert done.stderr.strip().endswith(
        "no built site here (run faqc build first, or faqc serve --watch)")


@pytest.mark.skipif(not FAQC.exists(), reason=".venv/bin/faqc is not installed")
def test_a_first_build_that_fails_with_no_site_exits_with_its_error(tmp_path):
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "junk.txt").write_bytes(b"\x00junk")
    done = subprocess.run([str(FAQC), "serve", "--watch", "--port", "0", "--sources", "sources",
                           "--rules", str(RULES)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=WAIT)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "sources: error: no source could be read; the site is left as it was",
        "serve: first build: the build failed; still serving the previous site",
        "Error: site: error: the first build failed and there is no site to serve"], done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sources"]


@pytest.mark.skipif(not FAQC.exists(), reason=".venv/bin/faqc is not installed")
def test_serve_without_watch_stops_on_ctrl_c(tmp_path):
    build_site(CORPUS, tmp_path / "site", Diagnostics(), rules=RULES)
    proc = subprocess.Popen([str(FAQC), "serve", "--port", "0", "--site", "site"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stderr.readline()
    port = int(re.search(r":(\d+)/ \(Ctrl-C stops\)$", first)[1])
    assert get(port, "/")[0] == 200
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=WAIT) == 0 and proc.stderr.read() == "stopped\n"


def test_pages_get_the_reload_script_only_while_watching(tmp_path):
    serving = Serving(tmp_path, live=LiveReload())
    try:
        status, page = serving.get(CHAMPIONS_DOC)
        assert status == 200 and '<script src="/.faqc-live/reload.js"></script></body>' in page
        assert ".faqc-live" not in (serving.site / CHAMPIONS_DOC[1:]).read_text(encoding="utf-8")
        status, script = serving.get("/.faqc-live/reload.js")
        assert status == 200 and "location.reload()" in script
        first = json.loads(serving.get("/.faqc-live/wait")[1])["generation"]
        rename_card(serving.sources / "01_champions.txt")
        # held until the rebuild publishes, then answered with the next generation
        assert json.loads(serving.get(f"/.faqc-live/wait?since={first}")[1]) == {
            "generation": first + 1}
    finally:
        serving.close()
    plain = make_server(serving.site, "127.0.0.1", 0)
    thread = threading.Thread(target=plain.serve_forever, daemon=True)
    thread.start()
    try:
        assert ".faqc-live" not in get(plain.server_address[1], CHAMPIONS_DOC)[1]
        assert get(plain.server_address[1], "/.faqc-live/reload.js")[0] == 404
    finally:
        plain.shutdown()
        plain.server_close()
