"""Shared test fixtures: the embedded corpus and helpers to normalize it."""
from __future__ import annotations

import os
import pickle
import shutil
import signal
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from compiler.core.errors import Diagnostics
from compiler.core.model import Document
from compiler.files.textio import read_source
from compiler.readers import read_document
from compiler.runtime.lock import hold_lock
from tests.cr_texts import SHARED_CR, six_editions
from tests.search_support import (built, built_data,  # noqa: F401 (fixtures, once per session)
                                  history, inventory, segmented)


def pytest_configure(config):
    """Install Chromium and the CJK font (with apt, when missing) before any test is collected:
    a module that looks for /usr/bin/chromium at import must find it on a fresh machine."""
    from tests.browser_install import ensure_browser, missing

    # A test run started in the background (`nohup make test &`, `(make test &)` in a script)
    # inherits SIGINT ignored, and so would every faqc the tests start: the Ctrl-C tests would
    # meet builds and servers that cannot be interrupted (and the tolerant ones pass for the
    # wrong reason). A faqc run from a terminal has the default; the tests' faqc gets it too
    # (a Python handler here is the default again in each child after exec).
    global _XDIST_WORKER
    _XDIST_WORKER = hasattr(config, "workerinput")

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)

    if missing() and not hasattr(config, "workerinput"):  # the controller installs, once
        print(f"conftest: installing {', '.join(missing())} for the browser tests", flush=True)
        why = ensure_browser()
        if why:
            print(f"conftest: {why}; the browser tests will be skipped", flush=True)


HEAVY_FIRST = ("incremental/test_interrupted.py", "cr/test_every_edition.py",
               "incremental/test_incremental.py", "cr/test_archive.py",
               "browser/test_accessibility.py", "search/test_export.py", "system/test_reproducible.py",
               "cr/test_reader.py", "system/test_hostile.py", "search/test_segment.py", "system/test_bundle.py",
               "browser/test_hostile_browser.py", "browser/test_search_parity_browser.py")
"""The modules that take longest (30 to 95 s each in a full run of 2026-11-28, three workers
on two cores), run first, longest first: ``make test`` hands pytest-xdist whole modules
(``--dist loadfile``, so that a module's fixtures are made once) in this order, and the short
modules then fill in, instead of one long module running alone at the end."""


def pytest_collection_modifyitems(config, items):
    """Put the modules of ``HEAVY_FIRST`` first, in its order; the rest keep theirs."""
    tests = Path(__file__).resolve().parent
    missing = [name for name in HEAVY_FIRST if not (tests / name).is_file()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py: HEAVY_FIRST names no module {missing}")
    rank = {name: n for n, name in enumerate(HEAVY_FIRST)}

    def place(item) -> int:
        path = item.path.resolve()
        return rank.get(path.relative_to(tests).as_posix(), len(rank)) \
            if path.is_relative_to(tests) else len(rank)
    items.sort(key=place)


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


T = TypeVar("T")
_XDIST_WORKER = False
"""Whether this process is a pytest-xdist worker (set by ``pytest_configure``)."""


def made_once(tmp_path_factory, name: str, make: Callable[[Path], T]) -> T:
    """Return what ``make(folder)`` gives, made once for the whole run, whichever of the
    pytest-xdist workers asks first (the others wait for it on a lock, then read it pickled).

    ``folder`` is new and lies beside the workers' own temporary folders. What is made there
    is shared by every worker: the tests only read it (a test that changes a site copies it).
    """
    base = tmp_path_factory.getbasetemp()
    if _XDIST_WORKER:
        base = base.parent   # pytest-N/, the run's, above each worker's pytest-N/popen-gwK/
    folder = base / f"made once {name}"   # a space: the pages are opened from such a path too
    made = base / f"made-once-{name}.pickle"
    with hold_lock(folder, "test fixture", say=lambda _message: None):   # faqc's own lock
        if made.is_file():
            return pickle.loads(made.read_bytes())
        if folder.exists():   # a worker failed half-way: start again
            shutil.rmtree(folder)
        folder.mkdir()
        value = make(folder)
        partial = made.with_suffix(".partial")
        partial.write_bytes(pickle.dumps(value))
        os.replace(partial, made)   # whole or not there
        return value


def _build_seed_site(folder: Path) -> Path:
    from compiler.build import build_site

    build_site(SOURCES, folder / "site", Diagnostics(), rules=RULES)
    return folder / "site"


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory) -> Path:
    """Return the site of the five seeds, built with the Comprehensive Rules (once per run)."""
    return made_once(tmp_path_factory, "seed-site", _build_seed_site)


CORPUS_NOTES = ROOT.parent / "shared" / "corpus" / "release-notes"


def _build_full_site(folder: Path) -> Path:
    from compiler.build import build_site

    sources = folder / "sources"
    sources.mkdir()
    for path in [*sorted(SOURCES.glob("*.txt")), *sorted(CORPUS_NOTES.glob("*.md"))]:
        (sources / path.name).symlink_to(path)
    build_site(sources, folder / "site", Diagnostics(), rules=SHARED_CR, cache=folder / "cache")
    return folder / "site"


@pytest.fixture(scope="session")
def full_site(tmp_path_factory) -> Path:
    """Return the site of the seeds and the 16 release notes of ``../shared/corpus``, built with
    every edition of ``../shared/cr`` (once per run; about a minute)."""
    if not SHARED_CR.is_dir() or not CORPUS_NOTES.is_dir():
        pytest.fail("../shared/cr and ../shared/corpus must be beside the project")
    return made_once(tmp_path_factory, "full-site", _build_full_site)
