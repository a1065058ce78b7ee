"""Invariants over random play (hypothesis): successes, checks, replay and JSON views."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules.mouse_guard.mg_support import patrol

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, fold
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.dice import explode
from tablekit.session.codec import CommandError

NAMES = ("Saxon", "Kenzie", "Lieam")
TRAITS = ("Brave", "Quick", "Fearless")


def _command(data: st.DataObject) -> Command:
    who = st.sampled_from(NAMES)
    trait = st.sampled_from(TRAITS)
    small = st.integers(-1, 4)
    choices: list[Command] = [
        cmd.BeginTest(data.draw(who), "Fighter", ob=data.draw(small)),
        cmd.BeginTest(data.draw(who), "Scout", versus="Weasel", versus_dice=data.draw(small)),
        cmd.UseTraitAgainst(data.draw(who), data.draw(trait), data.draw(st.booleans())),
        cmd.UseTraitFor(data.draw(who), data.draw(trait)),
        cmd.AddHelper(data.draw(who), data.draw(who), skill="Fighter"),
        cmd.TapNature(data.draw(who), data.draw(st.booleans())),
        cmd.Roll(),
        cmd.DeeperUnderstanding(data.draw(who), "Weather-wise"),
        cmd.OfCourse(data.draw(who), "Weather-wise"),
        cmd.Explode(data.draw(who)),
        cmd.LevelThree(data.draw(who), data.draw(trait)),
        cmd.BreakTie(
            data.draw(who), data.draw(trait), data.draw(st.sampled_from(("level_three", "against")))
        ),
        cmd.Tiebreaker("Will", opponent_dice=data.draw(small)),
        cmd.Resolve(data.draw(st.sampled_from(("", "twist", "condition"))), "tired"),
        cmd.SpendCheck(data.draw(who), data.draw(small)),
        cmd.EarnChecks(data.draw(who), data.draw(trait), data.draw(small)),
        cmd.ChargeTrait(data.draw(who), data.draw(trait)),
        cmd.RechargeTrait(data.draw(who), data.draw(trait)),
        cmd.SetPhase(data.draw(st.sampled_from(("prologue", "gm_turn", "players_turn")))),
        cmd.Recover(data.draw(who)),
        cmd.SetCondition(data.draw(who), data.draw(st.sampled_from(("hungry", "injured", "sick")))),
        cmd.Advance(data.draw(who), "Fighter"),
        cmd.Reward(data.draw(who), "belief"),
    ]
    return data.draw(st.sampled_from(choices))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_random_play_keeps_its_invariants(data: st.DataObject, seed: int) -> None:
    table = patrol()
    table.rng = random.Random(seed)
    start = table.state
    for _ in range(data.draw(st.integers(1, 40))):
        command = _command(data)
        before = table.state
        try:
            table.do(command)
        except (RuleError, CommandError):  # by the rules, or by the command's schema
            assert table.state == before, "a refusal changes nothing"
            continue
        for mouse in table.state.characters:
            assert mouse.checks >= 0 and mouse.free_checks >= 0
            assert all(t.checks >= 0 for t in mouse.traits)
            assert mouse.fate >= 0 and mouse.persona >= 0
        test = table.state.test
        if test is not None:
            for side in (test.tester, test.opponent):
                if side is not None:
                    assert side.successes - side.bonus <= len(side.faces) + len(side.explosion)
        json.dumps(table.game.view(table.state))
    assert fold(table.game, start, table.events) == table.state


@given(st.integers(0, 12), st.integers(0, 2**16))
def test_an_explosion_rolls_one_die_per_waiting_axe(count: int, seed: int) -> None:
    faces = explode(count, random.Random(seed))
    assert len(faces) == count + sum(f == "axe" for f in faces)
