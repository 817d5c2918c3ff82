"""Page weight in Chromium (issue 15): a card page loads at most 60 KB and the home page at most
100 KB on a first visit, previews not yet opened; the count is bench/transfer.py's."""
from __future__ import annotations

from bench.transfer import largest, transfer


def test_first_visits_stay_light(browser, site_dir, http_root):
    card = largest(site_dir, "cards")
    loads = {path: transfer(browser, http_root, path) for path in ("index.html", card)}
    assert loads["index.html"][0] <= 100_000, loads
    assert loads[card][0] <= 60_000, loads
