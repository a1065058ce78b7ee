"""Action tests follow the test rules (the summary's Conflicts, step 7b): Persona before
the roll and Fate on axes after it (Tests, steps 5 and 8), and a tied versus action
broken by a level 3 trait, a trait used against or the tiebreaker (Tests, step 10; the
sheet's Traits: "Break versus test tie in opponent's favor")."""

from __future__ import annotations

from typing import Any

import pytest
from rules.mouse_guard.conflict_support import conflict, fight, hits, keep_rolls, script

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.after_roll import can_explode, wise_ways
from tablekit.rules.mouse_guard.conflict.state import Exchange
from tablekit.session.codec import CommandError


def _exchange(table: Any) -> Exchange:
    x = conflict(table).exchange
    assert x is not None
    return x


def _legal(table: Any) -> frozenset[str]:
    return table.game.legal_commands(table.state)


def _tie(members: tuple[str, ...] = ("Saxon",), gm: str = "attack", mice: str = "defend") -> Any:
    """The weasel (4D) and the patrol's first actor (Fighter 3 or Nature 3) both roll 1."""
    table = fight(members)
    script(table, (gm, "defend", "defend"), (mice, "defend", "defend"))
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(1, 4))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 3))))
    keep_rolls(table)
    return table


def test_a_versus_tie_waits_to_be_broken_instead_of_doing_nothing() -> None:
    """Summary, Tests step 10: a tie is broken; it does not simply stand."""
    table = _tie()
    x = _exchange(table)
    assert x.tied and conflict(table).status == "acting" and not x.changes
    assert {ccmd.BreakActionTie.kind, ccmd.ActionTiebreaker.kind} <= _legal(table)
    assert ccmd.RollAction.kind not in _legal(table)
    view = table.game.view(table.state)["conflict"]["exchange"]
    assert view["tied"] and view["tie"] is None
    assert [t["odds"]["tie"] for t in view["tests"]] == [1.0, 1.0]


def test_a_trait_used_against_gives_the_tie_away_for_two_checks() -> None:
    """Summary step 10 and the sheet's Traits (level 2 box): the opponent wins the tie,
    the mouse earns two checks. The weasel's Attack then wins by one."""
    table = _tie()
    before = table.mouse("Saxon").trait("Brave").checks
    table.do(ccmd.BreakActionTie("patrol", "brave", "against"))
    assert table.mouse("Saxon").trait("Brave").checks == before + 2
    c = conflict(table)
    assert c.exchange is None and c.patrol.disposition == 7 and c.gm.disposition == 8
    settled = c.history[-1]
    assert (settled.tie_winner, settled.tie_way) == ("gm", "against")
    odds = {
        t["side"]: t["odds"]
        for t in table.game.view(table.state)["conflict"]["history"][-1]["tests"]
    }
    assert odds["gm"]["win"] == 1.0 and odds["patrol"]["lose"] == 1.0


def test_a_level_three_trait_wins_the_tie() -> None:
    """Summary step 10: "a level 3 Trait breaks the tie in your favor"."""
    table = _tie(("Lieam",), gm="maneuver", mice="attack")
    with pytest.raises(RuleError, match="Lieam has no trait Fearsome"):
        table.do(ccmd.BreakActionTie("patrol", "Fearsome", "level_three"))
    table.do(ccmd.BreakActionTie("patrol", "Fearless", "level_three"))
    assert conflict(table).gm.disposition == 7  # Lieam's Attack wins by one


def test_only_a_level_three_trait_wins_and_a_creature_has_no_traits() -> None:
    table = _tie()
    with pytest.raises(RuleError, match="Brave is not level 3"):
        table.do(ccmd.BreakActionTie("patrol", "Brave", "level_three"))
    with pytest.raises(RuleError, match="Weasel has no character sheet"):
        table.do(ccmd.BreakActionTie("gm", "Sly", "against"))


def test_the_tiebreaker_roll_and_a_second_tie_that_fails_both() -> None:
    """Summary step 10: "Otherwise roll tiebreaker Will/Health/Nature. If a second tie,
    count as failure." Saxon rolls Will 4, the weasel its 4 dice."""
    table = _tie()
    table.do(
        ccmd.ActionTiebreaker(
            patrol_ability="Will", gm_faces=tuple(hits(1, 4)), patrol_faces=tuple(hits(2, 4))
        )
    )
    c = conflict(table)
    assert c.gm.disposition == 8 and c.patrol.disposition == 8  # Defend won: nothing lost
    assert c.history[-1].tie_winner == "patrol"
    tie = table.game.view(table.state)["conflict"]["history"][-1]["tie"]
    assert tie["way"] == "tiebreaker" and tie["patrol_faces"].count("sword") == 2

    again = _tie()
    with pytest.raises(CommandError, match="gm_dice: Expected int <= 30"):
        again.do(ccmd.ActionTiebreaker(gm_dice=31))
    again.do(ccmd.ActionTiebreaker(gm_faces=tuple(hits(1, 4)), patrol_faces=tuple(hits(1, 4))))
    settled = conflict(again).history[-1]
    assert settled.tie_way == "tiebreaker" and settled.tie_winner == ""
    assert not settled.changes and conflict(again).patrol.disposition == 8
    marks = [m for m in again.mouse("Saxon").ratings if m.name == "Nature"]
    assert marks and marks[0].fails == 1  # a fight's Defend tests Nature: failed


def test_there_is_no_tie_to_break_when_the_roll_is_not_tied() -> None:
    table = fight()
    script(table, ("attack", "defend", "defend"), ("defend", "defend", "defend"))
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(1, 4))))
    with pytest.raises(RuleError, match="no tie to break"):
        table.do(ccmd.ActionTiebreaker())


def test_persona_adds_dice_or_taps_nature_before_the_roll() -> None:
    """Sheet, Persona: "Add one die per point spent or tap Nature"; Tapping Nature: a
    failed roll taxes Nature by the margin of failure."""
    table = fight()
    script(table, ("defend", "defend", "defend"), ("attack", "defend", "defend"))
    table.do(ccmd.Reveal())
    with pytest.raises(RuleError, match="Weasel has no character sheet"):
        table.do(ccmd.ActionPersonaDice("gm"))
    with pytest.raises(RuleError, match="can spend 1 to 2 Persona points, not 3"):
        table.do(ccmd.ActionPersonaDice("patrol", 3))
    table.do(ccmd.ActionPersonaDice("patrol"), ccmd.ActionTapNature("patrol", within=False))
    with pytest.raises(RuleError, match="Nature is already in this pool"):
        table.do(ccmd.ActionTapNature("patrol"))
    saxon = table.mouse("Saxon")
    assert saxon.persona == 0 and saxon.rating("Nature").rating == 2  # outside: taxed 1
    test = _exchange(table).test_of("patrol")
    assert test is not None and test.tapped and test.pool(3) == 3 + 1 + 3
    table.do(ccmd.RollAction("gm", faces=tuple(hits(3, 4))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 7))))
    with pytest.raises(RuleError, match="That side has rolled for this action"):
        table.do(ccmd.ActionTapNature("patrol"))
    keep_rolls(table)  # Saxon could still use his wise
    assert table.mouse("Saxon").rating("Nature").rating == 0  # failed by 2: taxed 2


def test_nature_is_not_tapped_into_a_nature_roll() -> None:
    table = fight()
    script(table, ("attack", "defend", "defend"), ("maneuver", "defend", "defend"))
    table.do(ccmd.Reveal())
    with pytest.raises(RuleError, match="Nature cannot be tapped for Nature"):
        table.do(ccmd.ActionTapNature("patrol"))


def test_fate_explodes_axes_and_the_action_waits_for_it() -> None:
    """Summary, Tests step 8: "Spend 1 Fate if you have any axes to roll additional
    dice"; the action settles only once the mouse has chosen."""
    table = fight()
    script(table, ("attack", "defend", "defend"), ("attack", "defend", "defend"))
    table.do(ccmd.Reveal())
    with pytest.raises(RuleError, match="Roll the dice first"):
        table.do(ccmd.ActionExplode("patrol"))
    table.do(ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(ccmd.RollAction("patrol", faces=("axe", "axe", "snake")))
    assert _exchange(table).rolled and not _exchange(table).changes
    assert {ccmd.ActionExplode.kind, ccmd.KeepRoll.kind} <= _legal(table)
    with pytest.raises(RuleError, match="2 axes and 1 new axes roll 3 dice; 1 faces"):
        table.do(ccmd.ActionExplode("patrol", faces=("axe",)))
    table.do(ccmd.ActionExplode("patrol", faces=("axe", "sword", "snake")))
    assert table.mouse("Saxon").fate == 1
    c = conflict(table)
    assert c.exchange is None and c.gm.disposition == 8 - 4  # two axes, then an axe and a sword
    assert c.history[-1].test_of("patrol").explosion == ("axe", "sword", "snake")  # type: ignore[union-attr]


def test_a_kept_roll_settles_and_fate_is_not_offered_without_axes_or_points() -> None:
    table = fight()
    script(table, ("attack", "defend", "defend"), ("attack", "defend", "defend"))
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(ccmd.RollAction("patrol", faces=("axe", "snake", "snake")))
    table.do(ccmd.KeepRoll("patrol"))
    assert conflict(table).gm.disposition == 7 and table.mouse("Saxon").fate == 2
    with pytest.raises(RuleError, match="Roll the dice first|still scripting|reveal"):
        table.do(ccmd.KeepRoll("patrol"))
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(cmd.SetRating("Saxon", "Nature", 3))
    table.do(ccmd.RollAction("patrol", faces=("sword", "snake", "snake")))
    test = _exchange(table).test_of("patrol")
    assert test is not None and not can_explode(table.state, test)  # no axe: no Fate on axes
    assert wise_ways(table.state, test) == ("deeper_understanding", "of_course")  # a wise may
    table.do(ccmd.KeepRoll("patrol"))
    assert conflict(table).exchange is None
