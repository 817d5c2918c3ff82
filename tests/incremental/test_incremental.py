"""Incremental builds: only what changed is rewritten, and the site equals a clean build's.

A site is built from a copy of the small site corpus (three documents, three shortened CRs);
then a source is added, edited or removed and the site rebuilt. The files the rebuild
rewrote are told by their inodes (an unchanged file is hard-linked from the previous site),
and they must be exactly the files whose bytes differ from the previous site's, plus the new
ones: nothing is rewritten that did not change, nothing that changed is missed. A clean
build of the same sources must give the same files, byte for byte (the Whoosh index, the
browser export and the build state included).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from bench.corpus import load_seed, synthetic_text
from compiler import build
from compiler.build import build_site
from compiler.cli import main
from compiler.core.errors import Diagnostics
from compiler.cr import RuleIdentity, load_cr_library
from compiler.cr.derive.history import RuleHistory
from compiler.incremental.state import (STAT_CACHE, STATE_FILE, BuildState, load_state, packed,
                                        stat_key)
from compiler.runtime.progress import Progress
from compiler.search.index.assemble import export_files
from compiler.search.index.export import read_index
from compiler.search.index.segments import layout
from compiler.search.index.whole import EXPORT_DIR, INDEX_DIR, build_search
from compiler.search.query.results import search_index
from compiler.search.query.shown import export_of, read_shown
from compiler.site.faq.cardsjs import site_cards_files
from compiler.site.write import BUCKET_DIR, CARDS_SCRIPT, previous_previews, site_environment
from compiler.xref.inventory import collect
from tests.cr_texts import site_excerpts
from tests.search_support import as_one_segment

HERE = Path(__file__).resolve().parents[1]
CORPUS = HERE / "fixtures" / "site-corpus"
RULES = site_excerpts()  # three shortened CRs cut from ../shared/cr


def snapshot(root: Path) -> dict[str, tuple[int, str]]:
    """Return every file under ``root`` by POSIX path: its inode and SHA-256 (but the stat
    cache, which holds this machine's inode numbers and times and is tested apart)."""
    return {p.relative_to(root).as_posix(): (p.stat().st_ino, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(root.rglob("*")) if p.is_file() and p.relative_to(root).as_posix() != STAT_CACHE}


def rewritten(before: dict, after: dict) -> set[str]:
    """Return the files of ``after`` that are new files (another inode) or were not there."""
    return {name for name, (inode, _) in after.items()
            if name not in before or before[name][0] != inode}


def changed(before: dict, after: dict) -> set[str]:
    """Return the files of ``after`` whose bytes differ from ``before`` or that are new."""
    return {name for name, (_, sha) in after.items() if name not in before or before[name][1] != sha}


def contents(snap: dict) -> dict[str, str]:
    return {name: sha for name, (_, sha) in snap.items()}


def new_faq(number: int = 7) -> str:
    """Return a synthetic FAQ made from the Champions fixture: every card renamed."""
    return synthetic_text(load_seed(CORPUS / "01_champions.txt"), number, 1, set(), keep=0.0)


@pytest.fixture
def work(tmp_path) -> Path:
    """A copy of the site corpus under ``tmp_path/sources``, built once into ``tmp_path/site``."""
    shutil.copytree(CORPUS, tmp_path / "sources")
    result = build_site(tmp_path / "sources", tmp_path / "site", Diagnostics(), rules=RULES)
    assert result.mode == "full" and result.reason == "no previous build"
    return tmp_path


def rebuild(work: Path, **options) -> build.BuildResult:
    return build_site(work / "sources", work / "site", Diagnostics(), rules=RULES, **options)


def clean_build(work: Path) -> dict[str, str]:
    out = work / "clean"
    shutil.rmtree(out, ignore_errors=True)
    assert build_site(work / "sources", out, Diagnostics(), rules=RULES).mode == "full"
    return contents(snapshot(out))


def assert_minimal_and_clean(work: Path, before: dict, exact: bool = True) -> set[str]:
    """Check the rebuild rewrote every file that changed (with ``exact``, only those) and equals
    a clean build; return the files rewritten."""
    after = snapshot(work / "site")
    done, diff = rewritten(before, after), changed(before, after)
    assert not diff - done, f"changed but not rewritten: {sorted(diff - done)[:20]}"
    assert not exact or done == diff, f"rewritten but unchanged: {sorted(done - diff)[:20]}"
    clean = clean_build(work)
    assert sorted(set(clean) ^ set(contents(after))) == []
    assert [n for n in clean if clean[n] != contents(after)[n]] == []
    return done


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_new_faq_rewrites_exactly_its_pages_and_equals_a_clean_build(work, monkeypatch, jobs):
    """With one job in order; with two, the index made in a process of its own beside the
    pages (``parallel.aside``): the same site either way."""
    from compiler.search.index import shards

    # each unit a shard of its own (the test corpus is one shard otherwise), so that only
    # the new FAQ's shard being indexed again shows
    monkeypatch.setattr(shards, "SHARD_WEIGHT", 0)
    rebuild(work, full=True)
    before = snapshot(work / "site")
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    result = rebuild(work, jobs=jobs)
    assert result.mode == "incremental"
    assert (result.read.added, result.read.changed, result.read.removed) == (["qaah-en"], [], [])
    assert result.read.parsed == 1  # the three others came from the cache
    assert result.read.fresh == {}  # written into the cache, then let go
    done = assert_minimal_and_clean(work, before)
    pages = {n for n in done if n.endswith(".html")}
    assert {"docs/qaah-en.html", "index.html", "docs/index.html", "cards/index.html",
            "topics/index.html", "topics/qaah-en/bushido.html", "rules/502.38a.html"} <= pages
    cards = {f"cards/{c.slug}.html" for c in collect([_read(work / "sources" / "04_new.txt")]).cards.values()}
    assert cards <= pages
    untouched = {"docs/chk-en.html", "docs/shm-ja.html", "docs/mh3-en.html", "cards/ja.html",
                 "cards/budoka-gardener.html", "topics/chk-en/bushido.html", "404.html", "search.html"}
    assert not untouched & done
    assert {".faqc/state.json", f"{INDEX_DIR}/_MAIN_1.toc"} <= done
    assert any(name.startswith(f"{BUCKET_DIR}/") for name in done)  # the new cards' previews
    assert result.written == len(pages)
    assert result.search.indexed == ["qaah-en"]  # its shard alone indexed again
    assert result.search.shards_indexed == 1 and result.search.shards == 5


def test_shards_of_several_units_are_kept_and_the_site_equals_a_clean_build(work, monkeypatch):
    """With the CRs' records in units of 5 and shards of up to 40 records, the CRs make shards
    of several units; a new FAQ (it sorts after them) leaves them as they were: their
    segments and parts are kept, read from disk, and the site is a clean build's."""
    from compiler.search.index import shards as si
    monkeypatch.setattr(si, "CR_UNIT_RECORDS", 5)
    monkeypatch.setattr(si, "SHARD_WEIGHT", 40)
    units = list(rebuild(work, full=True).search.signatures)  # in index order
    parts = work / "site" / si.PARTS_DIR

    ahead = units.index("mh3-en")  # the units before the one the new FAQ follows

    def kept_parts() -> dict[tuple[str, ...], bytes]:  # the parts of shards of several of them
        runs = [units[i:j] for i in range(ahead) for j in range(i + 2, ahead + 1)]
        return {tuple(run): path.read_bytes() for run in runs
                if (path := parts / si.part_file(si.shard_key(run))).is_file()}
    several = kept_parts()
    assert several and units[ahead + 1:] == ["shm-ja"]
    before = snapshot(work / "site")
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    result = rebuild(work)
    assert result.mode == "incremental" and 0 < result.search.shards_indexed < result.search.shards
    assert {run: data for run, data in kept_parts().items() if run in several} == several
    indexed = set(result.search.indexed)
    assert "qaah-en" in indexed and not indexed & {u for run in several for u in run}
    assert_minimal_and_clean(work, before)


def test_two_stale_shards_are_indexed_in_two_worker_processes(work, monkeypatch):
    """A shard takes seconds to index: two stale ones (an edited FAQ and a new one) are
    indexed by two workers at once, not one after the other in the build's own process, and
    the site is a clean build's."""
    from compiler.search.index import shards as si
    monkeypatch.setattr(si, "SHARD_WEIGHT", 0)  # a shard per unit
    rebuild(work, full=True)
    before = snapshot(work / "site")
    pids = work / "pids"
    made = si.shard_segment

    def shard_segment(inv, crs, shard):  # as forked, each worker writes its process id
        with open(pids, "a", encoding="utf-8") as out:
            out.write(f"{os.getpid()}\n")
        time.sleep(0.5)  # long enough that one worker cannot take both (the pool's choice)
        return made(inv, crs, shard)
    monkeypatch.setattr(si, "shard_segment", shard_segment)
    source = work / "sources" / "01_champions.txt"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("even if you don't use its ability",
                                   "even when you don't use its ability"), encoding="utf-8")
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    result = rebuild(work, jobs=2)
    assert result.mode == "incremental" and result.search.shards_indexed == 2
    workers = pids.read_text(encoding="utf-8").split()
    assert len(workers) == 2 and len(set(workers)) == 2 and str(os.getpid()) not in workers
    monkeypatch.setattr(si, "shard_segment", made)
    assert_minimal_and_clean(work, before, exact=False)


def _read(path: Path):
    from compiler.files.textio import read_source
    from compiler.readers import read_document
    return read_document(read_source(path.read_bytes(), str(path)), Diagnostics())


def test_an_edited_ruling_rewrites_the_pages_of_its_document(work):
    """Dependencies are by document: every page showing anything of the edited document is
    rendered again (most come out the same); no page of the other documents is."""
    source = work / "sources" / "01_champions.txt"
    text = source.read_text(encoding="utf-8")
    old = "even if you don't use its ability"
    assert old in text
    before = snapshot(work / "site")
    source.write_text(text.replace(old, "even when you don't use its ability"), encoding="utf-8")
    result = rebuild(work)
    assert (result.read.added, result.read.changed, result.read.removed) == ([], ["chk-en"], [])
    done = assert_minimal_and_clean(work, before, exact=False)
    assert {"docs/chk-en.html", "cards/budoka-gardener.html"} <= done  # the ruling is shown on both
    assert not {"docs/shm-ja.html", "docs/mh3-en.html", "cards/index.html"} & done
    elsewhere = {p.relative_to(work / "site").as_posix() for p in (work / "site").rglob("*.html")
                 if "chk-en" not in p.read_text(encoding="utf-8")}
    assert len(elsewhere) > 20 and not elsewhere & done  # pages showing nothing of chk-en


def test_a_faq_of_an_edition_not_yet_shown_remakes_only_the_histories_of_that_edition(work):
    """Issue 17: the Shadowmoor FAQ and the MH3 release notes read against the CR of
    2008-05-01 (the latest the tests have before their dates); without them that edition is
    read only on its contents page, from the data. Adding Shadowmoor back shows it again, with
    a glossary and the pages of the sections it cites: the histories of its rules are made
    again, the histories of rules it has no step in (2026's 309 and 104.1 are new) are not, and the site
    equals a clean build (the pages that link CR text by era are made again: not exact)."""
    away = work / "away"
    away.mkdir()
    for name in ("02_shadowmoor_ja.txt", "03_horizons_release_notes.txt"):
        (work / "sources" / name).rename(away / name)
    rebuild(work)
    site = work / "site"
    assert edition_files(site, "2008-05-01") == ["index.html"]
    before = snapshot(site)
    (away / "02_shadowmoor_ja.txt").rename(work / "sources" / "02_shadowmoor_ja.txt")
    assert rebuild(work).mode == "incremental"
    shown = edition_files(site, "2008-05-01")
    assert {"index.html", "glossary.html"} < set(shown) and "502.html" in shown
    after = snapshot(site)
    done = assert_minimal_and_clean(work, before, exact=False)  # pages linking CR text: all
    histories = {n for n in before if n.startswith("cr/history/")}
    remade = histories & done
    needless = remade - changed(before, after)  # a chain with a 2008 step: its facts moved
    assert remade and not [n for n in needless if n.split("/")[2] not in ("2004-10-01", "2008-05-01")]
    kept = {n for n in histories if n.startswith("cr/history/2026-01-16/")} - done
    assert {"cr/history/2026-01-16/309.html", "cr/history/2026-01-16/104.1.html"} <= kept


def test_a_removed_faq_is_purged_everywhere(work):
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    rebuild(work)
    before = snapshot(work / "site")
    (work / "sources" / "04_new.txt").unlink()
    result = rebuild(work)
    assert result.read.removed == ["qaah-en"] and result.search.removed == ["qaah-en"]
    assert_minimal_and_clean(work, before)
    site = work / "site"
    assert not (site / "docs" / "qaah-en.html").exists()
    assert not (site / "topics" / "qaah-en").exists()
    assert result.removed > 0 and "qaah" not in (site / "docs" / "index.html").read_text(encoding="utf-8")
    hits = search_index(site / INDEX_DIR, "set:qaah", 5)
    assert hits == []


@pytest.mark.parametrize("garbage", [b"{not json", b'{"format": 0, "stamp": "x"}', b"\xff\xfe"])
def test_a_corrupt_or_old_state_makes_a_full_build(work, garbage, capsys):
    before = contents(snapshot(work / "site"))
    (work / "site" / STATE_FILE).write_bytes(garbage)
    result = rebuild(work)
    assert result.mode == "full"
    assert "the build state cannot be used" in result.reason and "building everything" in result.reason
    assert contents(snapshot(work / "site")) == before


def test_a_template_change_makes_a_full_build(work, tmp_path):
    from compiler.render.env import templates_dir
    templates = tmp_path / "templates"
    shutil.copytree(templates_dir(), templates)
    footer = templates / "partials" / "footer.html"
    footer.write_text(footer.read_text(encoding="utf-8") + "<!-- changed -->\n", encoding="utf-8")
    result = rebuild(work, templates=templates)
    assert result.mode == "full" and result.reason == "the compiler, templates or rules changed"
    assert result.written == sum(result.pages.values())


def test_nothing_changed_does_nothing(work):
    site = work / "site"
    inode = site.stat().st_ino
    result = rebuild(work)
    assert (result.mode, result.written) == ("unchanged", 0)
    pages = len(list(site.rglob("*.html"))) + (site / "rules" / "renumbering.json").is_file() \
        + len(list(site.glob("cr/goto/*.js"))) + len(list(site.glob("cr/data/*.js")))
    assert sum(result.pages.values()) == pages  # every page, the renumbering map, the CR data
    assert site.stat().st_ino == inode  # not even republished


def test_warnings_are_the_same_when_read_from_the_cache(work):
    (work / "sources" / "05_plain.txt").write_text("Just some prose.\nNo layout at all.\n",
                                                  encoding="utf-8")
    first, second = Diagnostics(), Diagnostics()
    build_site(work / "sources", work / "site", first, rules=RULES)
    result = build_site(work / "sources", work / "site", second, rules=RULES)
    assert result.mode == "unchanged"
    assert [d.format() for d in second.sorted()] == [d.format() for d in first.sorted()] != []


def test_an_unreadable_source_is_reported_again(work):
    (work / "sources" / "00_empty.txt").write_bytes(b"")
    first = rebuild(work)
    second = rebuild(work)
    assert first.errors == second.errors == [
        f"{work / 'sources' / '00_empty.txt'}: error: empty file: no text to read"]
    assert second.mode == "unchanged"


def test_one_or_two_workers_build_the_same_site(work):
    two = contents(snapshot(work / "site"))
    out = work / "one"
    build_site(work / "sources", out, Diagnostics(), rules=RULES, jobs=1)
    assert contents(snapshot(out)) == two


def test_the_index_searches_like_the_search_packages_own(work, tmp_path, monkeypatch):
    from compiler.search.index import shards
    monkeypatch.setattr(shards, "CR_UNIT_RECORDS", 20)  # the CRs in several units
    result = rebuild(work, full=True)
    assert len([u for u in result.search.signatures if u.startswith("cr/")]) >= 3
    site = work / "site"
    docs = [_read(p) for p in sorted((work / "sources").glob("*.txt"))]
    inv = collect(docs)
    history = RuleHistory(RuleIdentity.build(load_cr_library(RULES)))
    history.browsed = {d.name: frozenset(p.relative_to(site).as_posix() for p in d.glob("*.html"))
                       for d in (site / "cr").glob("[0-9]*")}  # the section pages it has
    build_search(inv, tmp_path / "own", history)
    ours, theirs = site / INDEX_DIR, tmp_path / "own" / INDEX_DIR
    expected = export_files(read_index(theirs, read_shown(export_of(theirs))))
    assert export_files(read_index(ours, read_shown(export_of(ours)))) == expected
    # a small segment's shards are small (segments.layout)
    expected = export_files(read_index(theirs, read_shown(export_of(theirs))),
                            *layout(len(read_shown(export_of(theirs)))))
    written = {p.relative_to(site / EXPORT_DIR).as_posix(): p.read_bytes()
               for p in (site / EXPORT_DIR).rglob("*") if p.is_file()}
    # put together from the parts, the same as read through Whoosh: a clean build writes one
    # segment, the one-segment export's files in a folder of their own (segments.py)
    assert as_one_segment(written) == expected
    for query in ("bushido", "card:\"Budoka Gardener\"", "rule:502.38", "混成", "set:cr"):
        assert [h.to_dict() for h in search_index(ours, query, 10)] == \
               [h.to_dict() for h in search_index(theirs, query, 10)]


def test_the_card_previews_are_what_a_clean_build_writes(work):
    from compiler.site.pages import make_site
    from compiler.xref.resolve import resolve
    docs = [_read(p) for p in sorted((work / "sources").glob("*.txt"))]
    inv = collect(docs)
    site = make_site(inv, resolve(inv))
    files = {name: (work / "site" / name).read_bytes() for name in
             [CARDS_SCRIPT, *(p.relative_to(work / "site").as_posix()
                              for p in sorted((work / "site" / BUCKET_DIR).iterdir()))]}
    assert files == site_cards_files(site, site_environment())
    assert set(previous_previews(work / "site")) == {c.slug for c in inv.cards.values()}


def test_the_state_records_every_file(work, monkeypatch):
    state, problem = load_state(work / "site")
    assert problem == "" and isinstance(state, BuildState)
    files = {p.relative_to(work / "site").as_posix() for p in (work / "site").rglob("*") if p.is_file()}
    assert set(state.files) == files - {STATE_FILE, STAT_CACHE}
    # the stat cache, taken once the site was published, holds each file as it stands but
    # those written too shortly before (RACY_NS); with none too recent, every file
    cache = stat_cache(work)
    assert all(cache[name] == list(stat_key(os.lstat(work / "site" / name))) for name in cache)
    assert set(cache) < set(state.files)
    state = cache_everything(work, monkeypatch)
    assert stat_cache(work) == {name: list(stat_key(os.lstat(work / "site" / name)))
                                for name in state.files}
    assert set(state.pages) == {p for p in files if p.endswith(".html")
                                or p == "rules/renumbering.json"
                                or p.startswith(("cr/goto/", "cr/data/"))}


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_state_reads_again_only_the_files_the_rebuild_wrote(work, monkeypatch, jobs):
    """The state's SHA-256 of a file carried over (and still as carried), or written by the
    pages' or the export's writer, is not made again by reading it, nor any file twice; every
    hash is still the file's, and the stat cache holds every file again. With two jobs the
    index's files are carried and listed in the index's process: the paths hashed are logged
    to a file both processes append to."""
    from compiler.incremental import state as state_module
    from compiler.incremental.state import site_files
    from compiler.site import publish
    logs = {name: work / f"{name}.log" for name in ("hashed", "carried")}
    real = state_module.file_sha256

    def logging(name):
        def sha256(path):
            with open(logs[name], "a", encoding="utf-8") as log:
                log.write(f"{path}\n")
            return real(path)
        return sha256
    monkeypatch.setattr(state_module, "file_sha256", logging("hashed"))
    monkeypatch.setattr(publish, "file_sha256", logging("carried"))
    cache_everything(work, monkeypatch)
    logs["hashed"].unlink(missing_ok=True)
    before = snapshot(work / "site")
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    assert rebuild(work, jobs=jobs).mode == "incremental"
    after = snapshot(work / "site")
    # read back: only files rewritten by neither the pages' writer nor the export's (which
    # give the hash of what they wrote), and no file carried over
    done = rewritten(before, after) - {STATE_FILE}
    paths = logs["hashed"].read_text().splitlines()
    read = {Path(path).relative_to(next(folder for folder in Path(path).parents
                                        if folder.name.startswith(".site.staging-"))).as_posix()
            for path in paths}  # read in the staging folder
    assert len(read) == len(paths)  # each once
    assert read == {n for n in done if not n.endswith(".html") and not n.startswith(f"{EXPORT_DIR}/")}
    # the export's segments are measured on their own (tests/search/test_segments.py): on a
    # corpus this small each new segment merges with the others into one
    pages = {n for n in done if not n.startswith(f"{EXPORT_DIR}/")}
    assert len(read) < len(done) / 2 and len(pages) < len(after) / 2
    assert not logs["carried"].exists()  # every file carried over was known by the stat cache
    monkeypatch.setattr(state_module, "file_sha256", real)
    state = load_state(work / "site")[0]
    assert state.files == site_files(work / "site")
    assert stat_cache(work) == {name: list(stat_key(os.lstat(work / "site" / name)))
                                for name in state.files}  # none too recent (RACY_NS 0)


# ---------------------------------------------------------------- progress and summary

def test_progress_in_ci_is_plain_lines_and_quiet_is_silent(work, monkeypatch):
    monkeypatch.setenv("CI", "1")
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    args = ["build", "--sources", str(work / "sources"), "--out", str(work / "site"),
            "--rules", str(RULES)]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    lines = result.output.splitlines()
    assert result.exit_code == 0, result.output
    assert lines[0].startswith("build: state in ") and lines[1].startswith("build: read: 4 of 4 source(s) in")
    assert any(line.startswith("build: write: ") and " of " in line for line in lines)
    assert "build: incremental" in lines
    assert any(line.startswith("build: pages: ") and " written, " in line for line in lines)
    assert any(line.startswith("build: search: 1 of ") and " shard(s) indexed (" in line
               for line in lines)
    assert any(line.startswith("build: phases: state ") and " index " in line for line in lines)
    assert lines[-1].startswith("build: 4 document(s), ")
    quiet = CliRunner().invoke(main, ["-q", *args], catch_exceptions=False)
    assert quiet.exit_code == 0 and quiet.output == ""


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_cycle_collector_is_paused_for_the_index_alone_and_all_is_collectable_after(
        work, tmp_path, monkeypatch, jobs):
    """With one job the index phase runs in the build's process; with two, an incremental
    build runs it in a process of its own beside the pages' writing (``parallel.aside``),
    its phases' timings taken back. Either way the collector is paused and the site frozen
    while it runs."""
    import gc
    seen = {}

    class Watching(Progress):
        def phase(self, name, *args, **kwargs):
            seen[name] = gc.isenabled(), gc.get_freeze_count() > 0
            return super().phase(name, *args, **kwargs)

    real = build.index_search

    def index_search(*args, **kwargs):  # runs where the index is made: says where, and how
        (tmp_path / "indexed").write_text(json.dumps(
            [gc.isenabled(), gc.get_freeze_count() > 0, os.getpid()]))
        return real(*args, **kwargs)

    monkeypatch.setattr(build, "index_search", index_search)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    result = rebuild(work, progress=Watching(), jobs=jobs)
    assert result.mode == "incremental"
    # on, nothing frozen, while the sources are read; on, the site frozen, while pages are
    # written; paused for the search index and its export; all as it was after
    assert (seen["read"], seen["write"]) == ((True, False), (True, True))
    enabled, frozen, pid = json.loads((tmp_path / "indexed").read_text())
    assert (enabled, frozen) == (False, True)
    assert (pid == os.getpid()) == (jobs == 1)
    if jobs == 1:
        assert seen["index"] == seen["export"] == (False, True)
    else:  # timed in the other process, its timings taken back
        assert "index" not in seen and "export" not in seen
    assert " index " in result.phases and " export " in result.phases
    assert result.search is not None and result.search.shards_indexed >= 1
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_terminal_gets_bars():
    class Tty:
        def isatty(self):
            return True
    assert Progress.for_terminal(0, Tty()).style in ("bar", "lines")  # lines when CI is set
    assert Progress.for_terminal(-1, Tty()).style == "silent"


def test_a_damaged_cache_is_read_again_and_never_unpickled(work, monkeypatch):
    """The caches are data (gzipped JSON), never pickles: garbage or a planted pickle, gzipped
    or not, is only a miss.
    Each unit a shard of its own, so that the parts of the shards the new FAQ leaves as they
    were are read (and found damaged), not made again anyway."""
    import pickle

    from compiler.search.index import shards
    monkeypatch.setattr(shards, "SHARD_WEIGHT", 0)
    rebuild(work, full=True)
    site = work / "site"
    planted = pickle.dumps(ValueError("a pickle must never be loaded from the site folder"))
    # gzipped or not (the caches are gzipped JSON): a pickle, or garbage
    damaged = [planted, packed(planted), b"{not json", packed(b"{not json")]
    cached = [*(site / ".faqc" / "documents").iterdir(), *(site / ".faqc" / "search").iterdir()]
    assert cached and all(path.name.endswith(".json.gz") for path in cached)
    for number, path in enumerate(cached):
        path.write_bytes(damaged[number % len(damaged)])
    (site / INDEX_DIR / "_MAIN_1.toc").write_bytes(planted)
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    result = rebuild(work)
    assert result.mode == "incremental" and result.read.parsed == 4  # every source read again
    assert sorted(result.search.indexed_documents()) == ["chk-en", "cr", "mh3-en", "qaah-en",
                                                          "shm-ja"]
    assert result.search.shards_indexed == result.search.shards == 5  # 4 remade as found damaged
    clean = clean_build(work)
    assert contents(snapshot(site)) == clean


def test_a_packed_cache_file_unpacks_only_as_written():
    """``unpacked`` gives back what ``packed`` wrote, deterministically; anything else (plain
    JSON, cut short, with more after it, two members, a "gzip bomb") is a ValueError, a miss."""
    import gzip

    from compiler.incremental.state import UNPACKED_RATIO, unpacked
    data = json.dumps({"words": [f"ruling {n}" for n in range(5000)]}).encode("utf-8")
    blob = packed(data)
    assert unpacked(blob) == data and packed(data) == blob
    bomb = gzip.compress(b"\0" * (UNPACKED_RATIO * 1_000_000))  # about 100 KB, 100 MB unpacked
    for bad in (data, blob[:-4], blob + b"x", blob + blob, bomb, b""):
        with pytest.raises(ValueError):
            unpacked(bad)


def test_an_edition_no_longer_read_against_is_shown_by_its_changes_and_all_links_follow(work):
    """Removing the only document of 2004 takes the 2004-10-01 edition out of the editions shown
    in full (the others read against 2008-05-01): its section and glossary pages go, its
    contents page stays, and every page that linked to them links to the rule read on that
    contents page instead, as a clean build has it (the CR pages' signatures hold the editions
    shown)."""
    site = work / "site"
    assert "502.html" in edition_files(site, "2004-10-01")
    assert pages_linking_sections(site, "2004-10-01")
    paged = re.compile(r'href="[^"/#]+\.html')  # a section or glossary page beside the contents
    assert paged.search((site / "cr" / "2004-10-01" / "index.html").read_text(encoding="utf-8"))
    before = snapshot(site)
    (work / "sources" / "01_champions.txt").unlink()
    assert rebuild(work).mode == "incremental"
    assert_minimal_and_clean(work, before, exact=False)
    assert edition_files(site, "2004-10-01") == ["index.html"]
    assert pages_linking_sections(site, "2004-10-01") == []
    contents = (site / "cr" / "2004-10-01" / "index.html").read_text(encoding="utf-8")
    assert 'href="#502"' in contents and not paged.search(contents)
    history = (site / "cr" / "history" / "2004-10-01" / "502.38.html").read_text(encoding="utf-8")
    assert '<a href="../../2004-10-01/index.html#502.38"><time datetime="2004-10-01">' in history


def edition_files(site: Path, cr_date: str) -> list[str]:
    """Return the files of one edition's folder (``cr/<date>/``), by name."""
    return sorted(p.relative_to(site / "cr" / cr_date).as_posix()
                  for p in (site / "cr" / cr_date).rglob("*") if p.is_file())


def pages_linking_sections(site: Path, cr_date: str) -> list[str]:
    """Return the pages linking to a section or glossary page of an edition."""
    link = re.compile(r'href="(?:\.\./)*(?:cr/)?' + re.escape(cr_date) + r'/(?!index\.html)[^"]*"')
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                  if link.search(p.read_text(encoding="utf-8")))


def test_a_new_faq_citing_a_section_not_yet_shown_adds_its_page_and_only_what_links_to_it(work):
    """An edition read against has a page for each section its readers cite (``CrSite.pages``):
    a new FAQ of 2004 citing rule 104.3 adds the 2004 page of section 104, and the rebuild
    rewrites exactly the pages whose links change (the index, the edition's section pages and
    page of changes, the histories of the rules whose links go there), as a clean build has
    them; it does not make every CR page again."""
    assert not (work / "site" / "cr" / "2004-10-01" / "104.html").exists()
    before = snapshot(work / "site")
    text = new_faq().replace("* Its bushido ability works like",
                             "* Its owner loses as rule 104.3 says if it has no cards to draw.\n\n"
                             "* Its bushido ability works like", 1)
    assert "rule 104.3 says" in text
    (work / "sources" / "04_new.txt").write_text(text, encoding="utf-8")
    assert rebuild(work).mode == "incremental"
    done = assert_minimal_and_clean(work, before)
    section = (work / "site" / "cr" / "2004-10-01" / "104.html").read_text(encoding="utf-8")
    assert '<div class="cr-rule" id="104.3">' in section
    assert {"cr/2004-10-01/104.html", "cr/index.html", "cr/changes/2004-10-01.html"} <= done
    cr_pages = {n for n in before if n.startswith("cr/")}
    assert len(done & cr_pages) < len(cr_pages) / 2  # not every CR page made again


def test_the_cr_pages_facts_are_the_same_in_every_process(work):
    """The facts a CR page is made again by hold no set in its hashing order: adding a FAQ
    rewrites the same pages whatever ``PYTHONHASHSEED`` the rebuild runs with (an unsorted
    frozenset of editions once rewrote a third of the CR pages under some seeds)."""
    import os
    import subprocess
    import sys

    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    faqc = Path(sys.executable).parent / "faqc"
    written = set()
    for seed in ("0", "1", "2", "3", "4"):
        site = work / f"site-{seed}"
        shutil.copytree(work / "site", site)
        run = subprocess.run([str(faqc), "build", "--sources", str(work / "sources"), "--out",
                              str(site), "--rules", str(RULES), "--cache", str(work / "cache")],
                             env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True,
                             text=True, check=True)
        written.add(next(line for line in run.stderr.splitlines() if line.startswith("build: pages:")))
    assert len(written) == 1, written


def stat_cache(work: Path) -> dict[str, list[int]]:
    return json.loads((work / "site" / STAT_CACHE).read_text(encoding="utf-8"))


def cache_everything(work: Path, monkeypatch) -> BuildState:
    """Build the site again in full with no file too recent for the stat cache; return its
    state (``RACY_NS`` leaves out what a build of a few seconds wrote last)."""
    from compiler.incremental import state as state_module
    monkeypatch.setattr(state_module, "RACY_NS", 0)
    assert rebuild(work, full=True).mode == "full"
    return load_state(work / "site")[0]


def edit_in_place_keeping_size_and_time(path: Path) -> bytes:
    """Change one byte of ``path`` in place, then put its modification time back; return the
    bytes it had."""
    data, st = path.read_bytes(), path.stat()
    time.sleep(0.05)  # past the clock tick the cache's change time fell in
    path.write_bytes(data.replace(b"<", b"{", 1))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns
    return data


@pytest.mark.parametrize("add", [False, True], ids=["nothing-else-changed", "a-faq-added"])
def test_a_file_edited_in_place_is_written_again_though_its_size_and_time_are_put_back(
        work, monkeypatch, add):
    """The stat cache trusts a file only while its change time is the one taken after the
    last build: edited in place, its size the same and its modification time put back, a page
    no new FAQ rewrites is read, found changed and written again, whether the build would have
    found nothing to do or carries the page over."""
    cache_everything(work, monkeypatch)
    path = work / "site" / "docs" / "chk-en.html"
    assert "docs/chk-en.html" in stat_cache(work)
    data = edit_in_place_keeping_size_and_time(path)
    if add:
        (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    assert rebuild(work).mode == "incremental"
    assert path.read_bytes() == data


def test_the_stat_cache_keeps_a_carried_files_new_change_time_and_leaves_out_what_moved(
        tmp_path, monkeypatch):
    """``save_stat_cache``: a carried file's key is taken again (its change time moved when the
    old site's link went); any other file's key must be as hashed, and not too recent."""
    from compiler.incremental import state as state_module
    from compiler.incremental.state import keyed_site_files, save_stat_cache
    site = tmp_path / "site"
    for name in ("carried.html", "written.html", "touched.html", "recent.html"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(name.encode())
    files = keyed_site_files(site)
    time.sleep(0.05)
    for name in ("carried.html", "touched.html"):  # a link made and removed: the change time moves
        os.link(site / name, tmp_path / "link")
        os.unlink(tmp_path / "link")
    monkeypatch.setattr(state_module, "RACY_NS", 0)
    save_stat_cache(site, files, {"carried.html": files["carried.html"]})
    assert sorted(stat_cache(tmp_path)) == ["carried.html", "recent.html", "written.html"]
    assert stat_cache(tmp_path)["carried.html"] == list(stat_key(os.lstat(site / "carried.html")))
    monkeypatch.setattr(state_module, "RACY_NS", 60 * 10**9)  # all four written within a minute
    save_stat_cache(site, files, {"carried.html": files["carried.html"]})
    assert sorted(stat_cache(tmp_path)) == ["carried.html"]


def test_a_stat_cache_that_is_not_one_is_ignored(work, monkeypatch):
    """A stat cache that cannot be read, or is not a map of four whole numbers, is no cache:
    the files are read (and nothing is said)."""
    from compiler.incremental.state import load_stat_cache
    state = cache_everything(work, monkeypatch)
    assert len(load_stat_cache(work / "site", state.files)) == len(state.files)
    for text in ("", "[]", '{"index.html": [1, 2, 3]}', '{"index.html": [1, 2, 3, "4"]}',
                 '{"index.html": [1, 2, 3, 4.0]}', '{"index.html": [1, 2, 3, true]}',
                 "[" * 100_000):
        (work / "site" / STAT_CACHE).write_text(text, encoding="utf-8")
        assert load_stat_cache(work / "site", state.files) == {}, text
    (work / "site" / STAT_CACHE).write_text('{"nowhere.html": [1, 2, 3, 4]}', encoding="utf-8")
    assert load_stat_cache(work / "site", state.files) == {}
    assert rebuild(work).mode == "unchanged"


def test_only_files_still_as_written_are_carried_over_and_as_links(tmp_path):
    """``carry_over`` links a file of the old site only while its bytes are those the state
    lists: not one edited in place, turned into a symbolic link, gone, or named outside."""
    from compiler.incremental.state import file_sha256
    from compiler.site.publish import carry_over

    out, staging = tmp_path / "site", tmp_path / "staging"
    texts = {"index.html": b"home", "cards/a.html": b"a", "cards/b.html": b"b",
             "docs/c.html": b"c", "docs/d.html": b"d"}
    for name, data in texts.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    listed = {name: file_sha256(out / name) for name in texts}
    known = {"cards/b.html": (listed["cards/b.html"], stat_key(os.lstat(out / "cards" / "b.html")))}
    (out / "cards" / "b.html").write_bytes(b"edited")                   # edited in place
    (tmp_path / "elsewhere").write_bytes(b"c")
    (out / "docs" / "c.html").unlink()
    (out / "docs" / "c.html").symlink_to(tmp_path / "elsewhere")       # same bytes, a link now
    (out / "docs" / "d.html").unlink()                                  # gone
    (tmp_path / "outside").write_bytes(b"o")
    listed["../outside"] = file_sha256(tmp_path / "outside")            # a state naming outside
    listed["a\x00b"] = listed["x\udc80y"] = listed["index.html"]          # no path is so named
    staging.mkdir()
    carried = carry_over(out, staging, listed)
    assert sorted(carried) == ["cards/a.html", "index.html"]
    # a stat cache's key is trusted only while it is the file's: b.html's bytes are read again
    # (and found changed); so are a.html's, its cached key not the one it has now
    from compiler.site import publish
    shutil.rmtree(staging)
    staging.mkdir()
    known["index.html"] = listed["index.html"], stat_key(os.lstat(out / "index.html"))  # as now
    known["cards/a.html"] = listed["cards/a.html"], (0, 0, 0, 0)
    read, real = [], publish.file_sha256
    publish.file_sha256 = lambda path: read.append(Path(path).relative_to(out).as_posix()) or real(path)
    try:
        assert sorted(carry_over(out, staging, listed, known)) == ["cards/a.html", "index.html"]
    finally:
        publish.file_sha256 = real
    assert sorted(read) == ["cards/a.html", "cards/b.html"]
    for name in carried:
        assert carried[name][0] == listed[name]
        assert (staging / name).stat().st_ino == (out / name).stat().st_ino
        assert carried[name][1][0] == (staging / name).stat().st_ino
    assert sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file()) \
        == ["cards/a.html", "index.html"]


def test_the_export_is_written_by_hash_against_what_was_carried_and_by_bytes_without(
        tmp_path, monkeypatch):
    """``ExportWriter`` makes its folder hold exactly the files given, in two goes here (as a
    build gives a language's files, then the rest), writing only those whose bytes changed:
    with ``present`` (what was carried over) by hash, without reading a file; without it by
    reading the folder. Both leave the same files and write the same."""
    from compiler.search.index import parts
    old = {"meta.js": b"m1", "en/terms-00.js": b"t0", "en/terms-01.js": b"t1",
           "ja/text-00.js": b"x0", "gone/only.js": b"g"}
    new = {"meta.js": b"m2", "en/terms-00.js": b"t0", "en/terms-01.js": b"T1",
           "ja/text-00.js": b"x0", "en/pos-00.js": b"p0"}
    real, writes = parts.place_file, []
    monkeypatch.setattr(parts, "place_file", lambda root, name, data, reuse=None:
                        writes.append(Path(name).name) or real(root, name, data, reuse))
    results = []
    for present in (True, False):
        folder = tmp_path / str(present)
        for name, data in old.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
        known = {name: (hashlib.sha256(data).hexdigest(), -1 if name == "meta.js" else len(data))
                 for name, data in old.items()} if present else None
        if present:  # nothing is read: a file whose bytes are not those carried is not seen
            (folder / "ja" / "text-00.js").write_bytes(b"x9")
        writes.clear()
        writer = parts.ExportWriter(folder, known)
        writer.write(sorted(new.items())[:2])
        writer.write(sorted(new.items())[2:])
        assert writer.close() == (3, 10)
        assert sorted(writes) == ["meta.js", "pos-00.js", "terms-01.js"]
        assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_dir()) \
            == ["en", "ja"]
        results.append({p.relative_to(folder).as_posix(): p.read_bytes()
                        for p in folder.rglob("*") if p.is_file()})
    assert results[1] == new and results[0] == new | {"ja/text-00.js": b"x9"}


def test_a_clean_build_over_a_site_links_the_files_it_makes_the_same(work):
    """A clean build (``--full``) over a site hard-links each file it makes with the bytes the
    site's file of that path has (pages, previews, export files), and writes the others anew,
    never through a link to the old site: the site then equals a clean build into an empty
    folder, and the stat cache holds the linked files (their change time moved when the old
    site's link went, as for files carried over)."""
    source = work / "sources" / "01_champions.txt"
    source.write_text(source.read_text(encoding="utf-8").replace(
        "Budoka Gardener", "Budoka Gardner", 1), encoding="utf-8")
    assert rebuild(work).mode == "incremental"
    before = snapshot(work / "site")
    old_page = work / "old-page.html"
    os.link(work / "site" / "docs" / "chk-en.html", old_page)  # the old site's file, kept
    old_bytes = old_page.read_bytes()
    source.write_text(source.read_text(encoding="utf-8").replace(
        "Budoka Gardner", "Budoka Gardener", 1), encoding="utf-8")
    result = rebuild(work, full=True)
    after = snapshot(work / "site")
    done, diff = rewritten(before, after), changed(before, after)
    kept = set(after) - done
    assert result.mode == "full" and result.linked > 0
    assert "docs/chk-en.html" in diff and not diff - done  # what changed is a new file
    assert old_page.read_bytes() == old_bytes  # the old site's file was not written through
    assert {"404.html", "search.html"} <= kept
    assert any(name.startswith("search/data/") for name in kept)
    assert any(name.startswith("cr/") for name in kept)
    assert any(name.startswith("assets/cards/") for name in kept)
    assert all(before[name][1] == after[name][1] for name in kept)
    assert {"404.html", "search.html"} <= set(stat_cache(work))
    assert contents(after) == clean_build(work)


def test_place_file_links_only_a_regular_file_of_the_same_bytes(tmp_path):
    """``place_file`` links the previous site's file only when it is a regular file holding
    exactly the bytes given: another size, other bytes of the same size, a symbolic link (to
    a file of the same bytes), a named pipe or no file are written anew."""
    from compiler.incremental.state import place_file
    old, new = tmp_path / "old", tmp_path / "new"
    (old / "sub").mkdir(parents=True)
    (old / "sub" / "same").write_bytes(b"abc")
    (old / "sub" / "other").write_bytes(b"abd")
    (old / "sub" / "longer").write_bytes(b"abcd")
    (old / "sub" / "link").symlink_to(old / "sub" / "same")
    os.mkfifo(old / "sub" / "pipe")  # never opened for reading: a build would wait forever
    for name, linked in [("same", True), ("other", False), ("longer", False), ("link", False),
                         ("pipe", False), ("missing", False)]:
        key, was_linked = place_file(new, f"sub/{name}", b"abc", old)
        path = new / "sub" / name
        assert was_linked is linked and path.read_bytes() == b"abc" and not path.is_symlink()
        assert (path.stat().st_ino == (old / "sub" / "same").stat().st_ino) is linked, name
        assert key == stat_key(path.stat())
    assert place_file(new, "none", b"x") == (stat_key((new / "none").stat()), False)


@pytest.mark.parametrize("change, query", [("add", "bushido"), ("edit", "gardener")])
def test_a_query_asked_while_a_build_publishes_is_asked_again_of_the_new_site(
        work, monkeypatch, change, query):
    """``faqc search`` reads what its hits show from the export after it opened the index: a
    build that publishes the site in between (as the first text is read) makes it ask the
    query again, of the new site, not mix the old index with the new texts. Adding a FAQ
    changes the number of documents (the export then says it is not the index's); an edit of
    a ruling does not (the index's table of contents, written anew, says so)."""
    from compiler.search.query import shown
    index = work / "site" / INDEX_DIR
    real, built = shown.ShownTexts.__getitem__, []
    source = work / "sources" / "01_champions.txt"

    def read_after_a_build(self, docnum):
        if not built:
            if change == "add":
                (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
            else:
                source.write_text(source.read_text(encoding="utf-8").replace(
                    "Budoka Gardener", "Budoka Gardner"), encoding="utf-8")
            built.append(rebuild(work).mode)
        return real(self, docnum)

    monkeypatch.setattr(shown.ShownTexts, "__getitem__", read_after_a_build)
    hits = [hit.to_dict() for hit in search_index(index, query, 20)]
    monkeypatch.undo()
    assert built == ["incremental"]
    assert hits and hits == [hit.to_dict() for hit in search_index(index, query, 20)]


def test_a_file_written_again_is_not_taken_for_one_carried_over(work, monkeypatch):
    """A page carried over and then written again is a new file: the stat cache holds it only
    under the rule of new files (its whole key, and not too recent), never as carried."""
    from compiler.incremental import state as state_module
    cache_everything(work, monkeypatch)
    monkeypatch.setattr(state_module, "RACY_NS", 600 * 10**9)  # every file this build writes
    before = snapshot(work / "site")
    (work / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    assert rebuild(work).mode == "incremental"
    done = rewritten(before, snapshot(work / "site"))
    cache = stat_cache(work)
    assert {"docs/index.html", "cards/index.html", "docs/qaah-en.html"} <= done
    assert not done & set(cache)
    assert {"docs/chk-en.html", "404.html", "search.html", "cards/budoka-gardener.html"} <= set(cache)


def test_the_crs_units_are_numbered_where_their_records_sort(monkeypatch):
    """The CRs' records are indexed in units of ``CR_UNIT_RECORDS`` (``cr/000``, ...): in
    ``index_order`` they stand, in their order, where ``SearchRecord.sort_key`` puts records of
    ``CR_UNIT``: before a document ``cr-en`` (``cr`` < ``cr-en``), though ``cr-en`` < ``cr/000``."""
    from types import SimpleNamespace

    from compiler.search.index import shards as si
    from compiler.search.index.records import CR_UNIT, SearchRecord

    def record(doc_id: str, lang: str, line: int) -> SearchRecord:
        return SearchRecord(kind="rule", lang=lang, doc_id=doc_id, line=line, title="t",
                            body="b", url=f"{doc_id}.html#{line}")

    monkeypatch.setattr(si, "CR_UNIT_RECORDS", 2)
    monkeypatch.setattr(si, "cr_records", lambda history: [record(CR_UNIT, "en", n)
                                                           for n in range(1, 6)])
    crs = si.cr_units(object())
    assert list(crs) == ["cr/000", "cr/001", "cr/002"]
    assert [[r.line for r in records] for records in crs.values()] == [[1, 2], [3, 4], [5]]
    docs = {d: SimpleNamespace(id=d, meta=SimpleNamespace(language=lang))
            for d, lang in [("cs-ja", "ja"), ("cr-en", "en"), ("a-ja", "ja"), ("cq-en", "en")]}
    order = si.index_order(SimpleNamespace(documents=docs), crs)
    assert order == ["cq-en", "cr/000", "cr/001", "cr/002", "cr-en", "a-ja", "cs-ja"]
    records = [record(d.id, d.meta.language, 1) for d in docs.values()] + \
        [r for unit in crs.values() for r in unit]
    numbered = [r.doc_id for r in sorted(records, key=SearchRecord.sort_key)]
    assert list(dict.fromkeys(numbered)) == \
        list(dict.fromkeys(si.unit_document(u) for u in order))
    assert si.SearchUpdate(indexed=["cr/001", "cr-en", "cr/000"]).indexed_documents() == \
        ["cr", "cr-en"]
    assert si.SearchUpdate({"cr/000": "x"}, removed=["cr/001", "old-en"]).removed_documents() \
        == ["old-en"]


def test_shards_are_cut_by_content_and_a_change_moves_few_cuts():
    """``shards`` cuts the units (in index order) into runs by their ids and weights: the runs
    keep the order, weigh between a quarter of ``SHARD_WEIGHT`` and it, one unit more at most
    (but the last), end only where a rule of ``shards`` says, and a unit added or removed
    leaves the shards before it as they were and cuts few anew."""
    from compiler.search.index import shards as si

    order = [f"doc{n:03d}-en" for n in range(150)] + ["cr/000", "cr/001"] + \
        [f"doc{n:03d}-en" for n in range(150, 400)]
    weights = {u: 150 + (si.boundary_hash(u) >> 7) % 700 for u in order}  # 150-849
    weights["cr/000"] = weights["cr/001"] = 2000
    cut = si.shards(order, weights)
    assert [u for shard in cut for u in shard] == order
    total = lambda shard: sum(weights[u] for u in shard)  # noqa: E731
    assert all(si.SHARD_WEIGHT // 4 <= total(s) < si.SHARD_WEIGHT + 2000 for s in cut[:-1])

    def ends(units: list[str], weight: int) -> bool:
        number = si.boundary_hash(units[-1])
        return (number % si.SHARD_ANCHOR == 0 and weight >= si.SHARD_WEIGHT // 4) or \
            (number % 2 == 0 and weight >= si.SHARD_WEIGHT * 7 // 10) or weight >= si.SHARD_WEIGHT
    for shard in cut[:-1]:
        assert ends(shard, total(shard))
        assert not any(ends(shard[:n], total(shard[:n])) for n in range(1, len(shard)))
    weights["new-en"] = 500
    moved = []
    for at in range(len(order)):  # a unit removed, or one added, at each place
        for changed in (order[:at] + order[at + 1:], order[:at] + ["new-en"] + order[at:]):
            again = si.shards(changed, weights)
            assert [u for shard in again for u in shard] == changed
            # the shards ending before the change are kept; some after it are cut anew
            assert all(shard in again for shard in cut if order.index(shard[-1]) < at)
            moved.append(len([shard for shard in again if shard not in cut]))
    assert sum(moved) / len(moved) < 3 and max(moved) < len(cut) / 3  # (2.6 and 14 of 54)
    assert si.shards(order[:5], {}) == [order[:5]]  # weightless units: never cut
    assert si.shard_key(["a-en"]) == "a-en" and si.shard_key(["a-en", "b-en"]) == "a-en\nb-en"
