"""Traits, help and wises in a conflict's action tests (issue 22, item 1).

The summary's Conflicts, step 7b ("Make Action Tests (follow Test rules)") brings
in the Tests' steps 2-4: a trait used against (-1D for a check, or +2D to the
opponent of a versus test for two), a trait used for (+1D), and help "for a
relevant Wise or Skill/Ability", with the sheet's I Am Wise.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rules.mouse_guard.conflict_support import conflict, fight, hits, keep_rolls, script
from rules.mouse_guard.mg_session import journalled, refused, same_after_replay
from rules.mouse_guard.mg_support import Table, sheet

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.state import ActionTest, Aid
from tablekit.rules.mouse_guard.ruleset import shipped_ruleset


def patrol_test(table: Table) -> ActionTest:
    exchange = conflict(table).exchange
    assert exchange is not None
    test = exchange.test_of("patrol")
    assert test is not None
    return test


def independent(table: Table) -> None:
    """Attack meets Attack: each side tests on its own (Saxon: Fighter 3)."""
    script(table, ("attack",) * 3, ("attack",) * 3)
    table.do(ccmd.Reveal())


def test_a_trait_for_adds_a_die_the_roll_takes(tmp_path: Path) -> None:
    """Summary, Tests step 3: "If you have relevant unused level 1 or 2 Trait to Use For,
    then add +1D. Check the trait as used." The action's roll takes the bigger pool."""
    table = fight()
    independent(table)
    assert "mg.action_trait_for" in table.game.legal_commands(table.state)
    table.do(ccmd.ActionTraitFor("patrol", "Brave"))
    assert patrol_test(table).pool(3) == 4 and patrol_test(table).trait_for == "Brave"
    assert table.mouse("Saxon").trait("Brave").used
    with pytest.raises(RuleError, match="one trait for a test"):
        table.do(ccmd.ActionTraitFor("patrol", "Quick"))
    table.do(ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 4))))
    keep_rolls(table)
    assert conflict(table).history[-1].tests[1].faces == tuple(hits(1, 4))


def test_a_used_trait_or_a_level_three_trait_is_not_used_for() -> None:
    """Summary, Tests step 3: an *unused* level 1 or 2 trait; a level 3 trait helps at
    step 9 instead."""
    table = fight(("Lieam",))
    independent(table)
    with pytest.raises(RuleError, match="Fearless is level 3"):
        table.do(ccmd.ActionTraitFor("patrol", "Fearless"))
    other = fight()
    other.do(cmd.EarnChecks("Saxon", "Brave", 1))
    independent(other)
    other.do(ccmd.ActionTraitFor("patrol", "Brave"))
    other.do(ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    other.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 4))))
    keep_rolls(other)
    other.do(ccmd.Reveal())
    with pytest.raises(RuleError, match="Brave has already been used this session"):
        other.do(ccmd.ActionTraitFor("patrol", "Brave"))


def test_a_trait_against_takes_a_die_for_a_check(tmp_path: Path) -> None:
    """Summary, Tests step 2: "take -1D to gain one trait check"; and a trait used against
    is not then used for the same test."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon")))
    session.apply(ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasel", gm_dice=4))
    session.apply(ccmd.SetDisposition("gm", 8))
    session.apply(ccmd.SetDisposition("patrol", 8))
    for action in ("attack",) * 3:
        session.apply(ccmd.Script("gm", action))
    session.apply(ccmd.Lock("gm"))
    for action in ("attack",) * 3:
        session.apply(ccmd.Script("patrol", action))
    session.apply(ccmd.Lock("patrol"))
    session.apply(ccmd.Reveal())
    session.apply(ccmd.ActionTraitAgainst("patrol", "Brave"))
    view = session.view()["conflict"]
    assert view is not None and view["exchange"] is not None
    tested = view["exchange"]["tests"][1]
    assert (tested["pool"], tested["trait_against"]) == (2, "Brave")
    assert session.state.character("Saxon").trait("Brave").checks == 1  # type: ignore[union-attr]
    refused(session, ccmd.ActionTraitFor("patrol", "Brave"), "already been used in this test")
    refused(session, ccmd.ActionTraitAgainst("patrol", "Quick"), "one trait against a test")
    refused(session, ccmd.ActionTraitAgainst("gm", "Brave"), "Weasel has no character sheet")
    same_after_replay(session)


def test_a_versus_trait_against_gives_the_opponent_two_dice_before_it_rolls() -> None:
    """Summary, Tests step 2: "if a versus test, you may give opponent +2D and gain two
    trait checks"; the GM rolls first (step 6), so only before its roll."""
    table = fight()
    script(table, ("attack",) * 3, ("defend",) * 3)
    table.do(ccmd.Reveal())
    table.do(ccmd.ActionTraitAgainst("patrol", "Brave", opponent_bonus=True))
    exchange = conflict(table).exchange
    assert exchange is not None
    gm = exchange.test_of("gm")
    assert gm is not None and gm.pool(4) == 6
    assert table.mouse("Saxon").trait("Brave").checks == 2
    table.do(ccmd.RollAction("gm", faces=tuple(hits(1, 6))))
    with pytest.raises(RuleError, match="one trait against a test"):
        table.do(ccmd.ActionTraitAgainst("patrol", "Quick", opponent_bonus=True))
    late = fight()
    script(late, ("attack",) * 3, ("defend",) * 3)
    late.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(1, 4))))
    with pytest.raises(RuleError, match="can no longer change"):
        late.do(ccmd.ActionTraitAgainst("patrol", "Brave", opponent_bonus=True))
    alone = fight()
    independent(alone)
    with pytest.raises(RuleError, match="Only a versus test"):
        alone.do(ccmd.ActionTraitAgainst("patrol", "Brave", opponent_bonus=True))


def test_a_level_three_trait_used_against_an_action_adds_no_success() -> None:
    """Summary, Tests steps 2 and 9 (issue 22, item 4, in a conflict): the trait that
    hindered this action does not help it too."""
    table = fight(("Lieam",))
    independent(table)
    table.do(ccmd.ActionTraitAgainst("patrol", "Fearless"))
    table.do(ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 2))))
    assert patrol_test(table).rolled
    with pytest.raises(RuleError, match="already been used in this test"):
        table.do(ccmd.ActionLevelThree("patrol", "Fearless"))


def test_help_names_its_skill_or_wise_and_i_am_wise() -> None:
    """Summary, Tests step 4: "Helpers may add +1D for a relevant Wise or Skill/Ability";
    sheet, Basic Dice Rules: "I Am Wise: You may add +1D by incorporating one of your
    related wises"."""
    table = fight(("Saxon", "Kenzie"))
    independent(table)
    with pytest.raises(RuleError, match="name one"):
        table.do(ccmd.HelpAction("patrol", "Kenzie"))
    with pytest.raises(RuleError, match="Kenzie has no Healer to help with"):
        table.do(ccmd.HelpAction("patrol", "Kenzie", skill="Healer"))
    with pytest.raises(RuleError, match="the actor adds only a wise of its own"):
        table.do(ccmd.HelpAction("patrol", "Saxon", skill="Fighter"))
    table.do(ccmd.HelpAction("patrol", "Kenzie", wise="weather-wise"))
    table.do(ccmd.HelpAction("patrol", "Saxon", wise="Weather-wise"))
    with pytest.raises(RuleError, match="already adds a wise of its own"):
        table.do(ccmd.HelpAction("patrol", "Saxon", wise="Weather-wise"))
    test = patrol_test(table)
    assert test.aids == (Aid("Kenzie", "Weather-wise", True), Aid("Saxon", "Weather-wise", True))
    assert test.pool(3) == 5
    table.do(ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(2, 5))))
    keep_rolls(table)
    marks = [e for e in table.events if isinstance(e, ev.WiseMarked)]
    assert ev.WiseMarked("Kenzie", "Weather-wise", "passed") in marks
    assert ev.WiseMarked("Saxon", "Weather-wise", "passed") in marks


def test_a_rabbits_trait_against_in_a_conflict_earns_a_check_only_in_the_gms_turn() -> None:
    """Regelhuskeark, Checks: "Man kan tjene checks i GM-turen" (issue 22, item 8)."""
    rabbits = shipped_ruleset("regelhuskeark")
    for phase, earned in (("players_turn", 0), ("gm_turn", 1)):
        table = Table(rabbits)
        traits = [{"name": "Modig", "level": 1}]
        table.do(cmd.AddCharacter(sheet("Hazel", traits=traits)), cmd.SetPhase(phase))  # type: ignore[arg-type]
        before = table.mouse("Hazel").trait("Modig").checks
        table.do(ccmd.BeginConflict("fight", ("Hazel",), "Hazel", "Ræv", gm_dice=3))
        table.do(ccmd.SetDisposition("gm", 5), ccmd.SetDisposition("patrol", 5))
        independent(table)
        table.do(ccmd.ActionTraitAgainst("patrol", "Modig"))
        assert table.mouse("Hazel").trait("Modig").checks == before + earned
        assert patrol_test(table).pool(3) == 2
