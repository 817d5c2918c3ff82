"""Page transfer, measured in Chromium: the bytes a first visit to a page loads.

    .venv/bin/python bench/transfer.py SITE [PATH ...]

serves SITE on a local HTTP server and opens each page (default: the home page, the card page
and the document page with the most bytes of their kind) in a fresh browser context, waits
until the network is idle, and sums the bodies of every response (the page, its styles,
scripts and the search box's data; card previews are not opened). Printed as a Markdown table
for README. The same count, on the seeds site, is asserted by tests/browser/test_transfer.py.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.browser import CHROMIUM, serve  # noqa: E402


def largest(site: Path, folder: str) -> str:
    """Return the site path of the largest page in ``folder`` (index pages left out)."""
    pages = [p for p in (site / folder).glob("*.html") if p.name not in ("index.html", "ja.html")]
    return max(pages, key=lambda p: (p.stat().st_size, p.name)).relative_to(site).as_posix()


def transfer(browser, base: str, path: str) -> tuple[int, int]:
    """Return (bytes, responses) a fresh visit to ``base + path`` loads."""
    context = browser.new_context()
    page = context.new_page()
    sizes: dict[str, int] = {}
    page.on("response", lambda r: sizes.__setitem__(r.url, len(r.body())) if r.ok else None)
    page.goto(base + path)
    page.wait_for_load_state("networkidle")
    context.close()
    return sum(sizes.values()), len(sizes)


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    site = Path(argv[0])
    paths = argv[1:] or ["index.html", largest(site, "cards"), largest(site, "docs")]
    server, base = serve(site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            print("| page | transfer | files |\n|---|---:|---:|")
            for path in paths:
                size, files = transfer(browser, base, path)
                print(f"| `{path}` | {size / 1000:.1f} KB | {files} |")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
