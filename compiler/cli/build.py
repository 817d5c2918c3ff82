"""``faqc build``: the site from the sources, only what changed, published at once."""
from __future__ import annotations

from pathlib import Path

import click

from compiler.build import DEFAULT_CACHE, build_site
from compiler.cli.common import report
from compiler.core.errors import Diagnostics, FaqcError, say
from compiler.runtime.progress import Progress
from compiler.xref.era import default_rules_dir

NO_RULES = ("build: no Comprehensive Rules (give --rules DIR, a folder of their published "
            "texts): era features off (citations not read against the rules of their day, no "
            "rule histories or CR pages)")



@click.command("build")
@click.option("--sources", "sources_dir", default=Path("content/sources"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="Folder of the source texts.")
@click.option("--out", "out_dir", default=Path("site"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder of the site (replaced as a whole once the build succeeds).")
@click.option("--rules", "rules_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Folder of the Comprehensive Rules texts as published (CR_*.txt, any encoding) "
                   "[default: content/rules, if present; none: era features off].")
@click.option("--full", is_flag=True, help="Build everything again, ignoring the previous build.")
@click.option("--cache", "cache_dir", default=Path(DEFAULT_CACHE), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder where the Comprehensive Rules read and linked are kept between builds.")
@click.option("-j", "--jobs", type=click.IntRange(min=1),
              help="Worker processes for reading, rendering and indexing [default: one per CPU]; "
                   "with more than one, an incremental build indexes in a process of its own "
                   "(with its own workers) while it renders.")
@click.pass_obj
def build_command(ctx, sources_dir: Path, out_dir: Path, rules_dir: Path | None, full: bool,
                  cache_dir: Path, jobs: int | None) -> None:
    """Build the static site from the sources (only what changed) and publish it atomically."""
    diags = Diagnostics()
    progress = Progress.for_terminal(ctx.verbosity)
    rules = rules_dir or default_rules_dir()
    result = build_site(sources_dir, out_dir, diags, rules=rules, full=full, jobs=jobs,
                        progress=progress, cache=cache_dir)
    for line in result.errors:
        say(line)
    for line in result.details():
        ctx.info(line)
    if rules is None:
        ctx.info(NO_RULES)
    ctx.info(result.summary(out_dir))
    if not result.searched:
        ctx.detail("build: no search index (compiler.search is not installed)")
    report(ctx, diags)
    if result.errors:
        raise FaqcError(f"{len(result.errors)} source(s) could not be read")
