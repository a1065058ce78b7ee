"""The state of a Mouse Card session: the characters, the deck and the task being drawn for.

Every value is a frozen dataclass of plain fields, so the session can keep
snapshots of it. The cards on the table during a turn are neither in the
pile nor in the discard: the three together are always the whole deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tablekit.rules.cards import FULL_DECK, Card

MODES = ("cautious", "broke")
"""Drawing cautiously (one card at a time) or going for broke (all at once)."""


@dataclass(frozen=True)
class Rated:
    """A trait or a disadvantage at a level."""

    name: str
    level: int


@dataclass(frozen=True)
class Character:
    """A mouse (or another kind of creature) with its traits, disadvantages and fate chips."""

    name: str
    kind: str = "mouse"
    traits: tuple[Rated, ...] = ()
    disadvantages: tuple[Rated, ...] = ()
    fate: int = 0

    def trait(self, name: str) -> Rated | None:
        return next((t for t in self.traits if t.name.lower() == name.lower()), None)

    def disadvantage(self, name: str) -> Rated | None:
        return next((d for d in self.disadvantages if d.name.lower() == name.lower()), None)


@dataclass(frozen=True)
class Deck:
    """The draw pile and the discard; ``shuffled`` once the pile was first shuffled.

    The pile is kept in the order of its last shuffle, but a draw from it
    shuffles it afresh (:mod:`.draws`), so that order never decides a card."""

    pile: tuple[str, ...] = FULL_DECK
    discard: tuple[str, ...] = ()
    shuffled: bool = False


@dataclass(frozen=True)
class Task:
    """A task check under way: what the GM set, what is banked and this turn's cards."""

    character: str
    trait: str
    level: int
    target: int
    """The lowest card value that counts as a success (11: face cards or better)."""
    needed: int
    mode: str
    extended: bool
    circumstances: tuple[str, ...]
    physical: bool
    hindered_by: tuple[str, ...]
    bad: tuple[str, ...]
    """The bad cards for this task, fixed when it began."""
    banked: int = 0
    """Successes from earlier turns of an extended task."""
    turn: int = 1
    table: tuple[str, ...] = ()
    """This turn's cards, in the order drawn."""
    cancelled: tuple[str, ...] = ()
    """Cards on the table whose effect an ace or a fate chip cancelled."""
    aces_used: int = 0
    """Aces on the table spent on cancelling rather than on a success."""
    fate_successes: int = 0
    """Fate chips spent this turn as an extra success each."""

    def is_bad(self, card: str) -> bool:
        """Whether ``card`` on the table is bad and not cancelled."""
        return card in self.bad and card not in self.cancelled

    @property
    def bad_drawn(self) -> tuple[str, ...]:
        """This turn's bad cards whose effect stands."""
        return tuple(card for card in self.table if self.is_bad(card))

    @property
    def aces(self) -> int:
        return sum(Card.parse(card).value == 14 for card in self.table)

    @property
    def successes(self) -> int:
        """This turn's successes: cards at the target or above that are not bad, plus the
        aces not spent on cancelling, plus fate chips spent as successes."""
        beat = sum(
            Card.parse(card).value >= self.target and card not in self.bad for card in self.table
        )
        return beat + self.aces - self.aces_used + self.fate_successes

    @property
    def limit(self) -> int:
        """Cards this turn may draw: the trait's level, one more for each king drawn."""
        return self.level + sum(Card.parse(card).value == 13 for card in self.table)

    @property
    def stopped(self) -> bool:
        """A bad card whose effect stands stops the draw until the next turn."""
        return bool(self.bad_drawn)

    @property
    def draws_left(self) -> int:
        return 0 if self.stopped else self.limit - len(self.table)

    @property
    def total(self) -> int:
        return self.banked + self.successes


@dataclass(frozen=True)
class Outcome:
    """How the last turn (and, when it ended, the task) went, for the table to read."""

    character: str
    trait: str
    cards: tuple[str, ...]
    successes: int
    total: int
    needed: int
    bad: tuple[str, ...]
    """The bad cards whose effect stood: more than one magnifies what happens."""
    result: str
    """"passed", "failed", "abandoned", or "continues" for an extended task."""


@dataclass(frozen=True)
class Miracle:
    """A deus ex machina the GM approved, paid with a fate chip."""

    character: str
    what: str


@dataclass(frozen=True)
class State:
    characters: tuple[Character, ...] = ()
    deck: Deck = field(default_factory=Deck)
    task: Task | None = None
    last: Outcome | None = None
    miracles: tuple[Miracle, ...] = ()
    chapter: int = 1

    def has(self, name: str) -> bool:
        return any(c.name.lower() == name.lower() for c in self.characters)

    def character(self, name: str) -> Character:
        """The character called ``name`` (any case); KeyError if there is none."""
        for found in self.characters:
            if found.name.lower() == name.lower():
                return found
        raise KeyError(name)

    def with_character(self, character: Character) -> State:
        key = character.name.lower()
        kept = tuple(c for c in self.characters if c.name.lower() != key)
        if len(kept) == len(self.characters):
            return replace(self, characters=(*self.characters, character))
        return replace(
            self,
            characters=tuple(character if c.name.lower() == key else c for c in self.characters),
        )
