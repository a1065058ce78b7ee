"""The test procedure, step by step, from the summary's Tests section (steps 1-12)."""

from __future__ import annotations

import pytest
from rules.mouse_guard.mg_support import GAME, Table, patrol, sheet, switched

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.evolve import evolve
from tablekit.session import codec


def _pool(table: Table, which: str = "tester") -> int:
    assert table.state.test is not None
    return table.state.test.side(which).pool


def test_step_1_base_pool_from_a_skill_an_ability_or_nature() -> None:
    """Summary, Tests step 1."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    assert _pool(table) == 3
    table.do(cmd.CancelTest(), cmd.BeginTest("Saxon", "Will", ob=2))
    assert _pool(table) == 4
    table.do(cmd.CancelTest(), cmd.BeginTest("Saxon", "Scout", ob=2, nature="within"))
    assert _pool(table) == 3
    assert table.state.test is not None and table.state.test.tester.tested == "Nature"


def test_step_2_trait_against_costs_a_die_for_one_check() -> None:
    """Summary, Tests step 2; sheet, Earning Checks (1 for -1D)."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2), cmd.UseTraitAgainst("Saxon", "Brave"))
    assert _pool(table) == 2
    assert table.mouse("Saxon").trait("Brave").checks == 1


def test_step_2_in_a_versus_test_gives_the_opponent_two_dice_for_two_checks() -> None:
    """Summary, Tests step 2; sheet, Earning Checks (2 for +2D to the opponent)."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", versus="Weasel", versus_dice=4))
    table.do(cmd.UseTraitAgainst("Saxon", "Brave", opponent_bonus=True))
    assert _pool(table, "opponent") == 6
    assert _pool(table) == 3
    assert table.mouse("Saxon").checks == 2


def test_step_2_opponent_bonus_needs_a_versus_test() -> None:
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    with pytest.raises(RuleError, match="versus"):
        table.do(cmd.UseTraitAgainst("Saxon", "Brave", opponent_bonus=True))


def test_step_3_trait_for_adds_a_die_and_is_used_for_the_session() -> None:
    """Summary, Tests step 3: an unused level 1 or 2 trait, checked as used."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2), cmd.UseTraitFor("Saxon", "Quick"))
    assert _pool(table) == 4
    assert table.mouse("Saxon").trait("Quick").used
    table.do(cmd.Roll(faces=["sword", "axe", "snake", "snake"]), cmd.Resolve())
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    with pytest.raises(RuleError, match="already been used this session"):
        table.do(cmd.UseTraitFor("Saxon", "Quick"))


def test_step_3_by_the_sheet_a_level_two_trait_helps_every_roll() -> None:
    """Sheet, Traits: level 2 is +1D per roll (a ruleset option)."""
    table = patrol(switched(level_two_every_roll=True))
    for _ in range(2):
        table.do(cmd.BeginTest("Saxon", "Fighter", ob=2), cmd.UseTraitFor("Saxon", "Quick"))
        assert _pool(table) == 4
        table.do(cmd.CancelTest())
    assert not table.mouse("Saxon").trait("Quick").used


def test_step_3_a_level_three_trait_is_not_used_for_dice() -> None:
    table = patrol()
    table.do(cmd.BeginTest("Lieam", "Fighter", ob=2))
    with pytest.raises(RuleError, match="level 3"):
        table.do(cmd.UseTraitFor("Lieam", "Fearless"))


def test_steps_go_only_forward() -> None:
    """The summary's order: no trait against once help is in."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    table.do(cmd.AddHelper("Saxon", "Kenzie", skill="Fighter"))
    with pytest.raises(RuleError, match="already at step 4"):
        table.do(cmd.UseTraitAgainst("Saxon", "Brave"))


def test_step_4_helpers_add_a_die_each_with_skill_or_wise() -> None:
    """Summary, Tests step 4."""
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", ob=2),
        cmd.AddHelper("Saxon", "Kenzie", skill="Fighter"),
        cmd.AddHelper("Saxon", "Lieam", wise="Weather-wise"),
    )
    assert _pool(table) == 5
    assert table.state.test is not None
    helpers = table.state.test.tester.helpers
    assert [(h.name, h.via, h.wise) for h in helpers] == [
        ("Kenzie", "Fighter", False),
        ("Lieam", "Weather-wise", True),
    ]


def test_step_4_a_helper_needs_the_skill_or_wise() -> None:
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    with pytest.raises(RuleError, match="no Healer to help with"):
        table.do(cmd.AddHelper("Saxon", "Kenzie", skill="Healer"))
    with pytest.raises(RuleError, match="already in this test"):
        table.do(cmd.AddHelper("Saxon", "Saxon", skill="Fighter"))


def test_step_4_i_am_wise_adds_a_die_from_the_rollers_own_wise_once() -> None:
    """Character sheet, basic dice rules (I Am Wise): +1D from one of your own related wises."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2))
    table.do(cmd.AddHelper("Saxon", "Saxon", wise="Weather-wise"))
    assert _pool(table) == 3 + 1
    with pytest.raises(RuleError, match="already adds a wise of its own"):
        table.do(cmd.AddHelper("Saxon", "Saxon", wise="Weather-wise"))
    with pytest.raises(RuleError, match="already in this test"):
        table.do(cmd.AddHelper("Saxon", "Saxon", skill="Fighter"))
    table.do(cmd.Roll(faces=("axe", "sword", "snake", "snake")), cmd.Resolve())
    assert table.mouse("Saxon").wise("Weather-wise").passed  # marked like a helping wise


def test_step_5_persona_adds_nature_and_outside_nature_taxes_one() -> None:
    """Summary, Tests step 5; sheet, Nature rules (Tapping Nature)."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2), cmd.TapNature("Saxon", within=False))
    assert _pool(table) == 6
    saxon = table.mouse("Saxon")
    assert saxon.persona == 1
    assert saxon.rating("Nature").rating == 2


def test_step_5_nature_is_never_tapped_for_resources_or_circles() -> None:
    table = patrol()
    table.do(cmd.SetRating("Saxon", "Resources", 2), cmd.BeginTest("Saxon", "Resources", ob=1))
    with pytest.raises(RuleError, match="cannot be tapped for Resources"):
        table.do(cmd.TapNature("Saxon"))


def test_step_5_each_persona_point_spent_adds_a_die() -> None:
    """Character sheet, Persona box: one die per point spent (or tap Nature instead)."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2), cmd.PersonaDice("Saxon", 2))
    assert _pool(table) == 3 + 2
    assert table.mouse("Saxon").persona == 0
    with pytest.raises(RuleError, match="1 to 0 Persona points, not 1"):
        table.do(cmd.PersonaDice("Saxon", 1))


def test_step_5_persona_dice_cannot_be_spent_after_the_roll() -> None:
    """Summary, Tests: the pool is built before step 6's roll."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2), cmd.Roll(faces=("axe", "snake", "snake")))
    with pytest.raises(RuleError):
        table.do(cmd.PersonaDice("Saxon", 1))
    assert table.mouse("Saxon").persona == 2


def test_step_6_the_gm_rolls_first_in_a_versus_test() -> None:
    """Summary, Tests step 6."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", versus="Weasel", versus_dice=2))
    table.do(cmd.Roll(faces=("axe", "snake")))
    assert table.state.test is not None
    assert table.state.test.opponent is not None and table.state.test.opponent.rolled
    assert not table.state.test.tester.rolled
    with pytest.raises(RuleError, match="3 dice; 2 faces"):
        table.do(cmd.Roll(faces=(6, 1)))


def test_step_6_faces_by_pips_or_names() -> None:
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", ob=2), cmd.Roll(faces=(1, "4", "axe")))
    assert table.state.test is not None
    assert table.state.test.tester.faces == ("snake", "sword", "axe")


def test_w4_each_side_of_a_versus_test_keeps_its_own_step() -> None:
    """Summary, Tests steps 2-4: each side builds its own pool in order, so the
    opponent's helper (step 4) leaves the tester's trait against (step 2) open."""
    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Fighter", versus="Kenzie", versus_rating="Scout"),
        cmd.AddHelper("Kenzie", "Lieam", skill="Scout"),
    )
    table.do(cmd.UseTraitAgainst("Saxon", "Brave"))
    assert _pool(table) == 2 and _pool(table, "opponent") == 3
    assert table.state.test is not None
    assert table.state.test.tester.step == 2 and table.state.test.opponent is not None
    assert table.state.test.opponent.step == 4 and table.state.test.step == 4
    view = table.game.view(table.state)["test"]
    assert view is not None and view["tester"]["step"] == 2 and view["step"] == 4
    with pytest.raises(RuleError, match="already at step 4"):
        table.do(cmd.UseTraitAgainst("Kenzie", "Brave"))


def test_w4_an_older_journals_step_without_a_side_moves_both_sides() -> None:
    """Journals written before each side kept its step still replay, as they were played."""
    table = patrol()
    table.do(cmd.BeginTest("Saxon", "Fighter", versus="Kenzie", versus_rating="Scout"))
    event = codec.from_json('{"type": "mg.step_reached", "step": 4}', codec.registry(GAME.events))
    test = evolve(table.state, event).test
    assert test is not None and test.opponent is not None
    assert (test.step, test.tester.step, test.opponent.step) == (4, 4, 4)


def test_steps_2_and_3_one_trait_against_and_one_for_per_side() -> None:
    """Summary, Tests steps 2 and 3 speak of "a trait": one used against and one used
    for, per side and per test; the other side of a versus test has its own."""
    table = Table()
    traits = [{"name": n, "level": 1} for n in ("Brave", "Bold", "Quick")]
    table.do(cmd.AddCharacter(sheet("Saxon", traits=traits)), cmd.AddCharacter(sheet("Kenzie")))
    table.do(cmd.BeginTest("Saxon", "Fighter", versus="Kenzie", versus_rating="Scout"))
    table.do(cmd.UseTraitAgainst("Saxon", "Brave", opponent_bonus=True))
    with pytest.raises(RuleError, match="one trait against"):
        table.do(cmd.UseTraitAgainst("Saxon", "Bold"))
    table.do(cmd.UseTraitAgainst("Kenzie", "Brave"))
    table.do(cmd.UseTraitFor("Saxon", "Bold"))
    with pytest.raises(RuleError, match="one trait for"):
        table.do(cmd.UseTraitFor("Saxon", "Quick"))
    assert _pool(table) == 3 + 1 and table.mouse("Saxon").checks == 2
    assert "mg.use_trait_against" not in table.game.legal_commands(table.state)
