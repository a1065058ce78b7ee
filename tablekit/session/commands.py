"""Commands every session understands, whatever the game."""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.rules.game import Command, Event


@dataclass(frozen=True)
class Undo(Command):
    """Take back the last command still in effect."""

    kind = "undo"


@dataclass(frozen=True)
class Redo(Command):
    """Put back the last command taken back, if nothing new came since."""

    kind = "redo"


@dataclass(frozen=True)
class Undone(Event):
    """A command was taken back; ``command`` is its JSON form."""

    kind = "undone"
    command: str


@dataclass(frozen=True)
class Redone(Event):
    """A command taken back was put back."""

    kind = "redone"
    command: str


SESSION_COMMANDS: tuple[type[Command], ...] = (Undo, Redo)
