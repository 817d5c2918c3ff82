"""``faqc`` and ``python -m compiler``: the command line, started so that even a Ctrl-C that
lands while its modules are still loading is one clean line, never a traceback."""
from __future__ import annotations

import sys


def run() -> None:
    """Load the command line, then run it (``compiler.cli.run``)."""
    try:
        from compiler.cli import run as run_cli
    except KeyboardInterrupt:
        sys.stderr.write("faqc: interrupted\n")
        sys.exit(130)
    run_cli()


if __name__ == "__main__":
    run()
