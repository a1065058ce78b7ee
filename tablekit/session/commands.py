"""Commands every session understands, whatever the game."""

from __future__ import annotations

from msgspec import Struct

from tablekit.rules.game import Command, Event


class Undo(Command, Struct, frozen=True):
    """Take back the last command still in effect."""

    kind = "undo"


class Redo(Command, Struct, frozen=True):
    """Put back the last command taken back, if nothing new came since."""

    kind = "redo"


class Undone(Event, Struct, frozen=True):
    """A command was taken back; ``command`` is its JSON form."""

    kind = "undone"
    command: str


class Redone(Event, Struct, frozen=True):
    """A command taken back was put back."""

    kind = "redone"
    command: str


SESSION_COMMANDS: tuple[type[Command], ...] = (Undo, Redo)
