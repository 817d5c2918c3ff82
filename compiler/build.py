"""``faqc build``: the sources compiled into a static site, published atomically.

``build_site`` is the whole compiler in its phases, top to bottom: discover -> read -> collect
-> resolve -> write pages -> search index -> publish. Every source is read and every link
target known before the first page is written; pages go to a staging folder that replaces the
previous site only once everything is written.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import click

from .errors import Diagnostics, FaqcError
from .inventory import Inventory, collect
from .model import Document
from .normalize import discover_sources, normalize_text
from .site.pages import make_site
from .site.publish import publish, staging_dir
from .site.write import SITE_MARKER, site_environment, write_site
from .xref.resolve import resolve

try:
    from .search import build_search
except ModuleNotFoundError as exc:  # the search index is built by its own package, when present
    if exc.name != f"{__package__}.search":
        raise
    build_search = None


@dataclass(slots=True)
class BuildResult:
    """What a build read and wrote."""

    documents: int = 0
    errors: list[str] = field(default_factory=list)
    """One line per source that could not be read."""
    pages: Counter[str] = field(default_factory=Counter)
    """Pages written, by kind."""
    searched: bool = False
    """True when the search index was built."""
    seconds: float = 0.0

    def summary(self, out: Path) -> str:
        """Return the one-line summary the command prints."""
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.pages.items()))
        return (f"build: {self.documents} document(s), {sum(self.pages.values())} page(s) "
                f"({kinds}) -> {out} in {self.seconds:.1f}s")


def build_site(sources: Path, out: Path, diags: Diagnostics, *,
               templates: Path | None = None) -> BuildResult:
    """Build the site of every source in ``sources`` and publish it at ``out``."""
    started = time.perf_counter()
    result = BuildResult()
    source_files = discover_sources(sources)                         # discover
    documents = read_documents(source_files, diags, result.errors)   # read
    if not documents:
        raise FaqcError(f"{sources}: error: no source could be read; the site is left as it was")
    inv = collect(documents)                                         # collect
    site = make_site(inv, resolve(inv))                              # resolve
    env = site_environment(templates)
    with staging_dir(out, SITE_MARKER) as staging:
        result.pages = write_site(site, staging, env, templates)     # write pages
        result.searched = index_search(inv, staging)                 # search index
        publish(staging, out, SITE_MARKER)                           # publish
    result.documents = len(documents)
    result.seconds = time.perf_counter() - started
    return result


def read_documents(paths: list[Path], diags: Diagnostics, errors: list[str]) -> list[Document]:
    """Read every source into its document; a bad source adds one line to ``errors``."""
    documents: list[Document] = []
    taken: dict[str, Path] = {}
    for path in paths:
        try:
            doc, _yaml = normalize_text(_read_bytes(path), str(path), diags)
            if doc.id in taken:
                raise FaqcError(f"{path}: error: document id '{doc.id}' is also the id of {taken[doc.id]}")
        except FaqcError as exc:
            errors.append(exc.format_message())
            continue
        taken[doc.id] = path
        documents.append(doc)
    return documents


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise FaqcError(f"{path}: error: cannot read: {exc.strerror}") from None


def index_search(inv: Inventory, staging: Path) -> bool:
    """Build the search index into the staging site, if the search package is installed."""
    if build_search is None:
        return False
    build_search(inv, staging)
    return True


@click.command("build")
@click.option("--sources", "sources_dir", default=Path("content/sources"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="Folder of the source texts.")
@click.option("--out", "out_dir", default=Path("site"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder of the site (replaced as a whole once the build succeeds).")
@click.pass_obj
def build_command(ctx, sources_dir: Path, out_dir: Path) -> None:
    """Build the static site from the sources and publish it atomically."""
    from .cli import report  # cli imports this module to register the command

    diags = Diagnostics()
    result = build_site(sources_dir, out_dir, diags)
    for line in result.errors:
        click.echo(line, err=True)
    ctx.info(result.summary(out_dir))
    if not result.searched:
        ctx.detail("build: no search index (compiler.search is not installed)")
    report(ctx, diags)
    if result.errors:
        raise FaqcError(f"{len(result.errors)} source(s) could not be read")
