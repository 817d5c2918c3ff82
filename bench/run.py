"""``make bench``: faqc on a ~20 MiB synthetic corpus, side by side with its baselines; writes
bench/RESULTS.md. ``make bench-scale`` (``--scale 5,10,20,40``): the full build and its
baseline at each size; writes bench/SCALE.md.

In one run, in a scratch copy of the repository (``bench/out/repo``, the virtualenv shared):
the corpus is generated (``bench/corpus.py``, one more FAQ held back), normalized by
``make -j2 faqs``, then measured: a full ``faqc build`` and the same texts indexed by plain
Whoosh default writers (``bench/plain_whoosh.py``: faqc's search records, one Whoosh document
each, the named baseline; and one document per FAQ), run as pairs ``--runs`` times (3) in
turn, so the load falls on both alike; ``make`` with nothing changed; the held-back FAQ added
and ``faqc build`` again (incremental); one word of one ruling edited and ``faqc build``
again; ``make`` after both; Pagefind indexing the built HTML; the first-query bytes of both in
Chromium (``bench/browser.py``) for each of ``QUERIES``. The same queries are then measured on
the seeds site (``--seeds-site``, the project's ``site/`` that ``make`` builds from
content/sources with ``../shared/cr``), indexed by Pagefind in a hard-linked copy
(``bench/out/seeds-pagefind-site``). Times are wall clock and CPU time (user + system of the
command and every process it waited for) of the whole command, but for the baselines, which
time their indexing alone; peak memory is the largest resident set of the command's
processes. Nothing here asserts: it reports.

Usage: python bench/run.py [--mib 20] [--runs 3] [--python PY] [--make MAKE] [--out bench/out]
                           [--seeds-site site] [--scale 5,10,20,40]
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.corpus import write_corpus  # noqa: E402
from bench.report import write_results, write_scale  # noqa: E402

QUERIES = ("bushido", "ninjutsu", "tarmogoyf", "end of turn", "702.45")
"""What the first-query bytes are measured for: three names, a phrase typed without quotes (its
words ANDed by both engines) and a rule number."""


@dataclass(slots=True)
class Run:
    """One measured command."""

    command: str
    seconds: float
    peak_kib: int
    output: str = ""
    cpu: float = 0.0
    """CPU seconds, user + system, of the command and the processes it waited for."""


@dataclass(slots=True)
class Bench:
    """Everything measured, for the report."""

    args: argparse.Namespace
    machine: dict[str, str] = field(default_factory=dict)
    corpus: dict[str, float] = field(default_factory=dict)
    runs: dict[str, Run] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    first_query: dict = field(default_factory=dict)
    """Corpus (``bench``, ``seeds``) -> query -> engine -> ``bench.browser.FirstQuery``."""
    notes: list[str] = field(default_factory=list)

BENCH_CRS = ("2004-10-01", "2005-02-01", "2007-05-01", "2008-05-01", "2024-06-07", "2026-01-16")
"""The six editions builds are measured with (from ../shared/cr, never kept in the repository)."""

def timed(bench: Bench, name: str, command: list[str], cwd: Path, check: bool = True) -> Run:
    """Run ``command`` in ``cwd``; record its wall time, peak memory and output under ``name``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    started = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    output = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds, cpu = time.perf_counter() - started, usage.ru_utime + usage.ru_stime
    found = re.search(r"in ([0-9.]+)s \(.*CPU ([0-9.]+)s", output) if name.startswith("plain") else None
    if found:  # the baselines time their indexing alone (reading and records are not theirs)
        seconds, cpu = float(found.group(1)), float(found.group(2))
    run = Run(" ".join(command), seconds, usage.ru_maxrss, output, cpu)
    print(f"bench: {name}: {run.seconds:.1f}s, CPU {cpu:.1f}s, peak {usage.ru_maxrss / 1024:.0f} MiB",
          flush=True)
    if check and os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"bench: {name} failed:\n{output[-3000:]}")
    bench.runs[name] = run
    return run


def machine() -> dict[str, str]:
    """Return what the report says of the machine."""
    memory = next((line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal:")), "0")
    return {"nproc": str(os.cpu_count()), "memory": f"{int(memory) / 2**20:.1f} GiB",
            "python": platform.python_version(), "platform": platform.platform(),
            "load before": " ".join(f"{x:.2f}" for x in os.getloadavg())}


def scratch_repo(out: Path) -> Path:
    """Return a fresh scratch copy of what make needs (its pyproject dated in the past)."""
    repo = out / "repo"
    shutil.rmtree(repo, ignore_errors=True)
    repo.mkdir(parents=True)
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy2(ROOT / name, repo / name)
    os.utime(repo / "pyproject.toml", (946684800, 946684800))  # never reinstall the shared venv
    shutil.copytree(ROOT / "compiler", repo / "compiler", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "templates", repo / "templates")
    (repo / "content" / "rules").mkdir(parents=True)
    for date in BENCH_CRS:  # the editions the seeds read against, from the published texts
        shutil.copy2(ROOT.parent / "shared" / "cr" / f"CR_{date}.txt", repo / "content" / "rules")
    (repo / "content" / "faqs").mkdir()
    return repo


def launcher(repo: Path, python: Path) -> Path:
    """Return a ``faqc`` running the scratch copy's compiler: the one in the repository may be
    edited while the bench runs, and any edit makes the next build a full one."""
    path = repo / "faqc"
    path.write_text(f"#!{python}\nimport sys\nsys.path.insert(0, {str(repo)!r})\n"
                    "from compiler.cli import run\nsys.exit(run())\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else 0


def edit_one_ruling(sources: Path) -> str:
    """Change one word of one ruling (a `` * `` line of an English FAQ of lines); return where."""
    for path in sorted(sources.glob("*_chk-en.txt")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines):
            if line.startswith("* ") and " the " in line:
                lines[number] = line.replace(" the ", " that ", 1)
                path.write_text("\n".join(lines), encoding="utf-8")
                return f"{path.name}:{number + 1}"
    raise SystemExit(f"bench: no ruling to edit in {sources}")


def prepare(bench: Bench, out: Path, mib: float) -> tuple[Path, list[str], list[str], Path]:
    """Make the scratch repository and its corpus; return it, make's and the build's command
    lines and the held-back FAQ."""
    repo = scratch_repo(out)
    venv = Path(bench.args.python).absolute().parent.parent  # not resolve(): a venv python is a link
    faqc = str(launcher(repo, Path(bench.args.python).absolute()))
    make = [bench.args.make, f"VENV={venv}", "PYTHON=false", f"FAQC={faqc}"]
    sources, held = repo / "content" / "sources", out / "held-back"
    shutil.rmtree(held, ignore_errors=True)
    paths = write_corpus(sources, mib=mib, hold_back=held)
    extra = next(held.glob("*.txt"))
    bench.corpus = {"files": len(paths), "mib": sum(p.stat().st_size for p in paths) / 2**20,
                    "extra_kib": extra.stat().st_size / 1024, "extra": extra.name}
    build = [faqc, "build", "--sources", "content/sources", "--out", "site", "--rules", "content/rules"]
    return repo, make, build, extra


def full_and_baselines(bench: Bench, repo: Path, build: list[str], out: Path, runs: int) -> None:
    """The full build and the two plain Whoosh baselines, ``runs`` times, in turn: each into an
    empty folder (the previous run's output removed first, untimed, as the baselines remove
    theirs)."""
    plain = [bench.args.python, str(ROOT / "bench" / "plain_whoosh.py")]
    sources = repo / "content" / "sources"
    for number in range(runs):
        shutil.rmtree(repo / "site", ignore_errors=True)
        timed(bench, f"full{number}", [*build, "--full"], repo)
        timed(bench, f"plain_records{number}",
              [*plain, "--records", str(sources), str(out / "plain-records"),
               str(repo / "content" / "rules")], repo)
        timed(bench, f"plain{number}", [*plain, str(sources), str(out / "plain-index")], repo)
    bench.sizes["plain_index"] = folder_bytes(out / "plain-index")
    bench.sizes["plain_records_index"] = folder_bytes(out / "plain-records")
    bench.sizes["index"] = folder_bytes(repo / "site" / "search" / "index")
    bench.sizes["site"] = folder_bytes(repo / "site")
    bench.sizes["site_cr"] = folder_bytes(repo / "site" / "cr")


def run_bench(args: argparse.Namespace) -> Bench:
    bench = Bench(args, machine())
    out = args.out.resolve()
    repo, make, build, extra = prepare(bench, out, args.mib)
    sources = repo / "content" / "sources"
    timed(bench, "normalize", [*make, "-j2", "faqs"], repo)
    full_and_baselines(bench, repo, build, out, args.runs)
    # once more over the site the last one left: what ``make`` does after an upgrade (the
    # files it makes as they were are linked, not written)
    timed(bench, "full_over", [*build, "--full"], repo)
    for number in range(3):
        timed(bench, f"nochange{number}", make, repo)
    shutil.copy2(extra, sources / extra.name)
    timed(bench, "incremental", build, repo)
    bench.corpus["edited"] = edit_one_ruling(sources)
    timed(bench, "edit", build, repo)
    timed(bench, "make_after_add", [*make, "-j2"], repo)
    bench.sizes["export"] = folder_bytes(repo / "site" / "search" / "data")
    measure_pagefind(bench, "bench", repo / "site", out / "pagefind-site", "pagefind")
    seeds = Path(args.seeds_site).resolve()
    if (seeds / "search.html").is_file():
        measure_pagefind(bench, "seeds", seeds, out / "seeds-pagefind-site", "pagefind_seeds")
        bench.sizes["seeds_export"] = folder_bytes(seeds / "search" / "data")
    else:
        bench.notes.append(f"the seeds site {seeds} is not built (run `make`): not measured")
    bench.machine["load after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return bench


def run_scale(args: argparse.Namespace) -> list[Bench]:
    """At each size of ``--scale``: the corpus, its full build and the baselines (``--runs``
    times); one ``Bench`` per size."""
    done = []
    for mib in args.scale:
        bench = Bench(args, machine())
        out = args.out.resolve() / f"scale-{mib:g}"
        repo, make, build, _extra = prepare(bench, out, mib)
        timed(bench, "normalize", [*make, "-j2", "faqs"], repo)
        full_and_baselines(bench, repo, build, out, args.runs)
        bench.machine["load after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
        shutil.rmtree(out, ignore_errors=True)  # gigabytes at 40 MiB
        done.append(bench)
    return done


def measure_pagefind(bench: Bench, corpus: str, site: Path, pf_site: Path, name: str) -> None:
    """Index a hard-linked copy of ``site`` with Pagefind, then measure both engines' first
    query for each of ``QUERIES`` (the loads of each, file by file, in ``pf_site``'s folder)."""
    shutil.rmtree(pf_site, ignore_errors=True)
    subprocess.run(["cp", "-al", str(site), str(pf_site)], check=True)
    try:
        run = timed(bench, name, [bench.args.python, "-m", "pagefind", "--site", str(pf_site)],
                    pf_site.parent, check=False)
        if not (pf_site / "pagefind").is_dir():
            bench.notes.append(f"Pagefind did not run ({corpus}): {run.output.strip()[-500:]}")
        bench.sizes[name] = folder_bytes(pf_site / "pagefind")
    except OSError as exc:
        bench.notes.append(f"Pagefind could not be run ({corpus}): {exc}")
    try:
        from bench.browser import measure_queries, to_json
        started = time.perf_counter()
        measured = measure_queries(pf_site, QUERIES)
        print(f"bench: first queries ({corpus}): {time.perf_counter() - started:.1f}s", flush=True)
        bench.first_query[corpus] = measured
        (pf_site.parent / f"first-query-{corpus}.json").write_text(to_json(measured), encoding="utf-8")
    except Exception as exc:  # noqa: BLE001 -- reported, not fatal
        bench.notes.append(f"first-query bytes ({corpus}) not measured in Chromium: "
                           f"{type(exc).__name__}: {exc}")


def build_phases(run: Run | None) -> str:
    """Return the ``build: phases:`` line of a faqc build's output."""
    match = re.search(r"^build: phases: (.*)$", run.output if run else "", re.M)
    return match.group(1) if match else "?"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=3,
                        help="times the full build and its baselines are run, in turn")
    parser.add_argument("--scale", type=lambda v: [float(x) for x in v.split(",")],
                        help="sizes in MiB: measure the full build at each (bench/SCALE.md)")
    parser.add_argument("--python", default=str(ROOT / ".venv" / "bin" / "python"))
    parser.add_argument("--make", default="make")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out")
    parser.add_argument("--seeds-site", default=str(ROOT / "site"),
                        help="the seeds site `make` built (measured on a hard-linked copy)")
    args = parser.parse_args(argv)
    args.python = str(Path(args.python).absolute())  # commands run in other folders
    started = time.perf_counter()
    if args.scale:
        path = write_scale(run_scale(args), ROOT / "bench" / "SCALE.md",
                           f"{time.perf_counter() - started:.0f}s")
        print(f"bench: wrote {path}")
        return 0
    bench = run_bench(args)
    bench.machine["bench wall time"] = f"{time.perf_counter() - started:.0f}s"
    path = write_results(bench, ROOT / "bench" / "RESULTS.md", build_phases)
    print(f"bench: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
