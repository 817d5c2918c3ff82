"""Shared fixtures of the search tests (``tests/conftest.py`` holds them for every module, so
each is made once per session): a site search built once from the seeds, and Node."""
from __future__ import annotations

import copy
import hashlib
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from compiler.core.errors import Diagnostics
from compiler.core.model import Ruling, iter_document_blocks
from compiler.cr import load_cr_library
from compiler.cr.derive.history import RuleHistory
from compiler.cr.link.identity import RuleIdentity
from compiler.files.sources import discover_sources
from compiler.normalize import normalize_text
from compiler.search import SearchStats, build_search
from compiler.search.index.export import IndexData, read_index
from compiler.search.index.whole import EXPORT_DIR, INDEX_DIR
from compiler.search.query.shown import read_shown
from compiler.search.scripts import from_script, to_script
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


def as_one_segment(files: dict[str, bytes]) -> dict[str, bytes]:
    """Return the files of a segmented export (``segments.py``) of one segment without
    deletions as a one-segment export writes them: the segment's files at the top, and
    ``meta.js`` without the manifest's segments (the segment's languages its own)."""
    meta = from_script("meta", files["meta.js"])
    [segment] = meta.pop("segments")
    assert segment["deleted"] == [] and segment["parts"] == [[0, meta["doc_count"], 0]]
    prefix = f"{segment['name']}/"
    out = {}
    for name, data in files.items():
        if name.startswith(prefix):
            old = json.dumps(name[:-3]).encode("utf-8")
            new = json.dumps(name[len(prefix):-3]).encode("utf-8")
            assert data.count(old) >= 1
            out[name[len(prefix):]] = data.replace(old, new, 1)
        elif name != "meta.js":
            out[name] = data
    out["meta.js"] = to_script("meta", meta | {"languages": segment["languages"]})
    return dict(sorted(out.items()))


OLD_WORD, NEW_WORD = "legendary", "zyzzyvamark"


@dataclass(slots=True, frozen=True)
class Segmented:
    site: Path
    """The site the three index phases wrote."""
    whole: Path
    """The one-segment export of the last inventory's records."""
    steps: list[dict]
    """The manifest (``meta.js``) after each phase."""
    kept: dict[str, tuple[int, str]]
    """The files of the first segment before the edit: inode and SHA-256."""


def manifest(site: Path) -> dict:
    """Return the manifest of the export of ``site``."""
    return from_script("meta", (site / EXPORT_DIR / "meta.js").read_bytes())


def edited(inventory):
    """Return the seeds' documents with the first ruling of Champions holding ``OLD_WORD``
    given ``NEW_WORD`` instead."""
    docs = [copy.deepcopy(d) for d in inventory.documents.values()]
    chk = next(d for d in docs if d.id == "chk-en")
    ruling = next(b for b in iter_document_blocks(chk)
                  if isinstance(b, Ruling) and OLD_WORD in b.text.split())
    ruling.text = ruling.text.replace(OLD_WORD, NEW_WORD)
    return docs


def export_tree(folder: Path) -> dict[str, tuple[int, str]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino,
                                               hashlib.sha256(p.read_bytes()).hexdigest())
            for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="session")
def segmented(inventory, tmp_path_factory) -> Segmented:
    """Three index phases over the seeds, each document a shard of its own, no merges: a
    clean one without Future Sight, Future Sight added, a ruling of Champions edited
    (``edited``); and the one-segment export of the last (``made_once``)."""
    from tests.conftest import made_once
    return made_once(tmp_path_factory, "segmented", lambda root: _segmented(inventory, root))


def _segmented(inventory, root: Path) -> Segmented:
    from compiler.search.index import segments as sg
    from compiler.search.index import shards
    patch = pytest.MonkeyPatch()
    patch.setattr(shards, "SHARD_WEIGHT", 0)  # each document a shard
    patch.setattr(sg, "MERGE_AT", 10 ** 6)  # no merges here: test_merges has them
    site = root / "site"
    docs = list(inventory.documents.values())
    first = collect([d for d in docs if d.id != "fut-en"])
    last_docs = edited(inventory)
    steps, signatures, kept = [], {}, {}
    try:
        for number, (inv, content) in enumerate([
                (first, {d: "v1" for d in first.documents}),
                (inventory, {d: "v1" for d in inventory.documents}),
                (collect(last_docs), {d: "v2" if d == "chk-en" else "v1"
                                      for d in inventory.documents})]):
            if number == 2:
                name = manifest(site)["segments"][0]["name"]
                kept = export_tree(site / EXPORT_DIR / name)
            signatures = shards.update_search(inv, site, content, signatures, jobs=1).signatures
            steps.append(manifest(site))
    finally:
        patch.undo()
    build_search(collect(last_docs), root / "whole")
    return Segmented(site, root / "whole", steps, kept)
