"""Secrecy of scripted actions (hypothesis): an unrevealed action never reaches the table,
the other pad, or a refusal; and a conflict replays from its events exactly.

Secrets by projection (README, ``tablekit/session/``: the shared table view never contains an
unrevealed secret): two states that differ only in one side's unrevealed choices must look the
same to everyone but that side.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from clocks import TEST_CLOCK
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from rules.mouse_guard.mg_support import sheet

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, fold
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.state import Slot, other
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.state import State
from tablekit.rules.secret import HIDDEN, PAD_SIDES, TABLE, Audience, pad_audience, project
from tablekit.session import Journal, Redo, Session, Undo
from tablekit.ui.i18n import refusal, translator

ACTIONS = ("attack", "defend", "feint", "maneuver")
SIDES = ("gm", "patrol")
PADS = {side: pad_audience(pad) for pad, side in PAD_SIDES.items()}
"""The pad that serves each side, as its audience."""
MICE = ("Saxon", "Kenzie", "Lieam")

SET_UP: list[Command] = [
    *(cmd.AddCharacter(sheet(name)) for name in MICE),
    ccmd.BeginConflict("fight", MICE, "Saxon", "Weasel", gm_members=("Weasel", "Stoat"), gm_dice=3),
    ccmd.SetDisposition("gm", 6),
    ccmd.RollDisposition("patrol", helpers=("Kenzie", "Lieam")),
]

side = st.sampled_from(SIDES)
commands = st.one_of(
    st.builds(ccmd.Script, side, st.sampled_from(ACTIONS)),
    st.builds(ccmd.Script, side, st.sampled_from(ACTIONS), st.sampled_from(MICE + ("Stoat",))),
    st.builds(ccmd.Lock, side),
    st.builds(ccmd.Unlock, side),
    st.builds(ccmd.Unscript, side),
    st.builds(ccmd.ClearScript, side),
    st.just(ccmd.Reveal()),
    st.builds(ccmd.RollAction, side),
    st.builds(ccmd.HelpAction, side, st.sampled_from(MICE)),
    st.builds(
        ccmd.Maneuver,
        side,
        st.lists(st.sampled_from(("impede", "gain_position", "disarm")), max_size=2).map(tuple),
        st.just(""),
        st.just("claws"),
    ),
    st.just(Undo()),
    st.just(Redo()),
)
whole_script = st.builds(
    lambda who, acts: [ccmd.Script(who, a) for a in acts] + [ccmd.Lock(who)],
    side,
    st.lists(st.sampled_from(ACTIONS), min_size=3, max_size=3),
)
volley = st.builds(
    lambda gm, mice: gm + mice + [ccmd.Reveal(), ccmd.RollAction("gm"), ccmd.RollAction("patrol")],
    whole_script.map(lambda cs: [replace(c, side="gm") for c in cs]),
    whole_script.map(lambda cs: [replace(c, side="patrol") for c in cs]),
)
runs = st.lists(
    st.one_of(volley, commands.map(lambda c: [c]), volley, whole_script), min_size=1, max_size=25
).map(lambda moves: [c for move in moves for c in move])


def twin(state: State, side: str) -> State:
    """``state`` with every unrevealed choice of ``side`` changed."""
    conflict = state.conflict
    if conflict is None:
        return state
    team = conflict.team(side)

    def changed(slot: Slot) -> Slot:
        action = ACTIONS[(ACTIONS.index(slot.action) + 1) % 4]
        return Slot(action, slot.actor[::-1] + "x")

    script = team.script[: conflict.revealed] + tuple(
        changed(s) for s in team.script[conflict.revealed :]
    )
    return replace(state, conflict=conflict.with_team(replace(team, script=script)))


def _seen(game: MouseGuard, state: State, audience: Audience) -> Any:
    return project(game.view(state), audience)


def _refusal(game: MouseGuard, state: State, command: Command) -> str:
    try:
        game.decide(state, command, random.Random(3))
    except RuleError as error:
        return str(error)
    return ""


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs, st.integers(0, 2**16))
def test_no_table_projection_holds_an_unrevealed_action(run: list[Command], seed: int) -> None:
    game = MouseGuard()
    with TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "journal.sqlite3", clock=TEST_CLOCK)
        session = Session.create(journal, "s", game)
        session.rng = random.Random(seed)
        for command in SET_UP:
            session.apply(command)
        for command in run:
            state = session.state
            for owner in SIDES:
                mirror = twin(state, owner)
                for audience in (TABLE, PADS[other(owner)]):
                    assert _seen(game, state, audience) == _seen(game, mirror, audience)
                if getattr(command, "side", owner) == other(owner):
                    assert _refusal(game, state, command) == _refusal(game, mirror, command)
            try:
                events = session.apply(command)
            except RuleError:
                continue
            _check_events(session, command, events)
            table = session.view(TABLE)
            assert table["conflict"] == _seen(game, session.state, TABLE)["conflict"]
        conflict = session.state.conflict
        event(
            "revealed" if conflict and (conflict.history or conflict.exchange) else "none revealed"
        )
        journal.close()


def _after(*scripted: Command) -> State:
    """The conflict of :data:`SET_UP` with ``scripted`` decided on it."""
    game = MouseGuard()
    rng = random.Random(3)
    state = game.start()
    for command in (*SET_UP, *scripted):
        state = fold(game, state, game.decide(state, command, rng))
    return state


def test_a_refused_actor_gives_away_nobody_in_an_unrevealed_slot() -> None:
    """Issue 23 item 1: a patrol that scripted Saxon then Lieam and one that scripted Kenzie
    then Lieam look the same to the table; naming Lieam again, or the weasels' Stoat, is
    refused in both in the same words, naming nobody, in English and in Danish. The old
    refusal named who was next (Kenzie, or Saxon), which told the table who acts in the
    slots not yet revealed, and the actor the line named, which the line itself hides."""
    game = MouseGuard()
    twins = [
        _after(ccmd.Script("patrol", "attack", first), ccmd.Script("patrol", "feint", "Lieam"))
        for first in ("Saxon", "Kenzie")
    ]
    assert _seen(game, twins[0], TABLE) == _seen(game, twins[1], TABLE)
    errors = []
    for state in twins:
        for again in ("Lieam", "Stoat"):  # out of turn, or on no team of the patrol's
            with pytest.raises(RuleError) as refused:
                game.decide(state, ccmd.Script("patrol", "defend", again), random.Random(3))
            errors.append(refused.value)
    danish = translator("da")
    assert len({str(error) for error in errors}) == 1
    assert len({refusal(danish, error) for error in errors}) == 1
    assert not [name for name in (*MICE, "Weasel", "Stoat") if name in str(errors[0])]


def _check_events(session: Session[State], command: Command, events: list[Any]) -> None:
    """A scripted action reaches its own pad and nobody else, not even through undo."""
    owner = getattr(command, "side", "")
    for audience in (TABLE, *PADS.values()):
        shown = session.project(events, audience)
        for item in shown:
            if item["type"] == "mg.action_scripted":
                hidden = audience.side != item["side"]
                assert (item["action"] == HIDDEN) == hidden
                assert (item["actor"] == HIDDEN) == hidden
            if item["type"] in ("undone", "redone") and '"mg.script"' in item["command"]:
                text = json.loads(item["command"])
                assert (text["action"] == HIDDEN) == (audience.side != text["side"])
    if isinstance(command, ccmd.Script):
        assert owner in SIDES


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs, st.integers(0, 2**16))
def test_a_conflict_replays_from_its_events_exactly(run: list[Command], seed: int) -> None:
    game = MouseGuard()
    rng = random.Random(seed)
    state = game.start()
    events = []
    for command in SET_UP + [c for c in run if not isinstance(c, Undo | Redo)]:
        before = state
        try:
            made = game.decide(state, command, rng)
        except RuleError:
            assert state == before
            continue
        state = fold(game, state, made)
        events += made
        conflict = state.conflict
        for team in (conflict.gm, conflict.patrol) if conflict else ():
            assert 0 <= team.disposition <= team.start
            assert len(team.script) <= 3
        json.dumps(project(game.view(state), TABLE))
    assert fold(game, game.start(), events) == state
