"""What ``make`` needs to follow each source to its YAML, whose name is the document's id.

A YAML is named by the id read from its source's text (``chk-en.yaml``), not by the source's
file name, so a pattern rule cannot name it. Each source ``content/sources/X.txt`` gets a
*map* file ``build/faqs/X.yaml-name`` holding the name of the YAML it gave; make's pattern
rule goes from the source to its map, and the site depends on the maps. ``prune`` then
removes every YAML no current map names (a removed source's, a renamed document's, a file
some older build left) and the maps of removed sources.

Usage (from the Makefile)::

    python -m compiler.sourcemap normalize SOURCE MAP --out-dir content/faqs
    python -m compiler.sourcemap prune MAP_DIR --out-dir content/faqs MAP...
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .errors import Diagnostics, FaqcError
from .normalize import normalize_file
from .yamlio import write_atomic

MAP_SUFFIX = ".yaml-name"


@click.group()
def main() -> None:
    """Follow sources to their YAML for make."""


@main.command()
@click.argument("source", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("map_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out-dir", required=True, type=click.Path(file_okay=False, path_type=Path))
def normalize(source: Path, map_file: Path, out_dir: Path) -> None:
    """Normalize SOURCE into OUT_DIR and write the name of its YAML into MAP_FILE."""
    diags = Diagnostics()
    result = normalize_file(source, out_dir, diags)
    for diag in diags.sorted():
        click.echo(diag.format(), err=True)
    if result.error:
        map_file.unlink(missing_ok=True)
        raise result.error
    verb = "wrote" if result.written else "unchanged"
    click.echo(f"normalize: {source} -> {result.output} ({verb})", err=True)
    map_file.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(map_file, f"{result.output.name}\n")
    map_file.touch()  # the map is newer than its source even when its text is the same


@main.command()
@click.argument("map_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("maps", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out-dir", required=True, type=click.Path(file_okay=False, path_type=Path))
def prune(map_dir: Path, maps: tuple[Path, ...], out_dir: Path) -> None:
    """Remove the YAML in OUT_DIR that no map of MAPS names, and the maps in MAP_DIR not in MAPS."""
    named: dict[str, Path] = {}
    for map_file in maps:
        name = map_file.read_text(encoding="utf-8").strip()
        if name in named:
            raise FaqcError(f"{map_file.name}: error: its source gives {name}, as does the source "
                            f"of {named[name].name}: two sources with one document id")
        named[name] = map_file
    current = {m.resolve() for m in maps}
    for stale in sorted(map_dir.glob(f"*{MAP_SUFFIX}")) if map_dir.is_dir() else []:
        if stale.resolve() not in current:
            stale.unlink()
            click.echo(f"prune: {stale} (its source is gone)", err=True)
    for yaml in sorted(out_dir.glob("*.yaml")) if out_dir.is_dir() else []:
        if yaml.name not in named:
            yaml.unlink()
            click.echo(f"prune: {yaml} (no source gives it)", err=True)


def run() -> None:
    """Entry point of ``python -m compiler.sourcemap``."""
    main(standalone_mode=True)


if __name__ == "__main__":
    sys.exit(run())
