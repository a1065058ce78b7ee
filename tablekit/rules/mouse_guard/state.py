"""The state of a Mouse Guard session: the mice, the phase, and the test or conflict in progress."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.conditions import MOUSE_GUARD
from tablekit.rules.mouse_guard.conflict.state import Conflict, Outcome
from tablekit.rules.mouse_guard.dice import successes
from tablekit.rules.mouse_guard.ruleset import Ruleset


class Phase(StrEnum):
    """Where the session stands (the summary, Game Structure)."""

    SETUP = "setup"
    PROLOGUE = "prologue"
    MISSION = "mission"
    GOALS = "goals"
    GM_TURN = "gm_turn"
    PLAYERS_TURN = "players_turn"
    WINTER = "winter"


class Step(IntEnum):
    """The summary's steps of a test; a test only moves forward through them."""

    BASE = 1
    TRAIT_AGAINST = 2
    TRAIT_FOR = 3
    HELP = 4
    NATURE = 5
    ROLL = 6
    WISES = 7
    AXES = 8
    LEVEL_THREE = 9
    TIES = 10
    RESULT = 11


@dataclass(frozen=True)
class Modifier:
    """Dice added to (or taken from) a pool, and why."""

    reason: str
    dice: int


@dataclass(frozen=True)
class Helper:
    """A mouse helping with a skill, an ability or a wise (``wise`` says which)."""

    name: str
    via: str
    wise: bool = False


@dataclass(frozen=True)
class Side:
    """One side of a test: who rolls, what, and everything done to the pool and the roll.

    ``actor`` is a character's name or, for the GM's side, any name with
    ``gm`` set. ``nature`` is "within" or "against" when Nature stands in for
    ``rating``. ``step`` is the summary's step this side has reached: each
    side builds its pool and uses its roll in order, without waiting on the
    other (the roll, the tie and the result are shared, so they move both).
    ``against`` and ``trait_for`` name the one trait this side used against
    itself (step 2) and for itself (step 3): the summary's "a trait", one each.
    ``faces`` is the roll with its rerolls; ``explosion`` the dice that axes
    added; ``bonus`` successes added after the roll.
    """

    actor: str
    rating: str
    base: int
    gm: bool = False
    nature: str = ""
    step: Step = Step.BASE
    tapped: bool = False
    tapped_within: bool = True
    modifiers: tuple[Modifier, ...] = ()
    traits: tuple[str, ...] = ()
    against: str = ""
    trait_for: str = ""
    helpers: tuple[Helper, ...] = ()
    rolled: bool = False
    faces: tuple[str, ...] = ()
    explosion: tuple[str, ...] = ()
    bonus: int = 0
    options: tuple[str, ...] = ()

    @property
    def pool(self) -> int:
        """The dice this side rolls (never fewer than none)."""
        return max(0, self.base + sum(m.dice for m in self.modifiers) + len(self.helpers))

    @property
    def successes(self) -> int:
        """Swords and axes in the roll and its explosion, plus any added successes."""
        return successes(self.faces) + successes(self.explosion) + self.bonus

    @property
    def tested(self) -> str:
        """The rating whose pass or fail this test marks."""
        return "Nature" if self.nature else self.rating


@dataclass(frozen=True)
class Test:
    """A test in progress. ``opponent`` is set for a versus test, ``ob`` otherwise.

    ``step`` is the furthest step any side has reached (each side keeps its own).

    ``winner`` is settled by tie-breaking ("tester" or "opponent", or
    "neither" when the tiebreaker ties again and both sides fail);
    ``tiebreaker`` counts tiebreaker rolls made and ``tiebreak`` keeps the last one's
    faces as (tester's, opponent's); ``marked`` says a sheet has
    changed since the test began (a check, a point, a mark), so it cannot be
    cancelled. ``recovery`` names the condition a recovery test recovers.
    """

    tester: Side
    opponent: Side | None = None
    ob: int = 0
    step: Step = Step.BASE
    winner: str = ""
    tiebreaker: int = 0
    marked: bool = False
    recovery: str = ""
    tiebreak: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    def side(self, which: str) -> Side:
        """``"tester"`` or ``"opponent"``."""
        side = self.tester if which == "tester" else self.opponent
        assert side is not None
        return side

    def with_side(self, which: str, side: Side) -> Test:
        """The test with ``side`` in place of ``which``."""
        return replace(self, tester=side) if which == "tester" else replace(self, opponent=side)

    @property
    def rolled(self) -> bool:
        """Whether every side has rolled."""
        return self.tester.rolled and (self.opponent is None or self.opponent.rolled)

    @property
    def tied(self) -> bool:
        """A versus test whose sides have the same successes and no tie-break yet."""
        return (
            self.opponent is not None
            and self.rolled
            and not self.winner
            and self.tester.successes == self.opponent.successes
        )

    @property
    def passed(self) -> bool:
        """Whether the tester has met the obstacle or beaten the opponent."""
        if self.opponent is None:
            return self.tester.successes >= self.ob
        if self.winner:
            return self.winner == "tester"
        return self.tester.successes > self.opponent.successes

    @property
    def margin(self) -> int:
        """By how much the tester failed (0 when it passed)."""
        against = self.ob if self.opponent is None else self.opponent.successes
        return max(0, against - self.tester.successes)


@dataclass(frozen=True)
class Result:
    """How the last test ended, for the screen."""

    character: str
    rating: str
    passed: bool
    outcome: str = ""
    condition: str = ""


@dataclass(frozen=True)
class Note:
    """An obstacle or a twist the GM noted this session: ``kind`` is "obstacle" or "twist"."""

    kind: str
    text: str


NOTE_LENGTH = 80
"""The most characters a note holds: a line on the GM's turn tracker."""


@dataclass(frozen=True)
class State:
    """Everything the device keeps for a Mouse Guard campaign."""

    ruleset: Ruleset = MOUSE_GUARD
    """The rules the session is played by (the journal records them: ``mg.ruleset_used``)."""
    ruleset_digest: str = ""
    """The digest of the ruleset the journal recorded; empty until the first change."""
    phase: Phase = Phase.SETUP
    session: int = 0
    mission: str = ""
    characters: tuple[Character, ...] = ()
    prologues: tuple[str, ...] = ()
    test: Test | None = None
    last: Result | None = None
    conflict: Conflict | None = None
    last_conflict: Outcome | None = None
    """How the last conflict ended, with the terms the table agreed."""
    players_turn_begun: bool = False
    """Whether this session's players' turn has begun (its free checks are given once)."""
    notes: tuple[Note, ...] = ()
    """This session's obstacles and twists, oldest first; a new session clears them."""
    continued: bool = False
    """The campaign began before its first session on the device, so every session has
    a last mission to retell in a prologue."""

    @property
    def prologue_open(self) -> bool:
        """Whether a prologue can be told now: at a session's start, once, when there is
        a last mission to retell (a second session, or a continued campaign)."""
        retold = self.session >= 2 or self.continued
        return self.phase is Phase.PROLOGUE and retold and not self.prologues

    def character(self, name: str) -> Character:
        """The character ``name`` (any case), or a RuleError naming those at the table."""
        for character in self.characters:
            if character.name.lower() == name.lower():
                return character
        known = ", ".join(c.name for c in self.characters) or Phrase("none")
        raise RuleError(
            "There is no character called {name!r} (characters: {known})", name=name, known=known
        )

    def has(self, name: str) -> bool:
        """Whether a character called ``name`` is at the table."""
        return any(c.name.lower() == name.lower() for c in self.characters)

    def with_character(self, character: Character) -> State:
        """The state with ``character`` replacing its namesake, or added."""
        key = character.name.lower()
        if not self.has(character.name):
            return replace(self, characters=self.characters + (character,))
        return replace(
            self,
            characters=tuple(character if c.name.lower() == key else c for c in self.characters),
        )
