"""Run a function over many items in forked worker processes, results in the order given.

The phases that dominate a full build (read, render, index; and linking the CR editions
the cache does not hold, ``cr.identity``) are pure per item, and a
forked worker inherits the inventory, the site and the template environment as they are in
memory: nothing but item keys goes to a worker and results come back. With one worker (one
CPU, a platform without ``fork``, or few items) the function runs in this process, with the
same results.

Ctrl-C is the parent's alone. Workers are forked with SIGINT blocked and then ignore it, so a
Ctrl-C sent to the whole process group (as a terminal does) never kills a worker half-way
through a message or while it holds one of the pool's locks (either can leave the pool's
shutdown waiting for ever); the parent's KeyboardInterrupt ends the workers instead. That
ending is bounded: if the pool's own shutdown has not finished within ``STOP_WAIT`` seconds,
the workers are killed and the parent goes on.

``aside`` runs one function in a forked process while this one goes on with other work (an
incremental build indexes beside its page writing): its result, or what it raised, comes back
through a pipe. The process ignores Ctrl-C as the workers do; the parent stops it (SIGTERM,
which unwinds it as a KeyboardInterrupt would, its own pool let go) and waits for it before
going on, so nothing it does outlives the block that started it. A parent that ends without
stopping it (killed) closes a pipe it watches: it then stops itself. Its other threads (and
its pool's) block SIGTERM, so the signal always interrupts its main thread's wait.
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

CHUNK = 16
"""Items per task handed to a worker."""
MIN_ITEMS = 8
"""Fewer items than this run in this process: forking would cost more than it saves."""
STOP_WAIT = 10.0
"""Seconds the pool's own shutdown may take before its workers are killed."""

_TASK: tuple[Callable, list] | None = None


def cpu_count() -> int:
    """Return the CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(jobs: int | None, items: int, chunk: int = CHUNK,
                 min_items: int | None = None) -> int:
    """Return how many workers to use for ``items`` items handed out ``chunk`` at a time
    (``jobs`` None: one per CPU; fewer than ``min_items`` items, by default ``MIN_ITEMS``:
    none, this process)."""
    if items < (MIN_ITEMS if min_items is None else min_items) \
            or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(jobs or cpu_count(), (items + chunk - 1) // chunk))


def map_chunks(func: Callable[[list], list], items: Sequence, *, jobs: int | None = None,
               advance: Callable[[int], None] | None = None, chunk: int = CHUNK,
               min_items: int | None = None) -> Iterator[Any]:
    """Yield the results of ``func`` over ``items``, called on chunks, in the order of ``items``.

    ``func`` takes a list of items and returns a list of results; ``advance(n)`` is called as
    each chunk of ``n`` items is done. Fewer than ``min_items`` items (``MIN_ITEMS`` if None;
    lower it for items that take seconds each) run in this process.
    """
    chunks = [list(items[i:i + chunk]) for i in range(0, len(items), chunk)]
    workers = worker_count(jobs, len(items), chunk, min_items)
    if workers == 1:
        for part in chunks:
            results = func(part)
            if advance:
                advance(len(part))
            yield from results
        return
    global _TASK
    _TASK = (func, chunks)
    pool = None
    try:
        # the workers (and the pool's threads) start deaf to Ctrl-C, and to SIGTERM until
        # their initializer puts back its default (an ``aside`` process's handler: not theirs);
        # a signal held back meanwhile comes once the pool is known, to be ended
        with _blocked(signal.SIGINT, signal.SIGTERM):
            pool = multiprocessing.get_context("fork").Pool(workers, initializer=_start_worker)
        for number, results in enumerate(pool.imap(_run_chunk, range(len(chunks)))):
            if advance:
                advance(len(chunks[number]))
            yield from results
    finally:
        _TASK = None
        if pool is not None:
            # Ctrl-C held back while the pool ends and is let go: a KeyboardInterrupt raised
            # inside its __del__ would be printed and lost, and the build would go on
            with _sigint_blocked():
                stop_pool(pool)
                pool._cache.clear()  # an unfinished imap in it and the pool: a cycle, freed late
                del pool


@contextmanager
def _blocked(*signums: int) -> Iterator[None]:
    old = signal.pthread_sigmask(signal.SIG_BLOCK, set(signums))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _sigint_blocked():
    return _blocked(signal.SIGINT)


def _start_worker() -> None:
    """Ignore Ctrl-C in a worker (it was forked with SIGINT blocked): the parent handles it.
    Collect the worker's own reference cycles, the parent's collector paused or not, never
    walking what the worker inherited (frozen: kept as forked, shared with the parent)."""
    gc.freeze()
    gc.enable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # pool.terminate ends a worker
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def stop_pool(pool, wait: float | None = None) -> None:
    """Terminate ``pool``'s workers; if its shutdown is not over within ``wait`` seconds (a
    worker ended in mid-message leaves the pool's result thread waiting), kill them and go on."""
    stopper = threading.Thread(target=pool.terminate, name="faqc-pool-stop", daemon=True)
    stopper.start()
    stopper.join(STOP_WAIT if wait is None else wait)
    if stopper.is_alive():
        for process in list(getattr(pool, "_pool", ())):
            if process.exitcode is None:
                process.kill()


def _run_chunk(number: int) -> list:
    assert _TASK is not None
    func, chunks = _TASK
    return func(chunks[number])


class Stopped(BaseException):
    """Raised in an ``aside`` process its parent stops (SIGTERM): unwinds it, its pool let go."""


@contextmanager
def aside(func: Callable[[], Any], enabled: bool = True) -> Iterator[Callable[[], Any]]:
    """Run ``func()`` in a forked process while the block runs; yield ``result()``, which waits
    for it and returns what it returned (pickled) or raises what it raised. If the block ends
    without taking the result (an error, Ctrl-C), the process is stopped and waited for first.
    Not ``enabled`` (or without ``fork``), ``result()`` runs ``func()`` here, then."""
    if not enabled or "fork" not in multiprocessing.get_all_start_methods():
        yield func
        return
    running = None
    try:
        with _sigint_blocked():  # a Ctrl-C comes once the process is known, to be stopped
            running = _Aside(func)
        yield running.result
    finally:
        if running is not None:
            running.stop()


class _Aside:
    """One ``aside`` process: its pid, the pipe its outcome comes through, and the pipe whose
    end (this process's, however it ends) tells it to stop."""

    def __init__(self, func: Callable[[], Any]) -> None:
        read, write = os.pipe()
        alive, alive_end = os.pipe()
        try:
            pid = os.fork()  # SIGINT blocked: the process starts deaf to Ctrl-C, as workers do
        except BaseException:
            for fd in (read, write, alive, alive_end):
                os.close(fd)
            raise
        if pid == 0:  # never returns: nothing of the parent's stack runs here
            os.close(read)
            os.close(alive_end)
            _run_aside(func, write, alive)
        os.close(write)
        os.close(alive)
        self.pid, self.fd, self.alive, self.done = pid, read, alive_end, False

    def result(self) -> Any:
        if self.done:
            raise RuntimeError("the result of an aside process is taken once")
        chunks = []
        while chunk := os.read(self.fd, 1 << 20):
            chunks.append(chunk)
        _, status = os.waitpid(self.pid, 0)
        self.done = True
        self._close()
        if status != 0 or not chunks:
            # killed (the OOM killer, kill -9) before it could say all, or it could not
            raise ChildProcessError(
                f"a build process (pid {self.pid}) ended without its result: "
                + (f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
                   if os.WIFSIGNALED(status) else
                   f"exit status {os.waitstatus_to_exitcode(status)}"))
        ok, value = pickle.loads(b"".join(chunks))
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """Stop the process unless its result was taken; wait for it (``STOP_WAIT`` for its
        pool's shutdown and as long again for its own, then kill it), Ctrl-C held back."""
        if self.done:
            return
        self.done = True
        with _sigint_blocked():
            try:
                os.write(self.alive, b"s")  # "stopped by the parent": not gone
            except OSError:  # the process has ended already
                pass
            self._close()  # a result being written now fails, and the process exits
            try:
                os.kill(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            deadline = time.monotonic() + 2 * STOP_WAIT
            try:
                while not os.waitpid(self.pid, os.WNOHANG)[0]:
                    if time.monotonic() > deadline:
                        os.kill(self.pid, signal.SIGKILL)
                        os.waitpid(self.pid, 0)
                        break
                    time.sleep(0.01)
            except ChildProcessError:  # reaped already (by result(), interrupted after)
                pass

    def _close(self) -> None:
        for fd in (self.fd, self.alive):
            if fd >= 0:
                os.close(fd)
        self.fd = self.alive = -1


def _run_aside(func: Callable[[], Any], fd: int, alive: int) -> None:
    """Run ``func`` in the forked process, write its outcome to ``fd`` and exit (``os._exit``:
    never the parent's ``finally`` blocks, ``atexit`` handlers or buffered output). Once
    ``alive`` ends (the parent ended, even killed), the process stops itself."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, _stopped)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        with _blocked(signal.SIGTERM):  # the thread (as the pool's threads) leaves SIGTERM to
            # the main thread: a signal taken by another thread does not end the main one's wait
            threading.Thread(target=_stop_when_ended, args=(alive,),
                             name="faqc-aside-parent", daemon=True).start()
        try:
            outcome = (True, func())
        except BaseException as exc:  # noqa: BLE001 - handed to the parent, raised there
            outcome = (False, _portable(exc))
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # unwound: nothing left to let go
        try:
            data = pickle.dumps(outcome, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - a result that cannot be pickled: a bug
            data = pickle.dumps((False, RuntimeError(
                f"the result of a build process cannot be handed back: {exc}")))
        with os.fdopen(fd, "wb") as pipe:
            pipe.write(data)
    except BaseException:  # noqa: BLE001 - the parent stopped listening
        code = 1
    finally:
        os._exit(code)


def _stop_when_ended(alive: int) -> None:
    """Wait for the parent's end of ``alive`` to close; if it closed without a word (the
    parent is gone, even killed; a parent stopping this process says so first, and sends
    SIGTERM itself), stop this process as the parent would (SIGTERM)."""
    if not os.read(alive, 1):
        os.kill(os.getpid(), signal.SIGTERM)


def _stopped(signum, frame) -> None:
    raise Stopped()


def _portable(exc: BaseException) -> BaseException:
    """Return ``exc`` as it can be pickled to the parent and raised there: itself if it
    survives a round trip (its traceback, for a bug, in a note), else one of its base class
    (a ``FaqcError`` keeps its line) or a ``RuntimeError`` saying what it was."""
    from compiler.core.errors import FaqcError
    if not isinstance(exc, (FaqcError, OSError, Stopped)):
        exc.add_note("".join(traceback.format_exception(exc)).rstrip())
    try:
        return pickle.loads(pickle.dumps(exc, pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - an exception whose arguments are not its signature
        if isinstance(exc, FaqcError):
            return FaqcError(exc.format_message())
        return RuntimeError(f"{type(exc).__name__}: {exc}")
