"""Scenarios for starting equipment, the weapon rule and bosses the table defines."""

from __future__ import annotations

import pytest
import tomli_w
from rules.mice_mystics.mm_support import GAME, Table, group, started

from tablekit.rules.errors import RuleError
from tablekit.rules.game import fold
from tablekit.rules.mice_mystics.commands import (
    Attack,
    BossCard,
    CaptureMouse,
    Defend,
    DefineBoss,
    DrawEncounter,
    EndTurn,
    Equip,
    EquipmentCard,
    HeroChoice,
    PlaceBossWounds,
    Search,
    SetEquipment,
    StartChapter,
    TakeSearchCard,
    UseAbility,
)
from tablekit.rules.mice_mystics.content import pack_data, parse_pack

SWORD = (EquipmentCard("Sword", "melee"), EquipmentCard("Shield"))


def _armed(cards: tuple[EquipmentCard, ...], minions: int = 1) -> Table:
    """Collin (whose turn it is) with ``cards`` as his starting equipment, facing rats."""
    table = Table()
    table.do(SetEquipment("collin", cards))
    choices = (HeroChoice("collin", "Ability"), HeroChoice("nez", "Ability"))
    order = ("collin", "nez", "rat_warrior")
    table.do(StartChapter("c", 6, choices, (group("rat_warrior", minions),), order))
    return table


def test_starting_equipment_is_equipped_when_the_chapter_starts() -> None:
    """Rulebook "Hero Cards" item 8 and "Setup: Gather equipment": the starting equipment
    cards are equipped to the mouse at the start of a chapter."""
    table = _armed(SWORD)
    collin = table.view()["heroes"][0]
    assert collin["kit"] == ["Sword", "Shield"]
    assert collin["equipment_known"]
    assert collin["weapons"] == [{"card": "Sword", "kind": "melee"}]


def test_a_mouse_with_no_weapon_equipped_cannot_attack() -> None:
    """Rulebook "Search Cards" item 5: a mouse cannot attack unless it has a weapon equipped."""
    table = _armed((EquipmentCard("Cloak"),))
    with pytest.raises(RuleError, match="no weapon equipped"):
        table.do(Attack("rat_warrior"))
    assert table.view()["turn"]["action"] == "", "the refusal changed nothing"


def test_a_melee_weapon_allows_a_melee_attack_but_not_a_ranged_one() -> None:
    """Rulebook "Melee attack" and "Ranged attack": each needs a weapon of its kind
    (or, for a ranged attack, a spell)."""
    table = _armed(SWORD)
    with pytest.raises(RuleError, match="no ranged weapon"):
        table.do(Attack("rat_warrior", ranged=True, faces=("bow", "bow")))
    table.do(Attack("rat_warrior", faces=("sword_star", "cheese")))
    assert table.view()["turn"]["action"] == "battle"


def test_a_ranged_weapon_allows_only_a_ranged_attack() -> None:
    """Rulebook "Ranged attack": a mouse armed with a ranged weapon attacks at range."""
    table = _armed((EquipmentCard("Bow", "ranged"),))
    with pytest.raises(RuleError, match="only a ranged weapon"):
        table.do(Attack("rat_warrior", faces=("sword_star", "cheese")))
    table.do(Attack("rat_warrior", ranged=True, faces=("bow", "cheese")))


def test_a_spell_cast_with_an_ability_card_allows_a_ranged_attack() -> None:
    """Rulebook "Ranged attack": a ranged weapon *or spell*; a spell is an ability card."""
    table = _armed(SWORD)
    table.do(UseAbility("collin", "Ability"))
    table.do(Attack("rat_warrior", ranged=True, faces=("bow", "cheese")))


def test_putting_the_weapon_away_takes_the_attack_with_it() -> None:
    """Rulebook "Equip": a mouse moves cards between its slots and its pack as a free action;
    a weapon in the pack is not equipped."""
    table = _armed(SWORD)
    table.do(Equip(unequip=("Sword",)))
    collin = table.view()["heroes"][0]
    assert collin["kit"] == ["Shield"] and collin["pack"] == ["Sword"]
    with pytest.raises(RuleError, match="no weapon equipped"):
        table.do(Attack("rat_warrior"))


def test_a_card_named_twice_is_refused_in_one_line_and_changes_nothing() -> None:
    """Each card named moves one card: naming the pack's one Dagger twice to equip, or the
    one Cloak twice to put away, is refused, and no card is made or lost."""
    table = _armed((EquipmentCard("Cloak"),))
    table.do(Search("Hall", faces=("bow_star",)))
    table.do(TakeSearchCard("keep", "Dagger", "melee"))
    before = table.state
    with pytest.raises(RuleError) as equip:
        table.do(Equip(equip=("Dagger", "Dagger")))
    assert str(equip.value) == "'Dagger' is named 2 times, but Prince Collin's pack holds 1"
    with pytest.raises(RuleError) as unequip:
        table.do(Equip(unequip=("Cloak", "Cloak")))
    assert str(unequip.value) == "'Cloak' is named 2 times, but Prince Collin has 1 equipped"
    assert table.state == before
    table.do(Equip(equip=("Dagger",), unequip=("Cloak",)))
    collin = table.view()["heroes"][0]
    assert (collin["kit"], collin["equipped"], collin["pack"]) == ([], ["Dagger"], ["Cloak"])


def test_a_found_weapon_kept_and_equipped_arms_the_mouse() -> None:
    """Rulebook "Search" and "Equip": a kept card goes into the pack; equipped, a found
    weapon counts like any other."""
    table = _armed((EquipmentCard("Cloak"),))
    table.do(Search("Hall", faces=("bow_star",)))
    table.do(TakeSearchCard("keep", "Dagger", "melee"))
    assert table.view()["heroes"][0]["weapons"] == [{"card": "Dagger", "kind": "melee"}]
    table.do(Equip(equip=("Dagger",)))
    for _ in range(3):  # Nez, the rats, then Collin's next turn
        table.do(EndTurn())
    table.do(Attack("rat_warrior", faces=("sword_star", "cheese")))


def test_a_capture_keeps_starting_equipment_equipped() -> None:
    """Rulebook "Captured Mouse": starting equipment is safe from a capture."""
    table = _armed(SWORD)
    table.do(CaptureMouse("collin"))
    assert table.view()["heroes"][0]["kit"] == ["Sword", "Shield"]


def test_heroes_whose_equipment_was_never_entered_attack_as_before() -> None:
    """Old sessions and tables that never entered equipment are not refused."""
    table = started(("collin", "nez", "rat_warrior"), minions=(group("rat_warrior"),))
    assert not table.view()["heroes"][0]["equipment_known"]
    table.do(Attack("rat_warrior", faces=("sword_star", "cheese")))


def test_a_weapon_is_named_once_and_a_hero_must_exist() -> None:
    table = Table()
    with pytest.raises(RuleError, match="once"):
        table.do(SetEquipment("collin", (EquipmentCard("Sword", "melee"),) * 2))
    with pytest.raises(RuleError, match="no hero"):
        table.do(SetEquipment("nobody", SWORD))
    assert table.events == []


THREE = tuple(BossCard(card, f"Vurst {card}", 2, 2, 2) for card in ("strikes", "rallies", "guards"))


def test_a_boss_with_three_initiative_cards_brings_two_of_them() -> None:
    """Rulebook "Boss initiative cards": a boss with more than one card brings two of them,
    chosen at random, and takes a turn for each."""
    table = started(("collin", "nez"))
    table.do(DefineBoss("captain_vurst", "Captain Vurst", THREE))
    table.do(DrawEncounter((group("captain_vurst"),)))
    vurst = [c for c in table.view()["track"] if c["side"] == "minion"]
    assert len(vurst) == 2
    assert {c["card"] for c in vurst} < {f"captain_vurst:{c.id}" for c in THREE}
    assert all(c["boss"] and c["life"] == 2 for c in vurst)
    turns = []
    for _ in range(4):
        table.do(EndTurn())
        turns.append(table.view()["current"])
    assert {c["card"] for c in vurst} <= set(turns), "the boss takes a turn for each card"


def test_wounds_go_on_the_boss_cards_and_the_last_card_defeats_him() -> None:
    """Rulebook "Wounds on boss minions": the table chooses the card for each wound; a card
    leaves the track at its life, and the boss with his last card."""
    table = started(("collin", "nez"))
    table.do(DefineBoss("captain_vurst", "Captain Vurst", THREE))
    order = ("collin", "captain_vurst:strikes", "captain_vurst:guards", "nez")
    table.do(DrawEncounter((group("captain_vurst"),), order=order))
    assert table.view()["current"] == "collin"
    table.do(Attack("captain_vurst:strikes", bonus=4, faces=("sword_star",) * 4 + ("cheese",) * 2))
    table.do(Defend(faces=("bow", "bow")))
    table.do(PlaceBossWounds(("captain_vurst:strikes",) * 2 + ("captain_vurst:guards",) * 2))
    assert not [c for c in table.view()["track"] if c["side"] == "minion"]
    assert any(e.kind == "mm.boss_defeated" for e in table.events)


def test_a_boss_is_not_redefined_on_the_board_nor_made_of_a_minion_type() -> None:
    table = started(None, minions=(group("vanestra"),))
    with pytest.raises(RuleError, match="on the board"):
        table.do(DefineBoss("vanestra", "Vanestra", THREE))
    with pytest.raises(RuleError, match="not a boss"):
        table.do(DefineBoss("rat_warrior", "Rat", THREE))
    twice = (THREE[0], THREE[0])
    with pytest.raises(RuleError, match="own id"):
        table.do(DefineBoss("new_boss", "New", twice))


def test_what_the_table_entered_replays_the_same() -> None:
    """The journal carries the equipment and the boss, so a replay needs no box."""
    table = _armed(SWORD)
    table.do(DefineBoss("captain_vurst", "Captain Vurst", THREE))
    assert fold(GAME, GAME.start(), table.events) == table.state


def test_equipment_and_bosses_round_trip_through_a_pack_file() -> None:
    table = _armed(SWORD)
    table.do(DefineBoss("captain_vurst", "Captain Vurst", THREE))
    pack = table.state.pack
    assert parse_pack(tomli_w.dumps(pack_data(pack))) == pack
