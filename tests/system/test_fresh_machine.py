"""A fresh machine runs every test: what the browser tests need is installed before collection."""
from __future__ import annotations

from pathlib import Path

from tests.browser_install import CHROMIUM, CJK_FONT, missing


def test_chromium_and_the_cjk_font_are_there_before_any_test_is_collected():
    # tests/conftest.py's pytest_configure installs them (apt) before collection, so that
    # tests/browser/test_search.py, which looks for Chromium as it is imported, is never skipped
    assert missing() == [], f"missing: {missing()}"
    assert Path(CHROMIUM).is_file() and Path(CJK_FONT).is_file()
