"""Scenarios for the individual achievements on the rulebook's back cover."""

from __future__ import annotations

import pytest
from rules.mice_mystics.mm_support import Table, group, started

from tablekit.rules.mice_mystics.commands import (
    AddMinions,
    Attack,
    Defend,
    DrawEncounter,
    EndTurn,
    MinionAttack,
    RemoveMinion,
    StoryAchievement,
    WoundMinion,
    WoundMouse,
)
from tablekit.session.codec import CommandError


def _held(table: Table) -> dict[str, str]:
    view = table.view()
    return {a["achievement"]: a["hero"] for a in view["achievements"]}


def test_cheesemaster_three_cheese_in_one_roll_and_defence_cheese_for_everyone() -> None:
    """Back cover, "Cheesemaster"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(Attack("rat_warrior", bonus=1, faces=("cheese", "cheese", "cheese")))
    assert _held(table) == {"cheesemaster": "collin"}
    assert table.view()["chapter_track"]["end"] == 7
    table.do(EndTurn())
    table.do(MinionAttack(("collin",), faces=("sword_star", "bow")))
    table.do(Defend(faces=("cheese", "bow")))
    heroes = table.view()["heroes"]
    assert (heroes[0]["cheese"], heroes[1]["cheese"]) == (3 + 1 + 1, 1)


def test_the_defence_roll_that_earns_cheesemaster_pays_no_bonus_the_next_one_does() -> None:
    """Back cover, "Cheesemaster": the effect is the token holder's, from the next roll on."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(EndTurn())
    table.do(MinionAttack(("collin",), faces=("sword_star", "bow")))
    table.do(Defend(bonus=1, faces=("cheese", "cheese", "cheese")))
    assert _held(table) == {"cheesemaster": "collin"}
    heroes = table.view()["heroes"]
    assert (heroes[0]["cheese"], heroes[1]["cheese"]) == (3, 0), "no bonus on the earning roll"
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(MinionAttack(("collin",), faces=("sword_star", "bow")))
    table.do(Defend(faces=("cheese", "bow")))
    heroes = table.view()["heroes"]
    assert (heroes[0]["cheese"], heroes[1]["cheese"]) == (3 + 1 + 1, 1)


def test_roachmaster_four_roaches_in_one_encounter() -> None:
    """Back cover, "Roachmaster"."""
    table = started(("collin", "nez"))
    table.do(
        DrawEncounter((group("roach", 5),), greedy_roaches=True, order=("collin", "nez", "roach"))
    )
    for _ in range(3):
        table.do(WoundMinion("roach"))
    assert _held(table) == {}
    table.do(WoundMinion("roach"))
    assert _held(table) == {"roachmaster": "collin"}
    assert table.view()["chapter_track"]["end"] == 7


def test_roaches_defeated_in_an_earlier_encounter_do_not_count() -> None:
    table = started(("collin", "nez"))
    table.do(DrawEncounter((group("roach", 3),), order=("collin", "nez", "roach")))
    for _ in range(3):
        table.do(WoundMinion("roach"))
    table.do(DrawEncounter((group("roach", 3),), order=("collin", "nez", "roach")))
    table.do(WoundMinion("roach"))
    assert _held(table) == {}


def test_poisonmaster_then_takes_poison_as_normal_wounds() -> None:
    """Back cover, "Poisonmaster"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(WoundMouse("nez", 1, poison=True))
    table.do(WoundMouse("nez", 5))
    assert _held(table) == {"poisonmaster": "nez"}
    table.do(RemoveMinion("rat_warrior"))
    table.do(EndTurn())
    table.do(WoundMouse("nez", 1, poison=True))
    nez = table.view()["heroes"][1]
    assert (nez["wounds"], nez["poison"]) == (1, 0)


def test_scaper_twice_captured_and_the_third_capture_escapes_at_once() -> None:
    """Back cover, "Scaper"."""
    table = started(("collin", "nez"), end_page=9)
    table.do(AddMinions((group("rat_warrior"),), order=("collin", "nez", "rat_warrior")))
    table.do(WoundMouse("nez", 6))
    table.do(RemoveMinion("rat_warrior"))
    table.do(EndTurn())
    table.do(WoundMouse("nez", 6))
    assert _held(table) == {"scaper": "nez"}
    assert table.view()["chapter_track"]["end"] == 10
    table.do(EndTurn())
    table.do(EndTurn())
    table.do(WoundMouse("nez", 6))
    nez = table.view()["heroes"][1]
    assert not nez["captured"]
    assert nez["captures"] == 3
    assert table.view()["chapter_track"]["hourglass"] == 4


def test_cat_tamer_large_minions_roll_one_die_fewer_against_it() -> None:
    """Back cover, "Cat Tamer"."""
    table = started(("collin", "nez"))
    table.do(
        AddMinions((group("brodie"),), order=("collin", "brodie:pounce", "brodie:chase", "nez"))
    )
    table.do(RemoveMinion("brodie:pounce"))
    table.do(WoundMinion("brodie:chase", 3))
    assert _held(table) == {"cat_tamer": "collin"}
    table.do(AddMinions((group("spider"),), order=("spider", "collin", "nez")))
    for _ in range(4):
        table.do(EndTurn())
    table.do(Attack("spider", faces=("sword_star", "sword_star")))
    table.do(Defend(faces=("bow",)))
    assert table.view()["last_roll"]["faces"] == ["bow"]


def test_a_story_achievement_moves_the_end_marker_a_sane_number_of_pages() -> None:
    """Issue 12: `"pages": 10**30` was accepted."""
    table = started(("collin", "nez"))
    end = table.state.chapter_track.end
    with pytest.raises(CommandError, match=r"pages: Expected int <= 99 \(given 10+\)"):
        table.do(StoryAchievement("Found the key", pages=10**30))
    assert table.state.chapter_track.end == end


def test_a_starting_minion_group_of_no_figures_is_refused() -> None:
    """Issue 12: `"count": -3` or `0` in a chapter's set-up was dropped silently."""
    for count in (0, -3):
        with pytest.raises(CommandError, match=r"minions\[0\].count: Expected int >= 1"):
            started(None, minions=(group("rat_warrior", count),))
