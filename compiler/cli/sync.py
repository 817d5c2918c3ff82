"""What ``make`` runs to bring ``content/faqs`` up to date with the sources, by content.

A YAML is named by the id read from its source's text (``chk-en.yaml``), not by the source's
file name, so make's rules cannot name it, and mtimes cannot say whether it is current (a
source copied in with an older mtime, a YAML deleted or edited by hand). ``sync`` runs on
every ``make`` and decides by content: a manifest (``build/faqs/sources.json``) records, for
each source, the SHA-256 of its bytes, the YAML it gave and the SHA-256 of that YAML's bytes,
and the hash of the compiler that wrote them. A source is normalized again when any of these
differ or its YAML is missing; a YAML no source gives is removed. Every changed source is
read before anything is written, so two sources with one document id are refused with
nothing written. The stamp file (``--stamp``) is touched only when something was written or
removed: the site, which depends on it, is rebuilt only then.

Usage (from the Makefile)::

    python -m compiler.cli.sync sync content/sources --out-dir content/faqs --stamp STAMP
"""
from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import click

from compiler.core.errors import Diagnostics, FaqcError, say
from compiler.files.sources import discover_sources, read_source_file
from compiler.files.yamlio import clear_temporary, write_atomic
from compiler.incremental.stamp import code_stamp
from compiler.incremental.state import file_sha256
from compiler.normalize import normalize_text
from compiler.runtime.lock import hold_lock
from compiler.runtime.parallel import map_chunks

MANIFEST = "sources.json"


@dataclass(slots=True)
class Entry:
    """What one source gave: its bytes' hash, its YAML's name and that YAML's bytes' hash."""

    sha256: str
    yaml: str
    yaml_sha256: str



def load_manifest(path: Path, code: str) -> dict[str, Entry]:
    """Return the entries of the manifest at ``path`` written by this compiler ({} otherwise)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("code") != code:
            return {}
        return {name: Entry(e["sha256"], e["yaml"], e["yaml_sha256"])
                for name, e in data["sources"].items()
                if all(isinstance(e.get(k), str) for k in ("sha256", "yaml", "yaml_sha256"))
                and "/" not in e["yaml"] and e["yaml"].endswith(".yaml")}
    except (OSError, ValueError, TypeError, AttributeError, KeyError, RecursionError):
        return {}


def current(entry: Entry | None, sha: str, out_dir: Path) -> bool:
    """Return True when ``entry`` says the YAML in ``out_dir`` is the one of bytes ``sha``."""
    if entry is None or entry.sha256 != sha:
        return False
    try:
        return file_sha256(out_dir / entry.yaml) == entry.yaml_sha256
    except OSError:
        return False


def _normalize_chunk(items: list[tuple[str, str, bytes]]) -> list[tuple]:
    """Normalize sources (in a worker): ``(name, id, yaml text, warnings, error)`` each."""
    done = []
    for name, where, data in items:
        diags = Diagnostics()
        try:
            doc, text = normalize_text(data, where, diags)
        except FaqcError as exc:
            done.append((name, None, None, diags.items, exc.format_message()))
            continue
        done.append((name, doc.id, text, diags.items, None))
    return done


def sync(sources_dir: Path, out_dir: Path, manifest: Path,
         say=say, defer_warnings: bool = False) -> bool:
    """Bring ``out_dir`` up to date with ``sources_dir``; return True if anything changed.
    ``defer_warnings``: the sources' warnings are left to the build make runs next when
    something changed (it reads the sources too and prints them: once, not twice), and
    printed here only when nothing did (no build follows)."""
    diags = Diagnostics()
    paths = discover_sources(sources_dir, diags)
    code = code_stamp()
    with hold_lock(out_dir, "normalize"):
        clear_temporary(out_dir)
        entries = load_manifest(manifest, code)
        hashes, todo = {}, []
        for path in paths:
            data = read_source_file(path)
            hashes[path.name] = hashlib.sha256(data).hexdigest()
            if not current(entries.get(path.name), hashes[path.name], out_dir):
                todo.append((path.name, str(path), data))
        fresh = {item[0]: item for item in map_chunks(_normalize_chunk, todo, chunk=1)}
        warnings = _report(paths, fresh, diags)
        named = _check_ids(paths, entries, fresh)
        if not defer_warnings:
            _say_all(warnings)
        changed = _write(paths, fresh, hashes, entries, out_dir, say)
        changed |= _prune(out_dir, set(named), say)
        if defer_warnings and not changed:
            _say_all(warnings)
        kept = {p.name: entries[p.name] for p in paths if p.name in entries}
        write_atomic(manifest, json.dumps({"code": code, "sources": {
            n: {"sha256": e.sha256, "yaml": e.yaml, "yaml_sha256": e.yaml_sha256}
            for n, e in sorted(kept.items())}}, indent=1, sort_keys=True) + "\n")
    return changed


def _report(paths: list[Path], fresh: dict[str, tuple], diags: Diagnostics) -> list[str]:
    """Return the warnings of the sources read; refuse, with nothing written, if any failed
    (printing the warnings and errors)."""
    for path in paths:
        if path.name in fresh:
            diags.items.extend(fresh[path.name][3])
    warnings = [diag.format() for diag in diags.sorted()]
    errors = [fresh[p.name][4] for p in paths if p.name in fresh and fresh[p.name][4]]
    if errors:
        _say_all(warnings + errors)
        raise FaqcError(f"{len(errors)} source(s) could not be read; nothing written")
    return warnings


def _say_all(lines: list[str]) -> None:
    for line in lines:
        say(line)


def _check_ids(paths: list[Path], entries: dict[str, Entry],
               fresh: dict[str, tuple]) -> dict[str, Path]:
    """Return each YAML name by the source that gives it; refuse two sources with one id."""
    named: dict[str, Path] = {}
    for path in paths:
        yaml = f"{fresh[path.name][1]}.yaml" if path.name in fresh else entries[path.name].yaml
        if yaml in named:
            raise FaqcError(f"{path}: error: document id '{yaml[:-5]}' is also the id of "
                            f"{named[yaml]}: two sources with one document id; nothing written")
        named[yaml] = path
    return named


def _write(paths: list[Path], fresh: dict[str, tuple], hashes: dict[str, str],
           entries: dict[str, Entry], out_dir: Path, say) -> bool:
    """Write the YAML of every source read again; record it in ``entries``."""
    changed = False
    for path in paths:
        if path.name not in fresh:
            continue
        _name, doc_id, text, _warnings, _error = fresh[path.name]
        target = out_dir / f"{doc_id}.yaml"
        try:
            wrote = write_atomic(target, text)
        except OSError as exc:
            raise FaqcError(f"{target}: error: cannot write: {exc.strerror or exc}") from None
        changed |= wrote
        say(f"normalize: {path} -> {target} ({'wrote' if wrote else 'unchanged'})")
        entries[path.name] = Entry(hashes[path.name], target.name, file_sha256(target))
    return changed


def _prune(out_dir: Path, named: set[str], say) -> bool:
    """Remove every YAML in ``out_dir`` that no source gives; return True if there was one."""
    removed = False
    for yaml in sorted(out_dir.glob("*.yaml")) if out_dir.is_dir() else []:
        if yaml.name not in named:
            yaml.unlink()
            say(f"prune: {yaml} (no source gives it)")
            removed = True
    return removed


@click.group()
def main() -> None:
    """Keep content/faqs up to date with the sources, for make."""


@main.command("sync")
@click.argument("sources_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--out-dir", required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--stamp", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Touched when a YAML was written or removed (the manifest lies beside it).")
@click.option("--warnings-to-build", is_flag=True,
              help="Leave the sources' warnings to the build that follows when anything changed.")
def sync_command(sources_dir: Path, out_dir: Path, stamp: Path, warnings_to_build: bool) -> None:
    """Normalize every source of SOURCES_DIR whose YAML in OUT_DIR is missing or not its own."""
    stamp.parent.mkdir(parents=True, exist_ok=True)
    if sync(sources_dir, out_dir, stamp.parent / MANIFEST, defer_warnings=warnings_to_build) \
            or not stamp.exists():
        stamp.touch()


def run() -> None:
    """Entry point of ``python -m compiler.cli.sync``: clean lines, never a traceback."""
    from compiler.cli import run_main
    run_main(main)


if __name__ == "__main__":
    sys.exit(run())
