"""Rules the reviewer found read wrongly: cancelling, Nature's tax, the free check,
a success with a condition, advancing at the top and a tie after a level 3 trait."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules.mouse_guard.mg_session import journalled, refused, same_after_replay
from rules.mouse_guard.mg_support import patrol, sheet

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd


def test_a_test_that_earned_checks_cannot_be_cancelled(tmp_path: Path) -> None:
    """Summary, Tests step 2: a trait used against earns a check for the -1D it
    costs; cancelling the test must not keep the check without the penalty."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon")))
    session.apply(cmd.BeginTest("Saxon", "Fighter", ob=2))
    session.apply(cmd.CancelTest())
    session.apply(cmd.BeginTest("Saxon", "Fighter", ob=2))
    session.apply(cmd.UseTraitAgainst("Saxon", "Brave"))
    refused(session, cmd.CancelTest(), "undo it instead")
    session.apply(cmd.Roll(faces=["sword", "sword"]))
    refused(session, cmd.CancelTest(), "undo it instead")
    same_after_replay(session)


def test_a_failed_roll_with_nature_tapped_within_is_taxed() -> None:
    """Sheet, Nature Rules, Tapping Nature: a failed roll taxes Nature by the
    margin of failure, whether the deed was within Nature or not."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Scout", ob=4), cmd.TapNature("Saxon", within=True))
    table.do(cmd.Roll(faces=["sword", "axe", "snake", "snake", "snake"]))
    table.do(cmd.Resolve("twist"))
    assert table.mouse("Saxon").rating("Nature").rating == 1
    assert table.mouse("Saxon").nature_max == 3


def test_a_success_with_a_condition_is_a_success() -> None:
    """Summary, Tests step 12: the GM may grant success with a Condition; the
    rating is still checked as failed."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Scout", ob=3), cmd.Roll(faces=["snake", "sword"]))
    table.do(cmd.Resolve("condition", "tired"))
    last = table.state.last
    assert last is not None and last.passed and last.outcome == "condition"
    saxon = table.mouse("Saxon")
    assert "tired" in saxon.conditions and saxon.rating("Scout").fails == 1


def test_the_free_check_comes_once_a_session() -> None:
    """Summary, Game Structure 5.a: players get one free check each, per session."""
    table = patrol()
    table.do(cmd.SetPhase("players_turn"))
    assert table.mouse("Kenzie").checks == 1
    table.do(cmd.SetPhase("gm_turn"), cmd.SetPhase("players_turn"))
    assert table.mouse("Kenzie").checks == 1
    table.do(cmd.SetPhase("prologue"), cmd.SetPhase("players_turn"))
    assert table.mouse("Kenzie").checks == 1


@pytest.mark.parametrize(
    ("rating", "message"),
    [
        ("Nope", "Saxon has no Nope to advance"),
        ("Healer", "no dice in Healer"),
        ("will", "Will is at 6, the highest rating"),
    ],
)
def test_advancing_refuses_honestly(tmp_path: Path, rating: str, message: str) -> None:
    """Summary, Character Advancement, and the sheet's six pass and six fail boxes:
    a rating past 6 has nowhere to be written."""
    session = journalled(tmp_path / "journal.sqlite3")
    top = [{"name": "Will", "rating": 6, "passes": 6, "fails": 5}]
    session.apply(cmd.AddCharacter(sheet("Saxon", ratings=top)))
    refused(session, cmd.Advance("Saxon", rating), message)


def test_a_trait_used_at_step_9_cannot_break_the_tie_against() -> None:
    """Summary, Tests step 10: only an unused trait can be used against to break a tie."""
    table = patrol()
    table.do(
        cmd.BeginTest("Lieam", "Scout", versus="Owl", versus_dice=2),
        cmd.Roll(faces=["sword", "sword"]),
        cmd.Roll(faces=["sword", "snake"]),
        cmd.LevelThree("Lieam", "Fearless"),
    )
    assert table.state.test is not None and table.state.test.tied
    with pytest.raises(RuleError, match="already been used in this test"):
        table.do(cmd.BreakTie("Lieam", "Fearless", "against"))
