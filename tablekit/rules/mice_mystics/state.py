"""The state of a session: one chapter's book-keeping, as frozen values."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mice_mystics.chapter import ChapterTrack
from tablekit.rules.mice_mystics.content import Pack
from tablekit.rules.mice_mystics.encounter import Encounter
from tablekit.rules.mice_mystics.frozen import replace
from tablekit.rules.mice_mystics.mice import Mouse
from tablekit.rules.mice_mystics.minions import MinionCard
from tablekit.rules.mice_mystics.track import Track
from tablekit.rules.mice_mystics.wheel import Wheel


class Outcome(StrEnum):
    """Where the chapter stands."""

    SETUP = "setup"
    PLAYING = "playing"
    DEFEAT = "defeat"
    VICTORY = "victory"


class Ask(StrEnum):
    """The kinds of question the table must answer before play goes on."""

    DEFEND = "defend"
    BOSS_WOUNDS = "boss_wounds"
    SURGE = "surge"
    SEARCH_CARD = "search_card"
    PACK_FULL = "pack_full"


class Question(msgspec.Struct, frozen=True):
    """A choice the rulebook leaves to the players, or a roll they must make.

    ``answer`` is the command kind that answers it. The other fields say who
    and what it concerns; unused ones stay empty.
    """

    ask: Ask
    text: str
    answer: str
    options: tuple[str, ...] = ()
    hero: str = ""
    card: str = ""
    figure: int = 0
    hits: int = 0
    poison: bool = False
    attacker: str = ""


class LastRoll(msgspec.Struct, frozen=True):
    """The latest roll, with what it was for and who made it."""

    purpose: str
    actor: str
    faces: tuple[str, ...]
    movement: int | None = None


class Turn(msgspec.Struct, frozen=True):
    """What the card whose turn it is has done so far this turn."""

    moved: bool = False
    movement: int | None = None
    action: str = ""
    free: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    attacked: tuple[int, ...] = ()
    """The figures (from 0) of the minion card whose turn it is that have attacked; a
    charmed mouse, acting as a minion, is figure 0."""


class State(msgspec.Struct, frozen=True):
    """Everything the device keeps for one chapter (and what carries to the next)."""

    pack: Pack
    chapter: str = ""
    outcome: Outcome = Outcome.SETUP
    outcome_reason: str = ""
    track: Track = msgspec.field(default_factory=Track)
    mice: tuple[Mouse, ...] = ()
    minions: tuple[MinionCard, ...] = ()
    wheel: Wheel = msgspec.field(default_factory=Wheel)
    chapter_track: ChapterTrack = msgspec.field(default_factory=ChapterTrack)
    encounter: Encounter | None = None
    greedy: bool = False
    pending: tuple[Question, ...] = ()
    turn: Turn = msgspec.field(default_factory=Turn)
    last_roll: LastRoll | None = None
    achievements: tuple[tuple[str, str], ...] = ()
    story: tuple[str, ...] = ()
    party: tuple[str, ...] = ()
    roaches_defeated: tuple[tuple[str, int], ...] = ()
    weapons: tuple[tuple[str, str], ...] = ()
    """(card, "melee" or "ranged") for each found search card the table named a weapon."""

    def mouse(self, hero: str) -> Mouse:
        """The mouse ``hero``, or a RuleError naming the mice in play."""
        for mouse in self.mice:
            if mouse.stats.id == hero:
                return mouse
        known = ", ".join(m.stats.id for m in self.mice) or Phrase("none")
        raise RuleError(
            "{hero!r} is not a mouse in this chapter (mice: {known})", hero=hero, known=known
        )

    def card(self, card_id: str) -> MinionCard:
        """The minion card ``card_id`` on the track, or a RuleError."""
        for card in self.minions:
            if card.id == card_id:
                return card
        known = ", ".join(c.id for c in self.minions) or Phrase("none")
        raise RuleError(
            "There is no minion card {card!r} on the track (minion cards: {known})",
            card=card_id,
            known=known,
        )

    def is_mouse(self, card_id: str) -> bool:
        """Whether ``card_id`` is a mouse's initiative card."""
        return any(m.stats.id == card_id for m in self.mice)

    def with_mouse(self, mouse: Mouse) -> State:
        """The state with ``mouse`` replacing its namesake."""
        hero = mouse.stats.id
        return replace(self, mice=tuple(mouse if m.stats.id == hero else m for m in self.mice))

    def with_card(self, card: MinionCard) -> State:
        """The state with ``card`` replacing its namesake, or added."""
        if any(c.id == card.id for c in self.minions):
            cards = tuple(card if c.id == card.id else c for c in self.minions)
            return replace(self, minions=cards)
        return replace(self, minions=self.minions + (card,))

    @property
    def minions_on_board(self) -> bool:
        """Whether any minion figure is on the board."""
        return bool(self.minions)

    def holder(self, achievement: str) -> str | None:
        """The mouse holding the individual ``achievement``, if any has earned it."""
        return next((hero for name, hero in self.achievements if name == achievement), None)

    @property
    def current_mouse(self) -> Mouse | None:
        """The mouse whose turn it is, if it is a mouse's turn."""
        current = self.track.current
        return self.mouse(current) if current and self.is_mouse(current) else None
