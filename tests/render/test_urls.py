"""Relative URLs between site pages: the site must work hosted and opened from disk."""
from __future__ import annotations

import posixpath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.render.urls import relative_path, relative_url, site_path


@pytest.mark.parametrize("target, page, expected", [
    ("rules/502.38a.html", "cards/tarmogoyf.html", "../rules/502.38a.html"),
    ("cards/tarmogoyf.html", "index.html", "cards/tarmogoyf.html"),
    ("index.html", "cards/tarmogoyf.html", "../index.html"),
    ("index.html", "index.html", "index.html"),
    ("cards/a.html", "cards/b.html", "a.html"),
    ("topics/chk-en/bushido.html", "topics/fut-en/suspend.html", "../chk-en/bushido.html"),
    ("assets/site.css", "topics/chk-en/bushido.html", "../../assets/site.css"),
    ("assets/site.css", "404.html", "assets/site.css"),
    ("search.html?q=goyf", "rules/100.1.html", "../search.html?q=goyf"),
])
def test_relative_paths(target, page, expected):
    assert relative_url(target, page) == expected


@pytest.mark.parametrize("target, page, expected", [
    ("docs/chk-en.html#budoka-gardener", "cards/budoka-gardener.html",
     "../docs/chk-en.html#budoka-gardener"),
    ("cards/tarmogoyf.html#r-1a2b3c4d", "cards/tarmogoyf.html", "#r-1a2b3c4d"),
    ("cards/tarmogoyf.html#r-1", "cards/other.html", "tarmogoyf.html#r-1"),
    ("#r-1", "cards/tarmogoyf.html", "#r-1"),
    ("index.html#top", "index.html", "#top"),
    ("search.html?q=a#results", "search.html", "search.html?q=a#results"),
])
def test_fragments(target, page, expected):
    assert relative_url(target, page) == expected


@pytest.mark.parametrize("target, page, expected", [
    ("", "cards/tarmogoyf.html", "../index.html"),
    ("/", "rules/502.38a.html", "../index.html"),
    ("cards/", "index.html", "cards/index.html"),
    ("/cards/", "rules/x.html", "../cards/index.html"),
    ("", "", "index.html"),
    ("/rules/502.38a.html", "cards/x.html", "../rules/502.38a.html"),
])
def test_root_and_folders_mean_their_index(target, page, expected):
    # From file:// a folder URL shows a directory listing, never its index.html.
    assert relative_url(target, page) == expected


@pytest.mark.parametrize("target", ["https://scryfall.com/", "mailto:x@example.com"])
def test_absolute_urls_are_unchanged(target):
    assert relative_url(target, "cards/x.html") == target


def test_page_path_with_fragment_is_the_page():
    assert relative_url("rules/a.html", "cards/x.html#r-1") == "../rules/a.html"


@pytest.mark.parametrize("path", ["../etc/passwd", "cards/../../x.html"])
def test_paths_leaving_the_site_are_refused(path):
    with pytest.raises(ValueError):
        relative_url(path, "index.html")


def test_site_path_normalizes():
    assert site_path("/cards/./x.html") == "cards/x.html"
    assert site_path("") == "index.html"


SEGMENTS = st.sampled_from(["a", "b", "cards", "index.html", "x.html", "a.b", "502.38a.html"])


@given(st.lists(SEGMENTS, min_size=1, max_size=4), st.lists(SEGMENTS, min_size=1, max_size=4))
def test_relative_path_is_posix_relpath(target, page):
    target, page = "/".join(target), "/".join(page)
    assert relative_path(target, page) == posixpath.relpath(target, posixpath.dirname(page) or ".")
