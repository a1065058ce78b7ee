"""A test in the Mouse Guard view: each side's pool and roll through the summary's
steps, the tester's exact chances, and how the last test ended. Nothing in a test is
secret."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from tablekit.rules.mouse_guard.view_types.sheet import ConditionName

Face = Literal["snake", "sword", "axe"]
"""A face of a Mouse Guard die."""

Option = Literal["deeper_understanding", "of_course", "explode", "level_three"]
"""An after-roll option (the summary's Tests, steps 7 to 9)."""


class DiceModifier(TypedDict):
    """Dice added to (or, negative, taken from) a test's pool, and why."""

    reason: str
    dice: int


class HelperView(TypedDict):
    """A mouse helping a side with a skill, an ability or a wise."""

    name: str
    via: str
    wise: bool


class SideView(TypedDict):
    """One side of a test (the tester, or a versus test's opponent)."""

    actor: str
    gm: bool
    """The GM's side: a number of dice and no sheet."""
    rating: str
    tested: str
    """The rating the result marks: ``rating``, or "Nature" when Nature stands in."""
    nature: Literal["", "within", "against"]
    step: int
    """The summary's step this side has reached, 1-11: each side keeps its own."""
    base: int
    pool: int
    modifiers: list[DiceModifier]
    helpers: list[HelperView]
    traits: list[str]
    tapped: bool
    rolled: bool
    faces: list[Face]
    """The roll with its rerolls."""
    explosion: list[Face]
    """The dice that axes added."""
    bonus: int
    """Successes added after the roll."""
    successes: int
    options_used: list[Option]


class WinTieLose(TypedDict):
    """The chances of a versus roll before it is made (or before the rival's is known)."""

    win: float
    tie: float
    lose: float


VersusChance = WinTieLose
"""A versus test's chance before the opponent has rolled: the raw roll."""


class ObChance(TypedDict):
    """The chance of reaching ``ob`` successes, now and with each open option.

    An option not open now is None; ``all`` counts every open option the
    mouse can pay for.
    """

    ob: int
    """The obstacle; in a versus test, the opponent's successes plus one (no
    plus one when a level 3 trait wins ties)."""
    now: float
    deeper_understanding: float | None
    of_course: float | None
    explode: float | None
    level_three: float | None
    all: float
    tie: NotRequired[float]
    """Versus, once the opponent has rolled, without a level 3 trait: a tie, with no option."""


TestChance = VersusChance | ObChance
"""The tester's exact chances; ``"ob" in chance`` tells the shapes apart."""


class OptionsView(TypedDict):
    """The after-roll options open to the tester now."""

    deeper_understanding: bool
    of_course: bool
    explode: bool
    level_three: bool


class TiebreakView(TypedDict):
    """A test's tiebreaker roll: each side's faces."""

    tester: list[Face]
    opponent: list[Face]


class TestView(TypedDict):
    """The test in progress."""

    kind: Literal["independent", "versus"]
    recovery: Literal[""] | ConditionName
    """The condition a recovery test (``mg.recover``) takes away on a pass; "" otherwise."""
    step: int
    """The furthest of the summary's steps any side has reached, 1-11."""
    ob: int
    """0 in a versus test."""
    tester: SideView
    opponent: SideView | None
    to_roll: Literal["tester", "opponent"] | None
    """The opponent rolls first; None once both have."""
    tied: bool
    winner: Literal["", "tester", "opponent", "neither"]
    """Who a tie-break gave the test to; "neither" after a second tie, which both fail."""
    tiebreakers: int
    tiebreak: TiebreakView
    """The tiebreaker's dice, each side's (empty before one is rolled)."""
    passed: bool | None
    """None until every side has rolled, and while a tie waits."""
    margin: int
    """By how much the tester is failing now."""
    chance: TestChance
    options: OptionsView


class LastResult(TypedDict):
    """How the last test ended."""

    character: str
    rating: str
    passed: bool
    outcome: Literal["", "twist", "condition"]
    condition: Literal[""] | ConditionName
