"""axe-core on a sample of every page kind, light (every rule) and dark (the colour rules), and
screenshots at 390 and 1280 px.

axe-core (npm) is installed once into ``build/axe/`` by the ``axe_script`` fixture, pinned; the
test fails (it is not skipped) when it cannot be installed. Each page is loaded from ``file://``
in real Chromium with the colour scheme emulated, axe is injected by Playwright and run on the
whole document; a serious or critical violation fails the test, listed by page, rule and node.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.browser.conftest import OUTPUT
from tests.conftest import ROOT

AXE_VERSION = "4.14.1"
AXE_DIR = ROOT / "build" / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"

# One page of each kind the builder writes (a glob, first match in sorted order), and the
# Japanese variants where a kind has one. Each pattern must match: a kind that disappears
# from the site fails here rather than leaving the sample.
SAMPLE = {
    "home": "index.html",
    "404": "404.html",
    "search": "search.html",
    "documents index": "docs/index.html",
    "document (en)": "docs/chk-en.html",
    "document (ja)": "docs/shm-ja.html",
    "cards index": "cards/index.html",
    "cards by Japanese name": "cards/ja.html",
    "card (en)": "cards/tarmogoyf.html",
    "card (ja rulings)": "cards/barrenton-medic.html",
    "split card": "cards/*-*-*.html",
    "rules index": "rules/index.html",
    "rule": "rules/702.*.html",
    "topics index": "topics/index.html",
    "topic (en)": "topics/bok-en/*.html",
    "topic (ja)": "topics/shm-ja/*.html",
    "CR editions": "cr/index.html",
    "CR edition contents": "cr/*/index.html",
    "CR section": "cr/*/702.html",
    "CR glossary": "cr/*/glossary.html",
    "CR rule history": "cr/history/*/*.html",
}
SERIOUS = ("serious", "critical")


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """Return axe-core's script, installing the pinned version with npm the first time."""
    if not AXE_JS.is_file():
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--no-save",
                               "--prefix", str(AXE_DIR), f"axe-core@{AXE_VERSION}"],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0 and AXE_JS.is_file(), \
            f"npm could not install axe-core {AXE_VERSION}: {done.stderr.strip()[-500:]}"
    return AXE_JS


def sample_pages(site_dir: Path) -> dict[str, str]:
    """Return, per page kind, the site-relative path of its sampled page."""
    pages = {}
    for kind, pattern in SAMPLE.items():
        found = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.glob(pattern))
        assert found, f"no page of kind {kind!r} ({pattern}) in the built site"
        pages[kind] = found[0]
    return pages


COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""The axe rules a colour scheme can change (the dark scheme changes only colours): the light
scheme runs every rule, the dark one these (color-contrast is most of axe's time)."""


def axe_violations(tab, script: Path, rules: list[str] | None = None) -> list[str]:
    """Run axe on the page open in ``tab`` (only ``rules`` if given); return its serious and
    critical violations."""
    tab.add_script_tag(path=str(script))
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = tab.evaluate("""async (options) => {
        const r = await axe.run(document, options);
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
    }""", options)
    return [f"{v['id']} ({v['impact']}): {v['help']}; " + " | ".join(v["nodes"])
            for v in result if v["impact"] in SERIOUS]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(browser, site_dir, axe_script, scheme):
    pages = sample_pages(site_dir)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme,
                                  bypass_csp=True)  # the pages allow only their own scripts
    tab = context.new_page()
    found = []
    try:
        for kind, path in pages.items():
            tab.goto(site_dir.as_uri() + "/" + path + ("?q=bushido" if kind == "search" else ""))
            if kind == "search":
                tab.wait_for_selector("#search-results li", timeout=15000)
            rules = COLOUR_RULES if scheme == "dark" else None
            found += [f"{kind} ({path}, {scheme}): {v}"
                      for v in axe_violations(tab, axe_script, rules)]
    finally:
        context.close()
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_of_every_page_kind(browser, site_dir, width):
    OUTPUT.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 900})
    tab = context.new_page()
    wide = []
    try:
        for kind, path in sample_pages(site_dir).items():
            tab.goto(site_dir.as_uri() + "/" + path)
            if tab.evaluate("document.documentElement.scrollWidth") > width:
                wide.append(kind)
            name = "".join(c if c.isalnum() else "-" for c in kind)
            shot = OUTPUT / f"kind-{name}-{width}.png"
            tab.screenshot(path=str(shot))
            assert shot.stat().st_size > 0
    finally:
        context.close()
    assert wide == [], f"pages that scroll sideways at {width}px: {wide}"
