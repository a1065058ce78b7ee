"""The events one command causes, applied as they are decided.

Later steps of a rule often depend on earlier ones (the wheel fills, then
surges; a capture moves the hourglass, which may end the chapter), so each
event is folded into the draft state the moment it is emitted.
"""

from __future__ import annotations

from tablekit.rules.game import Event
from tablekit.rules.mice_mystics.events import ChapterEnded
from tablekit.rules.mice_mystics.evolve import evolve
from tablekit.rules.mice_mystics.state import State


class Draft:
    """A state and the events that led to it from the command's starting state."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.over = False
        """Whether the chapter ended during this command: nothing further happens in it."""

    def emit(self, *events: Event) -> None:
        """Record ``events`` and apply them, unless the chapter has just ended."""
        for event in events:
            if self.over:
                return
            self.state = evolve(self.state, event)
            self.events.append(event)
            self.over = isinstance(event, ChapterEnded)
