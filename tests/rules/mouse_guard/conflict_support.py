"""Shared helpers for the conflict tests: a patrol facing a weasel, set up and scripted."""

from __future__ import annotations

from typing import Any

from rules.mouse_guard.mg_support import Table, patrol, sheet

from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.after_roll import waits
from tablekit.rules.mouse_guard.conflict.state import Conflict

SUCCESS = "sword"
FAIL = "snake"


def hits(successes: int, dice: int) -> list[str]:
    """``dice`` faces with exactly ``successes`` swords."""
    return [SUCCESS] * successes + [FAIL] * (dice - successes)


def fight(
    members: tuple[str, ...] = ("Saxon",), gm: int = 8, patrol_start: int = 8, **extra: Any
) -> Table:
    """The patrol (Fighter 3, Nature 3) fights a weasel rolling 4D; dispositions set."""
    table = patrol()
    for name in members:
        if not table.state.has(name):
            table.do(cmd.AddCharacter(sheet(name)))
    table.do(
        ccmd.BeginConflict(
            "fight", members, members[0], "Weasel", goal="Drive it off", gm_goal="Eat", gm_dice=4,
            **extra,
        ),
        ccmd.SetDisposition("gm", gm),
        ccmd.SetDisposition("patrol", patrol_start),
    )  # fmt: skip
    return table


def conflict(table: Table) -> Conflict:
    assert table.state.conflict is not None
    return table.state.conflict


def script(table: Table, gm: tuple[str, ...], mice: tuple[str, ...]) -> None:
    """Both sides script and lock their three actions, the GM first."""
    for action in gm:
        table.do(ccmd.Script("gm", action))  # type: ignore[arg-type]
    table.do(ccmd.Lock("gm"))
    for action in mice:
        table.do(ccmd.Script("patrol", action))  # type: ignore[arg-type]
    table.do(ccmd.Lock("patrol"))


def act(table: Table, gm: int | None, mice: int | None, keep: bool = True) -> None:
    """Reveal the next pair and roll the sides that test, with these successes; with
    ``keep``, a side whose actor could still use a wise, Fate or a trait keeps its roll."""
    table.do(ccmd.Reveal())
    exchange = conflict(table).exchange
    assert exchange is not None
    for side, wins in (("gm", gm), ("patrol", mice)):
        test = exchange.test_of(side)
        if test is None:
            assert wins is None, f"{side} does not test"
            continue
        assert wins is not None, f"{side} tests"
        pool = _pool(table, side)
        table.do(ccmd.RollAction(side, faces=tuple(hits(wins, pool))))  # type: ignore[arg-type]
    if keep:
        keep_rolls(table)


def keep_rolls(table: Table) -> None:
    """Every side whose actor could still use a wise, Fate or a level 3 trait keeps its roll."""
    exchange = conflict(table).exchange
    for test in exchange.tests if exchange else ():
        if waits(table.state, test):
            table.do(ccmd.KeepRoll(test.side))  # type: ignore[arg-type]


def _pool(table: Table, side: str) -> int:
    from tablekit.rules.mouse_guard.conflict.action import rating_for

    c = conflict(table)
    assert c.exchange is not None
    test = c.exchange.test_of(side)
    assert test is not None
    return test.pool(rating_for(table.state, c, test, "")[1])
