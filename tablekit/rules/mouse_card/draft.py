"""The events one command causes, applied as they are decided."""

from __future__ import annotations

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Event
from tablekit.rules.mouse_card.evolve import evolve
from tablekit.rules.mouse_card.state import Character, State, Task


class Draft:
    """A state and the events that led to it; a handler checks before it emits."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.state = evolve(self.state, event)
            self.events.append(event)

    def task(self) -> Task:
        """The task under way, or a refusal saying there is none."""
        if self.state.task is None:
            raise RuleError("No task check is under way; the GM begins one first")
        return self.state.task

    def character(self, name: str) -> Character:
        """The character called ``name``, or a refusal naming who is at the table."""
        if not self.state.has(name):
            known = ", ".join(c.name for c in self.state.characters) or "nobody yet"
            raise RuleError("There is no {name} at the table ({known})", name=name, known=known)
        return self.state.character(name)
