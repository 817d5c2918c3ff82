"""Chromium and the CJK font for the browser tests, installed with apt if missing.

``tests/conftest.py`` calls ``ensure_browser`` from ``pytest_configure``, before any test is
collected, so a test module that looks for ``/usr/bin/chromium`` at import finds it on a fresh
machine too. Only if the install fails (no apt, not root, no network) are the browser tests
skipped, with the reason.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PACKAGES = {"chromium": CHROMIUM, "fonts-noto-cjk": CJK_FONT}

_why: str | None = None
_done = False


def missing() -> list[str]:
    """Return the Debian packages whose file is not there."""
    return [name for name, path in PACKAGES.items() if not Path(path).is_file()]


def ensure_browser() -> str | None:
    """Install what is missing (once per process); return None when Chromium is there, else
    why not."""
    global _why, _done
    if not _done:
        _done, _why = True, _install(missing())
    if not Path(CHROMIUM).is_file():
        return _why or f"{CHROMIUM} is missing"
    return None


def _install(packages: list[str]) -> str | None:
    if not packages:
        return None
    if shutil.which("apt-get") is None:
        return f"{', '.join(packages)} missing and apt-get is not available to install them"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", *packages]):
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
        if done.returncode != 0:
            last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            return f"{', '.join(packages)} missing and `{' '.join(command)}` failed: {last[0]}"
    return None


def ensure_chromium() -> str | None:
    """Return None when Chromium is at CHROMIUM (installing it if needed), else why not."""
    return ensure_browser()
