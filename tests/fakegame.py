"""A tiny game for testing the session machinery apart from any real rules.

It counts, rolls dice through the injected random source, and keeps notes
that stay secret to their owner until revealed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, Event
from tablekit.rules.secret import Secret


@dataclass(frozen=True)
class Add(Command):
    kind = "t.add"
    amount: int


@dataclass(frozen=True)
class Roll(Command):
    kind = "t.roll"
    dice: int
    faces: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Hide(Command):
    kind = "t.hide"
    owner: str
    note: str


@dataclass(frozen=True)
class Reveal(Command):
    kind = "t.reveal"
    owner: str


@dataclass(frozen=True)
class Added(Event):
    kind = "t.added"
    amount: int


@dataclass(frozen=True)
class Rolled(Event):
    kind = "t.rolled"
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Hidden(Event):
    kind = "t.hidden"
    owner: str
    note: str


@dataclass(frozen=True)
class Revealed(Event):
    kind = "t.revealed"
    owner: str


@dataclass(frozen=True)
class Note:
    owner: str
    text: str
    revealed: bool = False


@dataclass(frozen=True)
class Tally:
    total: int = 0
    added: tuple[int, ...] = ()
    rolls: tuple[tuple[int, ...], ...] = ()
    notes: tuple[Note, ...] = ()


class Counter:
    name = "test-counter"
    title = "Counter"
    commands = (Add, Roll, Hide, Reveal)
    events = (Added, Rolled, Hidden, Revealed)

    def start(self) -> Tally:
        return Tally()

    def decide(self, state: Tally, command: Command, rng: random.Random) -> list[Event]:
        if isinstance(command, Add):
            if command.amount <= 0:
                raise RuleError("Only positive amounts can be added")
            return [Added(command.amount)]
        if isinstance(command, Roll):
            faces = command.faces or tuple(rng.randint(1, 6) for _ in range(command.dice))
            return [Rolled(faces)]
        if isinstance(command, Hide):
            return [Hidden(command.owner, command.note)]
        if isinstance(command, Reveal):
            if not any(n.owner == command.owner and not n.revealed for n in state.notes):
                raise RuleError(f"{command.owner} has nothing hidden")
            return [Revealed(command.owner)]
        raise RuleError(f"unknown command {command.kind}")

    def evolve(self, state: Tally, event: Event) -> Tally:
        if isinstance(event, Added):
            return replace(
                state, total=state.total + event.amount, added=(*state.added, event.amount)
            )
        if isinstance(event, Rolled):
            return replace(state, rolls=(*state.rolls, event.faces))
        if isinstance(event, Hidden):
            return replace(state, notes=(*state.notes, Note(event.owner, event.note)))
        if isinstance(event, Revealed):
            notes = tuple(
                replace(n, revealed=True) if n.owner == event.owner else n for n in state.notes
            )
            return replace(state, notes=notes)
        raise AssertionError(event)

    def view(self, state: Tally) -> dict[str, Any]:
        return {
            "total": state.total,
            "rolls": [list(r) for r in state.rolls],
            "notes": [
                {"owner": n.owner, "note": n.text if n.revealed else Secret(n.owner, n.text)}
                for n in state.notes
            ],
        }

    def legal_commands(self, state: Tally) -> frozenset[str]:
        kinds = {"t.add", "t.roll", "t.hide"}
        if any(not n.revealed for n in state.notes):
            kinds.add("t.reveal")
        return frozenset(kinds)
