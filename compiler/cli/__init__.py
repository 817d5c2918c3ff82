"""The ``faqc`` command line: the group of verbs, one module each, and how a run ends."""
from __future__ import annotations

import importlib
import os
import signal
import sys

import click

from compiler import __version__
from compiler.cli.common import Context
from compiler.core.errors import interrupted, printable, say

VERBS = ("normalize", "build", "search", "check", "serve", "bundle")
"""The verbs of ``faqc``: each is ``compiler.cli.<verb>.<verb>_command``."""


class LazyGroup(click.Group):
    """A group whose verbs defined in other modules are imported only when one is run (or
    listed by ``--help``): ``faqc normalize`` then never loads the site builder, Whoosh or
    Jinja2, 13 MB of a small process's peak memory and half a second of its start."""

    def __init__(self, *args, lazy: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        """Verb name -> ``module:attribute`` of its ``click.Command``."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy and name not in self.commands:
            module, _, attr = self.lazy[name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             lazy={verb: f"compiler.cli.{verb}:{verb}_command" for verb in VERBS})
@click.option("-v", "--verbose", count=True, help="Say more (repeatable).")
@click.option("-q", "--quiet", is_flag=True, help="Print only warnings and errors.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.version_option(__version__, prog_name="faqc")
@click.pass_context
def main(click_ctx: click.Context, verbose: int, quiet: bool, strict: bool) -> None:
    """faqc: compile Magic: The Gathering FAQs and release notes into YAML and a static site."""
    click_ctx.obj = Context(-1 if quiet else verbose, strict)


def run() -> None:
    """Entry point: clean lines for user errors and Ctrl-C, one line saying so for a bug."""
    run_main(main)


def run_main(command: click.Command) -> None:
    """Run ``command`` (``faqc``, or a helper make runs) and exit with its code: clean lines for
    user errors and Ctrl-C, one line saying so for a bug."""
    try:
        code = command.main(standalone_mode=False)
    except click.exceptions.Abort:
        code = _interrupted()
    except KeyboardInterrupt:
        code = _interrupted()
    except click.ClickException as exc:
        exc.message = printable(exc.message)  # click's own name what was given: escaped too
        exc.show()
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except RecursionError:  # input nested deeper than a check caught: the input's, not a bug
        say("faqc: error: the input is nested too deeply to be read")
        code = 1
    except Exception as exc:  # noqa: BLE001 - anything not a FaqcError is a bug in faqc
        if interrupted(exc):  # a Ctrl-C while a module loaded lazily made a class
            code = _interrupted()
        elif os.environ.get("FAQC_TRACEBACK"):
            raise
        else:
            say(f"faqc: internal error (a bug in faqc, not in your input): "
                f"{type(exc).__name__}: {exc} (set FAQC_TRACEBACK=1 for the traceback)")
            code = 70
    finally:
        # The work is done (or abandoned) and its outcome decided: a Ctrl-C from here on, one
        # racing the end of a build, must not surface as "Exception ignored ... Traceback" from
        # the interpreter's shutdown (weakref callbacks, atexit handlers).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code if isinstance(code, int) else 0)


def _interrupted() -> int:
    say("faqc: interrupted")
    return 130
