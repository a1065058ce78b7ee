"""Rules an outside audit found read wrongly against the seeds (issue 22): who rolls first
in a conflict's versus action, a level 3 trait that hinders and helps one test, the phase
during a conflict, and the rabbits' checks and trait levels.

Each test cites the seed section it follows; a refusal changes nothing (``refused``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import msgspec
import pytest
from clocks import TEST_CLOCK
from rules.mouse_guard.conflict_support import conflict, fight, hits, keep_rolls, script
from rules.mouse_guard.mg_session import journalled, refused
from rules.mouse_guard.mg_support import Table, patrol, sheet

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.ruleset import Ruleset, shipped_ruleset

RABBITS = shipped_ruleset("regelhuskeark")


def test_the_gm_rolls_first_in_a_versus_action() -> None:
    """Summary, Tests step 6: "ROLL THE DICE! (GM rolls first)", which action tests follow
    (Conflicts, step 7b: "Make Action Tests (follow Test rules)")."""
    table = fight()
    script(table, ("attack", "attack", "attack"), ("defend", "defend", "defend"))
    table.do(ccmd.Reveal())
    exchange = conflict(table).exchange
    assert exchange is not None and exchange.versus
    with pytest.raises(RuleError, match="the GM rolls first"):
        table.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 3))))
    table.do(ccmd.RollAction("gm", faces=tuple(hits(1, 4))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(2, 3))))
    exchange = conflict(table).exchange
    assert exchange is not None and exchange.rolled


def test_an_independent_action_may_be_rolled_in_either_order() -> None:
    """Sheet, Action Interactions: "I = Independent action. Test both separately": no
    opponent's roll to wait for."""
    table = fight()
    script(table, ("attack", "attack", "attack"), ("attack", "attack", "attack"))
    table.do(ccmd.Reveal(), ccmd.RollAction("patrol", faces=tuple(hits(1, 3))))
    assert conflict(table).exchange is not None


def test_a_level_three_trait_used_against_cannot_add_its_success(tmp_path: Path) -> None:
    """Summary, Tests steps 2 and 9: a trait used against the mouse takes a die for a check;
    the same trait cannot then add its level 3 success to the same test, as a level 2
    trait used against cannot be used for it."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon", traits=[{"name": "Bold", "level": 3}])))
    session.apply(cmd.BeginTest("Saxon", "Fighter", ob=2))
    session.apply(cmd.UseTraitAgainst("Saxon", "Bold"))
    session.apply(cmd.Roll(faces=["sword", "snake"]))
    assert session.view()["test"]["options"]["level_three"] is False  # type: ignore[index]
    refused(session, cmd.LevelThree("Saxon", "Bold"), "Bold has already been used in this test")


def test_a_level_three_trait_used_against_cannot_win_the_tie() -> None:
    """Summary, Tests step 10: a level 3 trait breaks a tie in the mouse's favour; the trait
    that already hindered this test is not one of them."""
    table = patrol()
    table.do(
        cmd.BeginTest("Lieam", "Scout", versus="Owl", versus_dice=2),
        cmd.UseTraitAgainst("Lieam", "Fearless"),
        cmd.Roll(faces=["sword", "snake"]),
        cmd.Roll(faces=["sword"]),
    )
    with pytest.raises(RuleError, match="already been used in this test"):
        table.do(cmd.BreakTie("Lieam", "Fearless", "level_three"))


def test_the_phase_stays_while_a_conflict_is_in_progress(tmp_path: Path) -> None:
    """Summary, Game Structure 4.a.i: a conflict is one of the GM's turn's obstacles, so the
    session moves on once it is over (and a winter session's trait changes wait)."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon")))
    session.apply(cmd.SetPhase("gm_turn"))
    session.apply(ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasel", gm_dice=3))
    assert "mg.set_phase" not in session.view()["legal"]
    refused(session, cmd.SetPhase("winter"), "End the conflict before moving on")
    session.apply(ccmd.EndConflict())
    session.apply(cmd.SetPhase("winter"))
    assert session.view()["phase"] == "winter"


def rabbit(table: Table, phase: str) -> None:
    """Hazel, a rabbit with Scout 3 and the trait Modig, tests Scout in ``phase``."""
    table.do(
        cmd.AddCharacter(
            {
                "name": "Hazel",
                "ratings": [{"name": "Scout", "rating": 3}],
                "traits": [{"name": "Modig", "level": 1}],
            }
        ),
        cmd.SetPhase(phase),  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(("phase", "earned"), [("players_turn", 0), ("gm_turn", 1)])
def test_rabbits_earn_checks_only_in_the_gms_turn(phase: str, earned: int) -> None:
    """Regelhuskeark, Checks: "Man kan tjene checks i GM-turen ved at: Lade trait
    modarbejde (1 check)": outside the GM's turn the trait still takes its die, for no
    check."""
    table = Table(RABBITS)
    rabbit(table, phase)
    before = table.mouse("Hazel").checks
    events = table.do(cmd.BeginTest("Hazel", "Scout", ob=1), cmd.UseTraitAgainst("Hazel", "Modig"))
    assert table.state.test is not None and table.state.test.tester.pool == 2
    assert [e for e in events if isinstance(e, ev.ChecksEarned)] == (
        [ev.ChecksEarned("Hazel", "Modig", 1)] if earned else []
    )
    assert table.mouse("Hazel").checks == before + earned - (phase == "players_turn")


def test_a_rabbit_giving_a_tie_away_outside_the_gms_turn_earns_nothing() -> None:
    """Regelhuskeark, Checks: "Lad modstanderen vinde uafgjort (2 checks)" is one of the
    ways checks are earned in the GM's turn."""
    table = Table(RABBITS)
    rabbit(table, "players_turn")
    table.do(
        cmd.BeginTest("Hazel", "Scout", versus="Ræv", versus_dice=2),
        cmd.Roll(faces=["sword", "snake"]),
        cmd.Roll(faces=["sword", "snake", "snake"]),
    )
    events = table.do(cmd.BreakTie("Hazel", "Modig", "against"))
    assert not [e for e in events if isinstance(e, ev.ChecksEarned)]
    assert table.state.test is not None and table.state.test.winner == "opponent"


def test_mouse_guard_still_earns_checks_in_the_players_turn() -> None:
    """Sheet, Earning Checks: "1: -1D to your ind. or vs. test", with no turn named."""
    table = patrol()
    table.do(cmd.SetPhase("players_turn"), cmd.BeginTest("Saxon", "Fighter", ob=1))
    events = table.do(cmd.UseTraitAgainst("Saxon", "Brave"))
    assert ev.ChecksEarned("Saxon", "Brave", 1) in events


def test_a_rabbit_sheet_cannot_bring_a_trait_above_level_one(tmp_path: Path) -> None:
    """Regelhuskeark, Traits: "Traits tillader dig en gang per session at rulle en ekstra
    terning": one level, read as the ruleset's ``traits.max_level`` 1, on a whole sheet
    as on ``mg.set_trait``."""
    from tablekit.rules.mouse_guard.game import MouseGuard
    from tablekit.session import Journal, Session

    session = Session.create(
        Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK), "warren", MouseGuard(RABBITS)
    )
    big = {"name": "Hazel", "traits": [{"name": "Stor", "level": 3}]}
    refused(session, cmd.AddCharacter(big), "Hazel's trait Stor is level 3; a trait is level 1")  # type: ignore[arg-type]
    session.apply(cmd.AddCharacter({"name": "Hazel", "traits": [{"name": "Stor", "level": 1}]}))  # type: ignore[arg-type]


def test_level_three_is_refused_where_the_rules_have_no_level_three() -> None:
    """Regelhuskeark, Traits: one extra die once a session; a level 3 trait kept on a sheet
    from before the check (a journal's) adds no success in these rules."""
    from tablekit.rules.mouse_guard.character import Trait

    table = Table(RABBITS)
    rabbit(table, "gm_turn")
    hazel = table.mouse("Hazel")
    table.state = table.state.with_character(replace(hazel, traits=(Trait("Stor", 3),)))
    table.do(cmd.BeginTest("Hazel", "Scout", ob=1), cmd.Roll(faces=["sword", "snake", "snake"]))
    with pytest.raises(RuleError, match="These rules have no level 3 traits"):
        table.do(cmd.LevelThree("Hazel", "Stor"))
    assert table.state.test is not None and table.state.test.tester.bonus == 0


def _injured_test(rules: Ruleset | None, rating: str) -> list[tuple[str, int]]:
    """The modifiers an Injured character's test of ``rating`` (at 3) begins with."""
    table = Table(rules)
    ratings = [{"name": name, "rating": 3} for name in ("Resources", "Circles", "Will", "Scout")]
    table.do(
        cmd.AddCharacter({"name": "Hazel", "ratings": ratings, "conditions": ["injured"]}),  # type: ignore[arg-type]
        cmd.BeginTest("Hazel", rating, ob=1),
    )
    assert table.state.test is not None
    return [(m.reason, m.dice) for m in table.state.test.tester.modifiers]


@pytest.mark.parametrize("rating", ["Resources", "Circles", "Will", "Scout"])
def test_a_rabbits_wound_takes_a_die_from_every_skill_and_ability(rating: str) -> None:
    """Regelhuskeark, Conditions: "Såret (ob 4 health) -1D til skills og attributter", with
    no exception: Resources and Circles lose their die as Will and Scout do."""
    assert _injured_test(RABBITS, rating) == [("injured", -1)]


@pytest.mark.parametrize(
    ("rating", "touched"),
    [("Resources", False), ("Circles", False), ("Will", True), ("Scout", True)],
)
def test_a_mouses_wound_spares_resources_and_circles(rating: str, touched: bool) -> None:
    """Sheet, Conditions: "INJURED ... -1D to skills, Nature, Will and Health (but not
    recovery)": Resources and Circles are none of those."""
    assert _injured_test(None, rating) == ([("injured", -1)] if touched else [])


def test_which_tests_a_condition_touches_is_the_ruleset_files() -> None:
    """The shipped files say it, each from its own text (``spares``); a table's own file
    that leaves the key out keeps the engine's older reading (Nature's untapped ratings)."""
    mice = shipped_ruleset("mouse-guard")
    assert [mice.spared(c) for c in mice.conditions if c.dice_penalty] == [
        ("Resources", "Circles"),
        ("Resources", "Circles"),
    ]
    assert [RABBITS.spared(c) for c in RABBITS.conditions if c.dice_penalty] == [(), ()]
    older = msgspec.structs.replace(
        RABBITS,
        conditions=tuple(msgspec.structs.replace(c, spares=None) for c in RABBITS.conditions),
    )
    assert older.dice_penalty(("injured",), "Circles") == 0
    assert older.dice_penalty(("injured",), "Resources") == 1


def shielded(conflict: str = "fight", **extra: str) -> Table:
    """Saxon (Health 4, Fighter 3) carries a shield against a weasel's 3D."""
    table = Table()
    table.do(
        cmd.AddCharacter(
            sheet(
                "Saxon", ratings=[{"name": "Health", "rating": 4}, {"name": "Fighter", "rating": 3}]
            )
        ),  # fmt: skip
        ccmd.BeginConflict(conflict, ("Saxon",), "Saxon", "Weasel", gm_dice=3, **extra),  # type: ignore[arg-type]
        ccmd.Arm("patrol", "Saxon", "shield"),
    )
    return table


def test_a_shield_takes_a_die_from_its_bearers_health_rolls() -> None:
    """Sheet, Sample Weapons: "Shield | — | +2D | — | — | -1D Health": +2D to Defend, and
    one die fewer whenever the bearer rolls Health (here an other conflict on Health)."""
    table = shielded("other", skill="Health", ability="Health")
    table.do(ccmd.SetDisposition("gm", 9), ccmd.SetDisposition("patrol", 9))
    script(table, ("attack", "attack", "attack"), ("attack", "defend", "defend"))
    table.do(ccmd.Reveal())
    view = table.game.view(table.state)["conflict"]
    assert view is not None and view["exchange"] is not None
    assert view["exchange"]["tests"][1]["pool"] == 3  # Health 4, -1D for the shield
    assert {"ability": "Health", "dice": -1} in next(
        w["costs"] for w in view["armoury"] if w["weapon"] == "shield"
    )


def test_a_shield_bearers_health_tiebreaker_rolls_a_die_fewer() -> None:
    """Sheet, Sample Weapons (Shield, -1D Health) and the summary's Tests step 10: a
    tiebreaker of Health is a Health roll."""
    table = shielded()
    table.do(ccmd.SetDisposition("gm", 9), ccmd.SetDisposition("patrol", 9))
    script(table, ("feint",) * 3, ("feint",) * 3)
    table.do(ccmd.Reveal())
    table.do(ccmd.RollAction("gm", faces=tuple(hits(1, 3))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 3))))
    keep_rolls(table)  # Saxon could still use his wise
    exchange = conflict(table).exchange
    assert exchange is not None and exchange.tied
    with pytest.raises(RuleError, match="needs 3 dice"):
        table.do(ccmd.ActionTiebreaker(patrol_ability="Health", gm_faces=tuple(hits(0, 3)),
                                       patrol_faces=tuple(hits(0, 4))))  # fmt: skip
    table.do(ccmd.ActionTiebreaker(patrol_ability="Health", gm_faces=tuple(hits(0, 3)),
                                   patrol_faces=tuple(hits(1, 3))))  # fmt: skip
    settled = conflict(table).history[-1]
    assert settled.tie_winner == "patrol"


def test_a_shield_leaves_a_health_disposition_alone() -> None:
    """Sheet, Starting Disposition: the skill's successes go on the ability's rating: the
    Health rating is not a Health roll, so the shield's -1D does not touch it."""
    table = shielded()
    events = table.do(ccmd.RollDisposition("patrol", ability="Health", faces=tuple(hits(1, 3))))
    started = next(e for e in events if isinstance(e, cev.DispositionSet))
    assert started.parts[:2] == (cev.Part("Health", 4), cev.Part("Fighter", 1))


def test_the_rabbits_readings_of_their_silent_text_hold() -> None:
    """Regelhuskeark, where its text is silent (docs/rulesets.md, the ruleset's readings):
    acting against Nature and succeeding costs nothing ("Hvis du fejler falder din Nature
    med margin of failure"); Fate's 6s stay ("slå alle 6'ere igen"); Såret spares a
    recovery test; Bange ("skal have ro og tryghed") goes without a roll; every rabbit
    gets the players' turn's free check."""
    assert set(RABBITS.readings) == {
        "against_success_untaxed",
        "fate_keeps_sixes",
        "recovery_spared",
        "free_recovery",
        "free_check",
    }
    table = Table(RABBITS)
    hazel = {"name": "Hazel", "ratings": [{"name": "Nature", "rating": 3},
             {"name": "Health", "rating": 3}], "conditions": ["afraid", "injured"]}  # fmt: skip
    table.do(cmd.AddCharacter(hazel))  # type: ignore[arg-type]
    table.do(cmd.BeginTest("Hazel", "Scout", ob=1, nature="against"))
    table.do(cmd.Roll(faces=["axe", "snake"]), cmd.Explode("Hazel", faces=["sword"]))
    assert table.state.test is not None and table.state.test.tester.faces == ("axe", "snake")
    assert table.state.test.tester.successes == 2
    table.do(cmd.Resolve())
    assert table.mouse("Hazel").rating("Nature").rating == 3
    table.do(cmd.SetPhase("players_turn"))
    assert table.mouse("Hazel").free_checks == 1
    table.do(cmd.Recover("Hazel"))  # Bange first, with no roll
    assert table.state.test is None and "afraid" not in table.mouse("Hazel").conditions
    table.do(cmd.SetPhase("gm_turn"))
    table.state = table.state.with_character(
        replace(table.mouse("Hazel"), free_checks=2)
    )  # two checks for a recovery in the GM's turn
    table.do(cmd.Recover("Hazel"))
    assert table.state.test is not None and table.state.test.tester.pool == 3  # Såret spares it


def disposition_table() -> Table:
    """Saxon (Fighter 3, Nature 3, Health 4; Brave 1, Quick 2, Weather-wise; 2 Fate, 2
    Persona) captains a fight against a weasel, in the GM's turn."""
    table = Table()
    table.do(
        cmd.AddCharacter(sheet("Saxon")),
        cmd.SetPhase("gm_turn"),
        ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasel", gm_dice=3),
    )
    return table


def test_the_disposition_roll_takes_a_tests_options_and_marks_its_rating() -> None:
    """Summary, Conflicts step 4 (the captain rolls the starting disposition) by the Tests'
    rules: Persona dice (step 5), a trait for (step 3), I Am Wise; and the sheet's "Only
    check a skill/ability/nature the first time it is used in a conflict"."""
    table = disposition_table()
    with pytest.raises(RuleError, match="needs 6 dice"):
        table.do(ccmd.RollDisposition("patrol", persona=1, trait_for="Brave",
                                      wise="Weather-wise", faces=tuple(hits(2, 5))))  # fmt: skip
    events = table.do(
        ccmd.RollDisposition(
            "patrol",
            ability="Health",
            persona=1,
            trait_for="Brave",
            wise="Weather-wise",
            faces=tuple(hits(2, 6)),
        )  # fmt: skip
    )
    assert conflict(table).patrol.start == 4 + 2
    saxon = table.mouse("Saxon")
    assert saxon.persona == 1 and saxon.trait("Brave").used
    assert ev.Marked("Saxon", "Fighter", True) in events
    assert ev.WiseMarked("Saxon", "Weather-wise", "passed") in events
    assert saxon.rating("Fighter").passes == 1
    table.do(ccmd.SetDisposition("gm", 9))
    script(table, ("defend",) * 3, ("attack",) * 3)
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(1, 3))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(0, 3))))
    keep_rolls(table)
    assert len(conflict(table).history) == 1  # the attack failed and settled
    assert table.mouse("Saxon").rating("Fighter").fails == 0  # checked once, at the roll


def test_a_disposition_trait_against_and_a_tap_cost_as_in_a_test() -> None:
    """Summary, Tests steps 2 and 5 on the disposition roll: a trait against takes a die for
    a check; Nature tapped into a roll with no success is taxed (sheet, Tapping Nature)."""
    table = disposition_table()
    table.do(
        ccmd.RollDisposition(
            "patrol", trait_against="Quick", tap="within", faces=tuple(hits(0, 3 - 1 + 3))
        )  # fmt: skip
    )
    saxon = table.mouse("Saxon")
    assert saxon.trait("Quick").checks == 1 and saxon.persona == 1
    assert saxon.rating("Nature").rating == 2  # taxed: the roll made no success
    assert saxon.rating("Fighter").fails == 1


def test_fate_explodes_a_dispositions_axes_before_the_first_reveal() -> None:
    """Summary, Tests step 8 ("Spend 1 Fate if you have any axes") on the disposition roll."""
    table = disposition_table()
    table.do(ccmd.RollDisposition("patrol", ability="Health", faces=("axe", "sword", "snake")))
    assert conflict(table).patrol.start == 4 + 2
    table.do(ccmd.DispositionExplode("patrol", faces=("axe", "sword")))
    assert (conflict(table).patrol.start, conflict(table).patrol.disposition) == (8, 8)
    assert table.mouse("Saxon").fate == 1
    with pytest.raises(RuleError, match="exploded already"):
        table.do(ccmd.DispositionExplode("patrol", faces=("sword",)))
    table.do(ccmd.SetDisposition("gm", 5))
    with pytest.raises(RuleError, match="was not rolled"):
        table.do(ccmd.DispositionExplode("gm", faces=("sword",)))
