"""Scenarios for the initiative track in play: movement, ambushes, bosses, captures."""

from __future__ import annotations

import pytest
from rules.mice_mystics.mm_support import Table, group, started

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import (
    AddMinions,
    DrawEncounter,
    EndTurn,
    Explore,
    RemoveMinion,
    RollMovement,
    WoundMouse,
)


def _order(table: Table) -> list[str]:
    return [card["card"] for card in table.view()["track"]]


def test_prince_collin_moves_two_plus_one() -> None:
    """Rulebook "Mouse Movement": move value 2 and a die showing 1 give 3 spaces."""
    table = started(("collin", "nez"))
    table.do(RollMovement(("cheese",)))
    assert table.view()["turn"]["movement"] == 3
    with pytest.raises(RuleError, match="already rolled"):
        table.do(RollMovement(("cheese",)))


def test_the_start_of_a_chapter_shuffles_mice_and_minion_types_together() -> None:
    """Rulebook "Determining Initiative Order": one card per mouse and per minion type."""
    table = started(
        None,
        heroes=("collin", "nez", "lily"),
        minions=(group("rat_warrior", 3), group("roach", 2)),
        seed=3,
    )
    assert sorted(_order(table)) == ["collin", "lily", "nez", "rat_warrior", "roach"]
    assert table.view()["round"] == 1
    assert table.view()["current"] == _order(table)[0]


def test_an_ambush_moves_each_minion_card_up_by_its_die() -> None:
    """Rulebook "Ambushes": after placing normally, one die per minion card on the track,
    one card at a time, each moved up by its number; no turn is skipped or repeated."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(
        DrawEncounter(
            (group("roach", 2), group("spider")),
            ambush=True,
            order=("roach", "spider"),
            ambush_faces=("cheese", "sword_shield", "bow"),
        )
    )
    assert _order(table) == ["roach", "rat_warrior", "spider", "collin", "nez"]
    turns = []
    for _ in range(6):
        table.do(EndTurn())
        turns.append(table.view()["current"])
    assert turns == ["roach", "rat_warrior", "spider", "nez", "roach", "rat_warrior"]


def test_an_ambush_needs_one_die_per_minion_card() -> None:
    """Rulebook "Ambushes": the dice are one per minion initiative card."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    with pytest.raises(RuleError, match="only 2 minion cards to ambush with"):
        table.do(DrawEncounter((group("roach"),), ambush=True, ambush_faces=("bow",) * 3))


def test_new_minions_with_no_minion_card_on_the_track_reshuffle_everything() -> None:
    """Rulebook "Determining Initiative Order", first branch: all cards shuffled together."""
    table = started(("collin", "nez"))
    table.do(DrawEncounter((group("rat_warrior", 2),), order=("rat_warrior", "nez", "collin")))
    assert _order(table) == ["rat_warrior", "nez", "collin"]
    table.do(EndTurn())
    assert table.view()["current"] == "rat_warrior"
    table.do(EndTurn())
    assert table.view()["current"] == "nez"
    table.do(EndTurn())
    assert table.view()["round"] == 2


def test_a_boss_joining_a_running_track_ambushes_with_its_first_card() -> None:
    """Rulebook "Boss initiative cards": both cards at the bottom as usual, then the
    ambush rule for the first of the two."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(
        AddMinions(
            (group("brodie"),),
            order=("brodie:chase", "brodie:pounce"),
            ambush_faces=("sword_shield",),
        )
    )
    assert _order(table) == ["brodie:chase", "collin", "rat_warrior", "nez", "brodie:pounce"]
    turns = []
    for _ in range(5):
        table.do(EndTurn())
        turns.append(table.view()["current"])
    assert turns == ["brodie:chase", "rat_warrior", "nez", "brodie:pounce", "brodie:chase"]


def test_a_boss_with_more_cards_brings_two_chosen_at_random() -> None:
    """Rulebook "Boss initiative cards": randomly choose 2 of the boss's cards."""
    chosen = set()
    for seed in range(8):
        table = started(("collin", "nez"), seed=seed)
        table.do(AddMinions((group("vanestra"),)))
        boss_cards = [c for c in _order(table) if c.startswith("vanestra:")]
        assert len(boss_cards) == 2
        chosen.add(tuple(sorted(boss_cards)))
    assert len(chosen) > 1


def test_a_card_leaves_with_its_last_figure_and_the_gap_closes() -> None:
    """Rulebook "Boss initiative cards" (last paragraph) and "Wounds on non-boss minions"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior", 2),))
    table.do(RemoveMinion("rat_warrior"))
    assert _order(table) == ["collin", "rat_warrior", "nez"]
    table.do(RemoveMinion("rat_warrior"))
    assert _order(table) == ["collin", "nez"]
    assert [c["slot"] for c in table.view()["track"]] == [1, 2]


def test_a_captured_mouse_keeps_its_card_skips_while_minions_remain_then_is_rescued() -> None:
    """Rulebook "Captured Mouse" and "Rescuing a Mouse"."""
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(WoundMouse("nez", 6))
    assert "nez" in _order(table)
    table.do(EndTurn())
    table.do(EndTurn())
    assert table.view()["current"] == "collin"
    assert table.view()["round"] == 2
    assert any(e.kind == "mm.turn_skipped" for e in table.events)
    table.do(RemoveMinion("rat_warrior"))
    table.do(EndTurn())
    assert table.view()["current"] == "nez"
    assert not table.state.mouse("nez").captured
    assert "mm.roll_movement" not in table.view()["legal"]
    with pytest.raises(RuleError, match="whole turn"):
        table.do(RollMovement(("bow",)))


def test_an_explore_that_deals_the_track_anew_mid_round_skips_and_repeats_nobody() -> None:
    """Rulebook "Determining Initiative Order" (no minion card on the track: every card
    shuffled together) and "Game round" (a new round once the last card has taken a
    turn): Nez has had his turn when Lily explores and the encounter deals the track
    anew with Nez on top; the cards still to act this round (Lily's own goes on, then the
    rats and Collin) each take one turn, Nez waits for round 2, and the round counter
    moves exactly once every card has acted (issue 21: "Nez's turn was skipped")."""
    table = started(("nez", "lily", "collin"), heroes=("nez", "lily", "collin"))
    table.do(EndTurn())
    assert table.view()["current"] == "lily"
    table.do(Explore())
    table.do(DrawEncounter((group("rat_warrior"),), order=("nez", "rat_warrior", "collin", "lily")))
    view = table.view()
    assert _order(table) == ["nez", "rat_warrior", "collin", "lily"]
    assert (view["round"], view["current"]) == (1, "lily"), "the explorer's turn goes on"
    assert [c["acted"] for c in view["track"]] == [True, False, False, False]
    turns = []
    for _ in range(4):
        table.do(EndTurn())
        turns.append((table.view()["round"], table.view()["current"]))
    assert turns == [(1, "rat_warrior"), (1, "collin"), (2, "nez"), (2, "rat_warrior")]
    assert not [e for e in table.events if e.kind == "mm.turn_skipped"]
