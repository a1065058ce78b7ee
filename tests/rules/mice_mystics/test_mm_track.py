"""The initiative track as a value: shuffle in, ambush, remove, advance."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.rules.mice_mystics.track import Track


def test_new_cards_go_to_the_next_free_slots_without_doubles() -> None:
    """Rulebook "Determining Initiative Order": a type already on the track gets no second card."""
    track = Track().dealt(["collin", "rat", "nez"])
    track = track.shuffled_in(["roach", "rat", "spider"])
    assert track.cards == ("collin", "rat", "nez", "roach", "spider")


def test_ambush_moves_a_card_up_and_pushes_the_others_down() -> None:
    """Rulebook "Ambushes": move the card up by the number rolled, scooting the others down."""
    track = Track().dealt(["a", "b", "c", "d", "e"])
    assert track.ambushed("e", 2).cards == ("a", "b", "e", "c", "d")
    assert track.ambushed("b", 3).cards == ("b", "a", "c", "d", "e")


def test_removal_closes_the_gap() -> None:
    track = Track().dealt(["a", "b", "c"]).without("b")
    assert track.cards == ("a", "c")
    assert track.slot("c") == 2


def test_rounds_walk_top_to_bottom() -> None:
    """Rulebook "Game round": highest card first, a new round after the last."""
    track = Track().dealt(["a", "b"])
    seen = []
    for _ in range(5):
        track = track.advanced()
        seen.append((track.round, track.current))
    assert seen == [(1, "a"), (1, "b"), (2, "a"), (2, "b"), (3, "a")]


def test_a_card_moved_up_mid_round_takes_its_turn_once() -> None:
    track = Track().dealt(["a", "b", "c"]).advanced().advanced()
    assert track.current == "b"
    track = track.shuffled_in(["x"]).ambushed("x", 3)
    assert track.cards == ("x", "a", "b", "c")
    order = []
    while track.round == 1:
        track = track.advanced()
        order.append(track.current)
    assert order == ["x", "c", "x"]


_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("advance"), st.just(0), st.just(0)),
        st.tuples(st.just("add"), st.integers(0, 7), st.just(0)),
        st.tuples(st.just("remove"), st.integers(0, 7), st.just(0)),
        st.tuples(st.just("ambush"), st.integers(0, 7), st.integers(1, 3)),
    ),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(_OPS)
def test_no_card_skips_or_repeats_a_turn(ops: list[tuple[str, int, int]]) -> None:
    """Whatever joins, leaves or moves mid-round: a card on the track for the whole
    round takes exactly one turn in it, no card takes two, and no card is there twice."""
    names = [f"c{n}" for n in range(8)]
    track = Track().dealt(names[:3]).advanced()
    turns: list[str] = [track.current or ""]
    present_all_round = set(track.cards)
    for op, n, steps in ops:
        card = names[n]
        if op == "add":
            track = track.shuffled_in([card])
        elif op == "remove" and card in track.cards and len(track.cards) > 1:
            track = track.without(card)
            present_all_round.discard(card)
        elif op == "ambush" and card in track.cards:
            track = track.ambushed(card, steps)
        elif op == "advance":
            round_before = track.round
            track = track.advanced()
            if track.round != round_before:
                assert set(turns) >= present_all_round
                assert len(turns) == len(set(turns))
                turns, present_all_round = [], set(track.cards)
            if track.current is not None:
                turns.append(track.current)
        assert len(track.cards) == len(set(track.cards))
    assert len(turns) == len(set(turns))
