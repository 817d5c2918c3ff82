"""Progress of a build: a bar with counts on a terminal, plain lines in CI or a pipe, nothing with -q.

A build runs in named phases (read, collect, resolve rules, resolve cards, write, index,
export, publish); each phase is timed, and the long ones report counts as they go.
``Progress.phase`` is a context manager yielding an ``advance(n)`` function;
``Progress.times`` holds the seconds of each phase for the summary (phases run in another
process beside the build's, ``deferred``, overlap the others: the times need not add up).
"""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from compiler.core.errors import say

BAR_MIN_ITEMS = 20
"""A phase with fewer items than this shows no bar (it is over before one would be read)."""


class Progress:
    """Report the phases of a build (see the module docstring)."""

    def __init__(self, style: str = "silent", prefix: str = "build"):
        if style not in ("bar", "lines", "silent"):
            raise ValueError(f"unknown progress style {style!r}")
        self.style = style
        self.prefix = prefix
        self.times: dict[str, float] = {}
        self.kept: list[str] | None = None
        """The lines of a deferred progress (``deferred``), not printed yet."""

    @classmethod
    def for_terminal(cls, verbosity: int, stream=None) -> "Progress":
        """Return the progress fitting where stderr goes: bars on a terminal unless ``CI`` is
        set, plain lines otherwise, nothing with ``-q`` (verbosity below zero)."""
        stream = stream or sys.stderr
        if verbosity < 0:
            return cls("silent")
        interactive = stream.isatty() and not os.environ.get("CI")
        return cls("bar" if interactive else "lines")

    def note(self, message: str) -> None:
        """Print one line unless silent."""
        if self.style == "silent":
            return
        if self.kept is not None:
            self.kept.append(f"{self.prefix}: {message}")
        else:
            say(f"{self.prefix}: {message}")

    def deferred(self) -> "Progress":
        """Return a progress of this one's style that draws no bar and keeps its lines, for
        phases run in another process beside this one's (``parallel.aside``): its lines and
        timings are this one's once handed back (``take``)."""
        other = Progress(self.style, self.prefix)
        other.kept = []
        return other

    def take(self, other: "Progress") -> None:
        """Print the lines ``other`` (``deferred``) kept and add its phases' timings."""
        for line in other.kept or ():
            say(line)
        for name, seconds in other.times.items():
            self.times[name] = self.times.get(name, 0.0) + seconds

    @contextmanager
    def phase(self, name: str, total: int = 0, unit: str = "item") -> Iterator[Callable[[int], None]]:
        """Time the phase ``name``; yield ``advance(n)`` to count ``n`` of ``total`` items done."""
        started = time.perf_counter()
        done = [0]
        bar = None
        if self.style == "bar" and total >= BAR_MIN_ITEMS and self.kept is None:
            bar = click.progressbar(length=total, label=f"{self.prefix}: {name}", file=sys.stderr,
                                    show_pos=True, show_eta=True)
            bar.__enter__()

        def advance(n: int = 1) -> None:
            done[0] += n
            if bar is not None:
                bar.update(n)
        try:
            yield advance
        finally:  # on success and failure alike, the bar's line is ended
            if bar is not None:
                bar.__exit__(None, None, None)
        seconds = self.times[name] = self.times.get(name, 0.0) + time.perf_counter() - started
        if total or done[0]:
            self.note(f"{name}: {done[0]} of {total} {unit}(s) in {seconds:.1f}s")
        elif self.style == "lines":  # a terminal sees the short phases in the summary's timings
            self.note(f"{name} in {seconds:.1f}s")

    def timings(self) -> str:
        """Return ``read 1.2s, collect 0.1s, ...`` for the summary."""
        return ", ".join(f"{name} {seconds:.1f}s" for name, seconds in self.times.items())
