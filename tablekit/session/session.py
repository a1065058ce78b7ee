"""A live session: the game's state, kept in step with its journal."""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, Event, Game, fold, settle
from tablekit.rules.secret import HIDDEN, TABLE, Audience, Secret, project
from tablekit.session import codec
from tablekit.session.commands import SESSION_COMMANDS, Redo, Redone, Undo, Undone
from tablekit.session.journal import Journal, StaleSession, Step, another_game, damaged
from tablekit.session.snapshots import SnapshotCodec

S = TypeVar("S")

RECENT = 64
"""How many of the newest states a session keeps, so undoing that many costs no fold."""

SNAPSHOT_EVERY = 100
"""Steps folded since the last snapshot before the next command also stores one.

Opening a session, undo and redo fold at most about this many steps, however
long the campaign and wherever in the cycle it was left: the tail after the newest
snapshot is bounded, so opening takes about as long at any size and any point of
the cycle (at 500 it took 1 ms or 8-15 ms by where the last command fell). A
snapshot costs one encode of the state every so often (a Mice and Mystics state is
about 3 KB: some 3 MB of snapshots in a journal of 100,000 steps).
"""


class Session(Generic[S]):
    """One named session of one game.

    ``apply`` is the only way its state changes: the rules decide the events,
    the journal stores them, and only then does ``state`` move on.
    """

    def __init__(
        self,
        journal: Journal,
        name: str,
        game: Game[S],
        rng: random.Random | None = None,
        snapshot_every: int | None = None,
    ) -> None:
        self.journal = journal
        self.name = name
        self.game = game
        self.rng = rng or random.Random()
        self.commands = codec.registry([*SESSION_COMMANDS, *game.commands])
        self.events = codec.registry(game.events)
        kinds: list[type[Event]] = [*game.events, Undone, Redone]
        self._answers = codec.registry(kinds)
        """What a stored answer holds: the game's events, and undo's and redo's."""
        self.snapshot_every = SNAPSHOT_EVERY if snapshot_every is None else snapshot_every
        self._snapshots = SnapshotCodec.of(game)
        self._step = 0
        """The id of the newest step folded into ``state`` (0: none)."""
        self._tail = 0
        """How many steps were folded since the snapshot ``state`` started from."""
        self._views: dict[Audience, tuple[tuple[int, int], dict[str, Any]]] = {}
        """Each audience's view, with the version and state it was built from."""
        self._recent: list[tuple[int, S, int]] = []
        """The newest steps in effect, each as (step id, state after it, ``_tail`` after it),
        newest last, so an undo here goes back without folding; at most ``RECENT``."""
        self.created = journal.info(name).created
        """When the session was made: with its name, which session this is (a name renamed
        or made anew starts its versions again)."""
        self.version = journal.version(name)
        self.state: S = self._replay()

    @classmethod
    def create(cls, journal: Journal, name: str, game: Game[S]) -> Session[S]:
        """Start a new named session of ``game``."""
        journal.create(name, game.name)
        return cls(journal, name, game)

    def apply(self, command: Command, command_id: str | None = None) -> list[Event]:
        """Apply ``command`` and return its events.

        A ``command_id`` this session already answered gets the same events again
        and nothing is applied, so a script may resend a line it saw no answer to.
        Raises CommandError (a field outside its schema's limits), RuleError
        (the rules refuse) or JournalError; either way nothing changes. A command
        decided on a state another process (a script, a second screen) has moved
        past since is decided once more on the new state, so a tap after a
        script's line still applies; StaleSession if the journal moves on again.
        """
        if command_id is not None and (answered := self.answered(command_id)) is not None:
            return answered
        if isinstance(command, Undo):
            return self._undo(command_id)
        if isinstance(command, Redo):
            return self._redo(command_id)
        line = codec.checked_line(command)  # the schema's limits, for a form's or a pad's too
        try:
            return self._decide(command, line, command_id)
        except StaleSession:
            pass  # another process (a script, a second screen) wrote since this one read
        except RuleError:
            if self.journal.version(self.name) == self.version:
                raise  # refused on the journal's own state
        self._reload()  # and decide once more, on the state the other process left
        if command_id is not None and (answered := self.answered(command_id)) is not None:
            return answered
        try:
            return self._decide(command, line, command_id)
        except StaleSession:
            self._reload()
            raise

    def _decide(self, command: Command, line: str, command_id: str | None) -> list[Event]:
        """Decide ``command`` (``line``, its checked JSON) on the state this session holds
        and record it in one transaction, which raises StaleSession if another process
        wrote since.

        The journal is not asked first whether it moved on: the record's own
        transaction reads the version, so a command costs one round of statements.
        """
        events, state = settle(self.game, self.state, command, self.rng)
        snapshot = self._snapshot_of(state) if self._tail + 1 >= self.snapshot_every else None
        self.version, self._step = self.journal.record(
            self.name,
            line,
            codec.dumps_all(events),
            self.version,
            snapshot,
            command_id,
            self.game.name,
        )
        self._tail = 0 if snapshot else self._tail + 1
        self.state = state
        self._remember()
        return events

    def _remember(self) -> None:
        """Keep the state after the step just folded, for an undo of the next one."""
        self._recent.append((self._step, self.state, self._tail))
        if len(self._recent) > RECENT:
            del self._recent[0]

    def checkpoint(self) -> bool:
        """Store a snapshot of the state now if many steps were folded since the last one.

        The app calls this when it opens a session, so a journal from before
        snapshots, or one whose snapshots were retired, is folded in full only once.
        """
        if self._tail < self.snapshot_every or not self._step:
            return False
        snapshot = self._snapshot_of(self.state)
        if snapshot is None:
            return False
        if self.journal.save_snapshot(self.name, self._step, *snapshot, seen=self.version):
            self._tail = 0
            return True
        return False

    def _snapshot_of(self, state: S) -> tuple[str, bytes] | None:
        if self._snapshots is None:
            return None
        data = self._snapshots.encode(state)
        return None if data is None else (self._snapshots.tag, data)

    def project(self, events: Sequence[Event], audience: Audience = TABLE) -> list[dict[str, Any]]:
        """``events`` as ``audience`` may see them: JSON-ready, secrets hidden as in views.

        The screen and scripts only ever get events through here, so a secret
        field (a scripted action, a card face down) never reaches an audience
        that does not own it, not even inside an undo of the command that made it.
        """
        return [self._public(event, audience) for event in events]

    def _public(self, item: Command | Event, audience: Audience) -> dict[str, Any]:
        data: dict[str, Any] = codec.to_json(item)
        if isinstance(item, Undone | Redone):
            data["command"] = self._public_command(item.command, audience)
            return data
        for name, owner in self.game.hidden(item).items():
            data[name] = Secret(owner, data[name])
        body = project(data, audience)
        assert isinstance(body, dict)
        return body

    def _public_command(self, text: str, audience: Audience) -> str:
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

    def view(self, audience: Audience = TABLE) -> dict[str, Any]:
        """What ``audience`` (the table, the GM or a pad's) may see.

        Built once per change and kept until the session moves on (its version
        or its state), because the screen asks for it on every frame; callers
        read it and never change it.
        """
        key = (self.version, id(self.state))
        kept = self._views.get(audience)
        if kept is not None and kept[0] == key:
            return kept[1]
        body = project(self.game.view(self.state), audience)
        assert isinstance(body, dict)
        header = {
            "session": self.name,
            "game": self.game.name,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "legal": sorted(self.game.legal_commands(self.state)),
        }
        view = {**header, **body}
        self._views[audience] = (key, view)
        return view

    def table_view(self) -> dict[str, Any]:
        """The shared screen's view: never holds an unrevealed secret."""
        return self.view(TABLE)

    def answered(self, command_id: str) -> list[Event] | None:
        """The events a command with ``command_id`` was answered with, if it was seen."""
        text = self.journal.answer(self.name, command_id)
        if text is None:
            return None
        return [codec.from_json(item, self._answers, stored=True) for item in json.loads(text)]

    def _undo(self, command_id: str | None = None) -> list[Event]:
        step, before = self.journal.flip(
            self.name, undo=True, command_id=command_id, answer=_undone, game=self.game.name
        )
        if step is None:
            raise RuleError("There is nothing to undo")
        recent = self._recent
        if before == self.version and len(recent) >= 2 and recent[-1][0] == step.id:
            recent.pop()  # nobody else moved: the state before the step is still here
            (self._step, self.state, self._tail), self.version = recent[-1], before + 1
        else:
            self._reload()  # from the newest snapshot before the undone step
        return [Undone(step.command)]

    def _redo(self, command_id: str | None = None) -> list[Event]:
        step, before = self.journal.flip(
            self.name, undo=False, command_id=command_id, answer=_redone, game=self.game.name
        )
        if step is None:
            raise RuleError("There is nothing to redo")
        if before == self.version:  # nobody else moved: fold just the step put back
            self.state = fold(self.game, self.state, self._events_of(step))
            self.version, self._step, self._tail = before + 1, step.id, self._tail + 1
            self._remember()
        else:
            self._reload()
        return [Redone(step.command)]

    def _reload(self) -> None:
        """Catch up with the journal: its version first, so a race is caught by append; a
        session of this name that is now another game's is not read as this one."""
        if self.journal.info(self.name).game != self.game.name:
            raise another_game(self.name)
        self.version = self.journal.version(self.name)
        self.state = self._replay()

    def _replay(self) -> S:
        """Fold the steps in effect, from the newest snapshot that checks out, if any."""
        with self.journal.reading():  # the snapshot and the steps after it, at one moment
            state, self._step = self._start()
            recent = deque([(self._step, state, 0)], maxlen=RECENT)  # the newest, for undo
            steps = self.journal.each_step(self.name, after=self._step)
            for folded, step in enumerate(steps, start=1):  # one at a time, each checked
                state = fold(self.game, state, self._events_of(step))
                recent.append((step.id, state, folded))
        self._step, _, self._tail = recent[-1]
        self._recent = list(recent)
        return state

    def _start(self) -> tuple[S, int]:
        """The state to fold from, and the id of the step it follows."""
        if self._snapshots is not None:
            snapshot = self.journal.snapshot(self.name)
            if snapshot is not None:
                state = self._snapshots.decode(snapshot, self.name)
                if state is not None:
                    return state, snapshot.step
        return self.game.start(), 0

    def _events_of(self, step: Step) -> list[Event]:
        """The events of ``step``; a JournalError naming it if they cannot be read."""
        try:
            items = json.loads(step.events)
            if not isinstance(items, list):
                raise codec.CommandError("the events are not a list")
            return [codec.from_json(item, self.events, stored=True) for item in items]
        except (ValueError, RecursionError, TypeError) as error:
            raise damaged(self.name, step.id, f"its events cannot be read ({error})") from None


def _undone(step: Step) -> str:
    """The answer to an undo, as a command id keeps it: the same events the screen got."""
    return json.dumps([codec.to_json(Undone(step.command))], ensure_ascii=False)


def _redone(step: Step) -> str:
    return json.dumps([codec.to_json(Redone(step.command))], ensure_ascii=False)
