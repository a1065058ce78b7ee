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
Legality comes in two tiers, as in python-chess: ``legal_commands(state)`` names the
kinds worth offering (a screen greys the rest), and ``is_legal(state, command)`` says
whether one whole command would succeed. A game whose commands each have a handler
gets ``decide``, ``settled`` and ``is_legal`` from :class:`Handled`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

import msgspec

from tablekit.rules.errors import RuleError, UnknownCommandError


class Command:
    """Something a player asks for. Subclasses are frozen dataclasses, or frozen msgspec
    ``Struct`` classes, which are built in C: a game of many commands declares them so, since
    making a dataclass (six generated methods, each compiled) costs milliseconds at import.

    ``kind`` names the command in its JSON form (``{"type": kind, ...}``). The base holds no
    fields and no ``__init__``, so a ``Struct`` may take it as a mixin.
    """

    kind: ClassVar[str] = ""


class Event:
    """Something that happened, as decided by the rules. Frozen too, declared as a command is."""

    kind: ClassVar[str] = ""


C = TypeVar("C", Command, Event)


def replaced(value: C, /, **changes: Any) -> C:
    """``value`` with ``changes`` to its fields (the camera's faces in a roll, say), whether its
    class is a frozen msgspec ``Struct`` or a frozen dataclass."""
    item: Any = value
    if isinstance(item, msgspec.Struct):
        return cast(C, msgspec.structs.replace(item, **changes))
    import dataclasses  # only the games still made of dataclasses need it, and they load it

    return cast(C, dataclasses.replace(item, **changes))


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

    def is_legal(self, state: S, command: Command) -> bool:
        """Whether ``command`` would succeed in ``state``: ``decide`` raises no RuleError."""
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


class Drafting(Protocol[S]):
    """A state being moved on by one command's events, each folded as it is decided."""

    state: S
    events: list[Event]


D = TypeVar("D", bound=Drafting[Any])

Handler = Callable[[D, Any, random.Random], None]
"""One command's rule: checks the command against the draft and emits its events."""


class Handled(Generic[S, D]):
    """``decide``, ``settled`` and ``is_legal`` for a game whose commands each have a
    handler: a function that checks the command against a draft of the state and emits
    its events into the draft, or raises RuleError before emitting anything.

    A game names its ``handlers`` by command type and makes its draft in :meth:`draft`,
    where it also checks what holds for every command (the chapter's phase, a question
    waiting) and records what every first change records (the ruleset in use).
    """

    title: str
    handlers: Mapping[type[Command], Handler[D]]

    def draft(self, state: S, command: Command) -> D:
        """A fresh draft of ``state`` for ``command``'s handler."""
        raise NotImplementedError

    def decide(self, state: S, command: Command, rng: random.Random) -> list[Event]:
        """The events ``command`` causes, or a RuleError saying why not."""
        return self.settled(state, command, rng)[0]

    def settled(self, state: S, command: Command, rng: random.Random) -> tuple[list[Event], S]:
        """The events ``command`` causes and the state after them, folded as they were
        decided (see :func:`settle`)."""
        handler = self.handlers.get(type(command))
        if handler is None:
            raise UnknownCommandError(
                "{game} has no command {kind!r}", game=self.title, kind=command.kind
            )
        draft = self.draft(state, command)
        handler(draft, command, rng)
        return draft.events, draft.state

    def is_legal(self, state: S, command: Command) -> bool:
        """Whether ``command`` would succeed in ``state``, asked of the handler itself so the
        answer is the rules' own; dice it rolls come from a fixed source and are thrown
        away with the draft, and ``state`` is untouched (it is immutable)."""
        try:
            self.settled(state, command, random.Random(0))
        except RuleError:
            return False
        return True
