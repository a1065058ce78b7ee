"""After the roll: wises, axes, level 3 traits, ties and the result (summary, Tests 7-12)."""

from __future__ import annotations

import pytest
from rules.mouse_guard.mg_support import Table, patrol, switched

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd


def _rolled(faces: tuple[str, ...], ob: int = 3, table: Table | None = None) -> Table:
    table = table or patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=ob), cmd.Roll(faces=faces))
    return table


def _tester(table: Table):  # type: ignore[no-untyped-def]
    assert table.state.test is not None
    return table.state.test.tester


def test_step_7_deeper_understanding_rerolls_one_failed_die_for_fate() -> None:
    """Summary, Tests step 7: Fate and a wise reroll one failed die; the wise is checked."""
    table = _rolled(("snake", "snake", "sword"))
    table.do(cmd.DeeperUnderstanding("Saxon", "Weather-wise", faces=("axe",)))
    assert _tester(table).faces == ("axe", "snake", "sword")
    saxon = table.mouse("Saxon")
    assert saxon.fate == 1 and saxon.wise("Weather-wise").fate


def test_step_7_of_course_rerolls_every_failed_die_for_persona() -> None:
    """Summary, Tests step 7: Of Course! for a Persona point."""
    table = _rolled(("snake", "snake", "sword"))
    table.do(cmd.OfCourse("Saxon", "Weather-wise", faces=("sword", "snake")))
    assert _tester(table).faces == ("sword", "snake", "sword")
    assert table.mouse("Saxon").persona == 1
    assert table.mouse("Saxon").wise("Weather-wise").persona


def test_step_7_needs_a_wise_and_a_failure() -> None:
    table = _rolled(("sword", "sword", "axe"))
    with pytest.raises(RuleError, match="no failed die"):
        table.do(cmd.OfCourse("Saxon", "Weather-wise"))
    with pytest.raises(RuleError, match="no wise Cheese-wise"):
        table.do(cmd.DeeperUnderstanding("Saxon", "Cheese-wise"))


def test_step_8_fate_explodes_axes_and_new_axes_explode_again() -> None:
    """Summary, Tests step 8; sheet, Fate: every 6 rolls a new die."""
    table = _rolled(("axe", "snake", "snake"), ob=4)
    with pytest.raises(RuleError, match="1 axes and 1 new axes roll 2 dice; 1 faces"):
        table.do(cmd.Explode("Saxon", faces=("axe",)))
    table.do(cmd.Explode("Saxon", faces=("axe", "axe", "sword")))
    side = _tester(table)
    assert side.explosion == ("axe", "axe", "sword")
    assert side.successes == 4
    assert table.mouse("Saxon").fate == 1


def test_step_8_wises_come_before_axes() -> None:
    """Summary, Tests steps 7 then 8: no wise once the axes have exploded."""
    table = _rolled(("axe", "snake", "snake"))
    table.do(cmd.Explode("Saxon", faces=("sword",)))
    with pytest.raises(RuleError, match="already at step 8"):
        table.do(cmd.OfCourse("Saxon", "Weather-wise"))


def test_step_9_level_three_trait_adds_a_success() -> None:
    """Summary, Tests step 9: +1s."""
    table = patrol()
    table.do(cmd.BeginTest("Lieam", "Fighter", ob=3), cmd.Roll(faces=("sword", "sword", "snake")))
    table.do(cmd.LevelThree("Lieam", "Fearless"))
    assert table.state.test is not None and table.state.test.passed


def test_step_9_by_the_sheet_level_three_rerolls_failed_dice_once_a_session() -> None:
    """Sheet, Traits: level 3 rerolls failed dice (a ruleset option)."""
    table = patrol(switched(level_three="reroll"))
    table.do(cmd.BeginTest("Lieam", "Fighter", ob=3), cmd.Roll(faces=("sword", "snake", "snake")))
    table.do(cmd.LevelThree("Lieam", "Fearless", faces=("axe", "snake")))
    assert table.state.test is not None
    assert table.state.test.tester.faces == ("sword", "axe", "snake")
    assert table.mouse("Lieam").trait("Fearless").used


def _tie(table: Table) -> Table:
    table.do(
        cmd.BeginTest("Lieam", "Fighter", versus="Weasel", versus_dice=3),
        cmd.Roll(faces=("sword", "snake", "snake")),
        cmd.Roll(faces=("axe", "snake", "snake")),
    )
    assert table.state.test is not None and table.state.test.tied
    return table


def test_step_10_a_level_three_trait_breaks_the_tie() -> None:
    """Summary, Tests step 10, first branch."""
    table = _tie(patrol())
    with pytest.raises(RuleError, match="tied"):
        table.do(cmd.Resolve())
    table.do(cmd.BreakTie("Lieam", "Fearless", "level_three"))
    assert table.state.test is not None and table.state.test.passed


def test_step_10_a_trait_used_against_gives_the_tie_away_for_two_checks() -> None:
    """Summary, Tests step 10, second branch; sheet, Earning Checks."""
    table = _tie(patrol())
    table.do(cmd.BreakTie("Lieam", "Fearless", "against"))
    assert table.state.test is not None and not table.state.test.passed
    assert table.mouse("Lieam").trait("Fearless").checks == 2


def test_step_10_the_tiebreaker_roll_decides() -> None:
    """Summary, Tests step 10, third branch: Will, Health or Nature."""
    table = _tie(patrol())
    table.do(
        cmd.Tiebreaker(
            "Will", opponent_dice=2, faces=("sword", "sword", "snake", "snake"),
            opponent_faces=("sword", "snake"),
        )
    )  # fmt: skip
    assert table.state.test is not None and table.state.test.passed


def test_step_10_a_second_tie_is_a_failure() -> None:
    """Summary, Tests step 10: a second tie counts as failure."""
    table = _tie(patrol())
    table.do(
        cmd.Tiebreaker(
            "Health", opponent_dice=2, faces=("sword", "snake", "snake", "snake"),
            opponent_faces=("sword", "snake"),
        )
    )  # fmt: skip
    assert table.state.test is not None and not table.state.test.passed
    with pytest.raises(RuleError, match="no tie"):
        table.do(cmd.Tiebreaker("Will", opponent_dice=2))


def test_step_11_a_pass_checks_the_rating_and_helping_wises() -> None:
    """Summary, Tests step 11."""
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", ob=2),
        cmd.AddHelper("Saxon", "Kenzie", wise="Weather-wise"),
        cmd.Roll(faces=("sword", "sword", "snake", "snake")),
    )
    with pytest.raises(RuleError, match="no twist or condition"):
        table.do(cmd.Resolve("twist"))
    table.do(cmd.Resolve())
    assert table.mouse("Saxon").rating("Fighter").passes == 1
    assert table.mouse("Kenzie").wise("Weather-wise").passed
    assert table.state.last is not None and table.state.last.passed


def test_step_12_a_condition_is_shared_by_skill_helpers_not_wise_helpers() -> None:
    """Summary, Tests step 12."""
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", ob=4),
        cmd.AddHelper("Saxon", "Kenzie", skill="Fighter"),
        cmd.AddHelper("Saxon", "Lieam", wise="Weather-wise"),
        cmd.Roll(faces=("sword", "snake", "snake", "snake", "snake")),
    )
    with pytest.raises(RuleError, match="twist or a condition"):
        table.do(cmd.Resolve())
    table.do(cmd.Resolve("condition", "tired"))
    assert table.mouse("Saxon").rating("Fighter").fails == 1
    assert table.mouse("Saxon").conditions == ("tired",)
    assert table.mouse("Kenzie").conditions == ("tired",)
    assert table.mouse("Lieam").conditions == ()
    assert table.mouse("Lieam").wise("Weather-wise").failed


def test_step_12_a_twist_marks_the_fail_only() -> None:
    table = _rolled(("snake", "snake", "sword"))
    table.do(cmd.Resolve("twist"))
    assert table.mouse("Saxon").rating("Fighter").fails == 1
    assert table.mouse("Saxon").conditions == ()


def test_versus_winner_passes_and_character_opponent_fails() -> None:
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", versus="Kenzie", versus_rating="Scout"),
        cmd.Roll(faces=("snake", "sword")),
        cmd.Roll(faces=("sword", "sword", "snake")),
        cmd.Resolve(),
    )
    assert table.mouse("Saxon").rating("Fighter").passes == 1
    assert table.mouse("Kenzie").rating("Scout").fails == 1


def test_acting_against_nature_taxes_it_by_the_margin() -> None:
    """Sheet, Nature rules: acting against Nature."""
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", ob=4, nature="against"),
        cmd.Roll(faces=("sword", "snake", "snake")),
        cmd.Resolve("twist"),
    )
    saxon = table.mouse("Saxon")
    assert saxon.rating("Nature").rating == 0
    assert saxon.rating("Nature").fails == 1
    assert saxon.nature_max == 3


def test_w4_one_side_exploding_leaves_the_other_sides_wises_open() -> None:
    """Summary, Tests steps 7 and 8, per side: Kenzie's axes (step 8) do not close
    Saxon's Of Course! (step 7), though Kenzie's own wises are past."""
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", versus="Kenzie", versus_rating="Scout"),
        cmd.Roll(faces=("axe", "snake")),
        cmd.Roll(faces=("snake", "sword", "snake")),
        cmd.Explode("Kenzie", faces=("sword",)),
    )
    table.do(cmd.OfCourse("Saxon", "Weather-wise", faces=("sword", "axe")))
    assert _tester(table).faces == ("sword", "sword", "axe")
    with pytest.raises(RuleError, match="already at step 8"):
        table.do(cmd.OfCourse("Kenzie", "Weather-wise", faces=("sword",)))


def test_step_10_a_second_tie_fails_both_mice() -> None:
    """Summary, Tests step 10: "If a second tie, count as failure": neither side wins,
    so a mouse opponent is marked failed too, not passed."""
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", versus="Kenzie", versus_rating="Scout"),
        cmd.Roll(faces=("sword", "snake")),
        cmd.Roll(faces=("sword", "snake", "snake")),
        cmd.Tiebreaker(
            "Will", opponent_ability="Will", faces=("sword", "snake", "snake", "snake"),
            opponent_faces=("axe", "snake", "snake", "snake"),
        ),
    )  # fmt: skip
    view = table.game.view(table.state)["test"]
    assert view is not None and view["winner"] == "neither" and view["passed"] is False
    table.do(cmd.Resolve("twist"))
    fighter, scout = table.mouse("Saxon").rating("Fighter"), table.mouse("Kenzie").rating("Scout")
    assert (fighter.passes, fighter.fails) == (0, 1)
    assert (scout.passes, scout.fails) == (0, 1)
