"""A conflict action's test in the Mouse Guard view: the pool each side rolls for a
revealed action, its odds, what was done after the roll and how a tie was broken."""

from __future__ import annotations

from typing import Literal, TypedDict

from tablekit.rules.mouse_guard.view_types.test import Face, WinTieLose

ConflictSide = Literal["gm", "patrol"]
"""A side of a conflict, named as its action pad is."""

Action = Literal["attack", "defend", "feint", "maneuver"]
"""A conflict action."""

Winner = Literal["", "gm", "patrol"]
"""The side that won a conflict (or lost it); "" when nobody did."""


class Part(TypedDict):
    """Something added to (or taken from) a disposition or a pool, and why."""

    reason: str
    amount: int


# "1", "2" and "3" are not names, so these two use the functional form.
MarginOdds = TypedDict("MarginOdds", {"1": float, "2": float, "3": float})
"""The chance of passing by at least 1, 2 and 3 more successes."""

IndependentOdds = TypedDict("IndependentOdds", {"pass": float, "margin": MarginOdds})
"""An action tested against an obstacle: the chance that it counts (at least one success
and the obstacle: an Ob 0 action with no success does nothing), and of each margin."""

ActionOdds = IndependentOdds | WinTieLose
"""``"pass" in odds`` for an action against an obstacle; win, tie, lose for a versus roll.


The chances follow what is known: before the roll; in a versus roll, against the
successes of the side that has rolled (from either side). Once the side has rolled
(versus: once both have) every value is the result, 1.0 or 0.0, never a stale chance."""

ActionOption = Literal["deeper_understanding", "of_course", "explode", "level_three", "kept"]
"""What was done after an action roll: a wise's reroll, Fate on the axes, a level 3 trait,
or the roll kept as it is."""

WiseWay = Literal["deeper_understanding", "of_course"]


TieWay = Literal["level_three", "against", "tiebreaker"]
"""How a tied versus action was broken (the summary's Tests, step 10)."""


class TieView(TypedDict):
    """A broken versus tie: who won it ("" when the tiebreaker tied again) and how."""

    winner: Winner
    way: TieWay
    gm_faces: list[Face]
    """The tiebreaker's roll for the GM's side (empty unless ``way`` is "tiebreaker")."""
    patrol_faces: list[Face]


class AidView(TypedDict):
    """A helper's die on an action test: its skill or ability, or a wise (``wise``)."""

    name: str
    via: str
    wise: bool


class ActionTestView(TypedDict):
    """One side's test of a revealed action: the pool it rolls (or would roll now)."""

    side: ConflictSide
    actor: str
    action: Action
    ob: int | None
    """None in a versus roll."""
    rating: str
    nature: Literal["", "within", "against"]
    """How Nature stands in for ``instead`` (acting within or against it), or ""."""
    instead: str
    """The skill Nature (or the ability the table named) stands in for, or ""."""
    pool: int
    modifiers: list[Part]
    bonus: int
    """Weapons' added successes."""
    helpers: list[str]
    helps: list[AidView]
    """What each helper helps with, in order (older journals name nothing)."""
    trait_against: str
    """The trait the actor used against itself on this action, or ""."""
    trait_for: str
    """The trait the actor used for itself on this action, or ""."""
    rolled: bool
    faces: list[Face]
    tapped: bool
    """Whether Persona tapped Nature into the pool (a failure taxes Nature)."""
    explosion: list[Face]
    """The dice Fate added for axes."""
    options_used: list[ActionOption]
    fate_open: bool
    """Whether the actor may still spend Fate on the roll's axes."""
    wise_ways: list[WiseWay]
    """The wise rerolls the actor may still make (it has a wise and a failed die)."""
    wises: list[str]
    """The actor's wises, for those rerolls."""
    level_three: list[str]
    """The actor's level 3 traits it may still use on the roll."""
    waits: bool
    """Whether the action waits for the actor's wise, Fate or trait, or a kept roll."""
    successes: int
    odds: ActionOdds
