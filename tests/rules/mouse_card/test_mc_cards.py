"""The deck as a library: 54 codes that read back, ranks in the seed's order, injected shuffles."""

from __future__ import annotations

import random

import pytest

from tablekit.rules import cards
from tablekit.rules.cards import FULL_DECK, Card


def test_the_deck_has_52_cards_and_a_red_and_a_black_joker() -> None:
    assert len(FULL_DECK) == 54 == len(set(FULL_DECK))
    jokers = [Card.parse(c) for c in FULL_DECK if Card.parse(c).joker]
    assert sorted(j.colour for j in jokers) == ["black", "red"]
    assert sum(Card.parse(c).colour == "red" for c in FULL_DECK) == 27


def test_jokers_and_deuces_are_low_kings_and_aces_high() -> None:
    """Seed, opening: jokers and deuces are low; aces and kings are high."""
    values = sorted(FULL_DECK, key=lambda c: Card.parse(c).value)
    assert {values[0], values[1]} == {"RJ", "BJ"}
    assert all(Card.parse(c).value == 2 for c in values[2:6])
    assert all(Card.parse(c).value == 14 for c in values[-4:])
    assert all(Card.parse(c).value == 13 for c in values[-8:-4])


@pytest.mark.parametrize("code", FULL_DECK)
def test_every_code_reads_back_and_its_repr_pastes_back(code: str) -> None:
    card = Card.parse(code.lower())
    assert card.code == code
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("bad", ["1H", "11S", "QX", "", "joker", "RJJ", "10"])
def test_a_non_card_is_refused_with_how_to_write_one(bad: str) -> None:
    with pytest.raises(ValueError, match="write it like QH"):
        Card.parse(bad)


def test_a_shuffle_takes_its_randomness_from_the_source_given() -> None:
    first = cards.shuffled(FULL_DECK, random.Random(3))
    assert first == cards.shuffled(FULL_DECK, random.Random(3))
    assert first != cards.shuffled(FULL_DECK, random.Random(4))
    assert sorted(first) == sorted(FULL_DECK)


def test_draw_takes_from_the_top_and_refuses_a_short_pile() -> None:
    drawn, left = cards.draw(("AS", "2H", "3C"), 2)
    assert (drawn, left) == (("AS", "2H"), ("3C",))
    with pytest.raises(ValueError):
        cards.draw(("AS",), 2)


def test_reshuffle_puts_the_discard_back_and_take_removes_named_cards() -> None:
    pile = cards.reshuffle(("AS",), ("2H", "3C"), random.Random(1))
    assert sorted(pile) == ["2H", "3C", "AS"]
    assert cards.take(pile, ["3C"]) == tuple(c for c in pile if c != "3C")
    with pytest.raises(ValueError, match="not in the deck"):
        cards.take(pile, ["KD"])
    assert cards.is_whole(FULL_DECK[:10], FULL_DECK[10:])
    assert not cards.is_whole(FULL_DECK[:10])
