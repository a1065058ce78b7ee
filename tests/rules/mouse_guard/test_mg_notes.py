"""The GM's notes of obstacles and twists (the summary, Game Structure 4.a and 4.b)."""

from __future__ import annotations

from pathlib import Path

from rules.mouse_guard.mg_session import journalled, refused, same_after_replay
from rules.mouse_guard.mg_support import sheet

from tablekit.rules.mouse_guard import commands as cmd


def test_the_gm_notes_obstacles_and_twists_until_the_next_session(tmp_path: Path) -> None:
    """Summary, Game Structure 4.a (the GM introduces obstacles) and 4.b (failures
    lead to twists, another obstacle): noted through the session, kept in the
    journal, and cleared when the next session's prologue begins."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon")))
    session.apply(cmd.SetPhase("prologue"))
    session.apply(cmd.SetPhase("gm_turn"))
    session.apply(cmd.Note("obstacle", "  Weasels on the Barkstone road "))
    refused(session, cmd.Note("twist", " "), "text: Expected str matching")
    refused(session, cmd.Note("twist", "x" * 81), "text: Expected str of length <= 80")
    session.apply(cmd.BeginTest("Saxon", "Fighter", ob=3))
    session.apply(cmd.Roll(faces=("sword", "snake", "snake")))
    session.apply(cmd.Resolve("twist"))
    view = same_after_replay(session)
    assert view["notes"] == [
        {"kind": "obstacle", "text": "Weasels on the Barkstone road"},
        {"kind": "twist", "text": "twist: Saxon's Fighter test"},
    ]
    assert "mg.note" in view["legal"]
    session.apply(cmd.SetPhase("prologue"))
    assert same_after_replay(session)["notes"] == []
