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
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import threading
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
    try:
        with _sigint_blocked():  # the workers (and the pool's threads) start deaf to Ctrl-C
            pool = multiprocessing.get_context("fork").Pool(workers, initializer=_start_worker)
        done = pool.imap(_run_chunk, range(len(chunks)))
        try:
            for number, results in enumerate(done):
                if advance:
                    advance(len(chunks[number]))
                yield from results
        finally:
            # Ctrl-C held back while the pool ends and is let go: a KeyboardInterrupt raised
            # inside its __del__ would be printed and lost, and the build would go on
            with _sigint_blocked():
                stop_pool(pool)
                pool._cache.clear()  # an unfinished imap in it and the pool: a cycle, freed late
                del done, pool
    finally:
        _TASK = None


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _start_worker() -> None:
    """Ignore Ctrl-C in a worker (it was forked with SIGINT blocked): the parent handles it.
    Collect the worker's own reference cycles, the parent's collector paused or not, never
    walking what the worker inherited (frozen: kept as forked, shared with the parent)."""
    gc.freeze()
    gc.enable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


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
