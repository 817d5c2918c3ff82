"""One code stamp for every cache (issue 37): a change to any file the package ships, its data
tables too, is a clean build, a miss of the Comprehensive Rules cache and a YAML normalized
again.

The stamp (``compiler.incremental.stamp.code_stamp``) hashes the files under ``PACKAGE``; here
it is pointed at a copy of the package whose ``core/data/sets.tsv`` gives a set another release
date (the code that runs is the same: only what the stamp reads changes). A cache keyed on a
narrower stamp (``compiler/cr/*.py`` and ``textio`` only, as the CR cache once was) would keep
its entries, and these tests would fail.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.build import build_site
from compiler.cli.sync import sync
from compiler.core.errors import Diagnostics
from compiler.cr import RuleIdentity, load_cr_library
from compiler.incremental import stamp
from tests.cr_texts import site_excerpts

HERE = Path(__file__).resolve().parents[1]
CORPUS = HERE / "fixtures" / "site-corpus"
RULES = site_excerpts()


class Package:
    """Where the stamp reads the package: the real one, or a copy of it to change."""

    def __init__(self, copy: Path, monkeypatch: pytest.MonkeyPatch):
        self.copy, self.monkeypatch = copy, monkeypatch
        shutil.copytree(stamp.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))

    def use(self, package: Path) -> str:
        self.monkeypatch.setattr(stamp, "PACKAGE", package)
        stamp.code_stamp.cache_clear()
        return stamp.code_stamp()

    def change(self, name: str) -> None:
        path = self.copy / name
        if name == "core/data/sets.tsv":  # a set's release date moved by a day
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
            row = next(i for i, line in enumerate(lines) if "\t2004-10-01" in line)
            lines[row] = lines[row].replace("\t2004-10-01", "\t2004-10-02")
            path.write_text("".join(lines), encoding="utf-8")
        else:
            path.write_bytes(path.read_bytes() + b"\n")


@pytest.fixture
def package(tmp_path, monkeypatch):
    made = Package(tmp_path / "package" / "compiler", monkeypatch)
    yield made
    monkeypatch.undo()
    stamp.code_stamp.cache_clear()


@pytest.mark.parametrize("name", ["core/data/sets.tsv", "core/data/keywords.tsv",
                                  "core/data/subtypes.tsv", "files/schema/faq.schema.json",
                                  "core/sets.py"])
def test_the_stamp_is_of_every_file_the_package_ships(package, name):
    real = package.use(stamp.PACKAGE)
    assert package.use(package.copy) == real  # the bytes, not where they are
    package.change(name)
    assert package.use(package.copy) != real


def linked(cache: Path):
    """Read the CRs and link their editions, through the cache at ``cache``; return it."""
    library = load_cr_library(RULES, Diagnostics(), cache)
    RuleIdentity.build(library)
    return library.cache


def test_a_changed_data_table_misses_the_rules_cache(package, tmp_path):
    cache = tmp_path / "cache"
    package.use(package.copy)
    editions = len(list(RULES.glob("*.txt")))
    first = linked(cache)
    again = linked(cache)
    assert (first.misses, again.hits, again.misses) == (editions, editions, 0)
    entries = {path.name for path in cache.iterdir()}
    package.change("core/data/sets.tsv")
    package.use(package.copy)
    after = linked(cache)
    assert (after.hits, after.misses) == (0, editions)
    added = {path.name for path in cache.iterdir()} - entries  # the editions' and the links'
    assert len(added) == len(entries) and {name.split("-")[0] for name in added} == {"cr", "links"}


def test_a_changed_data_table_makes_a_clean_build_and_normalizes_again(package, tmp_path):
    site, faqs, manifest = tmp_path / "site", tmp_path / "faqs", tmp_path / "build" / "m.json"
    package.use(package.copy)
    build_site(CORPUS, site, Diagnostics(), rules=RULES, jobs=1, cache=tmp_path / "cache")
    said: list[str] = []
    sync(CORPUS, faqs, manifest, say=said.append)
    assert len(said) == 3 and build_site(CORPUS, site, Diagnostics(), rules=RULES, jobs=1,
                                         cache=tmp_path / "cache").mode == "unchanged"
    said.clear()
    sync(CORPUS, faqs, manifest, say=said.append)
    assert said == []  # every YAML current
    package.change("core/data/sets.tsv")
    package.use(package.copy)
    result = build_site(CORPUS, site, Diagnostics(), rules=RULES, jobs=1, cache=tmp_path / "cache")
    assert (result.mode, result.reason) == ("full", "the compiler, templates or rules changed")
    sync(CORPUS, faqs, manifest, say=said.append)
    assert len(said) == 3 and all(line.endswith("(unchanged)") for line in said), said
