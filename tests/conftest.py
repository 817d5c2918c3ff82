"""Shared test fixtures: the embedded corpus and helpers to normalize it."""
from __future__ import annotations

import signal
from pathlib import Path

import pytest

from compiler.errors import Diagnostics
from compiler.model import Document
from compiler.readers import read_document
from compiler.textio import read_source

from .cr_texts import six_editions


def pytest_configure(config):
    """Install Chromium and the CJK font (with apt, when missing) before any test is collected:
    a module that looks for /usr/bin/chromium at import must find it on a fresh machine."""
    from .browser_install import ensure_browser, missing

    # A test run started in the background (`nohup make test &`, `(make test &)` in a script)
    # inherits SIGINT ignored, and so would every faqc the tests start: the Ctrl-C tests would
    # meet builds and servers that cannot be interrupted (and the tolerant ones pass for the
    # wrong reason). A faqc run from a terminal has the default; the tests' faqc gets it too
    # (a Python handler here is the default again in each child after exec).
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)

    if missing() and not hasattr(config, "workerinput"):  # the controller installs, once
        print(f"conftest: installing {', '.join(missing())} for the browser tests", flush=True)
        why = ensure_browser()
        if why:
            print(f"conftest: {why}; the browser tests will be skipped", flush=True)


ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "content" / "sources"
RULES = six_editions()  # links to ../shared/cr: the project carries no CR text
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# The five seeds, by what they are (the code never relies on these names).
SEED_FILES = {
    "chk": "000_5c86c3c8dc6a5532.txt",
    "mh3": "001_d57aa293da96ea03.txt",
    "bok": "002_df854cc05919f76a.txt",
    "fut": "003_ce9129ef857eaa93.txt",
    "shm": "004_c87000aeb4c579c1.txt",
}


def read_path(path: Path) -> tuple[Document, Diagnostics]:
    """Read one source file into its document, collecting warnings."""
    diags = Diagnostics()
    doc = read_document(read_source(path.read_bytes(), str(path)), diags)
    return doc, diags


_cache: dict[str, tuple[Document, Diagnostics]] = {}


@pytest.fixture(scope="session")
def seed():
    """Return a function giving the (cached) document of a seed by short name."""
    def get(name: str) -> Document:
        if name not in _cache:
            _cache[name] = read_path(SOURCES / SEED_FILES[name])
        return _cache[name][0]
    return get


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory) -> Path:
    """Return the site of the five seeds, built with the Comprehensive Rules (once per session)."""
    from compiler.build import build_site

    out = tmp_path_factory.mktemp("seed") / "site"
    build_site(SOURCES, out, Diagnostics(), rules=RULES)
    return out
