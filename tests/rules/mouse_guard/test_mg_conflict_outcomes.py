"""Maneuver purchases, weapons and tactics, and compromise: the sheet's Maneuver
description and Sample Weapons table, and the summary's "Work out compromise"."""

from __future__ import annotations

import pytest
from rules.mouse_guard.conflict_support import act, conflict, fight, hits, keep_rolls, script
from rules.mouse_guard.mg_support import patrol

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.compromise import band
from tablekit.rules.mouse_guard.conflict.state import Part
from tablekit.rules.mouse_guard.conflict.tables import load
from tablekit.rules.mouse_guard.conflict.weapons import bonus
from tablekit.session.codec import CommandError


def _won_maneuver(margin: int, **arms: str) -> object:
    """Saxon maneuvers (vs a weasel's Maneuver, independent) and wins ``margin``."""
    table = fight()
    for member, weapon in arms.items():
        side = "gm" if member == "Weasel" else "patrol"
        choice = "spear" if weapon == "halberd" else ""
        table.do(ccmd.Arm(side, member, weapon, choice))  # type: ignore[arg-type]
    script(table, ("maneuver", "attack", "attack"), ("maneuver", "attack", "attack"))
    act(table, 0, margin)
    return table


@pytest.mark.parametrize(
    ("margin", "effects"),
    [(1, ("impede",)), (2, ("gain_position",)), (3, ("impede", "gain_position"))],
)
def test_each_purchase_within_the_margin(margin: int, effects: tuple[str, ...]) -> None:
    """Sheet, Maneuver: 1 Impede, 2 Gain Position, 3 both (or Disarm)."""
    table = _won_maneuver(margin)
    table.do(ccmd.Maneuver("patrol", effects))  # type: ignore[attr-defined, arg-type]
    c = conflict(table)  # type: ignore[arg-type]
    assert c.gm.impeded == ("impede" in effects)
    assert c.patrol.positioned == ("gain_position" in effects)
    table.do(ccmd.Reveal())  # type: ignore[attr-defined]
    x = conflict(table).exchange  # type: ignore[arg-type]
    assert x is not None
    gm, mice = x.test_of("gm"), x.test_of("patrol")
    assert gm is not None and mice is not None
    assert (Part("impede", -1) in gm.modifiers) == ("impede" in effects)
    assert (Part("gain_position", 2) in mice.modifiers) == ("gain_position" in effects)


def test_disarm_needs_three_and_takes_the_weapon_for_the_conflict() -> None:
    """Sheet, Maneuver: Disarm at 3 removes a weapon, gear or trait for the rest of it."""
    table = _won_maneuver(2, Weasel="axe")
    with pytest.raises(RuleError, match="Maneuver needs a margin of 3 to Disarm; you have 2"):
        table.do(ccmd.Maneuver("patrol", ("disarm",)))  # type: ignore[attr-defined]
    with pytest.raises(
        RuleError, match="Impede \\+ Gain Position cost 3 together; the margin is 2"
    ):
        table.do(ccmd.Maneuver("patrol", ("impede", "gain_position")))  # type: ignore[attr-defined]
    with pytest.raises(RuleError, match="once"):
        table.do(ccmd.Maneuver("patrol", ("impede", "impede")))  # type: ignore[attr-defined]
    table = _won_maneuver(3, Weasel="axe")
    table.do(ccmd.Maneuver("patrol", ("disarm",)))  # type: ignore[attr-defined]
    gm = conflict(table).gm  # type: ignore[arg-type]
    assert gm.arms == () and gm.disarmed == ("Weasel: axe",)


def test_a_knife_disarms_a_spear_or_bow_cheaply() -> None:
    """Sheet, Sample Weapons: Knife, "as disarm against spear or bow"."""
    table = _won_maneuver(1, Saxon="knife", Weasel="spear")
    table.do(ccmd.Maneuver("patrol", ("disarm",)))  # type: ignore[attr-defined]
    assert conflict(table).gm.disarmed == ("Weasel: spear",)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("weapon", "choice", "action", "against", "expected"),
    [
        ("axe", "", "attack", "defend", (0, 1)),
        ("axe", "", "defend", "attack", (-1, 0)),
        ("bow", "", "attack", "defend", (1, 0)),
        ("bow", "", "attack", "attack", (0, 0)),
        ("bow", "", "maneuver", "attack", (2, 0)),
        ("halberd", "axe", "attack", "attack", (0, 1)),
        ("halberd", "spear", "maneuver", "attack", (1, 0)),
        ("hook_and_line", "", "maneuver", "attack", (1, 1)),
        ("shield", "", "defend", "attack", (2, 0)),
        ("sword", "feint", "feint", "attack", (1, 0)),
        ("sword", "feint", "attack", "attack", (0, 0)),
        ("intimidation", "", "maneuver", "attack", (0, 1)),
        ("evidence", "", "attack", "defend", (0, 1)),
        ("promises", "", "defend", "attack", (1, 0)),
        ("repeating", "", "feint", "attack", (-1, 0)),
    ],
)
def test_weapons_and_tactics_per_action(
    weapon: str, choice: str, action: str, against: str, expected: tuple[int, int]
) -> None:
    """Sheet, Sample Weapons: +1D, -1D and +1s per action, Sword's one action type,
    Halberd's mode, the Bow's attack against Defend only."""
    assert bonus(load(), weapon, choice, action, against) == expected


def test_a_weapon_changes_the_action_test() -> None:
    table = fight()
    table.do(ccmd.Arm("patrol", "Saxon", "axe"), ccmd.Arm("gm", "Weasel", "sword", "attack"))
    script(table, ("attack",) * 3, ("attack",) * 3)
    table.do(ccmd.Reveal())
    x = conflict(table).exchange
    assert x is not None
    gm, mice = x.test_of("gm"), x.test_of("patrol")
    assert gm is not None and gm.modifiers == (Part("Sword", 1),)
    assert mice is not None and mice.bonus == 1
    table.do(ccmd.RollAction("gm", faces=tuple(hits(0, 5))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(1, 3))))
    keep_rolls(table)
    assert conflict(table).gm.disposition == 6, "one success plus the axe's +1s"


def test_weapons_fit_their_kind_of_conflict() -> None:
    table = fight()
    with pytest.raises(RuleError, match="no place"):
        table.do(ccmd.Arm("patrol", "Saxon", "evidence"))
    with pytest.raises(RuleError, match="needs a choice"):
        table.do(ccmd.Arm("patrol", "Saxon", "halberd"))


@pytest.mark.parametrize(
    ("lost", "start", "expected"),
    [(0, 8, "none"), (2, 8, "minor"), (4, 8, "compromise"), (3, 8, "compromise"), (6, 8, "major")],
)
def test_compromise_bands(lost: int, start: int, expected: str) -> None:
    """Summary, Work out compromise: nothing, less than half, about half, most."""
    assert band(lost, start) == expected


@pytest.mark.parametrize(
    ("lost", "band_"), [(0, "none"), (2, "minor"), (4, "compromise"), (6, "major")]
)
def test_the_compromise_follows_the_winners_loss(lost: int, band_: str) -> None:
    """Summary, Work out compromise: the winner's terms from its own loss, the loser's
    share from what the opponent (the winner) lost."""
    table = fight(gm=8, patrol_start=4)
    script(table, ("attack",) * 3, ("attack",) * 3)
    act(table, 0, min(3, lost))
    act(table, 0, lost - min(3, lost))
    act(table, 4, 0)
    terms = table.game.view(table.state)["conflict"]["compromise"]
    assert terms is not None and terms["winner"] == "gm" and terms["band"] == band_
    assert terms["lost"] == {"gm": lost, "patrol": 4}
    assert terms["loser_terms"] and len(terms["table"]) == 4


def test_a_whole_conflict_from_set_up_to_compromise() -> None:
    """Summary, Conflicts steps 1-9 and the compromise, driven by commands alone."""
    table = patrol()
    table.do(
        cmd.SetCondition("Kenzie", "tired"),
        ccmd.BeginConflict("argument", ("Saxon", "Kenzie"), "Saxon", "Elder", "Let us pass",
                           "Keep the gate shut", gm_dice=3),
        cmd.SetRating("Saxon", "Persuader", 3),
        cmd.SetRating("Kenzie", "Persuader", 3),
        ccmd.RollDisposition("patrol", helpers=("Kenzie",), faces=("sword", "axe", "snake", 1)),
        ccmd.SetDisposition("gm", 5),
        ccmd.Arm("patrol", "Kenzie", "evidence"),
    )  # fmt: skip
    assert conflict(table).patrol.start == 4 + 2 - 1
    script(table, ("attack", "defend", "maneuver"), ("feint", "attack", "attack"))
    assert [s.actor for s in conflict(table).patrol.script] == ["Saxon", "Kenzie", "Saxon"]
    act(table, 2, None)  # feint meets attack: only the Elder tests
    assert conflict(table).patrol.disposition == 3
    act(table, 1, 3)  # Kenzie's attack with evidence: 3 + 1s against a defend of 1
    assert conflict(table).gm.disposition == 2
    act(table, 1, 0)  # the Elder maneuvers (versus Attack) and wins by 1
    table.do(ccmd.Maneuver("gm", ("impede",)))
    c = conflict(table)
    assert (c.volley, c.patrol.impeded) == (2, True)
    script(table, ("attack",) * 3, ("attack",) * 3)
    act(table, 0, 2)
    c = conflict(table)
    assert c.over and c.winner == "patrol"
    terms = table.game.view(table.state)["conflict"]["compromise"]
    assert terms["band"] == "compromise" and terms["lost"] == {"gm": 5, "patrol": 2}
    table.do(ccmd.EndConflict())
    assert table.state.conflict is None


def test_the_agreed_terms_and_the_outcome_stay_after_the_conflict_ends() -> None:
    """Summary, Work out compromise: the sides agree terms (conditions, twists, how much
    of each goal); the table keeps them, and the conditions are given as any other."""
    table = fight(gm=8, patrol_start=4)
    script(table, ("attack",) * 3, ("attack",) * 3)
    act(table, 0, 2)
    with pytest.raises(RuleError, match="Terms are agreed once a side has won"):
        table.do(ccmd.EndConflict(winner_terms="Saxon is Tired"))
    act(table, 0, 2)
    act(table, 4, 0)
    with pytest.raises(CommandError, match="loser_terms: Expected str of length <= 200"):
        table.do(ccmd.EndConflict(loser_terms="x" * 201))
    table.do(
        ccmd.EndConflict(winner_terms="The weasel limps off", loser_terms="Saxon keeps the cart"),
        cmd.SetCondition("Saxon", "injured"),
    )
    last = table.game.view(table.state)["last_conflict"]
    assert last == {
        "type": "fight", "opponent": "Weasel", "winner": "gm", "band": "compromise",
        "lost": {"gm": 4, "patrol": 4}, "winner_terms": "The weasel limps off",
        "loser_terms": "Saxon keeps the cart", "abandoned": False,
    }  # fmt: skip
    assert "injured" in table.mouse("Saxon").conditions


def test_an_abandoned_conflict_is_remembered_as_abandoned() -> None:
    table = fight()
    table.do(ccmd.EndConflict())
    last = table.game.view(table.state)["last_conflict"]
    assert last is not None and last["abandoned"] and (last["winner"], last["band"]) == ("", "")
    assert table.game.view(patrol().state)["last_conflict"] is None
