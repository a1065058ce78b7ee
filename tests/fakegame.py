"""A tiny game for testing the session machinery apart from any real rules.

It counts, rolls dice through the injected random source, and keeps notes
that stay secret to their owner until revealed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import pygame
import pytest

from tablekit import catalog
from tablekit.catalog.listing import DiceKind, Listing
from tablekit.rules import games
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, Event
from tablekit.rules.pads import PadLights, PadPressed
from tablekit.rules.secret import PAD_SIDES, Secret
from tablekit.ui import theme, widgets
from tablekit.ui.onscreen_pad import pad_buttons
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button


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
class Press(Command):
    """A pad's button, scripted in secret like a conflict action."""

    kind = "t.press"
    pad: str
    button: str


@dataclass(frozen=True)
class Pressed(Event):
    kind = "t.pressed"
    pad: str
    button: str


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
    commands = (Add, Roll, Hide, Reveal, Press)
    events = (Added, Rolled, Hidden, Revealed, Pressed)
    state_type = Tally

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
        if isinstance(command, Press):
            return [Pressed(command.pad, command.button)]
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
        if isinstance(event, Pressed):
            note = Note(event.pad, event.button)
            return replace(state, notes=(*state.notes, note))
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

    def hidden(self, item: Command | Event) -> dict[str, str]:
        """A note and a pressed button are their owner's secret until revealed."""
        if isinstance(item, Hide | Hidden):
            return {"note": item.owner}
        if isinstance(item, Press | Pressed):
            return {"button": item.pad}
        return {}

    def is_legal(self, state: Tally, command: Command) -> bool:
        try:
            self.decide(state, command, random.Random(0))
        except RuleError:
            return False
        return True

    def legal_commands(self, state: Tally) -> frozenset[str]:
        kinds = {"t.add", "t.roll", "t.hide", "t.press"}
        if any(not n.revealed for n in state.notes):
            kinds.add("t.reveal")
        return frozenset(kinds)


def press_lights(state: Tally, pad: str) -> PadLights:
    """The counter's pad lights: how many presses the pad's side has made, never which."""
    side = PAD_SIDES.get(pad, pad)
    return PadLights(filled=min(3, sum(note.owner == side for note in state.notes)))


def press_command(state: Tally, press: PadPressed) -> Command | None:
    """The counter's pad mapping: every button but Back is scripted, owned by the pad's side
    (a pad the rules do not know, as in the thread test, by its own name)."""
    side = PAD_SIDES.get(press.pad, press.pad)
    return None if press.button == "back" else Press(side, press.button)


class CounterScene(Scene):
    """The counter's table screen: its total, and an on-screen pad for the GM."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP and widgets.press_any(self.buttons(), event.pos):
            self.dirty = True

    def buttons(self) -> list[Button]:
        layout = self.app.layout
        area = layout.content()
        area.height = layout.touch
        area.bottom = layout.height - layout.gap
        return pad_buttons(area, "gm", self.app.pads, self.app.tr, layout.gap)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.WOOD)
        view = self.app.session.table_view() if self.app.session else {"total": 0}
        area = self.app.layout.content()
        widgets.text(surface, f"Total {view['total']}", area, 40, theme.CREAM)
        for button in self.buttons():
            button.draw(surface, self.app.layout.text("body"))


LISTING = Listing(
    name=Counter.name,
    title=Counter.title,
    rules=Counter,
    scene="fakegame:CounterScene",
    dice=(DiceKind("taught:counter", "Counter dice", ("one", "two")),),
    language="da",
    pads=press_command,
    lights=press_lights,
)
"""The counter in the catalogue: everything a game declares, in its own file."""


def counter_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the counter a game of the catalogue and of the rules for one test, as
    ``catalog.registered`` does for a block; the test's monkeypatch undoes it."""
    monkeypatch.setattr(catalog, "_extra", catalog._extra | {LISTING.name: LISTING})
    monkeypatch.setattr(games, "_extra", games._extra | {LISTING.name: LISTING.rules})
