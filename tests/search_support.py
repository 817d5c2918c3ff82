"""Shared fixtures of the search tests (``tests/conftest.py`` holds them for every module, so
each is made once per session): a site search built once from the seeds, and Node."""
from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from compiler.core.errors import Diagnostics
from compiler.cr import load_cr_library
from compiler.cr.derive.history import RuleHistory
from compiler.cr.link.identity import RuleIdentity
from compiler.files.sources import discover_sources
from compiler.normalize import normalize_text
from compiler.search import SearchStats, build_search
from compiler.search.index.export import IndexData, read_index
from compiler.search.index.whole import EXPORT_DIR, INDEX_DIR
from compiler.search.query.shown import read_shown
from compiler.xref.inventory import Inventory, collect
from tests.cr_texts import six_editions

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "templates" / "assets"
HARNESS = Path(__file__).with_name("search_harness.js")
NODE = shutil.which("node")


@dataclass(slots=True, frozen=True)
class BuiltSearch:
    """A site folder holding the search index and export of the seeds."""

    site: Path
    stats: SearchStats
    inv: Inventory
    history: RuleHistory

    @property
    def index(self) -> Path:
        return self.site / INDEX_DIR

    @property
    def data(self) -> Path:
        return self.site / EXPORT_DIR


def seed_inventory() -> Inventory:
    """Return the inventory of the seeds in content/sources."""
    docs = [normalize_text(p.read_bytes(), str(p), Diagnostics())[0]
            for p in discover_sources(ROOT / "content" / "sources")]
    return collect(docs)


@pytest.fixture(scope="session")
def inventory() -> Inventory:
    """The inventory of the seeds, read once per session."""
    return seed_inventory()


def seed_history() -> RuleHistory:
    """Return the history of the rules of the six CRs the seeds read against (../shared/cr)."""
    return RuleHistory(RuleIdentity.build(load_cr_library(six_editions())))


@pytest.fixture(scope="session")
def history() -> RuleHistory:
    """The history of the six CRs of ../shared/cr, made once per session."""
    return seed_history()


@pytest.fixture(scope="session")
def built(tmp_path_factory, inventory, history) -> BuiltSearch:
    """The search index and export of the seeds and the CRs, built once per run into a
    temporary site (``made_once``: one worker builds, the others read it)."""
    from tests.conftest import made_once

    def make(folder: Path) -> tuple[Path, SearchStats]:
        return folder, build_search(inventory, folder, history)

    site, stats = made_once(tmp_path_factory, "seed-search", make)
    return BuiltSearch(site, stats, inventory, history)


@pytest.fixture(scope="session")
def built_data(built) -> IndexData:
    """The export's data read back from ``built``'s index by Whoosh (``read_index``: 4-7 s),
    with what its export's text files show, once per worker; the tests only read it."""
    return read_index(built.index, read_shown(built.data))


def node(op: str, items: list, data: Path | None = None) -> list:
    """Run the browser scripts under Node on ``items`` and return one answer per item."""
    if NODE is None:
        pytest.skip("node is not installed")
    args = [NODE, str(HARNESS), str(ASSETS)] + ([str(data)] if data else [])
    done = subprocess.run(args, input=json.dumps({"op": op, "items": items}),
                          capture_output=True, text=True, encoding="utf-8", check=False)
    if done.returncode:
        raise AssertionError(f"node failed: {done.stderr}")
    return json.loads(done.stdout)
