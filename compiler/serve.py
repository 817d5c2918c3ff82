"""``faqc serve``: a preview server for the built site, on 127.0.0.1 by default.

It serves files under the site folder only: a path that leaves it (``..``, its percent-encoded
forms, a symbolic link pointing outside) is answered 404, never read.
"""
from __future__ import annotations

import os
import urllib.parse
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


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
        """Answer 404 for refused paths instead of trying to open them."""
        if "\0" in self.translate_path(self.path):
            self.send_error(404, "Not found")
            return None
        return super().send_head()

    def log_message(self, format: str, *args) -> None:
        """Log requests only when asked to (``-v``)."""
        if not self.quiet:
            super().log_message(format, *args)


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


def make_server(site: Path, host: str = "127.0.0.1", port: int = 8000,
                quiet: bool = True) -> ThreadingHTTPServer:
    """Return a threading HTTP server for ``site`` (port 0 picks a free port)."""
    handler = partial(SiteRequestHandler, directory=os.fspath(site.resolve()), quiet=quiet)
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server
