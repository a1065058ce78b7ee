"""Nature in place of a skill the mouse lacks (issue 22, item 2), in a test, an action
test and a disposition roll, under both rulesets.

Summary, Tests step 1: "Base dice pool. Select Skill/Ability or Nature." Sheet, Nature
Rules: acting against Nature puts it "in place of any ability or skill", and a failure
taxes it by the margin; acting with it is for a relevant skill. The rabbits' Nature:
"Brug din Nature i stedet for en skill eller ability".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rules.mouse_guard.conflict_support import conflict, hits, keep_rolls, script
from rules.mouse_guard.mg_session import journalled, refused, same_after_replay
from rules.mouse_guard.mg_support import Table

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.state import ActionTest
from tablekit.rules.mouse_guard.ruleset import Ruleset, shipped_ruleset

RABBITS = shipped_ruleset("regelhuskeark")
UNSKILLED = {
    "name": "Saxon",
    "ratings": [{"name": "Nature", "rating": 4}, {"name": "Will", "rating": 3}],
}
"""A mouse with no Fighter (made up)."""


def fight(rules: Ruleset | None = None) -> Table:
    """Saxon, who lacks Fighter, against a weasel's 3D; Attack meets Attack, revealed."""
    table = Table(rules)
    table.do(
        cmd.AddCharacter(UNSKILLED),  # type: ignore[arg-type]
        ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasel", gm_dice=3),
        ccmd.SetDisposition("gm", 8),
        ccmd.SetDisposition("patrol", 8),
    )
    script(table, ("attack",) * 3, ("attack",) * 3)
    table.do(ccmd.Reveal())
    return table


def patrol(table: Table) -> ActionTest:
    exchange = conflict(table).exchange or conflict(table).history[-1]
    test = exchange.test_of("patrol")
    assert test is not None
    return test


def test_an_unskilled_attack_rolls_nature_against_itself() -> None:
    """Nature stands in for Fighter (4D, not 0D); against Nature, a failure taxes it."""
    table = fight()
    view = table.game.view(table.state)["conflict"]
    tested = view["exchange"]["tests"][1]  # type: ignore[index]
    assert (tested["rating"], tested["pool"], tested["instead"], tested["nature"]) == (
        "Nature",
        4,
        "Fighter",
        "against",
    )
    table.do(ccmd.RollAction("gm", faces=tuple(hits(1, 3))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(0, 4))))
    keep_rolls(table)
    assert (patrol(table).rating, patrol(table).instead) == ("Nature", "Fighter")
    saxon = table.mouse("Saxon")
    assert saxon.rating("Nature").rating == 3  # taxed by the margin, 1
    assert saxon.rating("Nature").fails == 1 and saxon.rating("Fighter").fails == 0


def test_the_table_says_the_deed_is_within_nature(tmp_path: Path) -> None:
    """Sheet, Nature Rules: "Acting with your Nature: Use Nature in place of any relevant
    skill", untaxed; said once, before the roll."""
    table = fight()
    table.do(ccmd.ActionNature("patrol", "within"))
    with pytest.raises(RuleError, match="already stands in"):
        table.do(ccmd.ActionNature("patrol", "against"))
    table.do(ccmd.RollAction("gm", faces=tuple(hits(1, 3))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(0, 4))))
    keep_rolls(table)
    assert table.mouse("Saxon").rating("Nature").rating == 4
    assert patrol(table).nature == "within"


def test_the_table_may_name_another_ability_but_only_for_a_skill_lacked() -> None:
    """Summary, Tests step 1: "Select Skill/Ability": Will in Fighter's place."""
    table = fight()
    table.do(ccmd.RollAction("gm", faces=tuple(hits(1, 3))))
    table.do(ccmd.RollAction("patrol", skill="Will", faces=tuple(hits(1, 3))))
    keep_rolls(table)
    assert (patrol(table).rating, patrol(table).base, patrol(table).nature) == ("Will", 3, "")
    skilled = Table()
    sheet = {"name": "Kenzie", "ratings": [{"name": "Fighter", "rating": 2}]}
    skilled.do(
        cmd.AddCharacter(sheet),  # type: ignore[arg-type]
        ccmd.BeginConflict("fight", ("Kenzie",), "Kenzie", "Weasel", gm_dice=3),
        ccmd.SetDisposition("gm", 8),
        ccmd.SetDisposition("patrol", 8),
    )
    script(skilled, ("attack",) * 3, ("attack",) * 3)
    skilled.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(1, 3))))
    with pytest.raises(RuleError, match="only for a skill the actor lacks"):
        skilled.do(ccmd.RollAction("patrol", skill="Will", faces=tuple(hits(1, 3))))


def test_a_defend_that_tests_nature_needs_no_stand_in() -> None:
    """Sheet, Skills by Conflict/Action: a fight defends with Nature already."""
    table = Table()
    table.do(
        cmd.AddCharacter(UNSKILLED),  # type: ignore[arg-type]
        ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasel", gm_dice=3),
        ccmd.SetDisposition("gm", 8),
        ccmd.SetDisposition("patrol", 8),
    )
    script(table, ("attack",) * 3, ("defend",) * 3)
    table.do(ccmd.Reveal())
    with pytest.raises(RuleError, match="already tests Nature"):
        table.do(ccmd.ActionNature("patrol", "within"))


@pytest.mark.parametrize("rules", [None, RABBITS], ids=["mouse-guard", "regelhuskeark"])
def test_a_captain_without_the_skill_rolls_nature_for_the_disposition(
    rules: Ruleset | None,
) -> None:
    """Sheet, Starting Disposition: "test the listed appropriate skill"; without it, Nature
    (a rabbit's disposition used to get no dice at all)."""
    table = Table(rules)
    table.do(
        cmd.AddCharacter(UNSKILLED | {"traits": []}),  # type: ignore[arg-type]
        ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Fox", gm_dice=3),
    )
    events = table.do(ccmd.RollDisposition("patrol", ability="Nature", faces=hits(2, 4)))
    started = next(e for e in events if isinstance(e, cev.DispositionSet))
    assert [(p.reason, p.amount) for p in started.parts] == [("Nature", 4), ("Nature", 2)]
    assert started.disposition == 6


def test_an_unskilled_test_rolls_nature_and_says_so(tmp_path: Path) -> None:
    """Summary, Tests step 1, in the test builder's command: Fighter lacked, Nature rolls
    against itself, and a failure taxes it by the margin (sheet, Acting against Nature)."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(UNSKILLED))  # type: ignore[arg-type]
    session.apply(cmd.BeginTest("Saxon", "Fighter", ob=3))
    tester = session.view()["test"]["tester"]  # type: ignore[index]
    assert (tester["rating"], tester["tested"], tester["nature"], tester["pool"]) == (
        "Fighter",
        "Nature",
        "against",
        4,
    )
    session.apply(cmd.Roll(faces=["sword", "snake", "snake", "snake"]))
    session.apply(cmd.Resolve("twist"))
    saxon = session.state.character("Saxon")
    assert saxon.rating("Nature").rating == 2  # type: ignore[union-attr]
    refused(session, cmd.BeginTest("Saxon", "Haggler", ob=1), "Saxon has no Haggler")
    same_after_replay(session)


def test_a_skilled_test_is_no_stand_in() -> None:
    """Summary, Tests step 1: a rated skill is rolled as it is."""
    table = Table()
    table.do(cmd.AddCharacter({"name": "Kenzie", "ratings": [{"name": "Fighter", "rating": 2}]}))  # type: ignore[arg-type]
    table.do(cmd.BeginTest("Kenzie", "Fighter", ob=1))
    assert table.state.test is not None and table.state.test.tester.nature == ""
    assert not [e for e in table.events if isinstance(e, ev.NatureChanged)]
