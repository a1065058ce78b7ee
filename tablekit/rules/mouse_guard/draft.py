"""The events one command causes, applied as they are decided, and the dice it rolls."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Event
from tablekit.rules.mouse_guard.dice import axes, explode, explosion_needs, read_face, roll
from tablekit.rules.mouse_guard.evolve import evolve
from tablekit.rules.mouse_guard.state import State


class Draft:
    """A state and the events that led to it from the command's starting state.

    A handler checks everything before it emits, so a refused command emits nothing.
    """

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        """Record ``events`` and apply them."""
        for event in events:
            self.state = evolve(self.state, event)
            self.events.append(event)


def dice(given: Sequence[str | int] | None, count: int, rng: random.Random) -> tuple[str, ...]:
    """``count`` faces: those given (checked), or rolled with ``rng``."""
    if given is None:
        return tuple(face.value for face in roll(count, rng))
    if len(given) != count:
        raise RuleError(
            "This roll needs {count} dice; {given} faces were given", count=count, given=len(given)
        )
    return read_faces(given)


def read_faces(given: Sequence[str | int]) -> tuple[str, ...]:
    """Faces by name or pips, as names; a RuleError for anything else."""
    faces = []
    for value in given:
        try:
            faces.append(read_face(value).value)
        except ValueError:
            raise RuleError(
                "{value!r} is not a Mouse Guard die face (snake, sword, axe or 1-6 pips)",
                value=value,
            ) from None
    return tuple(faces)


def explosion(given: Sequence[str | int] | None, count: int, rng: random.Random) -> tuple[str, ...]:
    """The dice Fate adds for ``count`` axes: the given faces if the table read them (they
    must complete the chain, new axes rolling again), else a fresh roll with ``rng``."""
    if given is None:
        return tuple(face.value for face in explode(count, rng))
    faces = read_faces(given)
    need = explosion_needs(count, faces)
    if len(faces) != need:
        raise RuleError(
            "{axes} axes and {new} new axes roll {need} dice; {given} faces were given",
            axes=count,
            new=axes(faces),
            need=need,
            given=len(faces),
        )
    return faces
