"""Any sequence of Mouse Guard commands, played through a Session and its Journal,
replays to the same state, and every view is JSON (the summary's Tests and Game
Structure, played at random, with large and odd values drawn too)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules.mouse_guard.mg_session import journalled, reopened, steps
from rules.mouse_guard.mg_support import sheet

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.session.codec import CommandError

NAMES = st.sampled_from(["Saxon", "Kenzie", "Owl", "", "saxon"])
COUNTS = st.one_of(st.integers(-2, 8), st.sampled_from([30, 31, 10**7, 10**30]))
ODD: Any = st.one_of(st.integers(), st.text(max_size=3), st.booleans(), st.none())
FACES = st.one_of(
    st.none(),
    st.lists(st.sampled_from(["snake", "sword", "axe", 1, 6, "６", "x"]), max_size=6),
)

COMMANDS = st.one_of(
    st.builds(
        cmd.BeginTest,
        NAMES,
        st.sampled_from(["Fighter", "Scout", "nature", ""]),
        COUNTS,
        versus=st.sampled_from(["", "Owl", "Kenzie"]),
        versus_dice=COUNTS,
    ),
    st.builds(cmd.UseTraitAgainst, NAMES, st.sampled_from(["Brave", "Quick"]), st.booleans()),
    st.builds(cmd.UseTraitFor, NAMES, st.sampled_from(["Brave", "Quick"])),
    st.builds(cmd.TapNature, NAMES, st.booleans()),
    st.builds(cmd.Roll, FACES),
    st.builds(cmd.Explode, NAMES, FACES),
    st.builds(cmd.OfCourse, NAMES, st.just("Weather-wise"), FACES),
    st.builds(cmd.Tiebreaker, st.just("Will"), opponent_dice=COUNTS),
    st.builds(cmd.Resolve, st.sampled_from(["", "twist", "condition"]), st.just("tired")),
    st.builds(cmd.CancelTest),
    st.builds(cmd.SetPhase, st.sampled_from(["prologue", "gm_turn", "players_turn", "winter"])),
    st.builds(cmd.Advance, NAMES, st.sampled_from(["Will", "Nope", ""])),
    st.builds(
        cmd.AddCharacter,
        st.builds(
            lambda extra: sheet("Kenzie", **extra),
            st.dictionaries(
                st.sampled_from(["fate", "identity", "gear", "ratings", "traits"]), ODD
            ),
        ),
        st.just(True),
    ),
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, max_size=14))
def test_any_command_sequence_replays_from_the_journal(commands: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        session = journalled(Path(folder) / "journal.sqlite3")
        session.apply(cmd.AddCharacter(sheet("Saxon")))
        session.apply(cmd.AddCharacter(sheet("Kenzie")))
        for command in commands:
            view, before = session.view(), steps(session)
            try:
                session.apply(command)
            except (RuleError, CommandError):  # a refusal, or text the journal refuses
                assert session.view() == view
                assert steps(session) == before
            json.dumps(session.view())
        again = reopened(session)
        assert again.state == session.state
        assert again.view() == session.view()
