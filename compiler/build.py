"""``faqc build``: the sources compiled into a static site, incrementally, published atomically.

``build_site`` is the whole compiler in its phases, top to bottom: discover -> state -> read ->
collect -> resolve rules -> carry -> resolve cards -> write pages -> list -> search index ->
publish (an incremental build makes the search index in a process of its own, beside carry,
resolve cards, write pages and list: ``parallel.aside``; the index phase carries over and
lists the files of its own folders, ``index_search``). Every source is read and every link
target known before the first page is written; pages go to a staging folder published only
once everything is written.

The build is incremental by content hash and declared dependencies (``compiler.incremental.state``,
``compiler.site.depends``): a source whose bytes did not change is not read again, a page
whose inputs did not change is not rendered again, a document whose records did not change
is not indexed again. An incremental build's staging folder holds only the files it writes
(the index phase's folders still carried in as hard links), moved into the published site
through a journal (``compiler.incremental.journal``); a clean build's staging folder is the
whole site, swapped in. One build at a time writes an output (``compiler.runtime.lock``). A different compiler, template or CR version (the stamp), a state that
cannot be read, or ``full=True`` makes a clean build; either way the site is the same, byte
for byte.

Python's cycle collector walks every object alive on each of its full passes, and a build
holds millions: once the site is resolved, what every later phase reads is frozen
(``gc.freeze``: never walked again in this build, still freed when no longer referenced);
while the search index is put together and exported (plain data: parts, postings, files)
the collector is paused (``collector_paused``; at 20 MiB of sources its passes took half the
export phase). Rendering, whose Jinja2 contexts hold reference cycles, keeps it on, and so
does every forked worker (``parallel``). After the build, everything frozen is collectable
again (``faqc serve --watch`` builds again and again in one process).
"""
from __future__ import annotations

import gc
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from compiler.core.errors import Diagnostics, FaqcError, output_error
from compiler.core.model import Document
from compiler.cr import CrLibrary, load_cr_library
from compiler.cr.derive.history import RuleHistory
from compiler.files.sources import discover_sources
from compiler.incremental.journal import Overlay, publish_changes
from compiler.incremental.read import SourcesRead, read_sources, save_documents
from compiler.incremental.state import (BuildState, input_stamp, keyed_site_files, load_stat_cache,
                                        load_state, save_stat_cache, save_state, site_files)
from compiler.render.env import templates_dir
from compiler.runtime.lock import hold_lock
from compiler.runtime.parallel import aside, cpu_count
from compiler.runtime.progress import Progress
from compiler.site.cr.crsite import CrSite, make_cr_site
from compiler.site.depends import SiteDeps
from compiler.site.pages import Site, make_site
from compiler.site.publish import carry_over, clear_abandoned, intact_files, publish, staging_dir
from compiler.site.write import (SITE_MARKER, WriteResult, copy_assets, site_environment,
                                 write_cards_script, write_pages)
from compiler.xref.inventory import Inventory, collect
from compiler.xref.resolve import Resolver, RuleLinks, resolve_cards, resolve_rules

try:
    from compiler.search.index.shards import SEARCH_FOLDERS, SearchUpdate, update_search
    from compiler.search.schema import EXPORT_DIR, INDEX_DIR
    SEARCH_TOP = tuple(sorted({folder.partition("/")[0] for folder in (INDEX_DIR, EXPORT_DIR)}))
    """The search's top folder, which an incremental build publishes whole
    (``publish_changes``)."""
except ModuleNotFoundError as exc:  # the search index is built by its own package, when present
    if exc.name != f"{__package__}.search":
        raise
    update_search, SEARCH_FOLDERS, SEARCH_TOP = None, (), ()


@dataclass(slots=True)
class BuildResult:
    """What a build read and wrote."""

    documents: int = 0
    errors: list[str] = field(default_factory=list)
    """One line per source that could not be read."""
    pages: Counter[str] = field(default_factory=Counter)
    """Pages of the site, by kind."""
    written: int = 0
    """Pages rendered by this build."""
    removed: int = 0
    mode: str = "full"
    """``full`` (a clean build), ``incremental`` or ``unchanged`` (nothing to do)."""
    reason: str = ""
    """Why the build was a full one."""
    read: SourcesRead | None = None
    search: "SearchUpdate | None" = None
    searched: bool = False
    """True when the site has a search index."""
    phases: str = ""
    seconds: float = 0.0
    linked: int = 0
    """Files of a clean build over a site that are links to the site's file, the same bytes
    (``state.place_file``): made, not written."""
    rules_unread: list[str] = field(default_factory=list)
    """A line for each file of the rules folder not read as a Comprehensive Rules text (the
    texts' other faults are ``faqc check``'s to tell)."""

    def summary(self, out: Path) -> str:
        """Return the one-line summary the command prints."""
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.pages.items()))
        return (f"build: {self.documents} document(s), {sum(self.pages.values())} page(s) "
                f"({kinds}) -> {out} in {self.seconds:.1f}s")

    def details(self) -> list[str]:
        """Return the lines before the summary: what changed, what was written, the phases."""
        lines = [f"build: {self.mode}" + (f" ({self.reason})" if self.reason else "")]
        if self.read is not None:
            lines.append(f"build: documents: {self.read.describe()}")
        unchanged = sum(self.pages.values()) - self.written
        lines.append(f"build: pages: {self.written} written, {unchanged} unchanged, "
                     f"{self.removed} removed")
        if self.linked:
            lines.append(f"build: of the files made, {self.linked} were as the site had them: "
                         "linked to its files, not written again")
        if self.search is not None:
            s = self.search
            lines.append(f"build: search: {s.shards_indexed} of {s.shards} shard(s) indexed "
                         f"({len(s.indexed_documents())} document(s)), "
                         f"{len(s.removed_documents())} document(s) removed; index "
                         f"{s.index_bytes / 1e6:.1f} MB, export {s.export_bytes / 1e6:.1f} MB "
                         f"({s.export_written} file(s) written)")
        lines += [f"build: {line}" for line in self.rules_unread]
        if self.phases:
            lines.append(f"build: phases: {self.phases}")
        return lines


def build_site(sources: Path, out: Path, diags: Diagnostics, *,
               templates: Path | None = None, rules: Path | None = None, full: bool = False,
               jobs: int | None = None, progress: Progress | None = None,
               cache: Path | None = None, kept: dict[str, Document] | None = None
               ) -> BuildResult:
    """Build the site of every source in ``sources`` and publish it at ``out``; with ``rules``
    (a folder of Comprehensive Rules texts), rule citations are read in their era and the CR
    pages are built too (the CR texts' own warnings are ``faqc check``'s to report); with
    ``cache``, the CRs read and linked are kept there by content hash (``compiler.cr.cache``).
    With ``kept`` (a resident build's, ``faqc serve --watch``), the documents of the previous
    build are taken from it rather than decoded, and this build's are left in it."""
    started = time.perf_counter()
    source_files = discover_sources(sources, diags)                  # discover
    with hold_lock(out, "build"):                                    # one build at a time
        try:
            clear_abandoned(out)
            return _build(source_files, sources, out, diags, templates, rules, full, jobs,
                          progress or Progress(), started, cache, kept)
        except OSError as exc:  # disk full, permissions, ...: the machine's, not a bug
            raise output_error(exc, out, "the site is left as it was") from None
        finally:
            gc.unfreeze()  # the build's objects collectable again (see the module docstring)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector (``gc``) inside the block (see the module docstring), and
    put it back as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _build(source_files: list[Path], sources: Path, out: Path, diags: Diagnostics,
           templates: Path | None, rules: Path | None, full: bool, jobs: int | None,
           progress: Progress, started: float, cache: Path | None = None,
           kept: dict[str, Document] | None = None) -> BuildResult:
    """Run the phases after discover, the output's lock held."""
    result = BuildResult()
    with progress.phase("state"):
        stamp = input_stamp(templates or templates_dir(), rules)
        previous, result.reason = usable_state(out, stamp, full)      # state
    result.mode = "incremental" if previous else "full"
    known = load_stat_cache(out, previous.files) if previous else {}  # read once, for all
    read = read_sources(source_files, diags, previous, out, jobs=jobs, progress=progress,
                        known=known, lazy=True)                         # read
    result.read, result.errors, result.documents = read, read.errors, len(read.accepted)
    if not read.accepted:
        raise FaqcError(f"{sources}: error: no source could be read; the site is left as it was")
    if previous and nothing_changed(previous, read, out, known):
        return _unchanged(result, previous, progress, started)  # no cached document decoded
    with progress.phase("decode"):
        read.decode(out, diags, kept)  # the cached documents, which collect takes whole
    notes = Diagnostics()  # the CR texts' faults; a file not read at all is said
    ruled = resolve_rules_site(read, rules, progress, cache, jobs, notes)  # collect, resolve rules
    result.rules_unread = [f"{note.file}: {note.message} (the other editions are read)"
                           for note in notes.sorted() if note.category == "cr.unreadable"]
    gc.freeze()  # what every later phase reads: never walked by the collector again
    old = previous or BuildState(stamp)
    with staging_dir(out, SITE_MARKER) as staging:
        # a clean build over a site links the files it makes the same (``place_file``)
        reuse = None if previous else published_site(out)
        # the files of the index's folders are the index phase's to carry over and list
        prefixes = tuple(f"{folder}/" for folder in SEARCH_FOLDERS)
        theirs = {path: sha for path, sha in old.files.items() if path.startswith(prefixes)}
        # The index needs only the inventory and the rules' history (which the rule references
        # decide: the CR pages its records point to). An incremental build indexes in a process
        # of its own beside the card references' resolving and the pages' writing (``aside``):
        # each mostly waits on one process. A clean build indexes once its pages are written:
        # both phases use every CPU, and the rest of the site (links, anchors, the CRs' pages)
        # is freed by reference counting first (it holds no cycles: a collection after it found
        # none), the index phase reusing its memory (the main process's peak 461 -> 406 MiB,
        # sampled, at 20 MiB).
        inv, history = ruled.inv, ruled.cr.history if ruled.cr else None
        beside = previous is not None and update_search is not None and (jobs or cpu_count()) > 1
        indexing = progress.deferred() if beside else progress

        def index() -> tuple[Indexed, Progress]:
            with collector_paused():
                return index_search(inv, history, out if previous else None, staging,
                                    read.content, old.search, theirs, known, jobs, indexing,
                                    reuse), indexing  # search index

        with aside(index, beside) as indexed:
            with progress.phase("carry"):
                # the published files still as the state lists them, but the index's: the
                # staging folder gets only what this build writes (``Overlay``)
                view = Overlay(staging, out, intact_files(out, {
                    path: sha for path, sha in old.files.items() if path not in theirs}, known)) \
                    if previous else Overlay(staging)
                save_documents(staging, read, view)
            site, deps = resolve_cards_site(ruled, read, progress, jobs)  # resolve cards
            del ruled
            gc.freeze()
            written, previews = write_staging(staging, site, deps, previous is not None,
                                              old, templates, jobs, progress, reuse, view)
            del site, deps
            with progress.phase("list"):  # the site's files and their hashes, but the index's
                files = view.listed(keyed_site_files(staging, written.files,
                                                     leave=SEARCH_FOLDERS))
            searched, indexing = indexed()
        if beside:
            progress.take(indexing)
        result.search = searched.update
        with progress.phase("publish"):
            files |= searched.files
            save_state(staging, BuildState(
                stamp, read.records, written.signatures,
                result.search.signatures if result.search else {}, previews,
                {path: sha for path, (sha, _key) in files.items()}, dict(written.pages)))
            if previous:  # the changed files moved into place through a journal
                for path, key in publish_changes(staging, out, files, SEARCH_TOP).items():
                    if path in files and files[path][1][:3] == key[:3]:
                        files[path] = files[path][0], key
            else:  # a clean build: the whole site swapped in
                publish(staging, out, SITE_MARKER)                   # publish
            save_stat_cache(out, files, view.intact | written.linked | searched.carried |
                            (result.search.linked if result.search else {}))
    result.pages, result.written, result.removed = written.pages, sum(written.written.values()), \
        written.removed
    result.searched = result.search is not None
    result.linked = len(written.linked) + len(result.search.linked if result.search else ())
    result.phases = progress.timings()
    result.seconds = time.perf_counter() - started
    return result


@dataclass(slots=True)
class RuledSite:
    """The site's first half (``resolve_rules_site``): the inventory, the CRs, every rule
    reference and the CR part of the site, which the search index needs."""

    inv: Inventory
    library: CrLibrary | None
    rules: RuleLinks
    cr: CrSite | None


def resolve_site(read: SourcesRead, rules: Path | None, progress: Progress,
                 cache: Path | None = None, jobs: int | None = None) -> tuple[Site, SiteDeps]:
    """Return the site of the documents read (inventories, links, CRs) and its dependencies
    (CR editions not yet linked in the cache are linked in ``jobs`` workers)."""
    return resolve_cards_site(resolve_rules_site(read, rules, progress, cache, jobs), read,
                              progress, jobs)


def resolve_rules_site(read: SourcesRead, rules: Path | None, progress: Progress,
                       cache: Path | None = None, jobs: int | None = None,
                       notes: Diagnostics | None = None) -> RuledSite:
    """Return the first half of ``resolve_site``: the CRs read (their texts' faults put in
    ``notes``), the inventory collected, the rule references resolved and the CR part of the
    site made of them."""
    with progress.phase("rules"):
        library = load_cr_library(rules, notes, cache) if rules else None  # the CRs
    with progress.phase("collect"):
        inv = collect(read.documents)
    with progress.phase("resolve rules"):
        found = resolve_rules(inv, library)
        return RuledSite(inv, library, found,
                         make_cr_site(inv, found.index, library, jobs) if library else None)


def resolve_cards_site(ruled: RuledSite, read: SourcesRead, progress: Progress,
                       jobs: int | None = None) -> tuple[Site, SiteDeps]:
    """Return the second half of ``resolve_site``: the card references resolved, the site
    made and its dependencies."""
    with progress.phase("resolve cards"):
        inv, library = ruled.inv, ruled.library
        resolver = Resolver(inv, library)  # one card-name matcher, made of every text, for both
        site = make_site(inv, resolve_cards(ruled.rules, resolver), library, resolver, jobs,
                         ruled.cr)
    with progress.phase("depends"):
        return site, SiteDeps(site, read.content)


def write_staging(staging: Path, site: Site, deps: SiteDeps, incremental: bool, old: BuildState,
                  templates: Path | None, jobs: int | None, progress: Progress,
                  reuse: Path | None = None, view: Overlay | None = None
                  ) -> tuple[WriteResult, dict[str, str]]:
    """Write into the staging folder the pages whose signature changed, cards.js and the
    assets, the site being ``view`` (if incremental: the published site's files under those
    written); return what was written and the previews' signatures. A page or preview file
    whose bytes are those of its file in the site ``reuse`` is linked to it (``write_pages``)."""
    env = site_environment(templates)
    written = write_pages(site, staging, env, deps, old.pages, jobs=jobs, progress=progress,
                          reuse=reuse, view=view)
    with progress.phase("previews"):
        previews = write_cards_script(site, staging, env, deps, old.previews, jobs=jobs,
                                      reuse=reuse, linked=written.linked, view=view)
        copy_assets(staging, templates, missing_only=incremental, view=view)
    return written, previews


def published_site(out: Path) -> Path | None:
    """Return ``out`` if it is a site a build published (a folder holding ``SITE_MARKER``)."""
    return out if not out.is_symlink() and (out / SITE_MARKER).is_file() else None


def usable_state(out: Path, stamp: str, full: bool) -> tuple[BuildState | None, str]:
    """Return the previous build's state if this build may reuse it, else None and why not."""
    if full:
        return None, "asked for"
    state, problem = load_state(out)
    if state is None:
        return None, problem or "no previous build"
    if state.stamp != stamp:
        return None, "the compiler, templates or rules changed"
    return state, ""


def nothing_changed(previous: BuildState, read: SourcesRead, out: Path,
                    known: dict[str, tuple[str, tuple]] | None = None) -> bool:
    """Return True when the sources read as before and the site holds what the state lists
    (a file whose stat key is the one ``known`` gives is not read)."""
    return read.records == previous.sources and site_files(out, known) == previous.files


def _unchanged(result: BuildResult, previous: BuildState, progress: Progress,
               started: float) -> BuildResult:
    result.mode, result.pages = "unchanged", Counter(previous.kinds)
    result.searched = bool(previous.search)
    result.phases = progress.timings()
    result.seconds = time.perf_counter() - started
    return result


@dataclass(slots=True)
class Indexed:
    """What ``index_search`` did, for the state and the stat cache: the files of the index's
    folders (``SEARCH_FOLDERS``) carried over and all of them once indexed (path: SHA-256 and
    ``stat_key``, as ``carry_over`` and ``keyed_site_files`` give them)."""

    update: "SearchUpdate | None" = None
    carried: dict[str, tuple[str, tuple]] = field(default_factory=dict)
    files: dict[str, tuple[str, tuple]] = field(default_factory=dict)


def index_search(inv: Inventory, history: RuleHistory | None, out: Path | None, staging: Path,
                 content: dict[str, str], previous: dict[str, str], old_files: dict[str, str],
                 known: dict[str, tuple[str, tuple]], jobs: int | None, progress: Progress,
                 reuse: Path | None = None) -> Indexed:
    """Bring the search index in the staging site up to date (the documents' records and, with
    the CRs' ``history``, their rules'), if the search package is installed: the files of its
    folders that the site ``out`` had (``old_files``: path to SHA-256; ``out`` None, a clean
    build) are carried over first (``carry_over``, ``known`` its stat cache), then those whose
    records changed made again, then all listed. An export file whose bytes are those of its
    file in the site ``reuse`` is linked to it. The rest of the site is the caller's: the two
    can run at once, in two processes (an error carrying these files, a full disk, then comes
    when the caller takes the result, after its own work)."""
    if update_search is None:
        return Indexed()
    with progress.phase("carry index"):
        carried = carry_over(out, staging, old_files, known) if out is not None else {}
    update = update_search(inv, staging, content, previous, history=history, jobs=jobs,
                           progress=progress, carried=carried, reuse=reuse)
    with progress.phase("list index"):
        files = keyed_site_files(staging, carried | update.files, within=SEARCH_FOLDERS)
    return Indexed(update, carried, files)


DEFAULT_CACHE = "build/cache"
"""Where ``faqc build`` and ``faqc check`` keep the CRs read and linked (``compiler.cr.cache``)."""
