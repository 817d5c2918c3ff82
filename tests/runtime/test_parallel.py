"""``parallel.aside``: a function run in a forked process beside this one's work (an incremental
build indexes beside its page writing), its result or its error handed back, and the process
never outliving the block that started it."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from compiler.core.errors import FaqcError, SourceError
from compiler.runtime import parallel


def wait_for(path: Path, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} never came"
        time.sleep(0.01)
    return path.read_text()


def say(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole (``wait_for`` never reads it half-written)."""
    path.with_suffix(".part").write_text(text)
    path.with_suffix(".part").rename(path)


def gone(pid: int) -> bool:
    """Whether process ``pid`` (not a child of this one) has ended (no such process, or a
    zombie its parent has not reaped)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return status.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def reaped(pid: int) -> bool:
    """Whether this process's child ``pid`` has ended and been waited for (no zombie left)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_the_result_comes_from_another_process_whole():
    big = bytes(range(256)) * 40_000  # 10 MB: far more than a pipe holds
    with parallel.aside(lambda: (os.getpid(), big)) as result:
        pid, data = result()
    assert pid != os.getpid() and data == big
    assert reaped(pid)


def test_not_enabled_it_runs_here_when_the_result_is_asked_for():
    ran = []
    with parallel.aside(lambda: ran.append(os.getpid()) or "done", enabled=False) as result:
        assert ran == []
        assert result() == "done"
    assert ran == [os.getpid()]


def test_the_result_is_taken_once():
    with parallel.aside(lambda: 1) as result:
        assert result() == 1
        with pytest.raises(RuntimeError, match="taken once"):
            result()


def raise_(exc: BaseException):
    def run():
        raise exc
    return run


def test_errors_are_raised_here_as_they_were_raised_there():
    with parallel.aside(raise_(FaqcError("x.txt: error: bad"))) as result:
        with pytest.raises(FaqcError, match=r"^x\.txt: error: bad$"):
            result()
    # an error whose arguments are not its signature comes back as its base, same line
    with parallel.aside(raise_(SourceError("y.txt", "worse", 3))) as result:
        with pytest.raises(FaqcError, match=r"^y\.txt:3: error: worse$"):
            result()
    full = OSError(errno.ENOSPC, "No space left on device", "/site/page.html")
    with parallel.aside(raise_(full)) as result:
        with pytest.raises(OSError) as caught:
            result()
    assert (caught.value.errno, caught.value.filename) == (errno.ENOSPC, "/site/page.html")


def buggy():
    return {}["missing"]


def test_a_bug_there_keeps_its_traceback_in_a_note():
    with parallel.aside(buggy) as result:
        with pytest.raises(KeyError) as caught:
            result()
    notes = "\n".join(getattr(caught.value, "__notes__", []))
    assert "in buggy" in notes and "Traceback" in notes


def test_a_process_killed_says_so():
    with parallel.aside(lambda: os.kill(os.getpid(), signal.SIGKILL)) as result:
        with pytest.raises(ChildProcessError, match="killed by SIGKILL"):
            result()


def test_a_result_that_cannot_be_handed_back_says_so():
    with parallel.aside(lambda: (lambda: 0)) as result:  # a lambda does not pickle
        with pytest.raises(RuntimeError, match="cannot be handed back"):
            result()


def test_ctrl_c_is_the_parents_alone(tmp_path):
    """The process ignores SIGINT (a terminal sends it to the whole group): the parent's
    KeyboardInterrupt stops it instead."""
    def run():
        say(tmp_path / "pid", str(os.getpid()))
        wait_for(tmp_path / "go")
        return 42
    with parallel.aside(run) as result:
        pid = int(wait_for(tmp_path / "pid"))
        os.kill(pid, signal.SIGINT)
        time.sleep(0.2)
        (tmp_path / "go").write_text("")
        assert result() == 42


def slow_item(folder: Path):
    def run(items: list) -> list:
        for item in items:
            say(folder / f"worker-{item}", str(os.getpid()))
            time.sleep(60)
            say(folder / f"done-{item}", "")
        return items
    return run


@pytest.mark.parametrize("error", [KeyError, KeyboardInterrupt])
def test_a_block_that_fails_stops_the_process_and_its_workers_first(tmp_path, capfd, error):
    """An error (or Ctrl-C) in the block stops the process before going on: its own pool is
    let go (SIGTERM unwinds it as Ctrl-C unwinds a build), nothing of it is left running to
    write into a folder the parent removes next, and nothing of it says a word."""
    def run():
        say(tmp_path / "pid", str(os.getpid()))
        return list(parallel.map_chunks(slow_item(tmp_path), [1, 2], jobs=2, chunk=1,
                                        min_items=1))
    started = time.monotonic()
    with pytest.raises(error):
        with parallel.aside(run):
            pid = int(wait_for(tmp_path / "pid"))
            workers = [int(wait_for(tmp_path / f"worker-{n}")) for n in (1, 2)]
            raise error("the pages failed")
    assert time.monotonic() - started < 30
    assert reaped(pid) and all(gone(worker) for worker in workers) and pid not in workers
    assert not list(tmp_path.glob("done-*"))
    time.sleep(0.2)  # a worker's dying words, if any, are out
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Stopped" not in err, err


def test_its_pool_ends_quietly(capfd):
    """The workers of the process's own pool take back SIGTERM's default, so the pool's end
    (``pool.terminate``: SIGTERM) does not raise ``Stopped`` in them."""
    def run():
        return list(parallel.map_chunks(list, list(range(64)), jobs=2, chunk=1, min_items=1))
    for _ in range(4):
        with parallel.aside(run) as result:
            assert result() == list(range(64))
    time.sleep(0.2)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Stopped" not in err, err


SCRIPT = """
import os, sys, time
from pathlib import Path
from compiler.runtime import parallel

folder = Path(sys.argv[1])

def run():
    (folder / "pid.part").write_text(str(os.getpid()))
    (folder / "pid.part").rename(folder / "pid")
    time.sleep(60)
    (folder / "done").write_text("")

with parallel.aside(run) as result:
    result()
"""


def test_the_process_stops_when_its_parent_is_killed(tmp_path):
    """A parent killed (kill -9, the OOM killer) cannot stop the process: it stops itself
    once the parent is gone, not after its whole work."""
    parent = subprocess.Popen([sys.executable, "-c", SCRIPT, str(tmp_path)],
                              cwd=Path(__file__).resolve().parents[2])
    try:
        pid = int(wait_for(tmp_path / "pid"))
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 20
    while not gone(pid):
        assert time.monotonic() < deadline, "the process outlived its parent"
        time.sleep(0.05)
    assert not (tmp_path / "done").exists()
