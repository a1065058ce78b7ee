"""``tablekit odds``: exact chances of a roll, printed for a person or a script.

    tablekit odds mouse-guard DICE --ob OB [--fate] [--deeper-understanding] [--of-course]
    tablekit odds mouse-guard DICE --versus DICE2
    ... [--json]

With ``--json`` it prints one object: ``{"success": P}`` for an obstacle, or
``{"win": P, "tie": P, "lose": P}`` for the raw versus roll before any tie is
broken; each P is a float from 0 to 1. Without it, one line such as
``6D vs Ob 4: 34.38%``. The game comes first so other games can add their odds.
Every number is checked here, once; a bad one is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass

from tablekit.cli.sessions import Subparsers
from tablekit.rules.mouse_guard import odds as mg_odds
from tablekit.rules.mouse_guard.dice import MAX_DICE, MAX_OB


class OddsError(ValueError):
    """An argument out of its range, with a sentence that says which and why."""


@dataclass(frozen=True)
class Answer:
    """The chances as JSON for a script, and as one line for a person."""

    data: dict[str, float]
    line: str


def add_odds_parser(sub: Subparsers) -> None:
    """Register ``odds``; ``args.func(args)`` runs it."""
    odds = sub.add_parser("odds", help="exact chances of a roll")
    odds.add_argument("game", metavar="GAME", help=f"whose dice: {', '.join(GAMES)}")
    odds.add_argument("dice", metavar="DICE", help=f"dice in the pool, 0 to {MAX_DICE}")
    odds.add_argument("--ob", metavar="OB", help=f"the obstacle, 0 to {MAX_OB}")
    odds.add_argument("--versus", metavar="DICE2", help="the opposing pool in a versus test")
    odds.add_argument("--fate", action="store_true", help="a Fate point explodes the axes")
    odds.add_argument(
        "--deeper-understanding", action="store_true", help="a Fate point and a wise: reroll one"
    )
    odds.add_argument(
        "--of-course", action="store_true", help="a Persona point and a wise: reroll every failure"
    )
    odds.add_argument("--json", action="store_true", help="print one JSON object")
    odds.set_defaults(func=run_odds)


def run_odds(args: argparse.Namespace) -> int:
    """Print the chances ``args`` ask for; exit 2 with one line if an argument is bad."""
    try:
        game = GAMES.get(args.game)
        if game is None:
            raise OddsError(f"no odds for {args.game!r}; known games: {', '.join(GAMES)}")
        answer = game(args)
    except OddsError as error:
        print(f"tablekit odds: {error}", file=sys.stderr)
        return 2
    print(json.dumps(answer.data) if args.json else answer.line)
    return 0


def whole(name: str, text: str, top: int) -> int:
    """``text`` as a whole number from 0 to ``top``, or an OddsError naming ``name``."""
    value = text.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 9 and int(value) <= top):
        shown = text if len(text) <= 12 else text[:12] + "..."
        raise OddsError(f"{name} must be a whole number from 0 to {top}, not {shown!r}")
    return int(value)


def mouse_guard(args: argparse.Namespace) -> Answer:
    """A pool against an obstacle (with the after-roll options) or against another pool."""
    dice = whole("DICE", args.dice, MAX_DICE)
    options = {
        "Fate": args.fate,
        "Deeper Understanding": args.deeper_understanding,
        "Of Course!": args.of_course,
    }
    used = [name for name, on in options.items() if on]
    if args.ob is not None and args.versus is not None:
        raise OddsError("give --ob or --versus, not both")
    if args.versus is not None:
        if used:
            raise OddsError("--fate, --deeper-understanding and --of-course go with --ob only")
        dice2 = whole("DICE2", args.versus, MAX_DICE)
        odds = mg_odds.versus(dice, dice2)
        shown = ", ".join(
            f"{word} {mg_odds.percent(p)}"
            for word, p in (("win", odds.win), ("tie", odds.tie), ("lose", odds.lose))
        )
        return Answer(
            {"win": float(odds.win), "tie": float(odds.tie), "lose": float(odds.lose)},
            f"{dice}D vs {dice2}D: {shown} (before a tie is broken)",
        )
    if args.ob is None:
        raise OddsError("give the obstacle (--ob OB) or the opposing pool (--versus DICE2)")
    ob = whole("OB", args.ob, MAX_OB)
    p = mg_odds.chance(dice, ob, args.fate, args.deeper_understanding, args.of_course)
    with_ = f" with {' and '.join(used)}" if used else ""
    return Answer({"success": float(p)}, f"{dice}D vs Ob {ob}{with_}: {mg_odds.percent(p)}")


GAMES: dict[str, Callable[[argparse.Namespace], Answer]] = {"mouse-guard": mouse_guard}
"""The games with odds, by the GAME argument."""
