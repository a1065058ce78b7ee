"""Conflicts play by the session's ruleset (issue 14 Part A): the same commands under Mouse
Guard and the Regelhuskeark rabbit hack give the same events wherever the two rulesets agree,
and exactly the expected ones differ where their data differ. No rule is a test of a
ruleset's name: a copy of Mouse Guard's ruleset under another name plays the same conflict.

The rabbits' rules cited are the Danish seed's sections (Conditions, Nature, Rewards,
Checks, Konfliktregler) in ``regelhuskeark-rabbit-hack-da.txt``.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from rules.mouse_guard.mg_support import Table, sheet

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, Event
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.state import Part
from tablekit.rules.mouse_guard.ruleset import Ruleset, shipped_ruleset

MICE = shipped_ruleset("mouse-guard")
RABBITS = shipped_ruleset("regelhuskeark")

S, F, A = "sword", "snake", "axe"

Outcome = tuple[Event, ...] | str
"""A command's events (the ruleset's record left out), or its refusal."""


LEVEL_ONE = [{"name": "Brave", "level": 1}, {"name": "Quick", "level": 1}]
"""The helpers' traits at the one level both rulesets have (the rabbits' Traits)."""


def play(rules: Ruleset, commands: list[Command], **mice: Any) -> list[Outcome]:
    """Each command's outcome at a table of Saxon and Kenzie (their sheets with ``mice``)
    playing by ``rules``, in the GM's turn (where the rabbits earn their checks)."""
    table = Table(rules)
    outcomes: list[Outcome] = []
    mice = {"traits": LEVEL_ONE} | mice
    for command in [
        cmd.AddCharacter(sheet("Saxon", **mice)),
        cmd.AddCharacter(sheet("Kenzie", **mice)),
        cmd.SetPhase("gm_turn"),
        *commands,
    ]:
        try:
            events = table.do(command)
        except RuleError as refusal:
            outcomes.append(refusal.template)
            continue
        outcomes.append(tuple(e for e in events if not isinstance(e, ev.RulesetUsed)))
    return outcomes[3:]


def differences(
    commands: list[Command], one: Ruleset, other: Ruleset, **mice: Any
) -> dict[int, Any]:
    """The commands whose outcome differs under the two rulesets, with both outcomes."""
    mine, theirs = play(one, commands, **mice), play(other, commands, **mice)
    return {i: (a, b) for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b}


SHARED = [
    # Conditions both rulesets have, with the same costs: Vred/Angry -1 disposition in
    # Will conflicts, Træt/Tired -1 disposition, Såret/Injured -1D.
    cmd.SetRating("Saxon", "Persuader", 2),
    cmd.SetRating("Kenzie", "Persuader", 3),
    cmd.SetCondition("Saxon", "tired"),
    cmd.SetCondition("Kenzie", "angry"),
    cmd.SetCondition("Kenzie", "injured"),
    ccmd.BeginConflict("argument", ("Saxon", "Kenzie"), "Saxon", "Weasel", gm_dice=3),
    ccmd.RollDisposition("patrol", helpers=("Kenzie",), faces=(S, S, F)),
    ccmd.SetDisposition("gm", 5),
    *(ccmd.Script("gm", a) for a in ("attack", "attack", "defend")),
    ccmd.Lock("gm"),
    *(ccmd.Script("patrol", a) for a in ("defend", "attack", "attack")),
    ccmd.Lock("patrol"),
    # Attack against Saxon's Defend: a versus test, tied; his trait breaks it against him
    # (Checks: "Lad modstanderen vinde uafgjort", 2 checks).
    ccmd.Reveal(),
    ccmd.RollAction("gm", faces=(S, F, F)),
    ccmd.RollAction("patrol", faces=(S, F)),
    ccmd.BreakActionTie("patrol", "Brave", "against"),
    # Attack against Attack: each on its own; Kenzie, Injured, rolls a die fewer.
    ccmd.Reveal(),
    ccmd.RollAction("gm", faces=(S, S, F)),
    ccmd.RollAction("patrol", faces=(S, S)),
]
"""An argument on Will (so Angry counts), played to the middle of its first volley, by mice
without wises (the rabbits' wises reroll nothing: see the test of the differences)."""


def test_where_the_rulesets_agree_a_conflict_plays_the_same() -> None:
    """Regelhuskeark, Konfliktregler ("Se reglerne på næste side") and Conditions: the
    conditions both share cost the same, and the conflict pages are the same tables."""
    mice, rabbits = play(MICE, SHARED, wises=[]), play(RABBITS, SHARED, wises=[])
    assert all(isinstance(o, tuple) for o in mice), [o for o in mice if isinstance(o, str)]
    assert mice == rabbits
    started = next(o for o in mice if o and isinstance(o[0], cev.DispositionSet))
    assert isinstance(started[0], cev.DispositionSet)
    assert started[0].parts[2:] == (Part("angry", -1), Part("tired", -1))
    checks = [e for o in mice for e in o if isinstance(e, ev.ChecksEarned)]
    assert [(c.character, c.trait, c.amount) for c in checks] == [("Saxon", "Brave", 2)]


def test_no_rule_tests_a_rulesets_name() -> None:
    """Mouse Guard's rules under another name play the very same conflict."""
    house = msgspec.structs.replace(MICE, name="house", title="House rules")
    assert differences(SHARED, MICE, house) == {}
    assert differences(SHARED, MICE, house, wises=[]) == {}


def test_exactly_the_rabbits_data_change_a_conflict() -> None:
    """The same commands under both rulesets; each difference is one of the rabbits' rules."""
    commands: list[Command] = [
        cmd.SetCondition("Saxon", "afraid"),  # 0: Conditions: Bange
        cmd.SetCondition("Saxon", "hungry"),  # 1: Mouse Guard's Hungry/Thirsty
        ccmd.BeginConflict("fight", ("Saxon", "Kenzie"), "Saxon", "Weasel", gm_dice=3),
        ccmd.Arm("patrol", "Saxon", "spear"),  # 3: Konfliktregler: "ignorerer Gear"
        ccmd.Arm("patrol", "Kenzie", "intimidation"),  # 4: a tactic, not gear: refused alike
        ccmd.RollDisposition("patrol", helpers=("Kenzie",), gear=1, faces=(S, S, F, F)),  # 5
        ccmd.RollDisposition("patrol", helpers=("Kenzie",), faces=(S, S, F, F)),  # 6
        ccmd.SetDisposition("gm", 9),
        *(ccmd.Script("gm", a) for a in ("attack", "attack", "attack")),
        ccmd.Lock("gm"),
        *(ccmd.Script("patrol", a) for a in ("attack", "defend", "attack")),
        ccmd.Lock("patrol"),
        ccmd.Reveal(),  # 16: Attack against Attack, each on its own at Ob 0
        ccmd.RollAction("gm", faces=(S, F, F)),
        ccmd.ActionTapNature("patrol", within=False),  # 18: Nature: the tap's tax
        ccmd.RollAction("patrol", faces=(S, S, F, F, F, F)),  # 19: a success
        ccmd.ActionWise("patrol", "Weather-wise", "deeper_understanding", faces=(F,)),  # 20
        ccmd.KeepRoll("patrol"),  # 21
        ccmd.Reveal(),  # 22: Kenzie defends against an attack: versus
        ccmd.ActionTapNature("patrol"),  # 23: Nature stands in for Defend in a Fight
    ]
    found = differences(commands, MICE, RABBITS)
    assert sorted(found) == [0, 1, 3, 5, 6, 18, 19, 20, 21, 23]
    refused = "There is no condition {condition!r} in these rules"
    assert found[0][0] == found[1][1] == refused
    assert found[3] == (found[3][0], "Gear and weapons do not count in conflicts in these rules")
    assert found[5][1] == "Gear does not change a starting disposition in these rules"
    assert found[6][0] == "{team} already has its starting disposition"
    mice_start, rabbit_start = found[5][0][0], found[6][1][0]
    assert isinstance(mice_start, cev.DispositionSet)
    assert isinstance(rabbit_start, cev.DispositionSet)
    assert Part("hungry", -1) in mice_start.parts and Part("gear", 1) in mice_start.parts
    assert Part("afraid", -1) in rabbit_start.parts  # Bange: -1 disposition
    # Mouse Guard taxes a tap outside Nature at once; the rabbits only when the test
    # succeeds ("falder den også med 1 hvis du klarer testen"), when the action settles.
    taxed = ev.NatureChanged("Saxon", -1, "tapped outside nature")
    assert taxed in found[18][0] and taxed not in found[18][1]
    assert taxed not in found[19][0] and taxed in found[19][1]
    # Rewards: the rabbits' Fate rerolls 6s and Persona adds a die; no wise rerolls.
    assert found[20][1] == "In these rules Fate does not reroll a failed die with a wise"
    assert found[21][1] == "Both scripts are locked: reveal the next action"  # settled at 19
    # Nature: the rabbits' tap "kan kombineres" with acting with Nature.
    assert found[23][0] == "Nature cannot be tapped for {rating}"
    assert isinstance(found[23][1], tuple)


@pytest.mark.parametrize("condition", ["injured", "sick"])
def test_a_rabbits_wound_or_sickness_takes_a_die_off_its_actions(condition: str) -> None:
    """Regelhuskeark, Conditions: Såret and Syg, -1D til skills og attributter."""
    table = Table(RABBITS)
    table.do(
        cmd.AddCharacter(sheet("Saxon", traits=LEVEL_ONE)),
        cmd.SetCondition("Saxon", condition),
        ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasel", gm_dice=3),
        ccmd.SetDisposition("gm", 5),
        ccmd.SetDisposition("patrol", 5),
        *(ccmd.Script("gm", a) for a in ("attack", "attack", "attack")),
        ccmd.Lock("gm"),
        *(ccmd.Script("patrol", a) for a in ("attack", "attack", "attack")),
        ccmd.Lock("patrol"),
        ccmd.Reveal(),
    )
    conflict = table.state.conflict
    assert conflict is not None and conflict.exchange is not None
    test = conflict.exchange.test_of("patrol")
    assert test is not None and test.modifiers == (Part(condition, -1),)
    assert test.pool(3) == 2
