"""The ``faqc`` command line."""
from __future__ import annotations

import importlib
import os
import signal
import sys
from collections import Counter
from pathlib import Path

import click

from . import __version__
from .errors import Diagnostics, FaqcError


class LazyGroup(click.Group):
    """A group whose verbs defined in other modules are imported only when one is run (or
    listed by ``--help``): ``faqc normalize`` then never loads the site builder, Whoosh or
    Jinja2, 13 MB of a small process's peak memory and half a second of its start."""

    def __init__(self, *args, lazy: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        """Verb name -> ``module:attribute`` of its ``click.Command``."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy and name not in self.commands:
            module, _, attr = self.lazy[name].partition(":")
            self.add_command(getattr(importlib.import_module(module, __package__), attr), name)
        return super().get_command(ctx, name)


class Context:
    """Options shared by every verb."""

    def __init__(self, verbosity: int, strict: bool):
        self.verbosity = verbosity
        self.strict = strict

    def info(self, message: str) -> None:
        """Print a progress line unless ``-q``."""
        if self.verbosity >= 0:
            click.echo(message, err=True)

    def detail(self, message: str) -> None:
        """Print a detail line with ``-v``."""
        if self.verbosity > 0:
            click.echo(message, err=True)


def report(ctx: Context, diags: Diagnostics) -> None:
    """Print the warnings grouped by file; fail under ``--strict`` if there are any."""
    for diag in diags.sorted():
        click.echo(diag.format(), err=True)
    if diags and ctx.strict:
        raise FaqcError(f"{len(diags)} warning(s) and --strict is set")


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             lazy={"build": ".build:build_command", "search": ".search.command:search_command",
                   "bundle": ".bundle:bundle_command"})
@click.option("-v", "--verbose", count=True, help="Say more (repeatable).")
@click.option("-q", "--quiet", is_flag=True, help="Print only warnings and errors.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.version_option(__version__, prog_name="faqc")
@click.pass_context
def main(click_ctx: click.Context, verbose: int, quiet: bool, strict: bool) -> None:
    """faqc: compile Magic: The Gathering FAQs and release notes into YAML and a static site."""
    click_ctx.obj = Context(-1 if quiet else verbose, strict)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out-dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Directory for the YAML files (one per source, named by document id).")
@click.pass_obj
def normalize(ctx: Context, files: tuple[Path, ...], out_dir: Path) -> None:
    """Read FAQ text FILES (or directories of them) and write one YAML per source."""
    from .lock import hold_lock
    from .normalize import discover_sources, normalize_file
    from .yamlio import clear_temporary
    diags = Diagnostics()
    sources: list[Path] = []
    for path in files:
        sources.extend(discover_sources(path, diags) if path.is_dir() else [path])
    taken: dict[str, Path] = {}
    failed = 0
    with hold_lock(out_dir, "normalize"):  # one writer of the folder at a time
        clear_temporary(out_dir)
        for path in sources:
            result = None  # the previous source's document is not held while this one is read
            result = normalize_file(path, out_dir, diags, taken)
            if result.error:
                failed += 1
                click.echo(result.error.format_message(), err=True)
                continue
            verb = "wrote" if result.written else "unchanged"
            ctx.detail(f"{path} -> {result.output} ({verb}, layout {result.document.meta.layout})")
    ctx.info(f"normalize: {len(sources) - failed} of {len(sources)} source(s) -> {out_dir}")
    report(ctx, diags)
    if failed:
        raise FaqcError(f"{failed} source(s) could not be normalized")  # each said why above


@main.command()
@click.option("--faqs", "faqs_dir", default=Path("content/faqs"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="Directory of document YAML.")
@click.option("--sources", "sources_dir", default=Path("content/sources"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Directory of the sources, for the word audit and staleness check.")
@click.option("--rules", "rules_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Directory of the Comprehensive Rules texts rule numbers are read against "
                   "[default: content/rules, if present].")
@click.option("--accept", "accept_file", type=click.Path(dir_okay=False, path_type=Path),
              help="List of reviewed warnings that --strict lets pass "
                   "[default: content/accepted-warnings.txt, if present].")
@click.option("--site", "site_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also link-check this built site: every internal link and #fragment "
                   "resolves, nothing external.")
@click.pass_obj
def check(ctx: Context, faqs_dir: Path, sources_dir: Path, rules_dir: Path | None,
          accept_file: Path | None, site_dir: Path | None) -> None:
    """Validate every document YAML: schema, round trip, freshness, and no word lost."""
    from .accepted import read_accept_list, split_accepted
    from .build import DEFAULT_CACHE
    from .check import check_documents, link_report
    from .xref.era import rules_library
    diags = Diagnostics()
    errors, count = check_documents(faqs_dir, sources_dir, diags)
    for line in errors:
        click.echo(line, err=True)
    if not errors and count:
        notes = Diagnostics()  # the published CR texts' own faults: told, not warned about
        library = rules_library(rules_dir, notes, Path(DEFAULT_CACHE))
        for line in link_report(faqs_dir, sources_dir, library, diags)[1]:
            click.echo(line)
        _cr_notes(ctx, library, notes)
    diags, accepted = split_accepted(diags, read_accept_list(accept_file))
    ctx.info(f"check: {count} document(s), {len(errors)} error(s), {len(diags)} warning(s)"
             + (f" ({accepted} more accepted)" if accepted else ""))
    report(ctx, diags)
    problems = _check_site(ctx, site_dir)
    if errors or problems:
        raise FaqcError(f"{len(errors)} document(s) and {problems} site link(s) failed the check")


def _cr_notes(ctx: Context, library, notes: Diagnostics) -> None:
    """Say how the Comprehensive Rules were read: one line, and with ``-v`` each note on the
    published texts (their typos, stray bytes, editions saved twice), which are kept as
    published and so are not warnings of the check."""
    if library is None:
        ctx.info("rules: no Comprehensive Rules given: rule numbers not read against any")
        return
    kinds = Counter(d.category for d in notes.items)
    said = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    ctx.info(f"rules: {len(library.documents)} edition(s) of the Comprehensive Rules read, "
             f"{library.dates[0]} to {library.latest.date}" +
             (f"; {len(notes.items)} note(s) on the published texts ({said}; -v lists them)"
              if notes.items else ""))
    for diag in notes.sorted():
        ctx.detail(diag.format())


def _check_site(ctx: Context, site_dir: Path | None) -> int:
    """Link-check the built site given with ``--site``; return the number of problems."""
    if site_dir is None:
        return 0
    if not (site_dir / "index.html").is_file():
        raise FaqcError(f"{site_dir}: error: no built site here (run faqc build first)")
    from .site.linkcheck import check_site
    problems = check_site(site_dir)
    for problem in problems:
        click.echo(problem.format(site_dir), err=True)
    ctx.info(f"check: site {site_dir}: {len(problems)} broken link(s) or fragment(s)")
    return len(problems)


@main.command()
@click.option("--site", "site_dir", default=Path("site"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="The built site to serve.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--watch", is_flag=True,
              help="Build the site first, then rebuild it (incrementally) whenever a source, "
                   "template or Comprehensive Rules text changes.")
@click.option("--sources", "sources_dir", default=Path("content/sources"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="With --watch: folder of the source texts.")
@click.option("--rules", "rules_dir", type=click.Path(file_okay=False, path_type=Path),
              help="With --watch: folder of the Comprehensive Rules texts "
                   "[default: content/rules, if present].")
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(min=1),
              help="With --watch: worker processes for a build (one rebuilds an edited source "
                   "as fast, and Ctrl-C then never meets a worker pool).")
@click.pass_obj
def serve(ctx: Context, site_dir: Path, host: str, port: int, watch: bool, sources_dir: Path,
          rules_dir: Path | None, jobs: int) -> None:
    """Preview the built site over HTTP (127.0.0.1 only, unless --host says otherwise); with
    --watch, rebuild it as its inputs change. Ctrl-C stops."""
    from .serve import LiveReload, make_server, serve_site, start_watching
    if not watch and not (site_dir / "index.html").is_file():
        raise FaqcError(f"{site_dir}: error: no built site here (run faqc build first, "
                        f"or faqc serve --watch)")
    try:
        live = LiveReload() if watch else None
        server = make_server(site_dir, host, port, quiet=ctx.verbosity <= 0, live=live)
    except OSError as exc:
        raise FaqcError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    try:
        watcher = start_watching(sources_dir, site_dir, rules_dir, jobs, say=ctx.info, live=live,
                                 shout=lambda line: click.echo(line, err=True)) if watch else None
        bound_host, bound_port = server.server_address[:2]
        ctx.info(f"serving {site_dir} at http://{bound_host}:{bound_port}/ "
                 + ("(watching for changes; " if watch else "(") + "Ctrl-C stops)")
    except BaseException:
        server.server_close()
        raise
    try:
        serve_site(server, watcher)
    except KeyboardInterrupt:
        abandoned = watcher is not None and watcher.building
        ctx.info("stopped" + (" (the rebuild under way was abandoned; the site is the previous one)"
                              if abandoned else ""))


def run() -> None:
    """Entry point: clean lines for user errors and Ctrl-C, one line saying so for a bug."""
    run_main(main)


def run_main(command: click.Command) -> None:
    """Run ``command`` (``faqc``, or a helper make runs) and exit with its code: clean lines for
    user errors and Ctrl-C, one line saying so for a bug."""
    try:
        code = command.main(standalone_mode=False)
    except click.exceptions.Abort:
        code = _interrupted()
    except KeyboardInterrupt:
        code = _interrupted()
    except click.ClickException as exc:
        exc.show()
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except RecursionError:  # input nested deeper than a check caught: the input's, not a bug
        click.echo("faqc: error: the input is nested too deeply to be read", err=True)
        code = 1
    except Exception as exc:  # noqa: BLE001 - anything not a FaqcError is a bug in faqc
        if os.environ.get("FAQC_TRACEBACK"):
            raise
        click.echo(f"faqc: internal error (a bug in faqc, not in your input): "
                   f"{type(exc).__name__}: {exc} (set FAQC_TRACEBACK=1 for the traceback)", err=True)
        code = 70
    finally:
        # The work is done (or abandoned) and its outcome decided: a Ctrl-C from here on, one
        # racing the end of a build, must not surface as "Exception ignored ... Traceback" from
        # the interpreter's shutdown (weakref callbacks, atexit handlers).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code if isinstance(code, int) else 0)


def _interrupted() -> int:
    click.echo("faqc: interrupted", err=True)
    return 130
