"""What a build reads back from its own folders is untrusted (issue 37).

``site/.faqc/state.json`` lives in the site: whoever can write the site can write it. A path it
names is never followed outside the site: a state naming a page or a file with ``..``, an
absolute path, an empty or ``.`` segment, a backslash or a NUL is malformed, and a malformed
state is a clean build (it never acts on any entry of it). And whatever a state says, the build
removes only files inside the folder it is building.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from compiler.incremental.state import STATE_FILE, remove_file
from tests.site_files import manifest

HERE = Path(__file__).resolve().parents[1]
CORPUS = HERE / "fixtures" / "site-corpus"


@pytest.fixture
def built(tmp_path) -> Path:
    """The small site corpus built into ``tmp_path/site``, with victims beside it."""
    build_site(CORPUS, tmp_path / "site", Diagnostics(), jobs=1)
    for name in ("x/v.html", "x/w.html", "abs.html", "x/y/z.html"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("not the site's\n", encoding="utf-8")
    return tmp_path


def outside(tmp_path: Path) -> dict[str, str]:
    return {name: (tmp_path / name).read_text(encoding="utf-8") if (tmp_path / name).exists()
            else "GONE" for name in ("x/v.html", "x/w.html", "abs.html", "x/y/z.html")}


@pytest.mark.parametrize("field, name", [
    ("pages", "../x/v.html"),             # a page the site "no longer has": removed, it was
    ("pages", "{abs}"),                   # an absolute path
    ("pages", "docs/../../x/w.html"),     # .. further down
    ("files", "../x/v.html"),             # a file to carry over from outside
    ("files", "{abs}"),
    ("pages", "docs//x.html"),            # no empty or "." segments, no backslash, no NUL
    ("pages", "./docs/x.html"),
    ("pages", "docs\\..\\..\\x\\w.html"),
    ("pages", "docs/x\0.html"),
])
def test_a_state_naming_a_path_outside_the_site_makes_a_clean_build(built, field, name):
    site = built / "site"
    good = manifest(site)
    state = json.loads((site / STATE_FILE).read_text(encoding="utf-8"))
    name = name.format(abs=built / "abs.html")
    state[field][name] = next(iter(state[field].values()))
    (site / STATE_FILE).write_text(json.dumps(state), encoding="utf-8")
    (site / "404.html").unlink()  # something to do: the build is not "unchanged"
    before = outside(built)
    result = build_site(CORPUS, site, Diagnostics(), jobs=1)
    assert outside(built) == before
    assert result.mode == "full", result.reason
    assert "malformed state" in result.reason and "not a path inside the site" in result.reason
    assert manifest(site) == good


def test_a_removal_never_leaves_the_folder_it_removes_from(built):
    site = built / "site"
    (site / "linked").symlink_to(built / "x", target_is_directory=True)
    before = outside(built)
    for name in ("../x/v.html", str(built / "abs.html"), "docs/../../x/w.html", "linked/v.html",
                 "linked/y/z.html"):
        assert remove_file(site, name) is False, name
    assert outside(built) == before


def test_a_file_reached_through_a_link_out_of_the_site_is_never_carried_in(built):
    site = built / "site"
    (site / "linked").symlink_to(built / "x", target_is_directory=True)
    state = json.loads((site / STATE_FILE).read_text(encoding="utf-8"))
    state["files"]["linked/v.html"] = hashlib.sha256((built / "x/v.html").read_bytes()).hexdigest()
    (site / STATE_FILE).write_text(json.dumps(state), encoding="utf-8")
    result = build_site(CORPUS, site, Diagnostics(), jobs=1)
    assert result.mode == "incremental"
    assert not (site / "linked").exists() and outside(built)["x/v.html"] == "not the site's\n"
    assert (built / "x/v.html").stat().st_nlink == 1  # not linked into the site either
