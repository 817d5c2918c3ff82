"""Print the first-query bytes of faqc and Pagefind on a built site, as `make bench` counts them.

usage: .venv/bin/python bench/first_query.py SITE QUERY...   (indexes SITE with Pagefind first
when ``SITE/pagefind`` is missing and ``pagefind`` is installed: run it on a copy, ``cp -al``)
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.browser import GZIP_LEVEL, measure_queries  # noqa: E402


def main(argv: list[str]) -> int:
    root, queries = Path(argv[0]), argv[1:]
    if not (root / "pagefind").is_dir():
        subprocess.run([sys.executable, "-m", "pagefind", "--site", str(root)], check=False,
                       capture_output=True)
    for query, out in measure_queries(root, queries).items():
        ours, theirs = out.get("faqc"), out.get("pagefind")
        line = (f"{query}: faqc data {ours.data_bytes} code {ours.engine_bytes} page "
                f"{ours.page_bytes} = {ours.raw_total} (gzip -{GZIP_LEVEL} {ours.gzip_total})")
        if theirs:
            line += (f"; pagefind data {theirs.data_bytes} code {theirs.engine_bytes} ui "
                     f"{theirs.ui_bytes} page {theirs.page_bytes} = {theirs.raw_total} (gzip "
                     f"{theirs.gzip_total}); ratio raw {ours.raw_total / theirs.raw_total:.2f}"
                     f" gzip {ours.gzip_total / theirs.gzip_total:.2f}; data and code alone"
                     f" {ours.core_raw / theirs.core_raw:.2f} /"
                     f" {ours.core_gzip / theirs.core_gzip:.2f}")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
