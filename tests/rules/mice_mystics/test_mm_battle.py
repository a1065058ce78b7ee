"""Scenarios for battle: hits, blocks, wounds, bosses and Brodie."""

from __future__ import annotations

import pytest
from rules.mice_mystics.mm_support import group, started

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import (
    AddMinions,
    Attack,
    Defend,
    EndTurn,
    MinionAttack,
    PlaceBossWounds,
    RemoveMinion,
    RollMovement,
    SetMarker,
)


def test_a_melee_attack_hits_with_swords_and_the_minion_blocks_with_shields() -> None:
    """Rulebook "Melee attack": swords and sword/shields hit; each sword/shield rolled in
    defence blocks one; cheese rolled for the mouse is the mouse's, for the minion the wheel's."""
    table = started(("collin", "spider", "nez"), minions=(group("spider"),))
    table.do(Attack("spider", bonus=1, faces=("sword_star", "sword_shield", "cheese")))
    assert table.view()["heroes"][0]["cheese"] == 1
    question = table.view()["pending"][0]
    assert (question["ask"], question["card"], question["hits"]) == ("defend", "spider", 2)
    table.do(Defend(faces=("sword_shield", "cheese")))
    assert table.view()["track"][1]["wounds"] == [1]
    assert table.view()["wheel"]["cheese"] == 1
    with pytest.raises(RuleError, match="already taken its action"):
        table.do(Attack("spider", faces=("bow", "bow")))


def test_a_ranged_attack_hits_with_bows_and_no_hit_means_no_defence() -> None:
    """Rulebook "Ranged attack" and "Melee attack" (defence only after a hit)."""
    table = started(
        ("lily", "rat_warrior", "nez"), heroes=("lily", "nez"), minions=(group("rat_warrior", 2),)
    )
    table.do(Attack("rat_warrior", ranged=True, faces=("sword_star", "sword_shield")))
    assert table.view()["pending"] == []


def test_a_single_life_minion_falls_to_one_wound() -> None:
    """Rulebook "Wounds on non-boss minions"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior", 2),))
    table.do(Attack("rat_warrior", faces=("sword_star", "sword_star")))
    table.do(Defend(faces=("bow",)))
    assert table.view()["track"][1]["figures"] == 1


def test_multi_life_figures_need_naming_when_their_wounds_differ() -> None:
    """Rulebook "Wounds on non-boss minions": wounds stay on the card for multi-life figures."""
    table = started(("collin", "spider", "nez"), minions=(group("spider", 2),))
    table.do(Attack("spider#2", faces=("sword_star", "bow")))
    table.do(Defend(faces=("bow", "bow")))
    assert table.view()["track"][1]["wounds"] == [0, 1]
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(EndTurn())
    with pytest.raises(RuleError, match="Which Spider"):
        table.do(Attack("spider", faces=("bow", "bow")))


def test_a_minion_attacks_one_mouse_and_its_defence_blocks() -> None:
    """Rulebook "Battling with a Minion" and "Captured Mouse"."""
    table = started(("rat_warrior", "collin", "nez"), minions=(group("rat_warrior"),))
    view = table.view()
    assert any("closest mouse" in note for note in view["reminders"])
    with pytest.raises(RuleError, match="Only Brodie"):
        table.do(MinionAttack(("collin", "nez")))
    table.do(MinionAttack(("nez",), faces=("sword_star", "sword_shield")))
    table.do(Defend(faces=("bow",)))
    assert table.view()["heroes"][1]["wounds"] == 2


def test_stunned_mice_can_only_recover() -> None:
    """Rulebook "Stunned and Webbed"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(SetMarker("collin", "stunned"))
    with pytest.raises(RuleError, match="stunned"):
        table.do(Attack("rat_warrior", faces=("bow", "bow")))
    assert "mm.recover" in table.view()["legal"]


def test_brodie_chases_the_total_of_two_dice_and_one_roll_reaches_every_figure() -> None:
    """Rulebook "Brodie Chases" and "Brodie": 2 dice of movement; one attack roll that each
    affected figure defends separately; Brodie's cheese never reaches the wheel."""
    table = started(("collin", "nez"))
    table.do(
        AddMinions(
            (group("brodie"), group("rat_warrior")),
            order=("brodie:chase", "rat_warrior", "brodie:pounce", "collin", "nez"),
        )
    )
    table.do(EndTurn())
    assert table.view()["current"] == "brodie:chase"
    table.do(RollMovement(("sword_shield", "bow")))
    assert table.view()["last_roll"]["movement"] == 5
    table.do(MinionAttack(("collin", "rat_warrior"), faces=("sword_star", "cheese", "cheese")))
    assert table.view()["wheel"]["cheese"] == 0
    assert [q["hero"] or q["card"] for q in table.view()["pending"]] == ["collin", "rat_warrior"]
    table.do(Defend(faces=("bow", "bow")))
    table.do(Defend(faces=("cheese",)))
    view = table.view()
    assert view["heroes"][0]["wounds"] == 1
    assert "rat_warrior" not in [c["card"] for c in view["track"]]
    assert view["wheel"]["cheese"] == 1


def test_brodie_pounces_without_a_movement_roll() -> None:
    """Rulebook "Brodie Pounces"."""
    table = started(("collin", "nez"))
    table.do(
        AddMinions((group("brodie"),), order=("brodie:pounce", "collin", "brodie:chase", "nez"))
    )
    table.do(EndTurn())
    with pytest.raises(RuleError, match="pounces"):
        table.do(RollMovement(("bow",)))
    assert "mm.roll_movement" not in table.view()["legal"]


def test_boss_wounds_go_on_the_cards_the_table_chooses_and_the_last_card_defeats_him() -> None:
    """Rulebook "Wounds on boss minions"; the first mouse to defeat Brodie is the Cat Tamer."""
    table = started(("collin", "nez"))
    table.do(
        AddMinions((group("brodie"),), order=("collin", "brodie:pounce", "brodie:chase", "nez"))
    )
    table.do(
        Attack(
            "brodie:pounce", bonus=2, faces=("sword_star", "sword_star", "sword_star", "sword_star")
        )
    )
    table.do(Defend(faces=("bow", "bow")))
    question = table.view()["pending"][0]
    assert question["ask"] == "boss_wounds"
    assert question["options"] == ["brodie:pounce", "brodie:chase"]
    with pytest.raises(RuleError, match="more wounds than it has life"):
        table.do(PlaceBossWounds(("brodie:chase",) * 4))
    table.do(PlaceBossWounds(("brodie:pounce",) * 3 + ("brodie:chase",)))
    assert [c["card"] for c in table.view()["track"]] == ["collin", "brodie:chase", "nez"]
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(Attack("brodie:chase", bonus=1, faces=("sword_star",) * 3))
    table.do(Defend(faces=("bow", "bow")))
    view = table.view()
    assert [c["card"] for c in view["track"]] == ["collin", "nez"]
    assert view["achievements"][0]["achievement"] == "cat_tamer"
    assert view["achievements"][0]["hero"] == "collin"


def test_a_charmed_mouse_attacks_as_a_minion_and_is_freed_after_its_turn() -> None:
    """Rulebook "Charmed"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(SetMarker("collin", "charmed"))
    with pytest.raises(RuleError, match="charmed"):
        table.do(Attack("rat_warrior", faces=("bow", "bow")))
    table.do(RollMovement(("sword_shield",)))
    assert table.view()["turn"]["movement"] == 3
    table.do(MinionAttack(("nez",), faces=("sword_star", "bow")))
    table.do(Defend(faces=("bow",)))
    assert table.view()["heroes"][1]["wounds"] == 1
    table.do(EndTurn())
    assert table.view()["heroes"][0]["markers"] == []


@pytest.mark.parametrize(
    "target", ["spider#²", "spider#٣", "spider#" + "9" * 4301, "spider#0", "spider#x"]
)
def test_a_malformed_figure_is_refused_with_its_name(target: str) -> None:
    """A figure number that is not 1-999 in plain digits is a refusal, never a crash."""
    from tablekit.rules.mice_mystics.minions import parse_target

    with pytest.raises(RuleError, match="A figure is named like 'spider#1'"):
        parse_target(target)


def test_each_minion_figure_attacks_once_a_turn() -> None:
    """Rulebook "Taking a Turn with a Minion": when the card comes up "each minion of that
    type will move and battle", one attack per figure (issue 22, item 12). Two rat
    warriors attack twice; a third attack is refused in words and changes nothing."""
    table = started(("rat_warrior", "collin", "nez"), minions=(group("rat_warrior", 2),))
    table.do(MinionAttack(("nez",), faces=("sword_star", "bow")))
    table.do(Defend(faces=("bow",)))
    assert table.view()["turn"]["attacked"] == [1]
    assert "mm.minion_attack" in table.view()["legal"]
    table.do(MinionAttack(("nez",), faces=("sword_star", "bow")))
    table.do(Defend(faces=("bow",)))
    assert table.view()["turn"]["attacked"] == [1, 2]
    assert "mm.minion_attack" not in table.view()["legal"]
    before = table.state
    with pytest.raises(RuleError, match="^Each Rat warrior attacks once a turn, and all 2 have"):
        table.do(MinionAttack(("nez",), faces=("sword_star", "sword_star")))
    assert table.state == before
    assert table.view()["heroes"][1]["wounds"] == 2
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(EndTurn())
    assert table.view()["current"] == "rat_warrior"
    assert table.view()["turn"]["attacked"] == [], "a new turn, a new attack for each"
    table.do(MinionAttack(("nez",), faces=("bow", "bow")))


def test_a_single_minion_cannot_attack_twice_and_a_named_figure_only_once() -> None:
    """Rulebook "Taking a Turn with a Minion" (move, then battle) and "Battling with a
    Minion" ("it attacks 1 mouse if able"): a lone rat's second attack is refused, and a
    figure the table names attacks once."""
    table = started(("rat_warrior", "collin", "nez"), minions=(group("rat_warrior"),))
    table.do(MinionAttack(("nez",), faces=("sword_star", "bow")))
    table.do(Defend(faces=("bow",)))
    with pytest.raises(RuleError, match="^Rat warrior has already attacked this turn"):
        table.do(MinionAttack(("nez",), faces=("sword_star", "bow")))
    spiders = started(("spider", "collin", "nez"), minions=(group("spider", 3),))
    spiders.do(MinionAttack(("nez",), figure=2, faces=("bow", "bow", "bow")))
    with pytest.raises(RuleError, match="^Spider 2 has already attacked this turn"):
        spiders.do(MinionAttack(("collin",), figure=2, faces=("bow", "bow", "bow")))
    with pytest.raises(RuleError, match="only 3 Spider figure"):
        spiders.do(MinionAttack(("collin",), figure=4, faces=("bow", "bow", "bow")))
    spiders.do(MinionAttack(("collin",), faces=("bow", "bow", "bow")))
    assert spiders.view()["turn"]["attacked"] == [2, 1]


def test_a_figure_that_leaves_mid_turn_keeps_the_others_count_right() -> None:
    """Rulebook "Wounds on non-boss minions" (a defeated figure leaves the board): the
    figures that attacked keep their mark when an earlier one is removed."""
    table = started(("spider", "collin", "nez"), minions=(group("spider", 3),))
    table.do(MinionAttack(("nez",), figure=3, faces=("bow", "bow", "bow")))
    table.do(RemoveMinion("spider#1"))
    assert table.view()["turn"]["attacked"] == [2]
    table.do(MinionAttack(("nez",), faces=("bow", "bow", "bow")))
    with pytest.raises(RuleError, match="all 2 have attacked"):
        table.do(MinionAttack(("nez",), faces=("bow", "bow", "bow")))


def test_brodie_and_a_charmed_mouse_attack_once_a_turn() -> None:
    """Rulebook "Brodie Pounces" ("Roll once for the pounce's initiative card") and
    "Charmed" (the mouse moves and attacks just like a melee minion)."""
    table = started(("collin", "nez"))
    table.do(
        AddMinions((group("brodie"),), order=("brodie:pounce", "collin", "brodie:chase", "nez"))
    )
    table.do(EndTurn())
    table.do(MinionAttack(("collin", "nez"), faces=("bow",) * 4))
    with pytest.raises(RuleError, match="^Brodie pounces has already attacked this turn"):
        table.do(MinionAttack(("collin",), faces=("bow",) * 4))
    table.do(EndTurn())
    table.do(EndTurn())
    assert table.view()["current"] == "nez"
    table.do(SetMarker("nez", "charmed"))
    table.do(MinionAttack(("collin",), faces=("bow",) * 3))
    assert "mm.minion_attack" not in table.view()["legal"]
    with pytest.raises(RuleError, match="^Nez has already attacked this turn"):
        table.do(MinionAttack(("collin",), faces=("bow",) * 3))
