"""The Mouse Card system as a :class:`~tablekit.rules.game.Game`: dispatch to the handlers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekit.rules.game import Command, Event, Handled, Handler
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card import draws, events, table, tasks
from tablekit.rules.mouse_card.draft import Draft
from tablekit.rules.mouse_card.evolve import evolve
from tablekit.rules.mouse_card.legal import legal_commands
from tablekit.rules.mouse_card.state import State
from tablekit.rules.mouse_card.view import view

_HANDLERS: dict[type[Command], Handler[Draft]] = {
    cmd.AddCharacter: table.add_character,
    cmd.AwardFate: table.award_fate,
    cmd.BeginTask: tasks.begin_task,
    cmd.Draw: draws.draw_cards,
    cmd.Cancel: draws.cancel,
    cmd.SpendFate: draws.spend_fate,
    cmd.EndTurn: tasks.end_turn,
    cmd.AbandonTask: tasks.abandon_task,
    cmd.DeusExMachina: table.deus_ex_machina,
    cmd.EndChapter: table.end_chapter,
}


class MouseCard(Handled[State, Draft]):
    """Task checks drawn from one shared 54-card deck."""

    name: str = "mouse-card"
    title: str = "Mouse Card"
    commands: Sequence[type[Command]] = cmd.COMMANDS
    events: Sequence[type[Event]] = events.EVENTS
    state_type: type[State] = State
    handlers = _HANDLERS

    def start(self) -> State:
        """Nobody at the table yet, and the deck in new-deck order until its first draw."""
        return State()

    def draft(self, state: State, command: Command) -> Draft:
        """Every command starts from the state as it is."""
        return Draft(state)

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    def view(self, state: State) -> dict[str, Any]:
        return view(state)

    def legal_commands(self, state: State) -> frozenset[str]:
        return legal_commands(state)

    def hidden(self, item: Command | Event) -> Mapping[str, str]:
        """A shuffle's order is nobody's to see: the pile is face down."""
        if isinstance(item, events.Shuffled):
            return {"order": DECK}
        return {}


DECK = "deck"
"""The owner of the pile's order: no audience has this name, so every audience sees it hidden."""
