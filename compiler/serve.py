"""``faqc serve``: a preview server for the built site, on 127.0.0.1 by default; with ``--watch``
it rebuilds the site when a source, template or Comprehensive Rules text changes.

It serves files under the site folder only: a path that leaves it (``..``, its percent-encoded
forms, a symbolic link pointing outside) is answered 404, never read. The folder is looked up
by its path on every request, never held open, so once a build swaps a new site in (two
renames, ``compiler.site.publish``) the next request reads the new one; a request that falls
between the two renames waits for the new folder.

A missing path is answered 404 with the site's ``404.html``, its relative URLs rewritten for
the depth of the request (``/cards/nope/x.html`` gets ``../../assets/site.css``): the pages'
Content-Security-Policy has ``base-uri 'none'``, so a ``<base>`` element would be ignored.
The file on disk stays as the build wrote it.

Watching polls the files a build reads (their modification time, size and inode) every
second and runs the incremental build, which publishes atomically: the server keeps serving
the previous site until the new one is in place, and a build that fails leaves it there.
"""
from __future__ import annotations

import os
import re
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from jinja2 import TemplateError, TemplateSyntaxError

from .build import BuildResult, build_site
from .errors import Diagnostics, FaqcError
from .normalize import discover_sources
from .render.env import templates_dir
from .xref.era import default_rules_dir

NOT_FOUND_PAGE = "404.html"
INTERNAL = (".faqc", "search/index", ".faqc-site")
"""Parts of a built site that are the build's own (its state, the Whoosh index ``faqc search``
reads, the marker): never served."""
BACKLOG = 1024
"""Connections the listening socket queues (the standard library's 5 dropped 52 of 500)."""
SWAP_WAIT = 2.0
"""Seconds a request waits for the site folder while a build swaps it."""
POLL_INTERVAL = 1.0
SETTLE = 0.2
"""Seconds the watched files must stay unchanged before a rebuild (a save in several writes)."""


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Serve files of one folder; refuse anything that resolves outside it."""

    server_version = "faqc"
    sys_version = ""

    def __init__(self, *args, directory: str, quiet: bool = True, **kwargs):
        self.quiet = quiet
        super().__init__(*args, directory=directory, **kwargs)

    def translate_path(self, path: str) -> str:
        """Return the file for a URL path, or an impossible path when it would leave the site."""
        root = Path(self.directory).resolve()
        inside = site_file(root, path)
        return str(inside) if inside else str(root / "\0refused")

    def send_head(self):
        """Answer 404 for refused paths and the build's own files instead of opening them."""
        await_folder(Path(self.directory), SWAP_WAIT)
        if "\0" in self.translate_path(self.path) or is_internal(self.path):
            self.send_error(404, "Not found")
            return None
        return super().send_head()

    def list_directory(self, path):
        """Answer 404 for a folder without ``index.html``: no listings, as ``mkdocs serve``."""
        self.send_error(404, "Not found")
        return None

    def handle(self) -> None:
        """Serve the connection; a client that goes away is one line with ``-v``, else silent."""
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError) as exc:
            if not self.quiet:
                self.log_message("client went away (%s)", type(exc).__name__)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Answer a 404 with the site's own page, made to work at the request's depth."""
        page = not_found_page(Path(self.directory).resolve(), self.path) if code == 404 else None
        if page is None:
            super().send_error(code, message, explain)
            return
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(page)

    def end_headers(self) -> None:
        """Make browsers ask again each time: a rebuild may have changed any file."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        """Log requests only when asked to (``-v``)."""
        if not self.quiet:
            super().log_message(format, *args)


def is_internal(url_path: str) -> bool:
    """Return whether a URL path names the build's own files (``.faqc/state.json``)."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(url_path).path, errors="replace")
    parts = "/".join(p for p in path.split("/") if p not in ("", "."))
    return any(parts == name or parts.startswith(name + "/") for name in INTERNAL)


def site_file(root: Path, url_path: str) -> Path | None:
    """Return the file under ``root`` a URL path names, or None if it leaves ``root``."""
    path = urllib.parse.urlsplit(url_path).path
    try:
        decoded = urllib.parse.unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    if "\0" in decoded or "\\" in decoded:
        return None
    parts = [p for p in decoded.split("/") if p not in ("", ".")]
    if ".." in parts:
        return None
    candidate = root.joinpath(*parts) if parts else root
    try:
        resolved = candidate.resolve(strict=False)
    except (OSError, RuntimeError):
        return None
    if resolved != root and root not in resolved.parents:
        return None  # a symbolic link that points outside the site
    return resolved


# A relative URL in an attribute: not absolute (scheme:, /, //), not a fragment or a query.
_RELATIVE_URL = re.compile(rb'(\s(?:href|src|action)=")(?![A-Za-z][A-Za-z0-9+.-]*:|[/#?"])')


def url_depth(url_path: str) -> int:
    """Return how many folders below the site root a URL path's page is (``/a/b.html``: 1)."""
    return max(0, urllib.parse.urlsplit(url_path).path.count("/") - 1)


def at_depth(html: bytes, depth: int) -> bytes:
    """Return a root page's HTML with its relative URLs made to work ``depth`` folders down."""
    if depth <= 0:
        return html
    return _RELATIVE_URL.sub(lambda found: found[1] + b"../" * depth, html)


def not_found_page(root: Path, url_path: str) -> bytes | None:
    """Return the site's 404 page for a request of ``url_path``, or None if it has none."""
    page = site_file(root, "/" + NOT_FOUND_PAGE)
    try:
        html = page.read_bytes() if page else None
    except OSError:
        return None
    return at_depth(html, url_depth(url_path)) if html is not None else None


def await_folder(folder: Path, seconds: float) -> bool:
    """Wait up to ``seconds`` for ``folder`` to exist (a build swapping it); return if it does."""
    deadline = time.monotonic() + seconds
    while not folder.is_dir():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True


def make_server(site: Path, host: str = "127.0.0.1", port: int = 8000,
                quiet: bool = True) -> ThreadingHTTPServer:
    """Return a threading HTTP server for ``site`` (port 0 picks a free port)."""
    handler = partial(SiteRequestHandler, directory=os.fspath(site.resolve()), quiet=quiet)
    server = SiteServer((host, port), handler)
    server.daemon_threads = True
    return server


class SiteServer(ThreadingHTTPServer):
    """The threading server with a deep listen queue and one-line reports of dropped clients."""

    request_queue_size = BACKLOG

    def handle_error(self, request, client_address) -> None:
        """A client gone mid-answer is no error of the site: nothing printed (``-v``: one line)."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


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
            result = build_site(self.sources, self.site, diags, templates=self.templates,
                                rules=self.rules, jobs=self.jobs)
        except Exception as exc:  # noqa: BLE001 - the server goes on with the previous site
            self.building = False
            if os.environ.get("FAQC_TRACEBACK"):
                raise
            self.shout(error_line(exc))
            self.say(f"serve: {why}: the build failed; still serving the previous site")
            return None
        self.building = False
        for line in result.errors:
            self.shout(line)
        self.report_warnings(diags)
        self.say(f"serve: {why}: {rebuild_summary(result)}")
        return result

    def report_warnings(self, diags: Diagnostics) -> None:
        """Print the warnings the previous build did not have."""
        lines = [diag.format() for diag in diags.sorted()]
        for line in lines:
            if line not in self.warnings:
                self.shout(line)
        self.warnings = set(lines)


def start_watching(sources: Path, site: Path, rules: Path | None, jobs: int | None, *,
                   say: Callable[[str], None], shout: Callable[[str], None]) -> SiteWatcher:
    """Return the watcher of ``faqc serve --watch`` once its first build brought the site up
    to date (``rules`` None: ``content/rules`` if present, as ``faqc build``)."""
    watcher = SiteWatcher(sources, site, templates_dir(), rules or default_rules_dir(), jobs,
                          say=say, shout=shout)
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
