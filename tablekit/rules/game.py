"""The contract every game's rules fulfil.

A game is a reducer in two steps, as in event sourcing:

* ``decide(state, command, rng)`` checks a command against the rules and
  returns the events it causes, or raises :class:`~tablekit.rules.errors.RuleError`.
  All randomness happens here, through the injected ``rng``, and its results
  are written into the events.
* ``evolve(state, event)`` applies one event. It is deterministic and never
  fails for an event that ``decide`` produced, so replaying a journal rebuilds
  exactly the same state without re-rolling a single die.

A game may also offer ``settled(state, command, rng)``, returning the events
and the state after them at once, when it folds as it decides: see :func:`settle`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar


@dataclass(frozen=True)
class Command:
    """Something a player asks for. Subclasses are frozen dataclasses.

    ``kind`` names the command in its JSON form (``{"type": kind, ...}``).
    """

    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class Event:
    """Something that happened, as decided by the rules. Frozen too."""

    kind: ClassVar[str] = ""


S = TypeVar("S")


class Game(Protocol[S]):
    """One rule system. ``name`` is its stable id in journals and scripts."""

    name: str
    title: str
    commands: Sequence[type[Command]]
    events: Sequence[type[Event]]

    def start(self) -> S:
        """The state of a fresh session, before any command."""
        ...

    def decide(self, state: S, command: Command, rng: random.Random) -> list[Event]:
        """The events ``command`` causes in ``state``; raise RuleError if illegal."""
        ...

    def evolve(self, state: S, event: Event) -> S:
        """The state after ``event``. Pure and deterministic."""
        ...

    def view(self, state: S) -> Mapping[str, Any]:
        """Everything worth showing, with unrevealed values wrapped in Secret."""
        ...

    def legal_commands(self, state: S) -> frozenset[str]:
        """Kinds of command that can currently succeed, so a UI can grey the rest."""
        ...

    def hidden(self, item: Command | Event) -> Mapping[str, str]:
        """The fields of ``item`` that stay secret, each with the audience that owns it.

        A scripted conflict action or a card drawn face down is known to its
        owner only; the session hides such a field from every other audience
        whenever it shows a command or an event, as it does for views.
        """
        ...


def fold(game: Game[S], state: S, events: Sequence[Event]) -> S:
    """Apply ``events`` in order."""
    for event in events:
        state = game.evolve(state, event)
    return state


def settle(game: Game[S], state: S, command: Command, rng: random.Random) -> tuple[list[Event], S]:
    """The events ``command`` causes in ``state`` and the state after them.

    Optional for a game: one whose ``decide`` folds each event as it decides (a draft, so
    later steps of a rule see earlier ones) may offer ``settled(state, command, rng)``
    returning both, so the session does not fold the same events a second time; any other
    game is decided, then folded.
    """
    settled = getattr(game, "settled", None)
    if settled is not None:
        events, after = settled(state, command, rng)
        return events, after
    events = game.decide(state, command, rng)
    return events, fold(game, state, events)


def state_type(game: Game[S]) -> type[S] | None:
    """The class of ``game``'s state, if the game declares it as ``state_type``.

    Optional: a game that declares it (a frozen dataclass tree) lets a session
    keep snapshots of its state, so a long campaign opens without folding
    every step; one that does not is always folded from the start.
    """
    kind = getattr(game, "state_type", None)
    return kind if isinstance(kind, type) else None
