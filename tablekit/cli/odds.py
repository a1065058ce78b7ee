"""``tablekit odds``: exact chances of a roll, printed for a person or a script.

    tablekit odds mouse-guard DICE --ob OB [--fate] [--deeper-understanding] [--of-course]
    tablekit odds mouse-guard DICE --versus DICE2
    tablekit odds mouse-card CARDS [--left CODES] [--target RANK] [--need N]
                                   [--mode cautious|broke] [--bad CODES]
    ... [--json]

With ``--json`` it prints one object: ``{"success": P}`` for an obstacle, or
``{"win": P, "tie": P, "lose": P}`` for the raw versus roll before any tie is
broken; each P is a float from 0 to 1. Without it, one line such as
``6D vs Ob 4: 34.38%``. For mouse-card, ``{"success": P, "bad": P, "exact": B,
"samples": N}``: the chances of enough successes and of a bad card in the
rest of a draw. The game comes first so other games can add their odds.
Every number is checked here, once; a bad one is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tablekit.cli.commands import add
from tablekit.rules.cards import FULL_DECK, codes, rank_value
from tablekit.rules.mouse_card.odds import Question
from tablekit.rules.mouse_card.odds import odds as card_odds
from tablekit.rules.mouse_guard import odds as mg_odds
from tablekit.rules.mouse_guard.dice import MAX_DICE, MAX_OB

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


class OddsError(ValueError):
    """An argument out of its range, with a sentence that says which and why."""


@dataclass(frozen=True)
class Answer:
    """The chances as JSON for a script, and as one line for a person."""

    data: dict[str, float | bool | int]
    line: str


def add_odds_parser(sub: Subparsers) -> None:
    """Register ``odds``; ``args.func(args)`` runs it."""
    odds = add(sub, "odds")
    odds.add_argument("game", metavar="GAME", help=f"whose dice: {', '.join(GAMES)}")
    odds.add_argument(
        "dice",
        metavar="DICE",
        help=f"dice in the pool, 0 to {MAX_DICE}; for mouse-card, the cards still to draw",
    )
    odds.add_argument("--ob", metavar="OB", help=f"the obstacle, 0 to {MAX_OB}")
    odds.add_argument("--versus", metavar="DICE2", help="the opposing pool in a versus test")
    odds.add_argument("--fate", action="store_true", help="a Fate point explodes the axes")
    odds.add_argument(
        "--deeper-understanding", action="store_true", help="a Fate point and a wise: reroll one"
    )
    odds.add_argument(
        "--of-course", action="store_true", help="a Persona point and a wise: reroll every failure"
    )
    cards = "comma-separated card codes such as QH,10S,RJ"
    odds.add_argument("--left", metavar="CODES", help=f"mouse-card: the pile, {cards} (all 54)")
    odds.add_argument("--target", metavar="RANK", help="mouse-card: lowest success, 2-A (J)")
    odds.add_argument("--need", metavar="N", help="mouse-card: successes still needed (1)")
    odds.add_argument("--mode", choices=("cautious", "broke"), help="mouse-card: how to draw")
    odds.add_argument("--bad", metavar="CODES", help=f"mouse-card: the bad cards, {cards}")
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


MAX_DRAW = 20
"""The most cards one mouse-card draw asks about."""


def card_list(name: str, text: str) -> tuple[str, ...]:
    """Comma-separated card codes, each once, or an OddsError naming ``name``."""
    try:
        found = codes(part for part in text.split(",") if part.strip())
    except ValueError as error:
        raise OddsError(f"{name}: {error}") from None
    if len(set(found)) != len(found):
        raise OddsError(f"{name} names a card twice")
    return found


def mouse_card(args: argparse.Namespace) -> Answer:
    """The rest of a draw from the cards left: enough successes, and a bad card drawn."""
    if args.ob is not None or args.versus is not None or args.fate:
        raise OddsError("--ob, --versus and --fate are for mouse-guard")
    draws = whole("CARDS", args.dice, MAX_DRAW)
    left = FULL_DECK if args.left is None else card_list("--left", args.left)
    bad = frozenset(card_list("--bad", args.bad or ""))
    try:
        target = rank_value(args.target or "J")
    except ValueError:
        raise OddsError(f"--target is a rank from 2 to A, not {args.target!r}") from None
    if target < 2:
        raise OddsError("--target is a rank from 2 to A, not a joker")
    need = whole("--need", args.need or "1", MAX_DRAW * 2)
    mode = args.mode or "cautious"
    found = card_odds(Question(left, (), draws, need, target, bad))
    chances = found.cautious if mode == "cautious" else found.broke
    how = "exact" if found.exact else f"estimate from {found.samples} deals"
    return Answer(
        {"success": chances.success, "bad": chances.bad, "exact": found.exact,
         "samples": found.samples},
        f"{draws} cards from {len(left)}, {args.target or 'J'} or better, {need} needed, {mode}: "
        f"{chances.success:.2%} enough, {chances.bad:.2%} a bad card ({how})",
    )  # fmt: skip


GAMES: dict[str, Callable[[argparse.Namespace], Answer]] = {
    "mouse-guard": mouse_guard,
    "mouse-card": mouse_card,
}
"""The games with odds, by the GAME argument."""
