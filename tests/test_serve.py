"""``faqc serve``: only files of the site, never outside it, and many requests at once."""
import http.client
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from compiler.serve import make_server, site_file


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
