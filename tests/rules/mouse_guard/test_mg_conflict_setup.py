"""Conflict set-up and starting disposition: the summary's Conflicts steps 1-4 and the
sheet's Starting Disposition table, condition penalties and gear."""

from __future__ import annotations

import pytest
from rules.mouse_guard.conflict_support import conflict, fight
from rules.mouse_guard.mg_support import Table, patrol

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.state import Part
from tablekit.session.codec import CommandError

TEAM = ("Saxon", "Kenzie", "Lieam")


def _begin(kind: str = "fight", **extra: str) -> Table:
    table = patrol()
    table.do(
        ccmd.BeginConflict(
            kind, TEAM, "Saxon", "Weasel", "Drive it off", "Feed", gm_dice=4, **extra
        )  # type: ignore[arg-type]
    )
    return table


def test_set_up_names_type_teams_captain_and_goals() -> None:
    """Summary, Conflicts steps 1-3: type, teams with a captain, a goal per team."""
    table = _begin()
    c = conflict(table)
    assert (c.type, c.kind(table.state.ruleset.tables).title) == ("fight", "Fight")
    assert c.patrol.members == TEAM and c.patrol.captain == "Saxon"
    assert c.patrol.goal == "Drive it off" and c.gm.goal == "Feed"
    assert c.gm.members == ("Weasel",) and c.gm.dice == 4
    assert c.status == "disposition"


def test_set_up_refuses_what_the_table_cannot_play() -> None:
    table = patrol()
    with pytest.raises(RuleError, match="captain must be one of the patrol"):
        table.do(ccmd.BeginConflict("fight", TEAM, "Gwendolyn", "Weasel", gm_dice=4))
    with pytest.raises(RuleError, match="give the dice it rolls"):
        table.do(ccmd.BeginConflict("fight", TEAM, "Saxon", "Weasel"))
    with pytest.raises(CommandError, match="conflict: Invalid enum value 'duel'"):
        table.do(ccmd.BeginConflict("duel", TEAM, "Saxon", "Weasel", gm_dice=3))  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="names the skill and the ability"):
        table.do(ccmd.BeginConflict("other", TEAM, "Saxon", "Weasel", gm_dice=3))
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    with pytest.raises(RuleError, match="Finish or cancel the test"):
        table.do(ccmd.BeginConflict("fight", TEAM, "Saxon", "Weasel", gm_dice=3))


def test_disposition_is_the_skill_test_added_to_the_ability_with_helpers() -> None:
    """Sheet, Starting Disposition: Fight tests Fighter and adds Health or Nature;
    summary step 4: everyone else helps (+1D each)."""
    table = _begin()
    faces = ("axe", "sword", "snake", "sword", "snake")  # Fighter 3 + two helpers
    table.do(ccmd.RollDisposition("patrol", "Health", helpers=("Kenzie", "Lieam"), faces=faces))
    team = conflict(table).patrol
    assert team.parts == (Part("Health", 4), Part("Fighter", 3))
    assert team.start == team.disposition == 7


def test_disposition_roll_without_faces_uses_the_injected_dice() -> None:
    table = _begin()
    table.do(ccmd.RollDisposition("patrol", helpers=("Kenzie",)))
    team = conflict(table).patrol
    assert len(team.faces) == 4
    assert team.parts[0] == Part("Health", 4), "the better of Health and Nature by default"


def test_each_unique_condition_penalty_applies_once_per_team() -> None:
    """Sheet, Starting Disposition and Conditions: Hungry and Tired -1 each, once for
    the group however many mice have them; Angry only when Will is the base."""
    table = _begin()
    table.do(
        cmd.SetCondition("Saxon", "hungry"),
        cmd.SetCondition("Kenzie", "hungry"),
        cmd.SetCondition("Kenzie", "tired"),
        cmd.SetCondition("Lieam", "angry"),
    )
    table.do(ccmd.RollDisposition("patrol", "Health", faces=("sword", "sword", "snake")))
    team = conflict(table).patrol
    assert team.parts == (
        Part("Health", 4),
        Part("Fighter", 2),
        Part("hungry", -1),
        Part("tired", -1),
    )
    assert team.start == 4


def test_angry_costs_disposition_in_a_will_conflict() -> None:
    """Sheet, Conditions: Angry is -1 for a conflict that uses Will as its base."""
    table = _begin("argument")
    table.do(cmd.SetCondition("Lieam", "angry"), cmd.SetRating("Saxon", "Persuader", 2))
    table.do(ccmd.RollDisposition("patrol", faces=("sword", "snake")))
    team = conflict(table).patrol
    assert team.parts == (Part("Will", 4), Part("Persuader", 1), Part("angry", -1))


def test_injured_captain_rolls_a_die_fewer_and_gear_counts() -> None:
    """Summary, Tests (Injured -1D to skills) and Starting Disposition: check gear."""
    table = _begin()
    table.do(cmd.SetCondition("Saxon", "injured"))
    table.do(ccmd.RollDisposition("patrol", "Nature", gear=1, faces=("sword", "sword")))
    assert conflict(table).patrol.parts == (
        Part("Nature", 3), Part("Fighter", 2), Part("gear", 1),
    )  # fmt: skip
    with pytest.raises(RuleError, match="needs 3 dice; 2 faces"):
        _begin().do(ccmd.RollDisposition("patrol", faces=("sword", "sword")))


def test_the_gm_side_may_be_given_a_number() -> None:
    """Summary step 4: the GM's side is simply given its disposition here."""
    table = fight(gm=6, patrol_start=5)
    assert (conflict(table).gm.start, conflict(table).patrol.start) == (6, 5)
    assert conflict(table).status == "scripting"
    with pytest.raises(RuleError, match="No conflict is in progress"):
        patrol().do(ccmd.SetDisposition("gm", 4))


def test_a_disposition_is_set_once_and_a_creature_cannot_roll_for_it() -> None:
    table = _begin()
    with pytest.raises(RuleError, match="no sheet to roll with"):
        table.do(ccmd.RollDisposition("gm"))
    table.do(ccmd.SetDisposition("gm", 5))
    with pytest.raises(RuleError, match="already has its starting disposition"):
        table.do(ccmd.SetDisposition("gm", 6))
    with pytest.raises(CommandError, match="disposition: Expected int >= 1"):
        table.do(ccmd.SetDisposition("patrol", 0))


def test_an_other_conflict_uses_the_gms_skill_and_ability() -> None:
    """Sheet, Starting Disposition: Other uses the attack skill, on the GM's call."""
    table = _begin("other", skill="Scout", ability="Will")
    c = conflict(table)
    assert c.kind(table.state.ruleset.tables).actions["defend"] == ("Scout",)
    table.do(ccmd.RollDisposition("patrol", faces=("sword", "snake")))
    assert conflict(table).patrol.parts == (Part("Will", 4), Part("Scout", 1))


def test_no_test_and_no_fighter_leaves_while_the_conflict_is_fought() -> None:
    """Summary, Conflicts step 7b: during a conflict the tests are its action tests, so an
    ordinary test waits; a mouse on a team stays until the conflict is over (step 9)."""
    table = fight(("Saxon", "Kenzie"))
    legal = table.game.legal_commands(table.state)
    assert cmd.BeginTest.kind not in legal and cmd.RemoveCharacter.kind in legal  # Lieam may go
    with pytest.raises(RuleError, match="tests wait until it is over"):
        table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    with pytest.raises(RuleError, match="Kenzie is in the conflict"):
        table.do(cmd.RemoveCharacter("kenzie"))
    table.do(cmd.RemoveCharacter("Lieam"))
    assert conflict(table).patrol.members == ("Saxon", "Kenzie")
    assert cmd.RemoveCharacter.kind not in table.game.legal_commands(table.state)
    table.do(ccmd.EndConflict())
    table.do(cmd.RemoveCharacter("Kenzie"), cmd.BeginTest("Saxon", "Fighter", ob=2))
