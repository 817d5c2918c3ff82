"""``faqc normalize`` holds a source about once: its peak memory grows by a few times the
source's size (issue 16: at most 10x; ``bench/scale.py`` measures it at 20 and 200 MB).

A seed repeated to about 10 MB in each of the two layouts bench/scale.py measures, in a process
of its own; its peak resident memory is bounded by 7 times the source plus 70 MiB for the
interpreter and its modules (measured from a small launcher process: ``tests/peak.py``).
Before the YAML was streamed a block at a time and the source held once, the line-structured
case peaked at 207 MB (20x its size; now 118 MB).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.peak import run_measured

FAQC = Path(sys.executable).parent / "faqc"
SEEDS = ROOT / "content" / "sources"
SIZE = 10 * 2**20
LAYOUTS = {"en-lines": ("000_5c86c3c8dc6a5532.txt", b"\n"),
           "en-collapsed": ("003_ce9129ef857eaa93.txt", b" ")}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss in KiB is Linux's")
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_normalize_peak_memory_is_a_few_times_the_source(tmp_path, layout):
    seed, joiner = LAYOUTS[layout]
    text = (SEEDS / seed).read_bytes().strip()
    source = tmp_path / f"big-{layout}.txt"
    source.write_bytes(joiner.join([text] * round(SIZE / len(text))))
    size = source.stat().st_size
    run = run_measured([str(FAQC), "-q", "normalize", str(source), "--out-dir", str(tmp_path)])
    assert run.code == 0, run.stderr[-400:]
    peak = run.peak
    print(f"\n{layout}, {size / 1e6:.1f} MB: peak RSS {peak / 2**20:.0f} MiB ({peak / size:.1f}x)")
    assert peak < 7 * size + 70 * 2**20, f"peak RSS {peak / 2**20:.0f} MiB for {size} bytes"
    (yaml_file,) = tmp_path.glob("*.yaml")
    assert yaml_file.stat().st_size > size  # the document was written whole
