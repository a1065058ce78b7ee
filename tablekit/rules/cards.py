"""A deck of 54 playing cards as plain values: 52 cards and a red and a black joker.

Cards are written as short codes that read back the same way: ``"QH"`` is the
queen of hearts, ``"10S"`` the ten of spades, ``"AD"`` the ace of diamonds,
``"RJ"`` and ``"BJ"`` the red and the black joker. Ranks run from the jokers
(lowest) and the deuces up through the face cards to the kings and aces (the
highest). Shuffling takes its randomness from a source the caller passes in,
and a shuffle's result is just an order of codes, so a journal can store it
and a replay never shuffles again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SUITS = ("C", "D", "H", "S")
"""Clubs, diamonds, hearts and spades."""

RED_SUITS = frozenset({"D", "H"})

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The ranks of the suited cards, lowest first."""

JOKER = 1
"""The value of a joker: below the deuces."""

JOKERS = ("RJ", "BJ")


@dataclass(frozen=True)
class Card:
    """One card. ``value`` is 1 for a joker, 2-10 for the numbers, 11-14 for J, Q, K and A."""

    value: int
    colour: str
    """"red" or "black"."""
    suit: str = ""
    """One of :data:`SUITS`; "" for a joker."""

    @classmethod
    def parse(cls, code: str) -> Card:
        """The card a code such as ``"QH"``, ``"10s"`` or ``"RJ"`` names; ValueError if none."""
        text = code.strip().upper()
        if text in JOKERS:
            return cls(JOKER, "red" if text == "RJ" else "black")
        rank, suit = text[:-1], text[-1:]
        if rank not in RANKS or suit not in SUITS:
            raise ValueError(f"{code!r} is not a card; write it like QH, 10S, AD, RJ or BJ")
        return cls(rank_value(rank), "red" if suit in RED_SUITS else "black", suit)

    @property
    def code(self) -> str:
        if self.joker:
            return "RJ" if self.colour == "red" else "BJ"
        return RANKS[self.value - 2] + self.suit

    @property
    def joker(self) -> bool:
        return self.value == JOKER

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


def rank_value(rank: str) -> int:
    """The value of a rank name ("2" to "A", or "joker"); ValueError if it is none."""
    name = rank.strip().upper()
    if name in ("JOKER", "JK"):
        return JOKER
    if name not in RANKS:
        raise ValueError(f"{rank!r} is not a rank; ranks: joker, {', '.join(RANKS)}")
    return RANKS.index(name) + 2


def rank_name(value: int) -> str:
    """The name of a rank value: "joker", "2" to "10", "J", "Q", "K" or "A"."""
    return "joker" if value == JOKER else RANKS[value - 2]


FULL_DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS) + JOKERS
"""All 54 codes in new-deck order: each suit from the deuce up, then the jokers."""

_PLACE = {code: place for place, code in enumerate(FULL_DECK)}


def codes(cards: Iterable[str]) -> tuple[str, ...]:
    """The cards' canonical codes (``"qh"`` becomes ``"QH"``); ValueError for a non-card."""
    return tuple(Card.parse(card).code for card in cards)


def shuffled(cards: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """``cards`` in a new random order drawn from ``rng``."""
    order = list(cards)
    rng.shuffle(order)
    return tuple(order)


def in_deck_order(cards: Iterable[str]) -> tuple[str, ...]:
    """``cards`` in new-deck order (:data:`FULL_DECK`'s): an order that tells nothing of how
    they were kept, so what is worked out from it depends only on which cards they are."""
    return tuple(sorted(cards, key=_PLACE.__getitem__))


def afresh(cards: Iterable[str], rng: random.Random) -> tuple[str, ...]:
    """``cards`` shuffled afresh with ``rng``, from new-deck order: the result depends on
    which cards they are and on ``rng``, never on any order they were kept in before."""
    return shuffled(in_deck_order(cards), rng)


def draw(pile: Sequence[str], count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The top ``count`` cards of ``pile`` (top first) and the pile left; ValueError if short."""
    if not 0 <= count <= len(pile):
        raise ValueError(f"cannot draw {count} cards from a pile of {len(pile)}")
    return tuple(pile[:count]), tuple(pile[count:])


def take(pile: Sequence[str], named: Sequence[str]) -> tuple[str, ...]:
    """``pile`` without the ``named`` cards, which must all be in it (a physical deck's draw)."""
    left = list(pile)
    for card in named:
        if card not in left:
            raise ValueError(f"{card} is not in the deck")
        left.remove(card)
    return tuple(left)


def reshuffle(pile: Sequence[str], discard: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """The discard shuffled back into the pile: the whole new pile, top first."""
    return shuffled([*pile, *discard], rng)


def is_whole(*parts: Sequence[str]) -> bool:
    """Whether ``parts`` together hold every card of the deck exactly once."""
    together = [card for part in parts for card in part]
    return sorted(together) == sorted(FULL_DECK)
