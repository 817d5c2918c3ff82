"""``faqc serve --watch``: rebuild the site when a source, template or rules text changes.

The watcher's builds are resident: they run in the server's process, and the documents of
each build are kept for the next (``kept``), so a rebuild decodes none of the unchanged
ones. A rebuild that fails for a reason not of the input (a bug: not a ``FaqcError``, a
template's or the file system's) forgets what it kept and builds again from what the disk
holds, as ``faqc build`` would."""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path

from jinja2 import TemplateError, TemplateSyntaxError

from compiler.build import BuildResult, build_site
from compiler.core.errors import Diagnostics, FaqcError
from compiler.core.model import Document
from compiler.files.sources import discover_sources
from compiler.render.env import templates_dir
from compiler.serve.live import LiveReload
from compiler.serve.server import POLL_INTERVAL
from compiler.xref.era import default_rules_dir

SETTLE = 0.2
"""Seconds the watched files must stay unchanged before a rebuild (a save in several writes)."""

Snapshot = dict[str, tuple[int, int, int]]


@dataclass
class SiteWatcher:
    """Rebuild ``site`` from ``sources`` (with ``templates`` and ``rules``) when they change."""

    sources: Path
    site: Path
    templates: Path
    rules: Path | None = None
    jobs: int | None = None
    say: Callable[[str], None] = print
    """Where status lines go (one per rebuild)."""
    shout: Callable[[str], None] = print
    """Where errors and warnings go."""
    interval: float = POLL_INTERVAL
    seen: Snapshot | None = None
    """The watched files as the last build found them."""
    warnings: set[str] = field(default_factory=set)
    """The warnings of the last build, so a rebuild prints only new ones."""
    building: bool = False
    live: LiveReload | None = None
    """Told of each rebuild that published a site, so open pages reload."""
    kept: dict[str, Document] = field(default_factory=dict)
    """The last build's documents by content key (``build_site``'s ``kept``)."""

    def watched_files(self) -> Snapshot:
        """Return (mtime, size, inode) of each file a build reads, by path."""
        files: list[Path] = []
        if self.sources.is_dir():
            files += discover_sources(self.sources)
        files += _tree(self.templates, "*")
        files += _tree(self.rules, "*.txt") if self.rules else []
        snapshot: Snapshot = {}
        for path in files:
            try:
                info = path.stat()
            except OSError:
                continue  # removed between listing and stat: the next poll sees it gone
            snapshot[str(path)] = (info.st_mtime_ns, info.st_size, info.st_ino)
        return snapshot

    def run(self, stop: threading.Event) -> None:
        """Poll until ``stop`` is set, rebuilding after each change (one made during a build
        is seen by the next poll: the files are listed before the build reads them)."""
        if self.seen is None:
            self.seen = self.watched_files()
        while not stop.wait(self.interval):
            now = self.watched_files()
            if now == self.seen:
                continue
            now = self.settle(now, stop)
            if stop.is_set():
                return
            self.rebuild(describe_changes(self.seen, now))

    def settle(self, snapshot: Snapshot, stop: threading.Event) -> Snapshot:
        """Return the watched files once they stay the same for SETTLE seconds (at most 2 s)."""
        for _ in range(10):
            if stop.wait(SETTLE):
                break
            again = self.watched_files()
            if again == snapshot:
                break
            snapshot = again
        return snapshot

    def rebuild(self, why: str) -> BuildResult | None:
        """Run the incremental build; print what it did, or its error, never a traceback."""
        diags = Diagnostics()
        self.seen, self.building = self.watched_files(), True  # stays True if Ctrl-C stops it
        try:
            result = self.build(diags)
        except Exception as exc:  # noqa: BLE001 - the server goes on with the previous site
            self.building = False
            if os.environ.get("FAQC_TRACEBACK"):
                raise
            self.shout(error_line(exc))
            self.say(f"serve: {why}: the build failed; still serving the previous site")
            return None
        self.building = False
        if self.live is not None and result.mode != "unchanged":
            self.live.bump()
        for line in result.errors:
            self.shout(line)
        self.report_warnings(diags)
        self.say(f"serve: {why}: {rebuild_summary(result)}")
        return result

    def build(self, diags: Diagnostics) -> BuildResult:
        """Run the resident build; after a failure that is faqc's own, forget what was kept
        and build from the disk alone."""
        try:
            return build_site(self.sources, self.site, diags, templates=self.templates,
                              rules=self.rules, jobs=self.jobs, kept=self.kept)
        except (FaqcError, TemplateError, OSError):
            raise  # the input's or the machine's: building from disk would fail the same way
        except Exception as exc:  # noqa: BLE001 - a bug: the disk's state is still sound
            if not self.kept or os.environ.get("FAQC_TRACEBACK"):
                raise
            self.kept.clear()
            self.shout(error_line(exc))
            self.say("serve: the resident build failed; building from the disk")
            diags.items.clear()
            return build_site(self.sources, self.site, diags, templates=self.templates,
                              rules=self.rules, jobs=self.jobs, kept=self.kept)

    def report_warnings(self, diags: Diagnostics) -> None:
        """Print the warnings the previous build did not have."""
        lines = [diag.format() for diag in diags.sorted()]
        for line in lines:
            if line not in self.warnings:
                self.shout(line)
        self.warnings = set(lines)


def start_watching(sources: Path, site: Path, rules: Path | None, jobs: int | None, *,
                   say: Callable[[str], None], shout: Callable[[str], None],
                   live: LiveReload | None = None) -> SiteWatcher:
    """Return the watcher of ``faqc serve --watch`` once its first build brought the site up
    to date (``rules`` None: ``content/rules`` if present, as ``faqc build``)."""
    watcher = SiteWatcher(sources, site, templates_dir(), rules or default_rules_dir(), jobs,
                          say=say, shout=shout, live=live)
    if watcher.rebuild("first build") is None and not (site / "index.html").is_file():
        raise FaqcError(f"{site}: error: the first build failed and there is no site to serve")
    return watcher


def _tree(folder: Path, pattern: str) -> list[Path]:
    """Return the files under ``folder`` matching ``pattern``, without hidden or backup files."""
    if not folder.is_dir():
        return []
    return [p for p in folder.rglob(pattern) if p.is_file()
            and not any(part.startswith(".") or part == "__pycache__"
                        for part in p.relative_to(folder).parts)
            and not p.name.endswith("~")]


def describe_changes(before: Snapshot, after: Snapshot, most: int = 3) -> str:
    """Return which watched files were added, changed or removed, in a few words."""
    changes = [f"{name} added" for name in sorted(after.keys() - before.keys())]
    changes += [f"{name} changed" for name in sorted(after.keys() & before.keys())
                if after[name] != before[name]]
    changes += [f"{name} removed" for name in sorted(before.keys() - after.keys())]
    if not changes:
        return "files changed and changed back"
    more = f" and {len(changes) - most} more" if len(changes) > most else ""
    return ", ".join(changes[:most]) + more


def rebuild_summary(result: BuildResult) -> str:
    """Return what a rebuild did in one line: pages written, how, seconds."""
    if result.mode == "unchanged":
        return f"the site is unchanged ({result.seconds:.1f}s)"
    how = "incremental"
    if result.mode == "full":
        how = "full build" + (f": {result.reason}" if result.reason else "")
    failed = f"; {len(result.errors)} source(s) could not be read" if result.errors else ""
    return (f"{result.written} of {sum(result.pages.values())} page(s) written, "
            f"{result.removed} removed ({how}) in {result.seconds:.1f}s{failed}")


def error_line(exc: Exception) -> str:
    """Return the one line saying why a build failed: ``file[:line]: error: ...`` for bad
    input, a template or the file system; a bug in faqc says so."""
    if isinstance(exc, FaqcError):
        return exc.format_message()
    if isinstance(exc, TemplateSyntaxError):
        return f"{exc.filename or exc.name}:{exc.lineno}: error: {exc.message}"
    if isinstance(exc, TemplateError):
        return f"templates: error: {type(exc).__name__}: {exc}"
    if isinstance(exc, OSError):
        return f"{exc.filename or 'site'}: error: {exc.strerror or exc}"
    return (f"faqc: internal error (a bug in faqc, not in your input): {type(exc).__name__}: "
            f"{exc} (set FAQC_TRACEBACK=1 for the traceback)")


def serve_site(server: ThreadingHTTPServer, watcher: SiteWatcher | None = None,
               stop: threading.Event | None = None) -> None:
    """Serve until Ctrl-C or ``stop`` is set; with a watcher, rebuild meanwhile as files change.

    The server answers from its own thread; the watcher (and its builds) run in this one, so
    Ctrl-C interrupts a build too, which then leaves the previous site in place."""
    stop = stop or threading.Event()
    thread = threading.Thread(target=server.serve_forever, name="faqc-serve", daemon=True)
    thread.start()
    try:
        if watcher is not None:
            watcher.run(stop)
        else:
            while not stop.wait(POLL_INTERVAL):
                pass
    finally:
        server.shutdown()
        thread.join()
        server.server_close()
