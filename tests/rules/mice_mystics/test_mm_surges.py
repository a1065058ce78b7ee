"""Scenarios for the minion cheese wheel, surges, Time is Short and the chapter track."""

from __future__ import annotations

import pytest
from rules.mice_mystics.mm_support import Table, group, started

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import (
    CaptureMouse,
    DrawEncounter,
    EndTurn,
    GainCheese,
    MinionAttack,
    ResolveSurge,
    RoachSteal,
    StoryAchievement,
    WoundMouse,
)
from tablekit.rules.mice_mystics.encounter import MinionGroup


def _rats_turn(surge: tuple[MinionGroup, ...] | None = None) -> Table:
    """The turn of three rat warriors (one attack each), with a face-up encounter card if
    ``surge`` is given."""
    table = started(("rat_warrior", "collin", "nez"), minions=(group("rat_warrior", 3),))
    if surge is not None:
        table.do(DrawEncounter((group("rat_warrior"),), surge=surge, order=()))
    return table


def _feed_six(table: Table) -> None:
    for _ in range(3):
        table.do(MinionAttack(("collin",), faces=("cheese", "cheese")))


def test_minion_cheese_fills_the_wheel() -> None:
    """Rulebook "Melee attack": cheese rolled attacking for a minion goes on the wheel."""
    table = _rats_turn()
    table.do(MinionAttack(("collin",), faces=("cheese", "bow")))
    assert table.view()["wheel"] == {"cheese": 1, "surged": False}


def test_a_surge_with_a_face_up_card_places_its_minions_and_discards_it() -> None:
    """Rulebook "Surges": hourglass one page on, the face-up card's surge, discard, empty."""
    table = _rats_turn(surge=(group("roach", 2),))
    _feed_six(table)
    view = table.view()
    assert view["wheel"] == {"cheese": 0, "surged": True}
    assert view["chapter_track"]["hourglass"] == 2
    assert view["pending"][0]["options"] == ["room", "card"]
    table.do(ResolveSurge("card", order=("roach",)))
    view = table.view()
    assert view["encounter"] is None
    assert view["track"][-1]["card"] == "roach"
    assert view["track"][-1]["figures"] == 2
    assert view["pending"] == []


def test_a_room_surge_rule_comes_first_and_leaves_the_card_face_up() -> None:
    """Rulebook "Surges" step 2: a room's surge rule replaces the card's surge."""
    table = _rats_turn(surge=(group("roach", 2),))
    _feed_six(table)
    table.do(ResolveSurge("room", minions=(group("spider"),), order=("spider",)))
    view = table.view()
    assert view["encounter"] is not None
    assert [c["card"] for c in view["track"]][-1] == "spider"


def test_a_surge_without_a_face_up_card_places_nothing_but_still_moves_the_hourglass() -> None:
    """Rulebook "Surges" step 4."""
    table = _rats_turn()
    _feed_six(table)
    assert table.view()["pending"][0]["options"] == ["room", "none"]
    with pytest.raises(RuleError, match="can come from"):
        table.do(ResolveSurge("card"))
    with pytest.raises(RuleError, match="First answer"):
        table.do(EndTurn())
    table.do(ResolveSurge("none"))
    view = table.view()
    assert view["chapter_track"]["hourglass"] == 2
    assert [c["card"] for c in view["track"]] == ["rat_warrior", "collin", "nez"]


def test_time_is_short_when_the_last_mouse_ends_its_turn_with_no_minions() -> None:
    """Rulebook "Time is Short!": one cheese each time the last mouse on the track
    ends its turn with no minions on the board; the sixth sets off a surge."""
    table = started(("collin", "nez"))
    table.do(EndTurn())
    assert table.view()["wheel"]["cheese"] == 0
    table.do(EndTurn())
    assert table.view()["wheel"]["cheese"] == 1
    for _ in range(5):
        table.do(EndTurn())
        table.do(EndTurn())
    view = table.view()
    assert view["wheel"] == {"cheese": 0, "surged": True}
    assert view["chapter_track"]["hourglass"] == 2


def test_no_time_is_short_while_minions_are_on_the_board() -> None:
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    for _ in range(3):
        table.do(EndTurn())
    assert table.view()["wheel"]["cheese"] == 0


def test_a_capture_moving_the_hourglass_onto_the_end_marker_loses_the_chapter() -> None:
    """Rulebook "Captured Mouse" and "Story Control Board" (chapter track)."""
    table = started(("collin", "nez"), end_page=2)
    table.do(WoundMouse("collin", 5))
    view = table.view()
    assert view["chapter_track"] == {"hourglass": 2, "end": 2}
    assert view["outcome"] == "defeat"
    assert view["track"][0]["captured"]
    with pytest.raises(RuleError, match="over"):
        table.do(EndTurn())
    assert view["legal"] == [
        "mm.define_boss",
        "mm.set_equipment",
        "mm.set_stats",
        "mm.start_chapter",
    ]


def test_a_water_current_capture_moves_the_hourglass_too() -> None:
    """Rulebook "Moving in Water": a current carrying a mouse off its tile captures it."""
    table = started(("collin", "nez"))
    table.do(CaptureMouse("nez"))
    assert table.view()["heroes"][1]["captured"]
    assert table.view()["chapter_track"]["hourglass"] == 2


def test_a_story_achievement_pushes_the_end_marker() -> None:
    """Rulebook "Achievements" (story achievements) and "Story Control Board"."""
    table = started(("collin", "nez"), end_page=2)
    table.do(StoryAchievement("Found the key", pages=1))
    table.do(WoundMouse("collin", 5))
    assert table.view()["outcome"] == "playing"
    assert table.view()["chapter_track"] == {"hourglass": 2, "end": 3}


def test_greedy_roaches_put_stolen_cheese_on_the_wheel() -> None:
    """Rulebook "Greedy Roaches"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(DrawEncounter((group("roach", 2),), greedy_roaches=True, order=("roach",)))
    table.do(GainCheese("collin", 2))
    table.do(RoachSteal("collin"))
    assert table.view()["heroes"][0]["cheese"] == 1
    assert table.view()["wheel"]["cheese"] == 1


def test_the_minions_entered_for_the_face_up_card_are_the_ones_placed() -> None:
    """Rulebook "Surges" step 3: "follow the surge effect on the face-up encounter card
    that is on the encounter deck and then discard that card" (issue 22, item 13). The
    card was drawn with no surge entered; at the surge the table reads one rat warrior off
    it: the rat is placed and the card discarded."""
    table = _rats_turn(surge=())
    _feed_six(table)
    figures = table.view()["track"][0]["figures"]
    table.do(ResolveSurge("card", minions=(group("rat_warrior"),)))
    view = table.view()
    assert view["encounter"] is None
    assert view["track"][0]["figures"] == figures + 1


def test_minions_entered_for_the_card_replace_the_surge_it_was_drawn_with() -> None:
    """Rulebook "Surges" step 3: the card on the table is the word; what the table enters
    at the surge stands for it, the surge entered with the card only when nothing is."""
    table = _rats_turn(surge=(group("roach", 2),))
    _feed_six(table)
    table.do(ResolveSurge("card", minions=(group("spider"),), order=("spider",)))
    cards = {c["card"]: c.get("figures") for c in table.view()["track"]}
    assert cards.get("spider") == 1
    assert "roach" not in cards


def test_minions_with_no_source_to_place_them_are_refused_and_change_nothing() -> None:
    """Rulebook "Surges" step 4: "If there are no room-specific surge rules and no face-up
    encounter card, no minions are placed for this surge"."""
    table = _rats_turn()
    _feed_six(table)
    before = table.state
    with pytest.raises(RuleError, match="^With no room rule and no face-up encounter card"):
        table.do(ResolveSurge("none", minions=(group("rat_warrior"),)))
    assert table.state == before
