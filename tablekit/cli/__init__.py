"""The ``tablekit`` command: the table app, scripts, views and tools."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from tablekit.cli.dice import add_dice_parser
from tablekit.local import config, paths
from tablekit.rules.errors import RuleError
from tablekit.session import codec
from tablekit.session.journal import Journal, JournalError
from tablekit.session.session import Session
from tablekit.session.store import open_session


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
        return result
    except (config.ConfigError, RuleError, JournalError, codec.CommandError) as error:
        print(f"tablekit: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(
            f"tablekit: {error.filename or ''} {error.strerror or error}".strip(), file=sys.stderr
        )
        return 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tablekit", description=__doc__)
    parser.set_defaults(func=run_app)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    run = sub.add_parser("run", help="start the table app (the default)")
    run.set_defaults(func=run_app)

    script = sub.add_parser("script", help="apply JSON-lines commands to a session")
    script.add_argument("file", help="a file of JSON commands, one per line, or - for stdin")
    _session_options(script)
    script.add_argument("--state", action="store_true", help="print the view at the end")
    _view_option(script, "whose view of the events (and --state) to print")
    script.set_defaults(func=run_script)

    state = sub.add_parser("state", help="print a session's view as JSON")
    _session_options(state)
    _view_option(state, "whose view to print")
    state.set_defaults(func=print_state)

    sessions = sub.add_parser("sessions", help="list the sessions, the last used first")
    sessions.set_defaults(func=list_sessions)

    shot = sub.add_parser("screenshot", help="render a scene headless to a PNG")
    shot.add_argument("scene", help="a scene name, e.g. home or settings")
    shot.add_argument("--size", default="800x480", help="WIDTHxHEIGHT")
    shot.add_argument("--out", required=True, help="the PNG file to write")
    _session_options(shot)
    shot.set_defaults(func=take_screenshot)

    add_dice_parser(sub)
    return parser


def _session_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--session", help="session name (default: the last one used)")
    parser.add_argument("--game", help="the game of a new session (default: from the config)")


def _view_option(parser: argparse.ArgumentParser, purpose: str) -> None:
    parser.add_argument(
        "--view", default="table", type=_audience, help=f"{purpose}: table, gm or pad:NAME"
    )


def _audience(text: str) -> str:
    """The audience a --view names: "table", "gm" or a pad's name."""
    if text in ("table", "gm"):
        return text
    pad = text.removeprefix("pad:")
    if text.startswith("pad:") and pad and pad != "table":
        return pad
    raise argparse.ArgumentTypeError("must be table, gm or pad:NAME")


def _open(args: argparse.Namespace, create: bool = True) -> Session[Any]:
    """The session the arguments name; only a script may start a new one."""
    settings = config.load()
    journal = Journal(paths.journal_file())
    name = args.session or (last.name if (last := journal.last()) else None)
    game = args.game
    if create and game is None and not (name and journal.exists(name)):
        game = settings.play.game
    return open_session(journal, name, game, create=create)


def run_app(args: argparse.Namespace) -> int:
    from tablekit.ui.app import run

    return run(config.load())


def run_script(args: argparse.Namespace) -> int:
    """Apply each line; stop at the first rejected one, which changes nothing."""
    session = _open(args)
    if args.file == "-":
        code = _apply_lines(session, sys.stdin, args.view)
    else:
        try:
            with open(args.file, encoding="utf-8-sig") as stream:
                code = _apply_lines(session, stream, args.view)
        except OSError as error:
            print(f"tablekit: cannot read {args.file}: {error.strerror}", file=sys.stderr)
            return 2
        except UnicodeDecodeError:
            print(f"tablekit: {args.file} is not UTF-8 text", file=sys.stderr)
            return 2
    if args.state:
        _print(session.view(args.view))
    return code


def _apply_lines(session: Session[Any], lines: Iterable[str], audience: str) -> int:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            events = session.apply(session.parse(line))
        except (RuleError, codec.CommandError) as error:
            _print({"line": number, "ok": False, "error": str(error)})
            print(f"tablekit: line {number} refused: {error}", file=sys.stderr)
            return 1
        _print({"line": number, "ok": True, "events": session.project(events, audience)})
    return 0


def print_state(args: argparse.Namespace) -> int:
    session = _open(args, create=False)
    _print(session.view(args.view), indent=2)
    return 0


def list_sessions(args: argparse.Namespace) -> int:
    journal = Journal(paths.journal_file())
    for info in journal.sessions():
        print(f"{info.name}\t{info.game}")
    return 0


def take_screenshot(args: argparse.Namespace) -> int:
    from tablekit.ui.screenshot import screenshot

    width, _, height = args.size.partition("x")
    if not (width.isdigit() and height.isdigit()):
        print("tablekit: --size must look like 800x480", file=sys.stderr)
        return 2
    config.load()  # a bad config stops here, with its file and key
    journal = Journal(paths.journal_file())
    return screenshot(args.scene, (int(width), int(height)), args.out, journal, args.session)


def _print(data: dict[str, Any], indent: int | None = None) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=indent), flush=True)
