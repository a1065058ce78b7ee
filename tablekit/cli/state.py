"""``tablekit state``: print a session's view as JSON.

A view the writer kept (:mod:`tablekit.session.views`) is printed as it was kept, so the
command loads neither the game's rules nor the session, nor msgspec, json or typing (issue
26 item 3: at most 4x ``python -c pass``). Without a current kept view, and for every error
it must name, it reads the session in full (:func:`tablekit.cli.sessions.print_state`).
"""

from __future__ import annotations

import argparse
import sys

from tablekit.cli.commands import add
from tablekit.local import paths
from tablekit.session import views

TYPE_CHECKING = False  # typing is not imported for ``tablekit state``: mypy reads the name
if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers

AUDIENCES = ("table", "gm", "pad:opponents", "pad:patrol")
"""Every audience by name, for the help only (``rules.secret.audience_names`` is the closed
set, checked by the full read; a test holds the two the same)."""


def add_state_parser(sub: Subparsers) -> None:
    """Register ``state``; ``args.func(args)`` runs it."""
    state = add(sub, "state")
    state.add_argument("--session", help="session name (default: the last one used)")
    state.add_argument("--game", help="refuse unless the session plays this game")
    names = ", ".join(AUDIENCES)
    state.add_argument("--view", default="table", help=f"whose view to print: {names}")
    state.set_defaults(func=print_state)


def print_state(args: argparse.Namespace) -> int:
    """Print the view: the kept one if it is current, else as the full read finds it."""
    text = None
    if args.game is None and (args.session is None or args.session.strip()):
        text = views.current(paths.journal_file(), args.session, args.view)
    if text is None:
        from tablekit.cli.sessions import print_state as read_in_full

        return read_in_full(args)
    sys.stdout.write(text)
    sys.stdout.flush()
    return 0
