"""``parallel.aside``: a function run in a forked process beside this one's work (an incremental
build indexes beside its page writing), its result or its error handed back, and the process
never outliving the block that started it."""
from __future__ import annotations

import errno
import os
import signal
import time
from pathlib import Path

import pytest

from compiler import parallel
from compiler.errors import FaqcError, SourceError


def wait_for(path: Path, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} never came"
        time.sleep(0.01)
    time.sleep(0.05)  # written whole
    return path.read_text()


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (no such process, or a zombie left to be reaped)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return status.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def test_the_result_comes_from_another_process_whole():
    big = bytes(range(256)) * 40_000  # 10 MB: far more than a pipe holds
    with parallel.aside(lambda: (os.getpid(), big)) as result:
        pid, data = result()
    assert pid != os.getpid() and data == big
    assert gone(pid)


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


def test_ctrl_c_is_the_parents_alone(tmp_path):
    """The process ignores SIGINT (a terminal sends it to the whole group): the parent's
    KeyboardInterrupt stops it instead."""
    def run():
        (tmp_path / "pid").write_text(str(os.getpid()))
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
            (folder / f"worker-{item}").write_text(str(os.getpid()))
            time.sleep(60)
            (folder / f"done-{item}").write_text("")
        return items
    return run


def test_a_block_that_fails_stops_the_process_and_its_workers_first(tmp_path):
    """An error (or Ctrl-C) in the block stops the process before going on: its own pool is
    let go (SIGTERM unwinds it as Ctrl-C unwinds a build), nothing of it is left running to
    write into a folder the parent removes next."""
    def run():
        (tmp_path / "pid").write_text(str(os.getpid()))
        return list(parallel.map_chunks(slow_item(tmp_path), [1, 2], jobs=2, chunk=1,
                                        min_items=1))
    started = time.monotonic()
    with pytest.raises(KeyError):
        with parallel.aside(run):
            pid = int(wait_for(tmp_path / "pid"))
            workers = [int(wait_for(tmp_path / f"worker-{n}")) for n in (1, 2)]
            raise KeyError("the pages failed")
    assert time.monotonic() - started < 30
    assert gone(pid) and all(gone(worker) for worker in workers) and pid not in workers
    assert not list(tmp_path.glob("done-*"))
