"""Scripting a volley: three actions in private, the GM first, the captain's actors
in turn (sheet, Multiple Characters in a Team), locks, Back, and the pads."""

from __future__ import annotations

import pytest
from rules.mouse_guard.conflict_support import conflict, fight, keep_rolls, script

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.pads import pad_lights, press_command
from tablekit.rules.pads import PadLights, PadPressed


def _actors(team: tuple[str, ...], volleys: int) -> list[str]:
    table = fight(team)
    order: list[str] = []
    for _ in range(volleys):
        script(table, ("defend",) * 3, ("defend",) * 3)
        order += [s.actor for s in conflict(table).patrol.script]
        for _ in range(3):
            table.do(ccmd.Reveal())
            for side in ("gm", "patrol"):
                table.do(ccmd.RollAction(side, faces=("snake",) * (4 if side == "gm" else 3)))  # type: ignore[arg-type]
            keep_rolls(table)
    return order


@pytest.mark.parametrize(
    ("team", "order"),
    [
        (("A",), "AAA AAA"),
        (("A", "B"), "ABA BAB"),
        (("A", "B", "C"), "ABC ABC"),
        (("A", "B", "C", "D"), "ABC DAB CDA"),
    ],
)
def test_team_mates_take_turns_as_the_sheet_says(team: tuple[str, ...], order: str) -> None:
    """Sheet, Multiple Characters in a Team: two alternate, three take one action each,
    a fourth starts the next exchange, then round again."""
    names = {"A": "Saxon", "B": "Kenzie", "C": "Lieam", "D": "Sadie"}
    mice = tuple(names[m] for m in team)
    played = "".join(next(k for k, v in names.items() if v == m) for m in _actors(mice, 3))
    assert played[: len(order.replace(" ", ""))] == order.replace(" ", "")


def test_the_captain_may_order_actors_but_not_skip_a_turn() -> None:
    table = fight(("Saxon", "Kenzie", "Lieam"))
    table.do(ccmd.Script("patrol", "attack", "Lieam"), ccmd.Script("patrol", "feint", "Saxon"))
    with pytest.raises(RuleError, match="cannot take this action: name a team mate whose turn"):
        table.do(ccmd.Script("patrol", "attack", "Saxon"))
    with pytest.raises(RuleError, match="cannot take this action: name a team mate whose turn"):
        table.do(ccmd.Script("patrol", "attack", "Weasel"))


def test_locking_needs_three_actions_and_the_gm_locks_first() -> None:
    """Summary, Conflicts steps 5-6; sheet: the GM chooses his actions first."""
    table = fight()
    for action in ("attack", "defend", "feint"):
        table.do(ccmd.Script("patrol", action))  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="GM chooses first"):
        table.do(ccmd.Lock("patrol"))
    table.do(ccmd.Script("gm", "attack"), ccmd.Script("gm", "attack"))
    with pytest.raises(RuleError, match="Lock needs three actions; your script holds 2"):
        table.do(ccmd.Lock("gm"))
    table.do(ccmd.Script("gm", "maneuver"), ccmd.Lock("gm"))
    with pytest.raises(RuleError, match="locked; unlock it"):
        table.do(ccmd.Script("gm", "attack"))
    with pytest.raises(RuleError, match="already holds three"):
        table.do(ccmd.Script("patrol", "attack"))
    table.do(ccmd.Lock("patrol"))
    with pytest.raises(RuleError, match="Both scripts are locked"):
        table.do(ccmd.Unlock("gm"))
    with pytest.raises(RuleError, match="Both scripts are locked: reveal"):
        table.do(ccmd.Unscript("patrol"))


def test_a_side_unlocks_its_own_script_only_before_the_other_locks() -> None:
    table = fight()
    script_gm = [ccmd.Script("gm", a) for a in ("attack", "defend", "feint")]  # type: ignore[arg-type]
    table.do(*script_gm, ccmd.Lock("gm"))
    with pytest.raises(RuleError, match="Your script is not locked"):
        table.do(ccmd.Unlock("patrol"))
    table.do(ccmd.Unlock("gm"), ccmd.Unscript("gm"))
    assert [s.action for s in conflict(table).gm.script] == ["attack", "defend"]


def test_back_takes_the_last_slot_and_clear_takes_them_all() -> None:
    table = fight()
    table.do(ccmd.Script("patrol", "attack"), ccmd.Script("patrol", "feint"))
    table.do(ccmd.Unscript("patrol"))
    assert [s.action for s in conflict(table).patrol.script] == ["attack"]
    table.do(ccmd.ClearScript("patrol"))
    assert conflict(table).patrol.script == ()
    with pytest.raises(RuleError, match="Your script is empty"):
        table.do(ccmd.Unscript("patrol"))


def test_pads_script_into_their_own_side() -> None:
    """A press becomes a command that carries the pad's side."""
    table = fight()
    state = table.state
    assert press_command(state, PadPressed("opponents", "feint")) == ccmd.Script("gm", "feint")
    assert press_command(state, PadPressed("patrol", "maneuver")) == ccmd.Script(
        "patrol", "maneuver"
    )
    assert press_command(state, PadPressed("patrol", "back")) == ccmd.Unscript("patrol")
    assert press_command(state, PadPressed("patrol", "back_held")) == ccmd.ClearScript("patrol")
    assert press_command(state, PadPressed("opponents", "lock")) == ccmd.Lock("gm")
    assert press_command(state, PadPressed("pad-3", "attack")) is None
    assert press_command(state, PadPressed("gm", "attack")) is None  # a side, not a pad
    for action in ("attack", "attack", "defend"):
        table.do(press_command(table.state, PadPressed("opponents", action)))  # type: ignore[arg-type]
    table.do(press_command(table.state, PadPressed("opponents", "lock")))  # type: ignore[arg-type]
    assert press_command(table.state, PadPressed("opponents", "lock")) == ccmd.Unlock("gm")
    assert pad_lights(table.state, "opponents") == PadLights(3, 3, True)
    assert pad_lights(table.state, "patrol") == PadLights(0, 3, False)


def test_pads_do_nothing_when_no_conflict_is_scripting() -> None:
    from rules.mouse_guard.mg_support import patrol

    assert press_command(patrol().state, PadPressed("opponents", "attack")) is None
    assert pad_lights(patrol().state, "opponents") == PadLights(0, 3, False)
    table = fight()
    script(table, ("attack",) * 3, ("attack",) * 3)
    assert press_command(table.state, PadPressed("opponents", "back")) is None
    table.do(ccmd.Reveal())
    assert pad_lights(table.state, "patrol") == PadLights(2, 3, True)


def test_the_listing_carries_the_pad_mapping() -> None:
    from tablekit.catalog.mouse_guard import LISTING

    assert LISTING.pads is press_command and LISTING.lights is pad_lights
