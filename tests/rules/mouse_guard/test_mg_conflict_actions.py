"""Revealed actions and their tests: the sheet's action interaction table (all sixteen
pairings), the action descriptions and the summary's Conflicts step 7."""

from __future__ import annotations

import pytest
from rules.mouse_guard.conflict_support import act, conflict, fight, hits, keep_rolls, script

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.actions import interaction
from tablekit.rules.mouse_guard.conflict.tables import load

TABLES = load()

# The GM's weasel rolls 2 successes, Saxon 1, both dispositions start at 8.
# (GM action, patrol action, interaction, who tests, GM after, patrol after, maneuver margins)
PAIRINGS = [
    ("attack", "attack", "independent", ("gm", "patrol"), 7, 6, ()),
    ("attack", "defend", "versus", ("gm", "patrol"), 8, 7, ()),
    ("attack", "feint", "feint_vs_attack", ("gm",), 8, 6, ()),
    ("attack", "maneuver", "versus", ("gm", "patrol"), 8, 7, ()),
    ("defend", "attack", "versus", ("gm", "patrol"), 8, 8, ()),
    ("defend", "defend", "independent", ("gm", "patrol"), 8, 8, ()),
    ("defend", "feint", "feint_vs_defend", ("patrol",), 7, 8, ()),
    ("defend", "maneuver", "versus", ("gm", "patrol"), 8, 8, ()),
    ("feint", "attack", "feint_vs_attack", ("patrol",), 7, 8, ()),
    ("feint", "defend", "feint_vs_defend", ("gm",), 8, 6, ()),
    ("feint", "feint", "versus", ("gm", "patrol"), 8, 7, ()),
    ("feint", "maneuver", "independent", ("gm", "patrol"), 8, 6, (("patrol", 1),)),
    ("maneuver", "attack", "versus", ("gm", "patrol"), 8, 8, (("gm", 1),)),
    ("maneuver", "defend", "versus", ("gm", "patrol"), 8, 8, (("gm", 1),)),
    ("maneuver", "feint", "independent", ("gm", "patrol"), 7, 8, (("gm", 2),)),
    ("maneuver", "maneuver", "independent", ("gm", "patrol"), 8, 8, (("gm", 2), ("patrol", 1))),
]


@pytest.mark.parametrize(
    ("gm", "mice", "kind", "testers", "gm_after", "mice_after", "won"), PAIRINGS
)
def test_every_pairing_follows_the_interaction_table(
    gm: str,
    mice: str,
    kind: str,
    testers: tuple[str, ...],
    gm_after: int,
    mice_after: int,
    won: tuple[tuple[str, int], ...],
) -> None:
    """Sheet, Action Interactions and Actions Descriptions: Attack and Feint Ob 0 take
    the margin off the opponent, Defend Ob 3 restores, Feint beats Defend untested and
    is stopped by Attack, Feint vs Maneuver is independent with Feint at Ob 0."""
    table = fight()
    script(table, (gm, "defend", "defend"), (mice, "defend", "defend"))
    act(table, 2 if "gm" in testers else None, 1 if "patrol" in testers else None)
    c = conflict(table)
    assert interaction(TABLES, gm, mice) == kind
    assert (c.gm.disposition, c.patrol.disposition) == (gm_after, mice_after)
    if won:
        assert c.exchange is not None and c.exchange.maneuvers == won
        assert c.status == "maneuver"
    else:
        assert c.exchange is None and c.status == "revealing"


def test_the_table_is_symmetric_and_complete() -> None:
    actions = ("attack", "defend", "feint", "maneuver")
    assert all(
        interaction(TABLES, a, b) == interaction(TABLES, b, a) for a in actions for b in actions
    )
    assert (
        interaction(TABLES, "attack", "attack")
        == interaction(TABLES, "feint", "maneuver")
        == "independent"
    )


def test_obstacles_are_those_of_the_descriptions() -> None:
    """Sheet: Attack, Feint and Maneuver at Ob 0 when independent, Defend at Ob 3."""
    table = fight()
    script(table, ("defend", "maneuver", "attack"), ("defend", "feint", "attack"))
    table.do(ccmd.Reveal())
    c = conflict(table)
    assert c.exchange is not None
    assert [(t.side, t.ob) for t in c.exchange.tests] == [("gm", 3), ("patrol", 3)]


def test_defend_never_restores_above_the_starting_total() -> None:
    """Sheet, Defend: disposition cannot go higher than the starting total."""
    table = fight(("Saxon", "Kenzie", "Lieam"))
    script(table, ("attack", "defend", "defend"), ("attack", "defend", "defend"))
    act(table, 1, 0)
    assert conflict(table).patrol.disposition == 7
    table.do(
        ccmd.Reveal(),
        ccmd.HelpAction("patrol", "Saxon", skill="Nature"),
        ccmd.HelpAction("patrol", "Lieam", skill="Nature"),
    )
    table.do(ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    events = table.do(ccmd.RollAction("patrol", faces=tuple(hits(5, 5))))
    assert cev.DispositionChanged("patrol", cev.Part("defend", 1)) in events
    assert conflict(table).patrol.disposition == 8


def test_a_disposition_at_zero_stops_the_conflict_at_once() -> None:
    """Summary, Conflicts step 7c: if either disposition reaches 0, stop."""
    table = fight(gm=8, patrol_start=2)
    script(table, ("attack", "feint", "feint"), ("attack", "maneuver", "maneuver"))
    act(table, 3, 1)
    c = conflict(table)
    assert c.over and c.winner == "gm" and c.status == "over"
    assert (c.gm.disposition, c.patrol.disposition) == (7, 0)
    assert c.revealed == 1, "the other two actions are never revealed"
    with pytest.raises(RuleError, match="The conflict is over"):
        table.do(ccmd.Reveal())


def test_after_three_actions_both_sides_script_three_more() -> None:
    """Summary, Conflicts step 9: go back to step 5 with three more actions."""
    table = fight()
    script(table, ("defend",) * 3, ("defend",) * 3)
    for _ in range(3):
        act(table, 0, 0)
    c = conflict(table)
    assert (c.volley, c.revealed, c.status) == (2, 0, "scripting")
    assert c.gm.script == c.patrol.script == () and not c.gm.locked
    assert len(c.history) == 3


def test_a_skill_is_checked_only_the_first_time_it_is_used() -> None:
    """Summary, Conflicts step 7b-iii; and no twist or condition follows a failed action."""
    table = fight()
    script(table, ("attack",) * 3, ("attack",) * 3)
    for wins in (0, 2, 1):
        act(table, 1, wins)
    marks = [e for e in table.events if isinstance(e, ev.Marked)]
    assert marks == [ev.Marked("Saxon", "Fighter", False)]
    assert not [e for e in table.events if isinstance(e, ev.ConditionSet)]


def test_a_pool_is_the_actors_rating_for_the_conflicts_skill() -> None:
    """Sheet, Skills by Conflict/Action: a fight attacks with Fighter and defends with Nature."""
    table = fight()
    script(table, ("attack", "attack", "attack"), ("defend", "feint", "maneuver"))
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=("snake",) * 4))
    with pytest.raises(RuleError, match="one of Nature, not Scout"):
        table.do(ccmd.RollAction("patrol", skill="Scout"))
    table.do(ccmd.RollAction("patrol", faces=("sword", "sword", "snake")))
    c = conflict(table)
    assert c.exchange is not None
    test = c.exchange.test_of("patrol")
    assert test is not None and (test.rating, test.base) == ("Nature", 3)


def test_helpers_add_a_die_and_must_be_team_mates_not_acting() -> None:
    table = fight(("Saxon", "Kenzie"))
    script(table, ("attack",) * 3, ("attack",) * 3)
    table.do(ccmd.Reveal())
    with pytest.raises(RuleError, match="the actor adds only a wise of its own"):
        table.do(ccmd.HelpAction("patrol", "Saxon", skill="Fighter"))
    with pytest.raises(RuleError, match="cannot help"):
        table.do(ccmd.HelpAction("patrol", "Lieam", skill="Fighter"))
    table.do(ccmd.HelpAction("patrol", "Kenzie", skill="Fighter"))
    with pytest.raises(RuleError, match="needs 4 dice"):
        table.do(ccmd.RollAction("patrol", faces=("sword",) * 3))


def test_rolls_without_faces_use_the_injected_dice() -> None:
    table = fight()
    script(table, ("attack",) * 3, ("attack",) * 3)
    table.do(ccmd.Reveal(), ccmd.RollAction("gm"), ccmd.RollAction("patrol"))
    keep_rolls(table)
    history = conflict(table).history
    assert [len(t.faces) for t in history[0].tests] == [4, 3]
