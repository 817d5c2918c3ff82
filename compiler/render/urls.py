"""Relative URLs between pages of the site, so it works hosted and opened from disk.

Site paths are POSIX paths from the site root (``cards/tarmogoyf.html``), optionally with a
query and a fragment. They are used as written: ids are slugs, so nothing needs quoting.
"""
from __future__ import annotations

import posixpath
import re
from functools import lru_cache

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
INDEX = "index.html"


def split_fragment(url: str) -> tuple[str, str]:
    """Return ``(path and query, fragment with its '#')``; the fragment is '' when absent."""
    path, hash_mark, fragment = url.partition("#")
    return path, hash_mark + fragment


def site_path(path: str) -> str:
    """Return a normalized site path; '' and folders mean their ``index.html`` (file:// has no index)."""
    if ".." in path.split("/"):
        raise ValueError(f"site path leaves the site: {path!r}")
    path = path.lstrip("/")
    if path in ("", ".") or path.endswith("/"):
        path += INDEX
    return posixpath.normpath(path)


@lru_cache(maxsize=1 << 16)
def relative_url(target: str, page: str) -> str:
    """Return the URL of site path ``target`` relative to the page at site path ``page``.

    ``relative_url("rules/502.38a.html", "cards/tarmogoyf.html") == "../rules/502.38a.html"``.
    A link to the page itself with a fragment is the bare fragment; absolute URLs
    (``https://...``) and bare fragments are returned unchanged.  Pure, and asked again for
    every link of every page: memoised.
    """
    if _SCHEME.match(target) or target.startswith("#"):
        return target
    target_path, fragment = split_fragment(target)
    target_path, query_mark, query = target_path.partition("?")
    target_path, page = site_path(target_path), site_path(split_fragment(page)[0])
    if target_path == page and fragment and not query_mark:
        return fragment
    return relative_path(target_path, page) + query_mark + query + fragment


def relative_path(target: str, page: str) -> str:
    """Return ``posixpath.relpath(target, dirname(page) or ".")`` for normalised site paths
    (``site_path``), by their segments alone: ``relpath`` makes both absolute first, asking
    the system for the working folder each time (3 of the 4.7 s 111,000 links of a 40-FAQ
    build took)."""
    to, where = target.split("/"), page.split("/")[:-1]
    common = 0
    for a, b in zip(to, where):
        if a != b:
            break
        common += 1
    return "/".join([".."] * (len(where) - common) + to[common:]) or "."
