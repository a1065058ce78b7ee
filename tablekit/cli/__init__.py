"""The ``tablekit`` command: the table app, scripts, views and tools.

Each subcommand lives in a module of its own that registers its parser here:
:mod:`.sessions` (script, state, sessions), :mod:`.app` (run, screenshot),
:mod:`.dice` (read and teach dice), :mod:`.odds` (exact chances), :mod:`.doctor`
(start-up checks) and :mod:`.backup` (export and import); :mod:`.commands` lists
them, and only the module of the command being run is imported.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from tablekit.cli import commands
from tablekit.rules.errors import Refusal


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser(_command(argv))
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
        sys.stdout.flush()  # a reader that left (`| head`) is met here, not at exit
        return result
    except BrokenPipeError:
        # Nobody reads any more: say nothing, and let nothing else try to write.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # as a shell reports a command a closed pipe stopped (128 + SIGPIPE)
    except Refusal as error:  # bad input at any boundary: settings, rules, journal, command
        print(f"tablekit: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(
            f"tablekit: {error.filename or ''} {error.strerror or error}".strip(), file=sys.stderr
        )
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # the last resort: one line here, the trace in the log
        from tablekit.local import failures  # only on a failure: a command's path loads it not

        print(f"tablekit: {failures.record(error, 'tablekit ' + _command(argv))}", file=sys.stderr)
        return 70


def _command(argv: Sequence[str] | None) -> str:
    """The subcommand being run: the first word that is not an option (none: ``run``)."""
    words = list(sys.argv[1:] if argv is None else argv)
    return next((word for word in words if not word.startswith("-")), "run")


def build_parser(command: str = "run") -> argparse.ArgumentParser:
    """The ``tablekit`` parser: every subcommand by name and help (with none it runs the
    app), and ``command`` in full, the only one whose module is imported."""
    about = __doc__.split("\n")[0].replace("``", "")  # the docstring's markup is for Sphinx
    parser = argparse.ArgumentParser(prog="tablekit", description=about)
    sub = parser.add_subparsers(
        title="commands", metavar="COMMAND", parser_class=commands.PARSER_CLASS
    )
    commands.register(sub, command)
    if command == "run":
        from tablekit.cli.app import run_app

        parser.set_defaults(func=run_app)
    return parser
