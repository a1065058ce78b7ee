"""The initiative track: the order of turns, as a value with operations.

Cards are named by id (a mouse's id, a minion type's id, or ``boss:card`` for
one of a boss's initiative cards). A round walks the track top to bottom.
The track remembers which cards have already had their turn this round, so
that cards joining, leaving or moving up while the round is under way never
make a card skip its turn or take a second one: the next turn always goes to
the highest card that has not yet acted this round.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from tablekit.rules.mice_mystics.frozen import replace


class Track(msgspec.Struct, frozen=True):
    """Cards from the top (slot 1) down, the card whose turn it is, and the round."""

    cards: tuple[str, ...] = ()
    current: str | None = None
    acted: frozenset[str] = frozenset()
    round: int = 0

    def dealt(self, order: Sequence[str]) -> Track:
        """The cards laid out afresh in ``order`` (already shuffled), keeping the round."""
        return replace(self, cards=tuple(order))

    def shuffled_in(self, order: Sequence[str]) -> Track:
        """New cards on the next free slots, in ``order``; a card already there is not doubled.

        The track simply grows past its printed slots when it has to.
        """
        new = tuple(card for card in dict.fromkeys(order) if card not in self.cards)
        return replace(self, cards=self.cards + new)

    def ambushed(self, card: str, steps: int) -> Track:
        """``card`` moved up ``steps`` slots (not past the top), the others pushed down."""
        at = self.cards.index(card)
        to = max(0, at - steps)
        rest = self.cards[:at] + self.cards[at + 1 :]
        return replace(self, cards=rest[:to] + (card,) + rest[to:])

    def without(self, card: str) -> Track:
        """``card`` taken off the track, the cards below moved up to close the gap.

        A card leaving during its own turn counts as having had that turn.
        """
        cards = tuple(c for c in self.cards if c != card)
        if self.current == card:
            return replace(self, cards=cards, current=None, acted=self.acted | {card})
        return replace(self, cards=cards)

    def advanced(self) -> Track:
        """The next turn: the highest card not yet acted, or the top card of a new round."""
        acted = self.acted if self.current is None else self.acted | {self.current}
        waiting = [card for card in self.cards if card not in acted]
        if self.round > 0 and waiting:
            return replace(self, current=waiting[0], acted=acted)
        top = self.cards[0] if self.cards else None
        return replace(self, current=top, acted=frozenset(), round=self.round + 1)

    def slot(self, card: str) -> int:
        """``card``'s slot, counting from 1 at the top."""
        return self.cards.index(card) + 1

    def has_acted(self, card: str) -> bool:
        """Whether ``card`` has finished its turn this round."""
        return card in self.acted
