"""``faqc`` and ``python -m compiler``: the command line, started so that even a Ctrl-C that
lands while its modules are still loading is one clean line, never a traceback."""
from __future__ import annotations

import sys


def run() -> None:
    """Load the command line, then run it (``compiler.cli.run``)."""
    try:
        from compiler.cli import run as run_cli
    except BaseException as exc:  # noqa: BLE001 - a Ctrl-C while loading, however wrapped
        from compiler.core.errors import interrupted
        if not interrupted(exc):
            raise
        sys.stderr.write("faqc: interrupted\n")
        sys.exit(130)
    run_cli()


if __name__ == "__main__":
    run()
