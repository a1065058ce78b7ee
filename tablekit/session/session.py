"""A live session: the game's state, kept in step with its journal."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, Event, Game, fold
from tablekit.rules.secret import HIDDEN, TABLE, Secret, project
from tablekit.session import codec
from tablekit.session.commands import SESSION_COMMANDS, Redo, Redone, Undo, Undone
from tablekit.session.journal import Journal, StaleSession, Step

S = TypeVar("S")

GM = "gm"
"""The audience name of the game master's view."""


class Session(Generic[S]):
    """One named session of one game.

    ``apply`` is the only way its state changes: the rules decide the events,
    the journal stores them, and only then does ``state`` move on.
    """

    def __init__(
        self, journal: Journal, name: str, game: Game[S], rng: random.Random | None = None
    ) -> None:
        self.journal = journal
        self.name = name
        self.game = game
        self.rng = rng or random.Random()
        self.commands = codec.registry([*SESSION_COMMANDS, *game.commands])
        self.events = codec.registry(game.events)
        self.version = journal.version(name)
        self.state: S = self._replay()

    @classmethod
    def create(cls, journal: Journal, name: str, game: Game[S]) -> Session[S]:
        """Start a new named session of ``game``."""
        journal.create(name, game.name)
        return cls(journal, name, game)

    def apply(self, command: Command) -> list[Event]:
        """Apply ``command`` and return its events.

        Raises RuleError (the rules refuse) or JournalError; either way
        nothing changes.
        """
        if self.journal.version(self.name) != self.version:
            self._reload()  # another process (a script, a second screen) moved on
        if isinstance(command, Undo):
            return self._undo()
        if isinstance(command, Redo):
            return self._redo()
        events = self.game.decide(self.state, command, self.rng)
        state = fold(self.game, self.state, events)
        record = json.dumps([codec.to_json(e) for e in events], ensure_ascii=False)
        try:
            self.version = self.journal.append(
                self.name, codec.dumps(command), record, self.version
            )
        except StaleSession:
            self._reload()
            raise
        self.state = state
        return events

    def project(self, events: Sequence[Event], audience: str = TABLE) -> list[dict[str, Any]]:
        """``events`` as ``audience`` may see them: JSON-ready, secrets hidden as in views.

        The screen and scripts only ever get events through here, so a secret
        field (a scripted action, a card face down) never reaches an audience
        that does not own it, not even inside an undo of the command that made it.
        """
        return [self._public(event, audience) for event in events]

    def _public(self, item: Command | Event, audience: str) -> dict[str, Any]:
        data: dict[str, Any] = codec.to_json(item)
        if isinstance(item, Undone | Redone):
            data["command"] = self._public_command(item.command, audience)
            return data
        for name, owner in self.game.hidden(item).items():
            data[name] = Secret(owner, data[name])
        body = project(data, audience)
        assert isinstance(body, dict)
        return body

    def _public_command(self, text: str, audience: str) -> str:
        """A journalled command's JSON text as ``audience`` may see it."""
        try:
            command = self.parse(text)
        except codec.CommandError:
            return json.dumps(HIDDEN)
        return json.dumps(
            self._public(command, audience), ensure_ascii=False, separators=(",", ":")
        )

    def parse(self, data: object) -> Command:
        """The command ``data`` (JSON text or dict) describes, for this game."""
        return codec.from_json(data, self.commands)

    @property
    def can_undo(self) -> bool:
        return self.journal.can_undo(self.name)

    @property
    def can_redo(self) -> bool:
        return self.journal.can_redo(self.name)

    def view(self, audience: str = TABLE) -> dict[str, Any]:
        """What ``audience`` may see: "table", "gm" or a pad's name."""
        body = project(self.game.view(self.state), audience)
        assert isinstance(body, dict)
        header = {
            "session": self.name,
            "game": self.game.name,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "legal": sorted(self.game.legal_commands(self.state)),
        }
        return {**header, **body}

    def table_view(self) -> dict[str, Any]:
        """The shared screen's view: never holds an unrevealed secret."""
        return self.view(TABLE)

    def gm_view(self) -> dict[str, Any]:
        return self.view(GM)

    def pad_view(self, pad: str) -> dict[str, Any]:
        return self.view(pad)

    def _undo(self) -> list[Event]:
        step = self.journal.undo(self.name)
        if step is None:
            raise RuleError("There is nothing to undo")
        self._reload()
        return [Undone(step.command)]

    def _redo(self) -> list[Event]:
        step = self.journal.redo(self.name)
        if step is None:
            raise RuleError("There is nothing to redo")
        self._reload()
        return [Redone(step.command)]

    def _reload(self) -> None:
        """Catch up with the journal: its version first, so a race is caught by append."""
        self.version = self.journal.version(self.name)
        self.state = self._replay()

    def _replay(self) -> S:
        state = self.game.start()
        for step in self.journal.steps(self.name):
            state = fold(self.game, state, self._events_of(step))
        return state

    def _events_of(self, step: Step) -> list[Event]:
        return [codec.from_json(item, self.events) for item in json.loads(step.events)]
