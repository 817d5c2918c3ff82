"""``faqc bundle``: the built site as one zip for offline use: unzip it, open ``index.html``.

Every link of the site is relative and the search runs from ``file://`` (its data is loaded
with ``<script>`` elements), so the unzipped folder works as it is, without a server.

The zip is deterministic: entries in sorted order under one folder (``faqc-site/``, so
unzipping makes one folder), each dated 1980-01-01 00:00 with mode 0644, deflated at level 9,
no extra fields; the same site gives the same bytes. Left out: the build state (``.faqc/``),
the site marker and the Whoosh index (``search/index/``, which ``faqc search`` reads; the
browser reads ``search/data/``). The zip is written beside its target and renamed into place, the site's lock held
(shared): a build waits until the zip is written, so the zip never mixes two builds. A
temporary zip a killed bundle left is removed by the next. The zip replaces only a regular file
(``compiler.files.outputs``) and is never written inside the site it bundles: it would hold
itself, and grow on every run.
"""
from __future__ import annotations

import os
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import click

from compiler.core.errors import FaqcError, output_error
from compiler.files.outputs import check_output_file, lands_inside
from compiler.files.yamlio import clear_temporary
from compiler.incremental.state import STATE_DIR
from compiler.runtime.lock import hold_lock
from compiler.search.index.whole import INDEX_DIR
from compiler.site.write import SITE_MARKER

FOLDER = "faqc-site"
EPOCH = (1980, 1, 1, 0, 0, 0)
LEFT_OUT = (f"{STATE_DIR}/", f"{INDEX_DIR}/")


@dataclass(slots=True, frozen=True)
class BundleStats:
    """What a bundle holds."""

    files: int
    site_bytes: int
    zip_bytes: int


def bundled_files(site: Path) -> list[str]:
    """Return the site's files that go into the bundle, by POSIX path, sorted."""
    files = []
    for path in site.rglob("*"):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and not path.is_symlink() and rel != SITE_MARKER \
                and not rel.startswith(LEFT_OUT):
            files.append(rel)
    return sorted(files)


def bundle_site(site: Path, out: Path, folder: str = FOLDER) -> BundleStats:
    """Write the zip of the site at ``site`` to ``out``; return what it holds. Refused, before
    anything is made, if ``out`` is not absent or a regular file, or is inside the site."""
    _check_out(site, out)
    with hold_lock(site, "bundle", shared=True), hold_lock(out, "bundle"):
        if not (site / "index.html").is_file():  # no build swaps the site while it is zipped
            raise FaqcError(f"{site}: error: no built site here (run faqc build first)")
        try:
            clear_temporary(out.parent, f".{out.name}.")
            return _write_zip(site, out, folder)
        except OSError as exc:  # disk full, permissions: the machine's, not a bug
            raise output_error(exc, out, "nothing written") from None


def _check_out(site: Path, out: Path) -> None:
    check_output_file(out)
    if lands_inside(out, site):  # it would hold itself, and grow on every run
        raise FaqcError(f"{out}: error: the bundle would be inside the site it bundles "
                        f"({site}); write it elsewhere")


def _write_zip(site: Path, out: Path, folder: str) -> BundleStats:
    files = bundled_files(site)
    out.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    os.close(handle)
    size = 0
    try:
        with zipfile.ZipFile(temp, "w") as archive:
            for rel in files:
                data = (site / rel).read_bytes()
                size += len(data)
                archive.writestr(_entry(f"{folder}/{rel}"), data, compresslevel=9)
        os.chmod(temp, 0o644)
        _check_out(site, out)  # put there while the zip was written: still refused
        os.replace(temp, out)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return BundleStats(len(files), size, out.stat().st_size)


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3   # Unix, so the mode below is read
    info.external_attr = 0o100644 << 16
    return info


@click.command("bundle")
@click.option("--site", "site_dir", default=Path("site"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="The built site.")
@click.option("--out", "out_file", default=Path("dist/faqc-site.zip"), show_default=True,
              type=click.Path(path_type=Path), help="The zip to write (a regular file).")
@click.pass_obj
def bundle_command(ctx, site_dir: Path, out_file: Path) -> None:
    """Zip the built site for offline use: unzip it and open faqc-site/index.html."""
    stats = bundle_site(site_dir, out_file)
    ctx.info(f"bundle: {stats.files} file(s), {stats.site_bytes / 1e6:.1f} MB -> {out_file} "
             f"({stats.zip_bytes / 1e6:.1f} MB)")
