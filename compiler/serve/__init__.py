"""``faqc serve``: a preview server for the built site, on 127.0.0.1 by default; with ``--watch``
it rebuilds the site when a source, template or Comprehensive Rules text changes.

It serves files under the site folder only: a path that leaves it (``..``, its percent-encoded
forms, a symbolic link pointing outside), resolves to the build's own files (``.faqc/``, the
Whoosh index, through a link or not) or has a segment no file name can be is answered 404,
never read; a live-reload request whose ``since`` is not a generation number is answered 400. The folder is looked up
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

from compiler.serve.live import LiveReload
from compiler.serve.server import (SiteRequestHandler, SiteServer, at_depth, is_internal,
                                   make_server, not_found_page, site_file, url_depth)
from compiler.serve.watch import (SiteWatcher, describe_changes, error_line, rebuild_summary,
                                  serve_site, start_watching)

__all__ = ["LiveReload", "SiteRequestHandler", "SiteServer", "SiteWatcher", "at_depth",
           "describe_changes", "error_line", "is_internal", "make_server", "not_found_page",
           "rebuild_summary", "serve_site", "site_file", "start_watching", "url_depth"]
