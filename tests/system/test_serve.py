"""``faqc serve``: only files of the site, never outside it, many requests at once, and the
site's 404 page working at any depth."""
import http.client
import re
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from compiler.serve import LiveReload, at_depth, make_server, site_file, url_depth
from tests.cr_texts import site_excerpts


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("serve")
    root = tmp_path / "site"
    (root / "cards").mkdir(parents=True)
    (root / "index.html").write_text("<h1>home</h1>", encoding="utf-8")
    (root / "cards" / "x.html").write_text("card", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (root / "escape").symlink_to(tmp_path / "secret.txt")
    return root


@pytest.fixture(scope="module")
def server(site):
    srv = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv.server_address[1]
    srv.shutdown()
    srv.server_close()


def get(port, path):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp.status, body


def test_listens_on_loopback_by_default(site):
    srv = make_server(site, port=0)
    try:
        assert srv.server_address[0] == "127.0.0.1"
    finally:
        srv.server_close()


def test_serves_site_files(server):
    assert get(server, "/") == (200, b"<h1>home</h1>")
    assert get(server, "/cards/x.html") == (200, b"card")


@pytest.mark.parametrize("path", [
    "/../secret.txt", "/cards/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
    "/cards/%2e%2e/%2e%2e/secret.txt", "/escape", "/..%5csecret.txt", "/%00", "/%ff%fe",
])
def test_refuses_paths_outside_the_site(server, path):
    status, body = get(server, path)
    assert status == 404 and b"secret" not in body


def test_site_file_is_pure_and_strict(site):
    root = site.resolve()
    assert site_file(root, "/cards/x.html") == root / "cards" / "x.html"
    assert site_file(root, "/cards/./x.html?q=1#f") == root / "cards" / "x.html"
    assert site_file(root, "/escape") is None


def test_survives_200_concurrent_requests(server):
    with ThreadPoolExecutor(max_workers=50) as pool:
        results = list(pool.map(lambda i: get(server, "/cards/x.html" if i % 2 else "/"), range(200)))
    assert len(results) == 200 and all(status == 200 for status, _ in results)


# ---------------------------------------------------------------- the 404 page at any depth

HERE = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A real site (the small site corpus) served on a free port: (site folder, port)."""
    site = tmp_path_factory.mktemp("serve-built") / "site"
    build_site(HERE / "fixtures" / "site-corpus", site, Diagnostics(),
               rules=site_excerpts())
    srv = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield site, srv.server_address[1]
    srv.shutdown()
    srv.server_close()
    thread.join(timeout=10)


def request(port, path, method="GET"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path)
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


def page_urls(html: str) -> list[str]:
    """Return the URLs of a page's href, src and action attributes, fragments aside."""
    urls = re.findall(r'\s(?:href|src|action)="([^"]*)"', html)
    return [url for url in urls if not url.startswith("#")]


@pytest.mark.parametrize("path", ["/nope.html", "/cards/nope.html", "/cards/nope/x.html",
                                  "/a/b/c/d/", "/cards/nope/x.html?q=1#f", "//cards//x"])
def test_the_404_page_works_at_any_depth(built, path):
    site, port = built
    resp, body = request(port, path)
    assert resp.status == 404 and resp.getheader("Content-Type") == "text/html; charset=utf-8"
    html = body.decode("utf-8")
    assert "<h1>Page not found</h1>" in html
    base = f"http://127.0.0.1:{port}{path}"
    urls = page_urls(html)
    assert {"assets/site.css", "assets/site.js", "index.html", "search.html"} <= {
        urllib.parse.urlsplit(urllib.parse.urljoin(base, url)).path.lstrip("/") for url in urls}
    for url in urls:  # every link, script and the stylesheet load from where the browser looks
        target = urllib.parse.urlsplit(urllib.parse.urljoin(base, url))
        assert request(port, target.path)[0].status == 200, (path, url)
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', html)[1]
    css, _ = request(port, urllib.parse.urlsplit(urllib.parse.urljoin(base, stylesheet)).path)
    assert css.status == 200 and css.getheader("Content-Type") == "text/css"


def test_the_404_page_on_disk_is_left_as_built(built):
    site, port = built
    on_disk = (site / "404.html").read_bytes()
    assert request(port, "/cards/nope/x.html")[1] != on_disk
    assert request(port, "/nope.html")[1] == on_disk == (site / "404.html").read_bytes()
    assert b'href="assets/site.css"' in on_disk


def test_head_of_a_missing_page_has_no_body_and_pages_are_revalidated(built):
    _, port = built
    resp, body = request(port, "/cards/nope/x.html", "HEAD")
    assert (resp.status, body) == (404, b"") and int(resp.getheader("Content-Length")) > 0
    resp, _ = request(port, "/index.html")
    assert resp.status == 200 and resp.getheader("Cache-Control") == "no-cache"


def test_refused_paths_get_the_404_page_not_the_file(built):
    _, port = built
    resp, body = request(port, "/cards/%2e%2e/%2e%2e/etc/passwd")
    assert resp.status == 404 and b"Page not found" in body and b"root:" not in body


def test_at_depth_rewrites_relative_urls_only():
    html = (b'<link rel="stylesheet" href="assets/site.css"><a href="#main">skip</a>'
            b'<a href="https://example.org/">x</a><a href="/abs.html">y</a><a href="?q=1">q</a>'
            b'<img src="data:image/png;base64,AA"><form action="search.html"><a href="">e</a>'
            b'<a data-href="cards/x.html">z</a>')
    assert at_depth(html, 0) == html
    assert at_depth(html, 2) == html.replace(b'"assets/', b'"../../assets/').replace(
        b'action="search', b'action="../../search')
    assert [url_depth(p) for p in ("/", "/x.html", "/a/", "/a/b.html", "/a/b/c.html?x=/y/z", "")] \
        == [0, 0, 1, 1, 2, 0]


# ---------------------------------------------------------------- like mkdocs serve (issue 15)

@pytest.mark.parametrize("path", ["/.faqc/state.json", "/.faqc/", "/search/index/", "/.faqc-site",
                                  "/%2Efaqc/state.json", "/search/./index/", "/assets/"])
def test_no_listing_and_nothing_of_the_build_is_served(built, path):
    site, port = built
    resp, body = request(port, path)
    assert resp.status == 404
    assert b"Directory listing" not in body and b"schema" not in body
    assert body == (site / "404.html").read_bytes() or b'href="' in body  # the site's own page


def test_a_folder_with_an_index_serves_it(built):
    site, port = built
    resp, body = request(port, "/")
    assert resp.status == 200 and body == (site / "index.html").read_bytes()


def test_500_concurrent_connections_are_all_answered(built):
    """The listen backlog holds them (the standard library's 5 dropped 52 of 500)."""
    _, port = built
    import socket

    def one(_):
        with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
            sock.sendall(b"GET / HTTP/1.0\r\nHost: x\r\n\r\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
            return data.split(b"\r\n", 1)[0]

    with ThreadPoolExecutor(max_workers=500) as pool:
        lines = list(pool.map(one, range(500)))
    assert lines == [b"HTTP/1.0 200 OK"] * 500


def test_a_client_that_goes_away_is_silent_without_v(built, capfd):
    import socket
    import struct
    _, port = built
    for _ in range(20):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(b"GET /search/ HTTP/1.1\r\nHost: x\r\n\r\n")
        # close with a reset (SO_LINGER 0): the server's write meets ECONNRESET / EPIPE
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    import time
    time.sleep(0.5)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception" not in err


# ---------------------------------------------------------------- hostile requests (issue 37)

@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    """The small site corpus served as ``--watch`` serves it (live reload on), with symbolic
    links inside the site to the build's own files and out of the site: (site, port)."""
    top = tmp_path_factory.mktemp("serve-watched")
    site = top / "site"
    build_site(HERE / "fixtures" / "site-corpus", site, Diagnostics(), jobs=1)
    (top / "outside").mkdir()
    (top / "outside" / "secret.html").write_text("<p>secret</p>", encoding="utf-8")
    (site / "state").symlink_to(".faqc", target_is_directory=True)
    (site / "index-link").symlink_to("search/index", target_is_directory=True)
    (site / "state.html").symlink_to(".faqc/state.json")
    (site / "marker.html").symlink_to(".faqc-site")
    (site / "out").symlink_to(top / "outside", target_is_directory=True)
    (site / "docs" / "up").symlink_to("..", target_is_directory=True)  # inside: still served
    srv = make_server(site, "127.0.0.1", 0, live=LiveReload())
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield site, srv.server_address[1]
    srv.shutdown()
    srv.server_close()
    thread.join(timeout=10)


@pytest.mark.parametrize("path, statuses", [
    ("/.faqc-live/wait?since=%C2%B2", (400,)),           # a digit to str.isdigit, not to int()
    ("/.faqc-live/wait?since=%D9%A3", (400,)),           # an Arabic-Indic three
    ("/.faqc-live/wait?since=" + "9" * 5000, (400,)),   # over int()'s 4,300 digits
    ("/.faqc-live/wait?since=-1", (400,)),
    ("/.faqc-live/wait?since=%ff", (400,)),
    ("/" + "a" * 300 + ".html", (404, 414)),              # a segment over NAME_MAX
    ("/cards/" + "a" * 300 + "/x.html", (404, 414)),
    ("/" + "%C3%A9" * 200, (404, 414)),                   # 200 characters, 400 bytes
    ("/" + "/".join(["a" * 250] * 20) + ".html", (404, 414)),  # over PATH_MAX
])
def test_a_hostile_request_gets_an_error_answer_not_a_traceback(watched, capfd, path, statuses):
    _, port = watched
    resp, _body = request(port, path)
    assert resp.status in statuses
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception" not in err, err


@pytest.mark.parametrize("path", ["/state/state.json", "/state/", "/index-link/", "/state.html",
                                  "/marker.html", "/out/secret.html", "/docs/up/.faqc/state.json",
                                  "/docs/up/state/state.json"])
def test_a_link_inside_the_site_to_the_builds_files_or_outside_is_not_served(watched, path):
    site, port = watched
    resp, body = request(port, path)
    assert resp.status == 404 and b"secret" not in body and b'"stamp"' not in body
    assert b"Page not found" in body


def test_a_link_that_stays_in_the_site_is_served(watched):
    site, port = watched
    resp, body = request(port, "/docs/up/index.html")
    assert resp.status == 200 and body.startswith((site / "index.html").read_bytes()[:100])
