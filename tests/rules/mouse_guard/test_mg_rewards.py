"""Workhorse and Embodiment (summary, Character Advancement: "Persona is earned for going
against Beliefs and accomplishing Goals, as well as Workhorse, MVP, and Embodiment"): each
gives its mouse one Persona point and no Fate, names its reason in the event, and is kept
through a replay; a reward for a mouse not at the table changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules.mouse_guard.mg_session import journalled, refused, same_after_replay
from rules.mouse_guard.mg_support import patrol, sheet

from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev


@pytest.mark.parametrize("reward", ["workhorse", "embodiment"])
def test_a_persona_reward_gives_one_persona_and_no_fate(reward: str) -> None:
    table = patrol()
    before = table.mouse("Saxon")
    events = table.do(cmd.Reward("Saxon", reward))  # type: ignore[arg-type]
    after = table.mouse("Saxon")
    assert (after.fate, after.persona) == (before.fate, before.persona + 1)
    assert events == [ev.PointsGained("Saxon", 0, 1, reward)]
    assert table.mouse("Kenzie") == patrol().mouse("Kenzie")  # nobody else's points move


@pytest.mark.parametrize("reward", ["workhorse", "embodiment"])
def test_the_reward_survives_a_restart_and_a_stranger_gets_none(
    tmp_path: Path, reward: str
) -> None:
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon")))
    start = session.view()["characters"][0]
    session.apply(cmd.Reward("Saxon", reward))  # type: ignore[arg-type]
    session.apply(cmd.Reward("Saxon", reward))  # type: ignore[arg-type]
    saxon = same_after_replay(session)["characters"][0]
    assert (saxon["fate"], saxon["persona"]) == (start["fate"], start["persona"] + 2)
    refused(session, cmd.Reward("Gwendolyn", reward), "Gwendolyn")  # type: ignore[arg-type]
