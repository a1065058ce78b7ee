"""What an actor may still do once an action's dice are down, in the summary's order
(Tests, steps 7 to 9, which action tests follow by Conflicts, step 7b).

A wise rerolls failed dice (Deeper Understanding for a Fate point, Of Course!
for a Persona point, where the ruleset has them) before Fate explodes axes,
and a level 3 trait comes last; keeping the roll closes them all. The action waits while its actor
could still do one of them, so nobody loses a choice by the screen moving on.
"""

from __future__ import annotations

from tablekit.rules.mouse_guard.after_roll import (
    DEEPER_UNDERSTANDING,
    EXPLODE,
    LEVEL_THREE,
    OF_COURSE,
    adds_success,
)
from tablekit.rules.mouse_guard.conflict.state import ActionTest
from tablekit.rules.mouse_guard.dice import Face, axes
from tablekit.rules.mouse_guard.state import State
from tablekit.rules.mouse_guard.switches import wise_reroll

KEPT = "kept"

PAST_WISES = frozenset({EXPLODE, LEVEL_THREE, KEPT})
"""Options after which a wise comes too late (step 7 is behind)."""


def _open(state: State, test: ActionTest, past: set[str]) -> bool:
    """Whether ``test`` is rolled, has an actor with a sheet, and nothing in ``past`` is done."""
    return test.rolled and state.has(test.actor) and not past & set(test.options)


def can_explode(state: State, test: ActionTest) -> bool:
    """Whether the actor may still spend Fate on the roll's axes (step 8)."""
    if not _open(state, test, {EXPLODE, LEVEL_THREE, KEPT}) or not axes(test.faces):
        return False
    return state.character(test.actor).fate >= 1


def wise_ways(state: State, test: ActionTest) -> tuple[str, ...]:
    """The wise rerolls the actor may still make (step 7): the ruleset must have it, and it
    needs a wise, a failed die, and the point each costs; each is made once a roll."""
    if not _open(state, test, set(PAST_WISES)) or Face.SNAKE.value not in test.faces:
        return ()
    character = state.character(test.actor)
    if not character.wises:
        return ()
    points = {DEEPER_UNDERSTANDING: character.fate, OF_COURSE: character.persona}
    return tuple(
        way
        for way, left in points.items()
        if left >= 1 and way not in test.options and wise_reroll(state.ruleset, way)
    )


def level_three_traits(state: State, test: ActionTest) -> tuple[str, ...]:
    """The actor's level 3 traits it may still use on the roll (step 9), Disarm's excepted
    and the one it used against this test.

    Under the summary a trait adds a success; under the sheet's reading it
    rerolls failed dice, once a session, so it needs a failed die and an unused trait.
    """
    if not state.ruleset.has_level_three or not _open(state, test, {LEVEL_THREE, KEPT}):
        return ()
    character = state.character(test.actor)
    conflict = state.conflict
    taken = {t.lower() for t in conflict.team(test.side).disarmed} if conflict else set()
    reroll = not adds_success(state)
    if reroll and Face.SNAKE.value not in test.faces:
        return ()
    return tuple(
        t.name
        for t in character.traits
        if t.effective_level == 3
        and t.name != test.against
        and f"{character.name}: {t.name}".lower() not in taken
        and not (reroll and t.used)
    )


def waits(state: State, test: ActionTest) -> bool:
    """Whether the action waits for ``test``'s actor: a wise, axes or a level 3 trait."""
    return bool(
        can_explode(state, test) or wise_ways(state, test) or level_three_traits(state, test)
    )
