"""Browser test setup: Chromium, the seed site, a local server.

Chromium is driven by Python Playwright from the venv, at /usr/bin/chromium; it is installed
(with the CJK font) before collection, by ``tests/conftest.py`` (``tests/browser_install.py``).
Only if that failed are the browser tests skipped, with the reason.
"""
from __future__ import annotations

import contextlib
import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

# LAUNCH_ARGS: used by the browser tests, and test_bundle imports all three from here
from tests.browser_install import CHROMIUM, LAUNCH_ARGS, ensure_chromium  # noqa: F401
from tests.conftest import ROOT

OUTPUT = ROOT / "test-output"


@pytest.fixture(scope="session")
def browser():
    why = ensure_chromium()
    if why:
        pytest.skip(why)
    sync_api = pytest.importorskip("playwright.sync_api", reason="Python Playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site_dir(seed_site) -> Path:
    """The site of the five seeds and the CRs (``seed_site``, built once per run)."""
    return seed_site


class QuietHandler(SimpleHTTPRequestHandler):
    """Serve files without logging every request."""

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


@contextlib.contextmanager
def serving(folder: Path):
    """Serve ``folder`` on a local HTTP server while the block runs; give its root URL."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def http_root(site_dir):
    with serving(site_dir) as root:
        yield root


@pytest.fixture(scope="session", params=["file", "http"])
def site_url(request, site_dir):
    """Return the site's root URL, once from file:// and once from the local HTTP server."""
    if request.param == "file":
        return site_dir.as_uri() + "/"
    return request.getfixturevalue("http_root")


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.errors = []
    tab.on("console", lambda msg: tab.errors.append(msg.text) if msg.type == "error" else None)
    tab.on("pageerror", lambda exc: tab.errors.append(str(exc)))
    yield tab
    context.close()
