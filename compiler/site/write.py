"""The write phase: the pages whose inputs changed rendered into a (staging) folder, the rest kept.

The pages are planned first (``plan_pages``: every page's family, key, path and signature, see
``compiler.site.depends``); a page is rendered when it is new, when its signature differs from
the previous build's or when its file is missing. A clean build renders them all. Rendering is
spread over forked workers, each writing its own pages. Card previews (``assets/cards.js``
and its buckets, ``compiler.site.faq.cardsjs``) are kept per card the same way, and a bucket file
is written only when its bytes change. Files are always written anew, never through the hard links
a staging folder shares with the published site. A clean build over a published site links each
page and preview file it makes byte for byte as the site had it (``state.place_file``; the
search export's files too): removing the old site then frees only those that changed, and the
files always written anew (the Whoosh index, the caches, the assets).
"""
from __future__ import annotations

import hashlib
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment

from compiler.core.errors import FaqcError
from compiler.incremental.journal import Overlay
from compiler.incremental.state import place_file
from compiler.render import render_page
from compiler.render.env import asset_files, create_environment
from compiler.render.urls import site_path
from compiler.runtime.parallel import map_chunks
from compiler.runtime.progress import Progress
from compiler.site.depends import (FAMILIES, SiteDeps, digest,  # noqa: F401 (not_found_page: API)
                                   not_found_page)
from compiler.site.faq.cardpages import printed_entries
from compiler.site.faq.cardsjs import (BUCKET_DIR, CARDS_SCRIPT, bucket_path, card_preview,
                                       iter_cards_files, preview_entry, read_bucket, read_index)
from compiler.site.pages import Page, Site
from compiler.site.wording import plain_text

SITE_MARKER = ".faqc-site"
"""A file in every built site: publishing replaces only a folder holding it (or an empty one)."""
MARKER_TEXT = "A site built by faqc: `faqc build` may replace this folder.\n"


def site_environment(templates: Path | None = None) -> Environment:
    """Return the Jinja2 environment of the site pages: the render environment plus ``plain``."""
    env = create_environment(templates)
    env.filters["plain"] = plain_text
    return env


@dataclass(slots=True, frozen=True)
class PlannedPage:
    """A page of the site before rendering: its family, key, path and signature."""

    family: int
    """Index in ``FAMILIES``."""
    key: Any
    path: str
    signature: str | None

    @property
    def kind(self) -> str:
        """Return the kind the summary counts the page under."""
        kind = getattr(self.key, "kind", None)  # a CR page's key knows its kind
        return kind if isinstance(kind, str) else FAMILIES[self.family].kind

    def page(self, site: Site) -> Page:
        """Return the page (its template and context)."""
        page = FAMILIES[self.family].page(site, self.key)
        if site_path(page.path) != self.path:
            raise AssertionError(f"bug: {FAMILIES[self.family].name} page at {page.path}, "
                                 f"planned at {self.path}")
        return page


@dataclass(slots=True)
class WriteResult:
    """What the write phase did."""

    written: Counter[str] = field(default_factory=Counter)
    """Pages rendered, by kind."""
    pages: Counter[str] = field(default_factory=Counter)
    """Pages of the site, by kind."""
    removed: int = 0
    signatures: dict[str, str] = field(default_factory=dict)
    """Signature of each page, for the next build."""
    previews: dict[str, str] = field(default_factory=dict)
    """Signature of each card preview, for the next build."""
    files: dict[str, tuple[str, tuple]] = field(default_factory=dict)
    """Each page written: the SHA-256 of its bytes and its ``stat_key`` once written (what
    ``state.keyed_site_files`` then need not read it again for)."""
    linked: dict[str, tuple[str, tuple]] = field(default_factory=dict)
    """The pages of ``files`` and the preview files (``write_cards_script``) that are links to
    the previous site's file of the same bytes (``state.place_file``): the SHA-256 and
    ``stat_key`` of each."""


def plan_pages(site: Site, env: Environment, deps: SiteDeps | None) -> list[PlannedPage]:
    """Return every page of the site in order, with its signature (None without ``deps``)."""
    planned: list[PlannedPage] = []
    owners: dict[str, str] = {}
    for number, family in enumerate(FAMILIES):
        for key in family.keys(site, env):
            path = site_path(family.path(site, key))
            if path in owners:
                raise FaqcError(f"{path}: error: two pages have this path: a {owners[path]} page "
                                f"and a {family.name} page")
            owners[path] = family.name
            signature = family.signature(deps, key) if deps else None
            planned.append(PlannedPage(number, key, path, signature))
    return planned


def all_pages(site: Site, env: Environment) -> Iterator[Page]:
    """Yield every page of the site, indexes first, then one page per document, card, rule, topic."""
    for planned in plan_pages(site, env, None):
        yield planned.page(site)


def write_pages(site: Site, root: Path, env: Environment, deps: SiteDeps,
                previous: dict[str, str], *, jobs: int | None = None,
                progress: Progress | None = None, reuse: Path | None = None,
                view: Overlay | None = None) -> WriteResult:
    """Render into ``root`` every page whose signature is not in ``previous`` (path -> signature)
    or whose file the site (``view``, by default ``root`` alone) does not have; remove the pages
    ``previous`` lists that the site no longer has. A page whose bytes are those of its file
    under ``reuse`` (the published site, in a clean build) is linked to it
    (``state.place_file``)."""
    progress = progress or Progress()
    view = view or Overlay(root)
    result = WriteResult()
    with progress.phase("plan"):
        plan = plan_pages(site, env, deps)
    todo = [p for p in plan if p.signature is None or previous.get(p.path) != p.signature
            or not view.has(p.path)]
    result.signatures = {p.path: p.signature for p in plan if p.signature is not None}
    result.pages = Counter(p.kind for p in plan)
    for path in sorted(set(previous) - {p.path for p in plan}):
        result.removed += view.remove(path)
    with progress.phase("write", len(todo), "page") as advance:
        for kind, path, sha, key, linked in map_chunks(_render_chunk(site, env, root, reuse),
                                                       todo, jobs=jobs, advance=advance):
            result.written[kind] += 1
            result.files[path] = sha, key
            if linked:
                result.linked[path] = sha, key
    return result


def _render_chunk(site: Site, env: Environment, root: Path, reuse: Path | None):
    def render(chunk: list[PlannedPage]) -> list[tuple[str, str, str, tuple, bool]]:
        done = []
        for planned in chunk:
            page = planned.page(site)
            data = render_page(env.get_template(page.template), page.path,
                               **page.context).encode("utf-8")
            key, linked = place_file(root, planned.path, data, reuse)
            done.append((planned.kind, planned.path, hashlib.sha256(data).hexdigest(), key,
                         linked))
        return done
    return render


def copy_assets(root: Path, templates: Path | None, *, missing_only: bool,
                view: Overlay | None = None) -> int:
    """Copy the static assets into ``root`` (with ``missing_only``, those the site, ``view``,
    does not have); return how many."""
    copied = 0
    view = view or Overlay(root)
    for target, source in asset_files(templates).items():
        if missing_only and view.has(target):
            continue
        (root / target).unlink(missing_ok=True)
        (root / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, root / target)
        copied += 1
    if not view.has(SITE_MARKER):
        (root / SITE_MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    return copied


# ---------------------------------------------------------------- card previews (cards.js)


def preview_signature(deps: SiteDeps, key: str) -> str:
    """Return the signature of a card's preview: the entry it shows, and the card's names."""
    card = deps.site.inv.cards[key]
    shown = printed_entries(card)[0]
    return digest("preview", card.name, card.slug, card.names_ja[:1], shown.place.doc_id,
                  shown.place.anchor, deps.content[shown.place.doc_id])


def write_cards_script(site: Site, root: Path, env: Environment, deps: SiteDeps,
                       previous: dict[str, str], *, jobs: int | None = None,
                       reuse: Path | None = None,
                       linked: dict[str, tuple[str, tuple]] | None = None,
                       view: Overlay | None = None) -> dict[str, str]:
    """Write ``assets/cards.js`` and the preview buckets (``compiler.site.faq.cardsjs``), rendering
    only the previews whose signature is not the one in ``previous`` and writing only the files
    whose bytes change; return the signatures (by card slug). A file whose bytes are those of
    its file under ``reuse`` is linked to it (``write_pages``), and put in ``linked``; the
    files there already are those of ``view`` (by default, of ``root`` alone)."""
    view = view or Overlay(root)
    signatures = {card.slug: preview_signature(deps, name) for name, card in site.inv.cards.items()}
    if previous == signatures and cards_files_present(view):
        return signatures
    old = preview_paths(view) if previous else {}
    # the previews already there, as their entries: read one bucket file at a time, and each
    # preview's dict let go once its entry is made (with every file's bytes and every preview's
    # dict held at once, an incremental build of the 20 MiB benchmark corpus grew by 145 MiB
    # in this phase, not 88)
    cache = {slug: preview_entry(slug, preview)
             for bucket in _bucket_previews(old) for slug, preview in bucket.items()}
    todo = [name for name, card in site.inv.cards.items()
            if previous.get(card.slug) != signatures[card.slug] or card.slug not in cache]
    # each preview as its bucket holds it, its dict let go: with every dict and every file held
    # at once, a full build of the 20 MiB benchmark corpus peaked at 448 MiB in this phase, not 320
    entries = dict(map_chunks(_preview_chunk(site, env), todo, jobs=jobs, chunk=256))
    for slug in signatures.keys() - entries.keys():
        entries[slug] = cache.pop(slug)
    del cache
    names = set()
    for name, data in iter_cards_files(entries):  # each file written as it is made
        names.add(name)
        if name not in old or old[name].read_bytes() != data:
            key, was_linked = place_file(root, name, data, reuse)
            if was_linked and linked is not None:
                linked[name] = hashlib.sha256(data).hexdigest(), key
    for name in sorted(set(old) - names):
        view.remove(name)
    return signatures


def preview_paths(view: Overlay) -> dict[str, Path]:
    """Return ``cards.js`` and every file in the buckets' folder of the site ``view`` (site
    path -> path), links left out."""
    paths = {}
    for name in [CARDS_SCRIPT, *view.names(BUCKET_DIR)]:
        if view.has(name) and not (path := view.path(name)).is_symlink():
            paths[name] = path
    return paths


def previous_previews(root: Path) -> dict[str, dict]:
    """Return the previews in the bucket files under ``root`` (they are the cache), or {}:
    only those in the bucket ``cards.js`` says they belong in."""
    previews: dict[str, dict] = {}
    for bucket in _bucket_previews(preview_paths(Overlay(root))):
        previews.update(bucket)
    return previews


def _bucket_previews(paths: dict[str, Path]) -> Iterator[dict[str, dict]]:
    """Yield the previews of each bucket file of ``paths`` (``preview_paths``) that belong in
    it, one file read at a time (none if ``cards.js`` is not there or not ours)."""
    count = read_index(paths[CARDS_SCRIPT].read_bytes()) if CARDS_SCRIPT in paths else None
    if count is None:
        return
    for name, path in sorted(paths.items()):
        folder, _, base = name.rpartition("/")
        if folder == BUCKET_DIR:
            yield read_bucket(base, path.read_bytes(), count)


def cards_files_present(view: Overlay) -> bool:
    """Return True when the site ``view`` has ``cards.js`` and every bucket it names."""
    try:
        count = read_index(view.path(CARDS_SCRIPT).read_bytes()) if view.has(CARDS_SCRIPT) \
            else None
    except OSError:
        return False
    return count is not None and all(view.has(bucket_path(n)) for n in range(count))


def _preview_chunk(site: Site, env: Environment):
    def previews(names: list[str]) -> list[tuple[str, str]]:
        """Return each card's slug and preview entry (``preview_entry``)."""
        return [(card.slug, preview_entry(card.slug, card_preview(card, env)))
                for card in map(site.card, names)]
    return previews
