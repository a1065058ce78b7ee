"""The ``tablekit`` command: the table app, scripts, views and tools.

Each subcommand lives in a module of its own that registers its parser here:
:mod:`.sessions` (script, state, sessions), :mod:`.app` (run, screenshot),
:mod:`.dice` (read and teach dice), :mod:`.odds` (exact chances), :mod:`.doctor`
(start-up checks) and :mod:`.backup` (export and import).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from tablekit.cli.app import add_run_parser, add_screenshot_parser, run_app
from tablekit.cli.check import add_check_parser
from tablekit.cli.sessions import add_session_parsers
from tablekit.local import config, failures
from tablekit.rules.errors import RuleError
from tablekit.rules.secret import UnknownAudience
from tablekit.session import codec
from tablekit.session.journal import JournalError


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
    except (
        config.ConfigError,
        RuleError,
        JournalError,
        codec.CommandError,
        UnknownAudience,
    ) as error:
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
        print(f"tablekit: {failures.record(error, 'tablekit ' + _command(argv))}", file=sys.stderr)
        return 70


def _command(argv: Sequence[str] | None) -> str:
    """The subcommand being run, for the one line a failure shows."""
    words = list(sys.argv[1:] if argv is None else argv)
    return words[0] if words and not words[0].startswith("-") else "run"


JOURNAL_COMMANDS = frozenset({"script", "state", "sessions", "check"})
"""Subcommands that register only the journal's parsers: a read such as ``tablekit state``
then never imports the dice reader, the odds tables or the box scanner."""


def build_parser(command: str = "") -> argparse.ArgumentParser:
    """The ``tablekit`` parser with every subcommand (with none it runs the app), or, for
    one of the ``JOURNAL_COMMANDS``, with just those."""
    about = __doc__.split("\n")[0].replace("``", "")  # the docstring's markup is for Sphinx
    parser = argparse.ArgumentParser(prog="tablekit", description=about)
    parser.set_defaults(func=run_app)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    add_run_parser(sub)
    add_session_parsers(sub)
    add_check_parser(sub)
    if command in JOURNAL_COMMANDS:
        return parser
    from tablekit.cli.backup import add_backup_parsers
    from tablekit.cli.box import add_box_parser
    from tablekit.cli.dice import add_dice_parser
    from tablekit.cli.doctor import add_doctor_parser
    from tablekit.cli.odds import add_odds_parser

    add_screenshot_parser(sub)
    add_dice_parser(sub)
    add_odds_parser(sub)
    add_box_parser(sub)
    add_doctor_parser(sub)
    add_backup_parsers(sub)
    return parser
