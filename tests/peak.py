"""Peak resident memory of a command, measured from a small launcher process.

A child's peak resident memory counts the memory of the process it was forked from until it
executes (Linux keeps the high-water mark across ``execve``), and a pytest worker that has
built sites holds hundreds of MiB: a command started from it directly would be charged with
them. The command is started from a small Python process instead, which reports its child's
peak (``getrusage`` of its children), exit code and time.
"""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass

_LAUNCHER = """import json, resource, subprocess, sys, time
start = time.monotonic()
done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
elapsed = time.monotonic() - start
sys.stderr.buffer.write(done.stderr)
print(json.dumps({"code": done.returncode, "stdout": len(done.stdout), "elapsed": elapsed,
                  "peak": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024}))
"""


@dataclass
class Measured:
    code: int
    stderr: str
    peak: int
    """Peak resident memory of the command, in bytes (``ru_maxrss`` is in KiB on Linux)."""
    elapsed: float
    stdout_bytes: int


def run_measured(args: list[str]) -> Measured:
    """Run a command from a small launcher; return its exit code, standard error, peak
    resident memory, seconds taken and how many bytes it wrote to standard output."""
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, *args], capture_output=True)
    stderr = done.stderr.decode("utf-8")
    assert done.returncode == 0, f"the launcher failed: {stderr[-400:]}"
    facts = json.loads(done.stdout)
    return Measured(facts["code"], stderr, facts["peak"], facts["elapsed"], facts["stdout"])
