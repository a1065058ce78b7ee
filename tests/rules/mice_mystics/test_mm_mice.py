"""Scenarios for a mouse's turn: movement hazards, actions and free actions."""

from __future__ import annotations

import pytest
from rules.mice_mystics.mm_support import group, started

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import (
    ClimbOut,
    DiscardCard,
    EndTurn,
    Equip,
    Explore,
    GainCheese,
    LevelUp,
    Mousetrap,
    Recover,
    RollMovement,
    Scurry,
    Search,
    SetMarker,
    Share,
    TakeSearchCard,
    UseAbility,
    WoundMouse,
)


def test_a_sprung_mousetrap_wounds_feeds_knocks_down_and_ends_the_turn() -> None:
    """Rulebook "Moving across mousetraps": dice equal to move, or lore for a tinkerer."""
    table = started(("nez", "collin"))
    table.do(RollMovement(("bow",)))
    table.do(Mousetrap(use_lore=True, faces=("bow", "cheese", "sword_shield")))
    view = table.view()
    nez = view["heroes"][1]
    assert (nez["wounds"], nez["cheese"], nez["markers"]) == (1, 1, ["knocked_down"])
    assert view["current"] == "collin"
    table.do(RollMovement(("bow",)))
    with pytest.raises(RuleError, match="Dice this roll needs: 2;"):
        table.do(Mousetrap(faces=("bow",)))
    with pytest.raises(RuleError, match="Only a tinkerer"):
        table.do(Mousetrap(use_lore=True, faces=("bow",)))


def test_a_star_passes_the_mousetrap_safely() -> None:
    table = started(("collin", "nez"))
    table.do(RollMovement(("bow",)))
    table.do(Mousetrap(faces=("bow", "bow_star")))
    assert table.view()["current"] == "collin"
    assert table.view()["heroes"][0]["wounds"] == 0


def test_a_mousetrap_is_rolled_for_only_once_the_mouse_moves() -> None:
    """Rulebook "Moving across mousetraps": "When a mouse moves on a mousetrap, it must
    pause its movement" (issue 22, item 15). Before its movement roll the mouse has not
    moved: the trap is refused in words and nothing changes; nor can a webbed mouse, which
    cannot move ("Stunned and Webbed"), cross one. After the roll it can, and after a
    scurry too."""
    table = started(("collin", "nez"))
    assert "mm.mousetrap" not in table.view()["legal"]
    before = table.state
    with pytest.raises(RuleError, match="^Prince Collin has not moved yet"):
        table.do(Mousetrap(faces=("bow", "bow")))
    assert table.state == before
    table.do(RollMovement(("bow",)))
    assert "mm.mousetrap" in table.view()["legal"]
    table.do(Mousetrap(faces=("bow", "bow_star")))
    table.do(Scurry(("sword_shield",)))
    table.do(Mousetrap(faces=("bow_star", "bow")))
    table.do(EndTurn())
    table.do(SetMarker("nez", "webbed"))
    table.do(RollMovement(("bow",)))
    assert "mm.mousetrap" not in table.view()["legal"]
    with pytest.raises(RuleError, match="^Nez has no spaces to move this turn"):
        table.do(Mousetrap(faces=("bow",)))


def test_explore_needs_a_room_tile_with_no_minions() -> None:
    """Rulebook "Explore": "An explore action can only be performed when there are no
    minions on the same room tile as the mice" (issue 22, item 14). With minions on the
    board the device cannot see their tile: the table must say it is clear; minions on the
    tile refuse the explore in words, and nothing changes."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior", 2),))
    before = table.state
    with pytest.raises(RuleError, match="^Minions are on the board: say whether any is on"):
        table.do(Explore())
    with pytest.raises(RuleError, match="^Prince Collin cannot explore while minions are on"):
        table.do(Explore(tile_clear=False))
    assert table.state == before
    table.do(Explore(tile_clear=True))
    assert table.view()["turn"]["action"] == "explore"


def test_explore_with_no_minion_on_the_board_needs_no_word_from_the_table() -> None:
    """Rulebook "Explore": with no minion on the board, none is on the mice's tile."""
    table = started(("collin", "nez"))
    table.do(Explore())
    assert table.view()["turn"]["action"] == "explore"


def test_a_knocked_down_mouse_spends_its_move_getting_up() -> None:
    """Rulebook "Knocked Down"."""
    table = started(("collin", "nez"))
    table.do(SetMarker("collin", "knocked_down"))
    table.do(RollMovement(("sword_shield",)))
    assert table.view()["turn"]["movement"] == 0
    assert table.view()["heroes"][0]["markers"] == []


def test_climbing_out_of_water_rolls_for_every_mouse_on_the_destination() -> None:
    """Rulebook "Moving in Water"."""
    table = started(("collin", "nez"))
    table.do(ClimbOut(mice_on_destination=2, faces=("bow", "cheese", "sword_star")))
    assert table.view()["last_roll"]["tally"]["stars"] == 1
    with pytest.raises(RuleError, match="Dice this roll needs: 3;"):
        table.do(ClimbOut(mice_on_destination=2, faces=("bow",)))


def test_scurry_moves_again_after_moving() -> None:
    """Rulebook "Scurry"."""
    table = started(("collin", "nez"))
    with pytest.raises(RuleError, match="only after it has moved"):
        table.do(Scurry(("bow",)))
    table.do(RollMovement(("bow",)))
    table.do(Scurry(("sword_shield",)))
    assert table.view()["turn"]["movement"] == 5


def test_a_successful_search_draws_and_each_tile_is_searched_once() -> None:
    """Rulebook "Search": a star draws; an item may be discarded for 1 cheese; once a
    mouse searches successfully it cannot search that tile again."""
    table = started(("collin", "nez"))
    table.do(Search("Guard Room", faces=("bow_star",)))
    assert table.view()["pending"][0]["ask"] == "search_card"
    table.do(TakeSearchCard("cheese"))
    assert table.view()["heroes"][0]["cheese"] == 1
    table.do(EndTurn())
    table.do(EndTurn())
    with pytest.raises(RuleError, match="already searched Guard Room"):
        table.do(Search("Guard Room", faces=("bow_star",)))
    table.do(Search("Kitchen", faces=("bow",)))
    assert table.view()["pending"] == []


def test_a_fourth_card_in_the_pack_must_be_discarded() -> None:
    """Rulebook "Equip": at most 3 non-trick cards in the pack; the player chooses."""
    table = started(("collin", "nez"))
    for n, card in enumerate(("Rope", "Lantern", "Bread", "Apple")):
        if n:
            table.do(EndTurn())
            table.do(EndTurn())
        table.do(Search(f"tile {n}", faces=("sword_star",)))
        table.do(TakeSearchCard("keep", card))
    assert table.view()["pending"][0]["options"] == ["Rope", "Lantern", "Bread", "Apple"]
    table.do(DiscardCard("collin", "Bread"))
    assert table.view()["heroes"][0]["pack"] == ["Rope", "Lantern", "Apple"]


def test_recovering_from_a_web_needs_a_star() -> None:
    """Rulebook "Recovering From Webbed"."""
    table = started(("collin", "nez"))
    table.do(SetMarker("collin", "webbed"))
    table.do(Recover(faces=("bow",)))
    assert table.view()["heroes"][0]["markers"] == ["webbed"]
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(Recover(faces=("bow_star",)))
    assert table.view()["heroes"][0]["markers"] == []


def test_level_up_for_six_cheese_once_a_turn() -> None:
    """Rulebook "Level Up"."""
    table = started(("collin", "nez"))
    table.do(GainCheese("collin", 7))
    assert table.view()["heroes"][0]["level_up"]
    table.do(LevelUp("Battle Cry"))
    hero = table.view()["heroes"][0]
    assert (hero["cheese"], hero["abilities"]) == (1, ["Ability", "Battle Cry"])


def test_one_ability_card_per_mouse_per_turn() -> None:
    """Rulebook "Mouse Ability Cards"."""
    table = started(("collin", "nez"))
    table.do(GainCheese("collin", 2))
    table.do(UseAbility("collin", "Ability", cost=1))
    with pytest.raises(RuleError, match="already used an ability"):
        table.do(UseAbility("collin", "Ability"))
    table.do(EndTurn())
    table.do(UseAbility("collin", "Ability", cost=1))
    assert table.view()["heroes"][0]["cheese"] == 0


def test_share_and_equip_are_free_actions_once_a_turn() -> None:
    """Rulebook "Share" and "Equip"."""
    table = started(("collin", "nez"))
    table.do(Search("Hall", faces=("sword_star",)))
    table.do(TakeSearchCard("keep", "Dagger"))
    table.do(GainCheese("collin", 3))
    table.do(Equip(equip=("Dagger",)))
    with pytest.raises(RuleError, match="only once a turn"):
        table.do(Equip(unequip=("Dagger",)))
    table.do(Share("nez", give_cheese=2))
    heroes = table.view()["heroes"]
    assert (heroes[0]["cheese"], heroes[1]["cheese"]) == (1, 2)
    assert heroes[0]["equipped"] == ["Dagger"]


def test_a_capture_keeps_starting_equipment_and_the_pack_but_loses_equipped_finds() -> None:
    """Rulebook "Captured Mouse"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(Search("Hall", faces=("sword_star",)))
    table.do(TakeSearchCard("keep", "Dagger"))
    table.do(Equip(equip=("Dagger",)))
    table.do(GainCheese("collin", 4))
    table.do(SetMarker("collin", "stunned"))
    table.do(WoundMouse("collin", 5, poison=True))
    hero = table.view()["heroes"][0]
    assert hero["captured"]
    assert (hero["wounds"], hero["poison"], hero["cheese"], hero["markers"]) == (0, 0, 0, [])
    assert hero["equipped"] == []
    assert hero["starting_equipment"] == ["Sword", "Shield"]
    assert table.view()["chapter_track"]["hourglass"] == 2
