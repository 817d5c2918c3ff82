"""The preview server: files of one site folder, never outside it, the site's own 404 page."""
from __future__ import annotations

import os
import re
import sys
import time
import urllib.parse
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from compiler.serve import live
from compiler.serve.live import LiveReload

NOT_FOUND_PAGE = "404.html"
NAME_MAX = 255
"""Bytes of the longest file name: a longer segment names no file (and would be an OSError)."""
_GENERATION = re.compile(r"[0-9]{1,18}")
"""The ``since`` of a live-reload request: a build generation, as the page was told it."""
INTERNAL = (".faqc", "search/index", ".faqc-site")
"""Parts of a built site that are the build's own (its state, the Whoosh index ``faqc search``
reads, the marker): never served."""
BACKLOG = 1024
"""Connections the listening socket queues (the standard library's 5 dropped 52 of 500)."""
SWAP_WAIT = 2.0
"""Seconds a request waits for the site folder while a build swaps it."""
POLL_INTERVAL = 1.0


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Serve files of one folder; refuse anything that resolves outside it."""

    server_version = "faqc"
    sys_version = ""

    def __init__(self, *args, directory: str, quiet: bool = True, live: LiveReload | None = None,
                 **kwargs):
        self.quiet = quiet
        self.live = live
        super().__init__(*args, directory=directory, **kwargs)

    def do_GET(self) -> None:
        """Answer the live-reload requests while watching; files otherwise."""
        if self.live is not None and self.path.startswith(live.PREFIX):
            self.answer_live()
            return
        if self.live is not None and self.is_page():
            self.answer_page()
            return
        super().do_GET()

    def is_page(self) -> bool:
        """Return whether the request names an HTML page of the site (or a folder's index)."""
        target = Path(self.translate_path(self.path))
        try:
            return "\0" not in str(target) and not is_internal(self.path) and (
                target.suffix == ".html" and target.is_file()
                or target.is_dir() and (target / "index.html").is_file())
        except OSError:  # a link loop, a folder no one may search: no page, a 404 later
            return False

    def answer_page(self) -> None:
        """Send a page with the reload script added (the file on disk is left as built)."""
        target = Path(self.translate_path(self.path))
        if target.is_dir():
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                super().do_GET()  # the standard redirect to the folder's URL with a slash
                return
            target = target / "index.html"
        try:
            body = live.inject(target.read_bytes())
        except OSError:
            self.send_error(404, "Not found")
            return
        self.send_body(200, "text/html; charset=utf-8", body)

    def answer_live(self) -> None:
        """Send the reload script, or the build generation once it changes."""
        parts = urllib.parse.urlsplit(self.path)
        if parts.path == live.SCRIPT_PATH:
            self.send_body(200, "text/javascript; charset=utf-8", live.SCRIPT)
            return
        if parts.path != live.WAIT_PATH:
            self.send_error(404, "Not found")
            return
        since = urllib.parse.parse_qs(parts.query).get("since", [""])[0]
        if since and not _GENERATION.fullmatch(since):  # "²" is a digit to str.isdigit, not int
            self.send_error(400, "since is not a generation number")
            return
        generation = self.live.wait(int(since) if since else None)
        self.send_body(200, "application/json", b'{"generation": %d}' % generation)

    def send_body(self, status: int, content_type: str, body: bytes) -> None:
        """Send a whole answer."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

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
    """Return the file under ``root`` a URL path names, or None if it leaves ``root``, names
    no file a system could have (a segment over ``NAME_MAX`` bytes) or resolves to the build's
    own files (``INTERNAL``): decided on the file, wherever symbolic links on the way lead."""
    path = urllib.parse.urlsplit(url_path).path
    try:
        decoded = urllib.parse.unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    if "\0" in decoded or "\\" in decoded:
        return None
    parts = [p for p in decoded.split("/") if p not in ("", ".")]
    if ".." in parts or any(len(p.encode("utf-8", "surrogateescape")) > NAME_MAX for p in parts):
        return None
    candidate = root.joinpath(*parts) if parts else root
    try:
        resolved = candidate.resolve(strict=False)
    except (OSError, RuntimeError):
        return None
    if resolved != root and root not in resolved.parents:
        return None  # a symbolic link that points outside the site
    inside = resolved.relative_to(root).as_posix()
    if any(inside == name or inside.startswith(name + "/") for name in INTERNAL):
        return None  # the build's own files, reached through a link
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
                quiet: bool = True, live: LiveReload | None = None) -> ThreadingHTTPServer:
    """Return a threading HTTP server for ``site`` (port 0 picks a free port); with ``live``,
    pages reload themselves after each rebuild."""
    handler = partial(SiteRequestHandler, directory=os.fspath(site.resolve()), quiet=quiet,
                      live=live)
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
