"""``faqc normalize``: sources to one YAML each."""
from __future__ import annotations

from pathlib import Path

import click

from compiler.cli.common import Context, report
from compiler.core.errors import Diagnostics, FaqcError, say


@click.command("normalize")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out-dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Directory for the YAML files (one per source, named by document id).")
@click.pass_obj
def normalize_command(ctx: Context, files: tuple[Path, ...], out_dir: Path) -> None:
    """Read FAQ text FILES (or directories of them) and write one YAML per source."""
    from compiler.files.sources import discover_sources
    from compiler.files.yamlio import clear_temporary
    from compiler.normalize import normalize_file
    from compiler.runtime.lock import hold_lock
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
                say(result.error.format_message())
                continue
            verb = "wrote" if result.written else "unchanged"
            ctx.detail(f"{path} -> {result.output} ({verb}, layout {result.document.meta.layout})")
    ctx.info(f"normalize: {len(sources) - failed} of {len(sources)} source(s) -> {out_dir}")
    report(ctx, diags)
    if failed:
        raise FaqcError(f"{failed} source(s) could not be normalized")  # each said why above
