"""``faqc bundle``: one deterministic zip of the site that works unzipped, from file://."""
from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.build import build_site
from compiler.cli import main
from compiler.cli.bundle import EPOCH, FOLDER, bundle_site, bundled_files
from compiler.site.linkcheck import check_site
from compiler.core.errors import Diagnostics
from compiler.site.write import previous_previews
from tests.site_files import manifest

FAQC = Path(sys.executable).parent / "faqc"
SMALL_CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "site-corpus"


@pytest.fixture(scope="module")
def bundle(seed_site, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("bundle") / "faqc-site.zip"
    bundle_site(seed_site, out)
    return out


@pytest.fixture(scope="module")
def unzipped(bundle, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(folder)
    return folder / FOLDER


def test_the_zip_is_deterministic(seed_site, bundle, tmp_path):
    again = tmp_path / "again.zip"
    bundle_site(seed_site, again)
    assert again.read_bytes() == bundle.read_bytes()
    with zipfile.ZipFile(bundle) as archive:
        infos = archive.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(names) and all(n.startswith(f"{FOLDER}/") for n in names)
    assert {i.date_time for i in infos} == {EPOCH}
    assert {i.external_attr >> 16 for i in infos} == {0o100644}
    assert {i.compress_type for i in infos} == {zipfile.ZIP_DEFLATED}


def test_the_zip_holds_the_site_but_the_state_and_the_whoosh_index(seed_site, bundle):
    with zipfile.ZipFile(bundle) as archive:
        names = {n.removeprefix(f"{FOLDER}/") for n in archive.namelist()}
    assert names == set(bundled_files(seed_site))
    html = {p.relative_to(seed_site).as_posix() for p in seed_site.rglob("*.html")}
    assert html <= names and {"index.html", "search.html", "assets/cards.js", "assets/cards/00.js",
                              "search/data/meta.js"} <= names
    assert not [n for n in names if n.startswith((".faqc", "search/index/"))]


def test_the_unzipped_site_passes_the_link_check(unzipped):
    assert (unzipped / "index.html").is_file()
    assert [p.format() for p in check_site(unzipped)] == []


def test_bundle_command(seed_site, tmp_path):
    out = tmp_path / "dist" / "site.zip"
    result = CliRunner().invoke(main, ["bundle", "--site", str(seed_site), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("bundle: ") and f"-> {out} (" in result.output
    missing = CliRunner().invoke(main, ["bundle", "--site", str(tmp_path / "nope"), "--out", str(out)])
    assert missing.exit_code == 1
    assert missing.output.strip() == f"Error: {tmp_path / 'nope'}: error: no built site here (run faqc build first)"


def test_search_works_from_file_in_chromium(unzipped):
    from tests.browser.conftest import CHROMIUM, LAUNCH_ARGS, ensure_chromium
    why = ensure_chromium()
    if why:
        pytest.skip(why)
    sync_api = pytest.importorskip("playwright.sync_api")
    found: dict = {}

    def check(page) -> None:
        page.goto((unzipped / "search.html").as_uri() + "?q=bushido")
        first = page.locator(".search-result-link").first
        sync_api.expect(first).to_have_text("Bushido")
        found["href"] = first.get_attribute("href")
        found["count"] = page.locator(".search-result-link").count()

    _in_browser(sync_api, CHROMIUM, LAUNCH_ARGS, check)
    assert found["count"] > 1
    assert (unzipped / found["href"].partition("#")[0]).is_file()


def test_card_previews_show_from_file_in_chromium(unzipped):
    from tests.browser.conftest import CHROMIUM, LAUNCH_ARGS, ensure_chromium
    why = ensure_chromium()
    if why:
        pytest.skip(why)
    sync_api = pytest.importorskip("playwright.sync_api")
    found: dict = {}

    def check(page) -> None:
        buckets: list[str] = []
        page.on("request", lambda r: buckets.append(r.url) if "/assets/cards/" in r.url else None)
        page.goto((unzipped / "docs" / "chk-en.html").as_uri())
        link = page.locator("main a.card-ref").first
        link.hover()
        page.locator("#card-preview").wait_for(state="visible")
        found["text"] = page.locator("#card-preview").inner_text()
        found["slug"] = link.get_attribute("href").rsplit("/", 1)[1].removesuffix(".html")
        found["buckets"] = buckets

    _in_browser(sync_api, CHROMIUM, LAUNCH_ARGS, check)
    assert previous_previews(unzipped)[found["slug"]]["name"] in found["text"]
    assert len(found["buckets"]) == 1 and found["buckets"][0].startswith("file://")


def _in_browser(sync_api, chromium_path: str, args: list[str], check) -> None:
    """Run ``check(page)`` in a fresh Chromium on a thread of its own (Playwright's sync API
    refuses to start beside the browser tests' session instance); fail on page errors and on
    any request that is not for a file:// URL."""
    failures: list[BaseException] = []

    def work() -> None:
        try:
            with sync_api.sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path, headless=True,
                                                     args=args)
                try:
                    page, problems = browser.new_page(), []
                    page.on("pageerror", lambda error: problems.append(str(error)))
                    page.on("request", lambda r: None if r.url.startswith("file://")
                            else problems.append(f"network request: {r.url}"))
                    check(page)
                    assert problems == []
                finally:
                    browser.close()
        except BaseException as exc:  # re-raised in the test's thread
            failures.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


@pytest.fixture(scope="module")
def small_site(tmp_path_factory) -> Path:
    """The small site corpus built (a bundle of it takes a fraction of a second)."""
    site = tmp_path_factory.mktemp("small") / "site"
    build_site(SMALL_CORPUS, site, Diagnostics(), jobs=1)
    return site


def faqc_bundle(site: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(FAQC), "bundle", "--site", str(site), "--out", str(out)],
                          capture_output=True, text=True, timeout=120)


def _what(path: Path) -> tuple:
    st = os.lstat(path)
    return stat.S_IFMT(st.st_mode), st.st_ino, st.st_size if stat.S_ISREG(st.st_mode) else 0


@pytest.mark.parametrize("kind", ["fifo", "symlink", "dangling symlink", "folder", "device",
                                  "socket"])
def test_bundle_never_replaces_what_is_not_a_regular_file(small_site, tmp_path, kind):
    out = tmp_path / "out.zip"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "symlink":
        (tmp_path / "target.zip").write_bytes(b"kept")
        out.symlink_to(tmp_path / "target.zip")
    elif kind == "dangling symlink":
        out.symlink_to(tmp_path / "nowhere.zip")
    elif kind == "folder":
        out.mkdir()
    elif kind == "device":  # a null device of the test's own: never the machine's /dev/null
        try:
            os.mknod(out, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("making a device needs root")
    else:
        bound = socket.socket(socket.AF_UNIX)
        bound.bind(str(out))
    before = _what(out)
    done = faqc_bundle(small_site, out)
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {out}: error: ") and \
        "not a regular file" in lines[0], done.stderr
    assert _what(out) == before
    left = {"out.zip", "target.zip"} if kind == "symlink" else {"out.zip"}
    assert {p.name for p in tmp_path.iterdir()} == left  # no lock, no temporary zip
    if kind == "symlink":
        assert (tmp_path / "target.zip").read_bytes() == b"kept"


@pytest.mark.parametrize("where", ["x.zip", "dist/x.zip", "search/data/x.zip", ".faqc/x.zip",
                                   "linked/x.zip"])
def test_bundle_is_never_written_into_the_site_it_bundles(small_site, tmp_path, where):
    site = tmp_path / "site"
    shutil.copytree(small_site, site)
    (tmp_path / "elsewhere").mkdir()
    (site / "linked").symlink_to(site / "docs", target_is_directory=True)
    before = manifest(site)
    for _ in range(2):  # twice: a bundle of the site never holds itself, never grows
        done = faqc_bundle(site, site / where)
        assert done.returncode == 1, done.stderr
        assert done.stderr.splitlines() == [
            f"Error: {site / where}: error: the bundle would be inside the site it bundles "
            f"({site}); write it elsewhere"]
    assert manifest(site) == before
    # through a link from outside into the site, all the same
    (tmp_path / "into").symlink_to(site / "docs", target_is_directory=True)
    assert faqc_bundle(site, tmp_path / "into" / "x.zip").returncode == 1
    assert manifest(site) == before
    assert faqc_bundle(site, tmp_path / "elsewhere" / "x.zip").returncode == 0
