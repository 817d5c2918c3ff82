"""``faqc serve``: the built site over HTTP, rebuilt as its inputs change with ``--watch``."""
from __future__ import annotations

from pathlib import Path

import click

from compiler.cli.common import Context
from compiler.core.errors import FaqcError, say


@click.command("serve")
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
def serve_command(ctx: Context, site_dir: Path, host: str, port: int, watch: bool, sources_dir: Path,
          rules_dir: Path | None, jobs: int) -> None:
    """Preview the built site over HTTP (127.0.0.1 only, unless --host says otherwise); with
    --watch, rebuild it as its inputs change. Ctrl-C stops."""
    from compiler.serve import LiveReload, make_server, serve_site, start_watching
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
                                 shout=say) if watch else None
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
