"""Counts a table could never roll are refused, so the screen never stalls on them
(the summary's Tests, steps 1, 6 and 10; the odds the screen shows)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules.mouse_guard.mg_session import journalled, refused, same_after_replay
from rules.mouse_guard.mg_support import sheet

from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.dice import read_face
from tablekit.session import Session


def _table(tmp_path: Path) -> Session:  # type: ignore[type-arg]
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon")))
    session.apply(cmd.AddCharacter(sheet("Kenzie")))
    return session


TOO_MANY = "versus_dice: Expected int <= 30"


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (cmd.BeginTest("Saxon", "Fighter", ob=10**30), "ob: Expected int <= 30"),
        (cmd.BeginTest("Saxon", "Fighter", ob=-1), "ob: Expected int >= 0"),
        (
            cmd.BeginTest("Saxon", "Fighter", versus="Owl", versus_dice=10**30),
            "versus_dice: Expected int <= 30",
        ),
        (
            cmd.BeginTest("Saxon", "Fighter", versus="Owl", versus_dice=31),
            "versus_dice: Expected int <= 30",
        ),
        (cmd.BeginTest("Saxon", "", ob=2), "Name the skill or ability Saxon tests"),
    ],
)
def test_a_test_with_absurd_counts_is_refused(
    tmp_path: Path, command: cmd.BeginTest, message: str
) -> None:
    """Step 1: an obstacle and the GM's dice are numbers a table rolls; and the
    base pool needs a skill or ability named."""
    session = _table(tmp_path)
    refused(session, command, message)
    same_after_replay(session)


def test_the_gms_tiebreaker_dice_are_capped(tmp_path: Path) -> None:
    """Step 10: the tiebreaker rolls Will, Health or Nature; the GM's side rolls
    at most as many dice as any pool."""
    session = _table(tmp_path)
    session.apply(cmd.BeginTest("Saxon", "Fighter", versus="Owl", versus_dice=2))
    session.apply(cmd.Roll(faces=["sword", "snake"]))
    session.apply(cmd.Roll(faces=["sword", "snake", "snake"]))
    refused(
        session, cmd.Tiebreaker("Will", opponent_dice=10**7), "opponent_dice: Expected int <= 30"
    )
    session.apply(
        cmd.Tiebreaker("Will", opponent_dice=3, faces=[4, 1, 1, 1], opponent_faces=[1, 1, 1])
    )
    same_after_replay(session)


def test_a_pool_never_grows_past_thirty_dice(tmp_path: Path) -> None:
    """Step 2: a trait used against gives the opponent +2D, but never past the cap."""
    session = _table(tmp_path)
    session.apply(cmd.BeginTest("Saxon", "Fighter", versus="Owl", versus_dice=29))
    refused(session, cmd.UseTraitAgainst("Saxon", "Brave", opponent_bonus=True), "at most 30")


@pytest.mark.parametrize("face", ["６", "٣", "²"])
def test_only_ascii_digits_are_pips(face: str) -> None:
    """Step 6: a die shows 1 to 6 pips, written as the digits 1 to 6."""
    with pytest.raises(ValueError, match="snake, sword or axe"):
        read_face(face)


@pytest.mark.parametrize("face", [True, False])
def test_a_bool_is_no_face(face: bool) -> None:
    """Step 6: a die shows pips or a face; true is not one pip."""
    with pytest.raises(ValueError, match=f"snake, sword or axe, not {face}"):
        read_face(face)


def test_a_roll_with_odd_digits_is_refused(tmp_path: Path) -> None:
    session = _table(tmp_path)
    session.apply(cmd.BeginTest("Saxon", "Scout", ob=1))
    refused(session, cmd.Roll(faces=["６", "1"]), r"faces\[0\]: Expected str matching")
