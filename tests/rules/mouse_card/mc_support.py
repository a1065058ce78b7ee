"""Shared helpers for the Mouse Card tests: a table to play on, with a pinned random source."""

from __future__ import annotations

import random
from typing import Any

from tablekit.rules.game import Command, Event
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card.game import MouseCard
from tablekit.rules.mouse_card.state import State, Task

GAME = MouseCard()


class Table:
    """A Mouse Card game in progress: apply commands, keep the state and every event."""

    def __init__(self, seed: int = 1) -> None:
        self.state: State = GAME.start()
        self.rng = random.Random(seed)
        self.events: list[Event] = []

    def do(self, command: Command) -> list[Event]:
        events = GAME.decide(self.state, command, self.rng)
        for event in events:
            self.state = GAME.evolve(self.state, event)
        self.events += events
        return events

    def add(
        self, name: str = "Kenzie", trait: str = "Fighter", level: int = 3, **more: Any
    ) -> None:
        self.do(cmd.AddCharacter(name, traits={trait: level}, **more))

    def task(self, **fields: Any) -> Task:
        self.do(cmd.BeginTask(**{"character": "Kenzie", "trait": "Fighter", **fields}))
        assert self.state.task is not None
        return self.state.task

    def draw(self, *cards: str) -> list[Event]:
        return self.do(cmd.Draw(cards or None))

    @property
    def now(self) -> Task:
        assert self.state.task is not None
        return self.state.task

    def view(self) -> dict[str, Any]:
        return dict(GAME.view(self.state))
