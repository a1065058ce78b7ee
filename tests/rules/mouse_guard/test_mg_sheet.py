"""Sheets, conditions, checks, sessions and advancement (the sheet; the summary's Game
Structure and Character Advancement)."""

from __future__ import annotations

import json

import pytest
from rules.mouse_guard.mg_support import GAME, patrol, sheet

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.dice import Face, explode, explosion_needs, read_face, roll
from tablekit.rules.mouse_guard.events import CharacterAdded
from tablekit.rules.mouse_guard.sheet import read_sheet, sheet_json
from tablekit.session.codec import CommandError, from_json, registry


def test_a_sheet_round_trips_through_json() -> None:
    table = patrol()
    table.do(cmd.SetRating("Saxon", "Haggler", 2), cmd.SetCondition("Saxon", "angry"))
    saxon = table.mouse("Saxon")
    data = json.loads(json.dumps(sheet_json(saxon)))
    assert read_sheet(data) == saxon
    assert saxon.rating("Haggler").rating == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": ""}, "sheet.name: Expected str of length >= 1"),
        (sheet("Saxon", fate=-1), "sheet.fate: Expected int >= 0"),
        (sheet("Saxon", ratings=[{"name": "Will", "rating": 9}]), "rating: Expected int <= 6"),
        (sheet("Saxon", traits=[{"name": "Brave", "level": 4}]), "level: Expected int <= 3"),
        (sheet("Saxon", conditions=["grumpy"]), "cannot have the condition"),
        (sheet("Sixth", cloak="red"), "unknown field cloak"),
    ],
)
def test_bad_sheets_are_refused_and_change_nothing(data: dict[str, object], message: str) -> None:
    table = patrol()
    before = table.state
    with pytest.raises((RuleError, CommandError), match=message):
        table.do(cmd.AddCharacter(data))  # type: ignore[arg-type]
    assert table.state == before


def test_an_imported_sheet_is_held_to_the_same_limits() -> None:
    """A sheet read from JSON outside a command (an import) is refused by the same schema,
    naming the field and what is allowed."""
    with pytest.raises(RuleError, match="belief: Expected str of length <= 200"):
        read_sheet(sheet("Saxon", belief="b" * 201))


def test_a_sheet_journalled_before_the_limits_still_decodes() -> None:
    """The journal's events are read back with ``stored=True``: a sheet kept before the
    limits (a long belief, Fate above 999) still replays."""
    old = {
        "type": "mg.character_added",
        "character": {"name": "Saxon", "belief": "b" * 5000, "fate": 5000, "gear": [""] * 40},
    }
    event = from_json(old, registry(GAME.events), stored=True)
    assert isinstance(event, CharacterAdded) and len(event.character.belief) == 5000


def test_refusals_change_nothing() -> None:
    table = patrol()
    before = table.state
    for command in (
        cmd.SetRating("Nobody", "Will", 2),
        cmd.SetRating("Saxon", "Will", 7),
        cmd.SpendCheck("Saxon", -1),
        cmd.SpendCheck("Saxon", 1),
        cmd.Roll(),
        cmd.AddCharacter(sheet("Saxon")),
    ):
        with pytest.raises((RuleError, CommandError)):
            table.do(command)
        assert table.state == before


def test_injured_and_sick_cost_a_die_but_not_on_recovery() -> None:
    """Sheet, Conditions: Injured and Sick -1D to skills, Nature, Will and Health."""
    table = patrol()
    table.do(cmd.SetCondition("Saxon", "injured"), cmd.SetCondition("Saxon", "sick"))
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=1))
    assert table.state.test is not None and table.state.test.tester.pool == 1
    table.do(cmd.CancelTest(), cmd.SetPhase("gm_turn"))
    with pytest.raises(RuleError, match="needs 4 dice; 3 faces"):
        table.do(cmd.Recover("Saxon", faces=("sword", "sword", "axe")))
    table.do(cmd.EarnChecks("Saxon", "Brave", 2))
    table.do(cmd.Recover("Saxon", faces=("sword", "sword", "axe", "sword")), cmd.Resolve())
    assert table.mouse("Saxon").conditions == ("sick",)
    assert table.mouse("Saxon").checks == 0


def test_recovery_follows_the_order_and_costs_checks_by_turn() -> None:
    """Summary, Game Structure 5.b.ii and the sheet's Spending Checks."""
    table = patrol()
    table.do(cmd.SetCondition("Kenzie", "sick"), cmd.SetCondition("Kenzie", "angry"))
    table.do(cmd.SetPhase("players_turn"))
    assert table.mouse("Kenzie").checks == 1
    table.do(cmd.Recover("Kenzie", faces=("snake", "sword", "sword", "snake")), cmd.Resolve())
    assert table.mouse("Kenzie").conditions == ("sick",)
    assert table.mouse("Kenzie").checks == 0


def test_a_recovery_is_a_test_with_help_and_wises() -> None:
    """Summary, Game Structure 5.b (checks spent to recover conditions, with other
    mice involved to help) and Tests steps 4 and 7; sheet, Conditions (no condition
    dice on recovery): the recovery test is a test against the condition's
    obstacle, and its pass takes the condition away."""
    table = patrol()
    table.do(cmd.SetCondition("Saxon", "tired"), cmd.SetCondition("Saxon", "injured"))
    table.do(cmd.SetPhase("gm_turn"), cmd.EarnChecks("Saxon", "Brave", 2))
    table.do(cmd.Recover("Saxon"))
    test = table.state.test
    assert test is not None and (test.tester.rating, test.ob, test.tester.pool) == ("Health", 3, 4)
    assert test.recovery == "tired" and table.mouse("Saxon").checks == 0
    table.do(
        cmd.AddHelper("Saxon", "Kenzie", skill="Health"),
        cmd.Roll(faces=("sword", "sword", "snake", "snake", "snake")),
    )
    with pytest.raises(RuleError, match="keeps its condition"):
        table.do(cmd.Resolve("condition", "angry"))
    table.do(cmd.OfCourse("Saxon", "Weather-wise", faces=("axe", "snake", "snake")))
    table.do(cmd.Resolve())
    saxon = table.mouse("Saxon")
    assert saxon.conditions == ("injured",) and saxon.rating("Health").passes == 1
    assert saxon.wise("Weather-wise").persona


def test_a_failed_recovery_keeps_the_condition() -> None:
    """Summary, Game Structure 5.b: a failed recovery test leaves the condition."""
    table = patrol()
    table.do(cmd.SetCondition("Kenzie", "angry"), cmd.SetPhase("players_turn"))
    table.do(cmd.Recover("Kenzie", faces=("snake", "sword", "snake", "snake")), cmd.Resolve())
    kenzie = table.mouse("Kenzie")
    assert kenzie.conditions == ("angry",) and kenzie.rating("Will").fails == 1
    assert table.state.last is not None and not table.state.last.passed


def test_hungry_is_recovered_without_a_roll() -> None:
    table = patrol()
    table.do(cmd.SetCondition("Kenzie", "hungry"), cmd.SetPhase("players_turn"))
    table.do(cmd.Recover("Kenzie"))
    assert table.mouse("Kenzie").conditions == ()


def test_a_test_in_the_players_turn_costs_a_check() -> None:
    """Sheet, Spending Checks: 1 for one test in the players' turn."""
    table = patrol()
    table.do(cmd.SetPhase("players_turn"), cmd.BeginTest("Saxon", "Fighter", ob=1))
    assert table.mouse("Saxon").checks == 0
    table.do(cmd.CancelTest())
    with pytest.raises(RuleError, match="0 checks; this needs 1"):
        table.do(cmd.BeginTest("Saxon", "Fighter", ob=1))


def test_charge_and_recharge_a_trait() -> None:
    """Sheet, Spending Checks: 3 to charge; 2 (level 1-2) or 4 (level 3) to recharge."""
    table = patrol()
    table.do(cmd.EarnChecks("Saxon", "Brave", 5))
    table.do(cmd.ChargeTrait("Saxon", "Brave"))
    assert table.mouse("Saxon").trait("Brave").effective_level == 2
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=1), cmd.UseTraitFor("Saxon", "Brave"))
    table.do(cmd.Roll(faces=["sword", "snake", "snake", "snake"]), cmd.Resolve())
    table.do(cmd.RechargeTrait("Saxon", "Brave"))
    saxon = table.mouse("Saxon")
    assert not saxon.trait("Brave").used and saxon.checks == 0


def test_prologue_recovers_a_condition_or_regains_nature() -> None:
    """Summary, Game Structure 1."""
    table = patrol()
    table.do(cmd.SetPhase("prologue"), cmd.SetPhase("gm_turn"))
    table.do(cmd.SetCondition("Saxon", "tired"), cmd.SetRating("Kenzie", "Nature", 3))
    table.do(cmd.BeginTest("Kenzie", "Scout", ob=3, nature="against"))
    table.do(cmd.Roll(faces=("snake", "snake", "sword")), cmd.Resolve("twist"))
    assert table.mouse("Kenzie").rating("Nature").rating == 1
    table.do(cmd.SetPhase("prologue"), cmd.Prologue("Saxon", "tired"))
    assert table.mouse("Saxon").conditions == ()
    table.do(cmd.SetPhase("mission"), cmd.SetPhase("prologue"), cmd.Prologue("Kenzie", "nature"))
    assert table.mouse("Kenzie").rating("Nature").rating == 2


def test_the_prologue_is_one_chosen_players_in_subsequent_sessions() -> None:
    """Summary, Game Structure 1: "(Subsequent sessions) Chosen Player delivers a
    Prologue": none in the first session, and one mouse's a session."""
    table = patrol()
    table.do(cmd.SetCondition("Saxon", "tired"), cmd.SetCondition("Kenzie", "angry"))
    table.do(cmd.SetPhase("prologue"))
    assert "mg.prologue" not in table.game.legal_commands(table.state)
    with pytest.raises(RuleError, match="first session has no prologue"):
        table.do(cmd.Prologue("Saxon", "tired"))
    table.do(cmd.SetPhase("mission"), cmd.SetPhase("prologue"))
    assert "mg.prologue" in table.game.legal_commands(table.state)
    table.do(cmd.Prologue("Saxon", "tired"))
    assert "mg.prologue" not in table.game.legal_commands(table.state)
    for again in (cmd.Prologue("Kenzie", "angry"), cmd.Prologue("Saxon", "nature")):
        with pytest.raises(RuleError, match="Saxon has told this session's prologue"):
            table.do(again)
    assert table.mouse("Kenzie").conditions == ("angry",)


def test_a_first_session_that_continues_a_campaign_has_its_prologue() -> None:
    """Summary, Game Structure 1: the prologue retells the last mission. A campaign
    played before its first session on the device has one to retell at once; only
    that first session can say so."""
    table = patrol()
    table.do(cmd.SetCondition("Saxon", "tired"))
    with pytest.raises(RuleError, match="Only the first session"):
        table.do(cmd.SetPhase("mission", continues=True))
    table.do(cmd.SetPhase("prologue", continues=True))
    assert table.state.continued and table.state.session == 1
    assert "mg.prologue" in table.game.legal_commands(table.state)
    table.do(cmd.Prologue("Saxon", "tired"))
    assert table.mouse("Saxon").conditions == ()
    table.do(cmd.SetPhase("mission"))
    with pytest.raises(RuleError, match="Only the first session"):
        table.do(cmd.SetPhase("prologue", continues=True))


def test_rewards_give_fate_or_persona() -> None:
    """Sheet, Belief/Goal/Instinct; summary, Character Advancement."""
    table = patrol()
    table.do(cmd.Reward("Saxon", "instinct"), cmd.Reward("Saxon", "mvp"))
    assert (table.mouse("Saxon").fate, table.mouse("Saxon").persona) == (3, 3)


def test_traits_and_wises_change_only_in_winter() -> None:
    """Summary, Character Advancement: wises and traits change in a winter session."""
    table = patrol()
    table.do(cmd.SetPhase("gm_turn"))
    with pytest.raises(RuleError, match="winter"):
        table.do(cmd.SetTrait("Saxon", "Brave", 2))
    table.do(
        cmd.SetPhase("winter"), cmd.SetTrait("Saxon", "Brave", 2), cmd.SetWise("Saxon", "Owl-wise")
    )
    assert table.mouse("Saxon").trait("Brave").level == 2
    assert table.mouse("Saxon").wise("Owl-wise") is not None


def test_advancement_is_due_at_rating_passes_and_one_fewer_fails() -> None:
    """Summary, Character Advancement."""
    table = patrol()
    with pytest.raises(RuleError, match="2 passes and 1 fails"):
        table.do(cmd.Advance("Saxon", "Scout"))
    for faces, outcome in (
        (("sword", "axe"), ""),
        (("sword", "sword"), ""),
        (("snake", "snake"), "twist"),
    ):
        table.do(cmd.BeginTest("Saxon", "Scout", ob=2), cmd.Roll(faces=faces), cmd.Resolve(outcome))  # type: ignore[arg-type]
    assert table.mouse("Saxon").rating("Scout").advance_due
    assert "Scout" in table.game.view(table.state)["characters"][0]["advances_due"]
    table.do(cmd.Advance("Saxon", "Scout"))
    scout = table.mouse("Saxon").rating("Scout")
    assert (scout.rating, scout.passes, scout.fails) == (3, 0, 0)


def test_dice_read_and_roll() -> None:
    import random

    assert [read_face(v) for v in (1, "3", 4, "5", 6, "Axe")] == [
        Face.SNAKE, Face.SNAKE, Face.SWORD, Face.SWORD, Face.AXE, Face.AXE,
    ]  # fmt: skip
    with pytest.raises(ValueError):
        read_face("cheese")
    rng = random.Random(3)
    assert len(roll(5, rng)) == 5
    chain = explode(2, rng)
    assert len(chain) == explosion_needs(2, chain)
