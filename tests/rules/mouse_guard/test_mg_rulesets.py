"""Rulesets as data: the rabbits of Regelhuskeark, played on the Mouse Guard engine.

Scenario tests cite the sections of ``regelhuskeark-rabbit-hack-da.txt`` they
follow; the rest prove the engine reads only the ruleset (the same commands
under two rulesets differ only where their data does) and that a session's
journal keeps the ruleset it was played by.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules.mouse_guard.mg_support import Table, sheet

from tablekit import catalog
from tablekit.local.rulesets import own_rulesets
from tablekit.rules.errors import RuleError
from tablekit.rules.game import fold
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.events import RulesetUsed
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.ruleset import (
    Ruleset,
    RulesetError,
    parse_ruleset,
    shipped_ruleset,
)

MOUSE_GUARD = shipped_ruleset("mouse-guard")
RABBITS = shipped_ruleset("regelhuskeark")


def warren() -> Table:
    """Two rabbits (made up) in set-up, with the sheet's numbers of the Mouse Guard helpers."""
    table = Table(RABBITS)
    table.do(
        cmd.AddCharacter(sheet("Hazel", traits=[{"name": "Quick", "level": 1}])),
        cmd.AddCharacter(sheet("Fiver", traits=[{"name": "Wary", "level": 1}])),
    )
    return table


def test_the_rabbit_conditions_are_the_texts_five() -> None:
    """Conditions: Bange (rest and safety), Vred (Ob 2 Will, -1 disposition in Will
    conflicts), Træt (Ob 3 Health, -1 disposition), Såret (Ob 4 Health, -1D), Syg (Ob 4
    Will, -1D)."""
    found = {
        c.id: (c.recovery_ability, c.recovery_ob, c.dice_penalty, c.disposition_penalty)
        for c in RABBITS.conditions
    }
    assert found == {
        "afraid": ("", 0, 0, 1),
        "angry": ("Will", 2, 0, 1),
        "tired": ("Health", 3, 0, 1),
        "injured": ("Health", 4, 1, 0),
        "sick": ("Will", 4, 1, 0),
    }
    assert RABBITS.condition("angry").disposition_base == "Will"  # type: ignore[union-attr]
    assert RABBITS.translations["da"]["Afraid"] == "Bange"
    assert [RABBITS.translations["da"][c.name] for c in RABBITS.conditions] == [
        "Bange",
        "Vred",
        "Træt",
        "Såret",
        "Syg",
    ]


def test_afraid_is_recovered_without_a_roll_and_hurt_rabbits_lose_a_die() -> None:
    """Conditions: Bange needs rest and safety (no test); Såret and Syg cost -1D to
    skills and abilities, but not the recovery test."""
    table = warren()
    table.do(cmd.SetCondition("Hazel", "Afraid"), cmd.SetCondition("Hazel", "injured"))
    assert table.mouse("Hazel").conditions == ("afraid", "injured")
    table.do(cmd.EarnChecks("Hazel", "Quick", 4), cmd.SetPhase("gm_turn"), cmd.Recover("Hazel"))
    assert table.mouse("Hazel").conditions == ("injured",)  # no roll: rest and safety
    table.do(cmd.BeginTest("Hazel", "Fighter", ob=2))
    assert table.state.test.tester.pool == 2  # type: ignore[union-attr]  # Fighter 3, -1D
    table.do(cmd.CancelTest(), cmd.Recover("Hazel"))
    test = table.state.test
    assert test is not None and (test.tester.rating, test.ob, test.tester.pool) == ("Health", 4, 4)


def test_hungry_is_no_rabbit_condition() -> None:
    """Conditions: "Der er 5 conditions": Hungry/Thirsty is not among them."""
    table = warren()
    with pytest.raises(RuleError, match="no condition 'hungry'"):
        table.do(cmd.SetCondition("Hazel", "hungry"))


@pytest.mark.parametrize("word", ["afraid", "Afraid", "bange", "Bange"])
def test_a_rabbit_condition_is_named_by_id_name_or_the_texts_word(word: str) -> None:
    """Conditions: "Bange (skal have ro og tryghed)": scripts may write the text's own word."""
    table = warren()
    table.do(cmd.SetCondition("Hazel", word))
    assert table.mouse("Hazel").conditions == ("afraid",)


def test_rabbits_start_with_two_fate_and_one_persona() -> None:
    """Rewards: "I starter med 2 Fate og 1 Persona"."""
    table = Table(RABBITS)
    table.do(cmd.AddCharacter({"name": "Bigwig"}))
    assert (table.mouse("Bigwig").fate, table.mouse("Bigwig").persona) == (2, 1)
    mice = Table()
    mice.do(cmd.AddCharacter({"name": "Saxon"}))
    assert (mice.mouse("Saxon").fate, mice.mouse("Saxon").persona) == (0, 0)


def test_nature_covers_flee_hide_dig_breed() -> None:
    """Nature: "Kaniners Nature er at flygte, gemme sig, grave, formere sig"."""
    assert RABBITS.nature.descriptors == ("flee", "hide", "dig", "breed")
    assert [RABBITS.translations["da"][d] for d in RABBITS.nature.descriptors] == [
        "flygte",
        "gemme sig",
        "grave",
        "formere sig",
    ]


def test_tapping_nature_combines_with_acting_against_it_and_fails_by_the_margin() -> None:
    """Nature, Tappe din natur: a Persona point adds Nature, "kan kombineres med en af de
    to ovenstående"; on a failure Nature drops by the margin of failure."""
    table = warren()
    table.do(cmd.SetPhase("gm_turn"), cmd.BeginTest("Hazel", "Scout", ob=5, nature="against"))
    table.do(cmd.TapNature("Hazel", within=True))
    assert table.state.test.tester.pool == 6  # type: ignore[union-attr]  # Nature 3 + 3
    table.do(cmd.Roll(faces=("sword",) * 3 + ("snake",) * 3), cmd.Resolve("twist"))
    assert table.mouse("Hazel").rating("Nature").rating == 3 - 2
    assert table.mouse("Hazel").persona == 1  # the sheet's 2, less the tap


def test_a_tap_outside_nature_costs_a_point_only_on_a_success() -> None:
    """Nature: "Hvis din handling var uden for din natur falder den også med 1 hvis du
    klarer testen" (a failure costs the margin alone)."""
    table = warren()
    table.do(cmd.SetPhase("gm_turn"), cmd.BeginTest("Hazel", "Fighter", ob=2))
    table.do(cmd.TapNature("Hazel", within=False))
    assert table.mouse("Hazel").rating("Nature").rating == 3  # nothing yet
    table.do(cmd.Roll(faces=("sword", "sword") + ("snake",) * 4), cmd.Resolve())
    assert table.mouse("Hazel").rating("Nature").rating == 2
    table.do(cmd.BeginTest("Fiver", "Fighter", ob=4), cmd.TapNature("Fiver", within=False))
    table.do(cmd.Roll(faces=("sword",) + ("snake",) * 5), cmd.Resolve("twist"))
    assert table.mouse("Fiver").rating("Nature").rating == 3 - 3  # the margin, not +1


def test_mice_pay_for_a_tap_outside_nature_at_once() -> None:
    """Sheet, Nature Rules: outside Nature the ability is taxed by 1 at once, and Nature
    never joins a pool where it already stands in."""
    table = Table()
    table.do(cmd.AddCharacter(sheet("Saxon")), cmd.BeginTest("Saxon", "Fighter", ob=2))
    table.do(cmd.TapNature("Saxon", within=False))
    assert table.mouse("Saxon").rating("Nature").rating == 2
    other = Table()
    other.do(cmd.AddCharacter(sheet("Kenzie")))
    other.do(cmd.BeginTest("Kenzie", "Scout", ob=2, nature="against"))
    with pytest.raises(RuleError, match="already in this pool"):
        other.do(cmd.TapNature("Kenzie"))


def test_rabbits_tap_nature_for_resources_but_never_circles() -> None:
    """Nature, Tappe din natur: "dog ikke circles" (Resources is not named)."""
    table = Table(RABBITS)
    ratings = [{"name": "Resources", "rating": 2}, {"name": "Circles", "rating": 2}]
    nature = [{"name": "Nature", "rating": 3}]
    table.do(cmd.AddCharacter(sheet("Hazel", ratings=ratings + nature, traits=[])))
    table.do(cmd.BeginTest("Hazel", "Circles", ob=1))
    with pytest.raises(RuleError, match="cannot be tapped for Circles"):
        table.do(cmd.TapNature("Hazel"))
    table.do(cmd.CancelTest(), cmd.BeginTest("Hazel", "Resources", ob=1), cmd.TapNature("Hazel"))
    assert table.state.test.tester.pool == 5  # type: ignore[union-attr]


def test_fate_rerolls_the_sixes_and_wises_reroll_nothing() -> None:
    """Rewards: Fate "slå alle 6'ere igen i et rul efter det er slået"; Persona gives +1D
    or taps Nature, so neither buys a wise's reroll of failed dice."""
    table = warren()
    table.do(cmd.BeginTest("Hazel", "Fighter", ob=3), cmd.PersonaDice("Hazel"))
    assert table.state.test.tester.pool == 4  # type: ignore[union-attr]
    table.do(cmd.Roll(faces=("axe", "axe", "snake", "snake")))
    assert not table.game.view(table.state)["test"]["options"]["of_course"]
    assert "mg.deeper_understanding" not in table.game.legal_commands(table.state)
    with pytest.raises(RuleError, match="does not reroll a failed die"):
        table.do(cmd.DeeperUnderstanding("Hazel", "Weather-wise", faces=("sword",)))
    with pytest.raises(RuleError, match="does not reroll failed dice"):
        table.do(cmd.OfCourse("Hazel", "Weather-wise", faces=("sword", "sword")))
    table.do(cmd.Explode("Hazel", faces=("sword", "snake")))
    assert table.state.test.tester.successes == 3  # type: ignore[union-attr]
    assert table.mouse("Hazel").fate == 1


def test_a_trait_gives_one_die_once_a_session_and_two_checks_buy_it_again() -> None:
    """Traits: "en gang per session at rulle en ekstra terning"; Checks: "For to checks
    kan du få +1D fra et trait en ekstra gang"."""
    table = warren()
    with pytest.raises(RuleError, match="level 1 to 1"):
        table.do(cmd.SetTrait("Hazel", "Clever", 2))
    table.do(cmd.SetPhase("gm_turn"), cmd.BeginTest("Hazel", "Scout", ob=1))
    table.do(cmd.UseTraitAgainst("Hazel", "Quick"))  # earns 1 check, -1D
    table.do(cmd.Roll(faces=("sword",)), cmd.Resolve())
    table.do(cmd.BeginTest("Hazel", "Scout", ob=1), cmd.UseTraitFor("Hazel", "Quick"))
    table.do(cmd.Roll(faces=("sword", "sword", "snake")), cmd.Resolve())
    table.do(cmd.BeginTest("Hazel", "Scout", ob=1))
    with pytest.raises(RuleError, match="already been used this session"):
        table.do(cmd.UseTraitFor("Hazel", "Quick"))
    table.do(cmd.CancelTest())
    with pytest.raises(RuleError, match="has 1 checks; this needs 2"):
        table.do(cmd.RechargeTrait("Hazel", "Quick"))
    table.do(cmd.EarnChecks("Hazel", "Quick", 1), cmd.RechargeTrait("Hazel", "Quick"))
    table.do(cmd.BeginTest("Hazel", "Scout", ob=1), cmd.UseTraitFor("Hazel", "Quick"))
    assert table.state.test.tester.pool == 3  # type: ignore[union-attr]  # +1D again
    with pytest.raises(RuleError, match="do not charge traits"):
        table.do(cmd.ChargeTrait("Fiver", "Wary"))


def test_checks_are_earned_as_the_text_counts_them() -> None:
    """Checks, earned "i GM-turen": trait hinders (1 check, -1D); +2D to the opponent
    (2); the opponent wins a tie (2)."""
    table = warren()
    table.do(cmd.SetPhase("gm_turn"))
    table.do(cmd.BeginTest("Hazel", "Fighter", versus="Fiver", versus_rating="Fighter"))
    table.do(cmd.UseTraitAgainst("Hazel", "Quick", opponent_bonus=True))
    assert table.state.test.opponent.pool == 5  # type: ignore[union-attr]
    table.do(cmd.Roll(faces=("sword",) * 2 + ("snake",) * 3))
    table.do(cmd.Roll(faces=("sword",) * 2 + ("snake",)))
    table.do(cmd.BreakTie("Fiver", "Wary", "against"), cmd.Resolve())
    assert table.mouse("Hazel").trait("Quick").checks == 2
    assert table.mouse("Fiver").trait("Wary").checks == 2


def test_conflicts_ignore_gear_and_use_mouse_guards_tables() -> None:
    """Konfliktregler: "Se reglerne på næste side, ignorerer Gear"."""
    assert not RABBITS.gear_in_conflicts and MOUSE_GUARD.gear_in_conflicts
    assert RABBITS.conflict_tables == MOUSE_GUARD.conflict_tables == "mouse-guard"


def _differences(a: Ruleset, b: Ruleset) -> set[str]:
    left, right = msgspec.to_builtins(a), msgspec.to_builtins(b)
    return {key for key in left if left[key] != right[key]}


def test_two_rulesets_differ_only_through_their_data() -> None:
    """The same commands under Mouse Guard and a copy of it that changes one number
    give the same events but where that number enters: the engine has no other switch."""
    kinder = msgspec.structs.replace(
        MOUSE_GUARD,
        name="house",
        checks=msgspec.structs.replace(MOUSE_GUARD.checks, free=2),
    )
    assert _differences(MOUSE_GUARD, kinder) == {"name", "checks"}
    script = [
        cmd.AddCharacter(sheet("Saxon")),
        cmd.SetPhase("players_turn"),
        cmd.BeginTest("Saxon", "Fighter", ob=2),
        cmd.Roll(faces=("sword", "sword", "snake")),
        cmd.Resolve(),
    ]
    runs = []
    for rules in (MOUSE_GUARD, kinder):
        table = Table(rules)
        table.do(*script)
        runs.append([e for e in table.events if not isinstance(e, RulesetUsed)])
    differ = [(a, b) for a, b in zip(*runs, strict=True) if a != b]
    assert [(a.amount, b.amount) for a, b in differ] == [(1, 2)]  # type: ignore[attr-defined]
    assert all(type(a).__name__ == "ChecksEarned" for a, _ in differ)


def test_the_same_engine_plays_both_games_under_their_own_names() -> None:
    """Regelhuskeark is its own game in the catalogue, on the same rules and screen, in Danish."""
    listings = catalog.listings()
    rabbit, mouse = listings["regelhuskeark"], listings["mouse-guard"]
    assert (rabbit.language, mouse.language) == ("da", "en")
    assert rabbit.scene == mouse.scene
    assert type(catalog.rules_of(rabbit)) is type(catalog.rules_of(mouse)) is MouseGuard
    assert catalog.rules_of(rabbit).name == "regelhuskeark"
    assert ("da", "Afraid", "Bange") in rabbit.words


def test_the_journal_keeps_the_ruleset_a_session_was_played_by() -> None:
    """A replay never reads the ruleset file again: the first change records it whole."""
    table = warren()
    recorded = table.events[0]
    assert isinstance(recorded, RulesetUsed) and recorded.digest == RABBITS.digest
    assert sum(isinstance(e, RulesetUsed) for e in table.events) == 1
    edited = msgspec.structs.replace(RABBITS, points=msgspec.structs.replace(RABBITS.points))
    edited = msgspec.structs.replace(edited, title="Changed since")
    replayed = fold(MouseGuard(edited), MouseGuard(edited).start(), table.events)
    assert replayed.ruleset == RABBITS and replayed.ruleset_digest == RABBITS.digest
    assert replayed == table.state


def test_a_bad_ruleset_is_refused_naming_the_file_and_the_key() -> None:
    text = (
        Path(__file__)
        .parents[3]
        .joinpath("tablekit/rules/mouse_guard/rulesets/regelhuskeark.toml")
        .read_text(encoding="utf-8")
    )
    with pytest.raises(RulesetError, match=r"^mine.toml: points.start_fate: Expected `int` <= 9"):
        parse_ruleset(text.replace("start_fate = 2", "start_fate = 12"), "mine.toml")
    with pytest.raises(RulesetError, match="^mine.toml: recovery_order must list"):
        parse_ruleset(text.replace('"afraid", "angry"', '"angry"'), "mine.toml")
    with pytest.raises(RulesetError, match="^mine.toml: not TOML"):
        parse_ruleset("name = ", "mine.toml")


def test_a_tables_own_ruleset_becomes_a_game_and_a_bad_one_is_left_out(tmp_path: Path) -> None:
    text = Path(__file__).parents[3] / "tablekit/rules/mouse_guard/rulesets/mouse-guard.toml"
    house = text.read_text(encoding="utf-8").replace('name = "mouse-guard"', 'name = "house"')
    (tmp_path / "house.toml").write_text(house, encoding="utf-8")
    (tmp_path / "broken.toml").write_text("name = 'x'", encoding="utf-8")
    (tmp_path / "copy.toml").write_text(text.read_text(encoding="utf-8"), encoding="utf-8")
    found, problems = own_rulesets(tmp_path)
    assert [r.name for r in found] == ["house"]
    assert len(problems) == 2 and any("broken.toml" in p and "title" in p for p in problems)
    assert any("shipped game" in p for p in problems)
    [house] = catalog.own_entries(tmp_path).values()
    assert (house.name, house.title, house.listing().name) == ("house", "Mouse Guard", "house")


@pytest.mark.parametrize("name", ["mice-mystics", "mouse-card", "mouse-guard", "regelhuskeark"])
def test_a_tables_own_ruleset_may_not_take_any_shipped_games_name(
    tmp_path: Path, name: str
) -> None:
    """A ruleset called ``mice-mystics`` would have replaced that game on Home and been
    played with its rules on the Mouse Guard screen; every shipped game's name is refused."""
    text = Path(__file__).parents[3] / "tablekit/rules/mouse_guard/rulesets/mouse-guard.toml"
    taken = text.read_text(encoding="utf-8").replace('name = "mouse-guard"', f'name = "{name}"')
    (tmp_path / "mine.toml").write_text(taken, encoding="utf-8")
    found, problems = own_rulesets(tmp_path)
    assert found == [] and len(problems) == 1 and "shipped game" in problems[0]


@given(st.integers(-3, 15), st.integers(-3, 15))
def test_starting_points_outside_the_range_are_refused(fate: int, persona: int) -> None:
    data: dict[str, Any] = msgspec.to_builtins(RABBITS)
    data["points"] |= {"start_fate": fate, "start_persona": persona}
    ok = 0 <= fate <= 9 and 0 <= persona <= 9
    try:
        rules = msgspec.convert(data, type=Ruleset)
    except msgspec.ValidationError:
        assert not ok
    else:
        assert ok and (rules.points.start_fate, rules.points.start_persona) == (fate, persona)
