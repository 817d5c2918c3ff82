"""How normalizing grows with the size of one source: time and peak memory, as ratios.

Each source is a seed repeated: the Champions FAQ (line-structured, ``en-lines``) at 1x and
10x a size, the Future Sight FAQ (one line, ``en-collapsed``) joined on one line at 1x and 10x.
Each is normalized by ``faqc normalize`` in a process of its own; its wall time and peak
resident memory (``wait4``) are read. Reported, never asserted:

* memory: peak resident memory / the source's size (the issue's bar: at most 10x), and the
  same less the peak of normalizing the seed itself once (the interpreter and its modules);
* linearity: (CPU seconds per MB at 10x) / (CPU seconds per MB at 1x): 1.0 is linear, 10
  quadratic (CPU seconds, user + system from ``wait4``: on a shared machine wall time varies
  with the load, CPU time much less).

Usage: python bench/scale.py [--mib 2] [--python PY] [--out bench/out/scale] [--write FILE]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "content" / "sources"
LAYOUTS = {"en-lines": ("000_5c86c3c8dc6a5532.txt", b"\n"),
           "en-collapsed (one line)": ("003_ce9129ef857eaa93.txt", b" ")}


def source_of(seed: str, joiner: bytes, size: int, out: Path) -> Path:
    """Write ``seed`` repeated (joined by ``joiner``) to about ``size`` bytes; return its path."""
    text = (SEEDS / seed).read_bytes().strip()
    path = out / f"{Path(seed).stem}-{size // 1024}k.txt"
    path.write_bytes(joiner.join([text] * max(1, round(size / len(text)))))
    return path


def measure(python: str, source: Path, out: Path) -> tuple[float, int, float]:
    """Return the wall seconds, peak resident bytes and CPU seconds of normalizing ``source``."""
    log = out / "normalize.log"  # a file, not a pipe: thousands of warnings never block it
    started = time.perf_counter()
    with log.open("wb") as err:
        proc = subprocess.Popen([python, "-m", "compiler", "-q", "normalize", str(source),
                                 "--out-dir", str(out / "faqs")], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=err)
        _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{source}: normalize failed: {log.read_text()[-400:]}")
    return seconds, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=float, default=2.0, help="the 1x size (MiB)")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "scale")
    parser.add_argument("--write", type=Path, help="also write the table to this file")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    lines = ["| layout | size | seconds | CPU seconds | peak memory | memory / size "
             "| above the seed's / size | linearity (CPU s/MB 10x vs 1x) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for layout, (seed, joiner) in LAYOUTS.items():
        _seconds, floor, _cpu = measure(args.python, SEEDS / seed, args.out)
        per_mb = []
        for factor in (1, 10):
            source = source_of(seed, joiner, int(args.mib * factor * 2**20), args.out)
            size = source.stat().st_size
            seconds, peak, cpu = measure(args.python, source, args.out)
            per_mb.append(cpu / (size / 1e6))
            ratio = f"{per_mb[1] / per_mb[0]:.2f}" if factor == 10 else "-"
            lines.append(f"| {layout} | {size / 1e6:.1f} MB | {seconds:.1f} | {cpu:.1f} | "
                         f"{peak / 1e6:.0f} MB | "
                         f"{peak / size:.1f}x | {(peak - floor) / size:.1f}x | {ratio} |")
            print(lines[-1], flush=True)
            source.unlink()
    if args.write:
        args.write.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
