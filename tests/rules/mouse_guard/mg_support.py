"""Shared helpers for the Mouse Guard tests: a patrol of made-up mice and a table to play."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from tablekit.rules.game import Command, Event
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.ruleset import Ruleset, shipped_ruleset
from tablekit.rules.mouse_guard.state import State
from tablekit.session.codec import check

GAME = MouseGuard()


def sheet(name: str, **extra: Any) -> dict[str, Any]:
    """A guardmouse with Nature 3, Will 4, Health 4, Fighter 3, Scout 2 (made up)."""
    base: dict[str, Any] = {
        "name": name,
        "ratings": [
            {"name": "Nature", "rating": 3},
            {"name": "Will", "rating": 4},
            {"name": "Health", "rating": 4},
            {"name": "Fighter", "rating": 3},
            {"name": "Scout", "rating": 2},
        ],
        "traits": [{"name": "Brave", "level": 1}, {"name": "Quick", "level": 2}],
        "wises": [{"name": "Weather-wise"}],
        "fate": 2,
        "persona": 2,
    }
    return base | extra


class Table:
    """A game in progress: apply commands, keep state and every event."""

    def __init__(self, ruleset: Ruleset | None = None, seed: int = 1) -> None:
        self.game = MouseGuard(ruleset)
        self.state: State = self.game.start()
        self.events: list[Event] = []
        self.rng = random.Random(seed)

    def do(self, *commands: Command) -> list[Event]:
        """Apply ``commands`` in order; return the events of the last one."""
        events: list[Event] = []
        for command in commands:
            check(command)  # held to its schema first, as Session.apply does
            events = self.game.decide(self.state, command, self.rng)
            for event in events:
                self.state = self.game.evolve(self.state, event)
            self.events += events
        return events

    def mouse(self, name: str) -> Any:
        return self.state.character(name)


def switched(**traits: Any) -> Ruleset:
    """Mouse Guard's ruleset with the trait switches ``traits`` (where the seeds differ) set."""
    rules = shipped_ruleset("mouse-guard")
    return msgspec.structs.replace(rules, traits=msgspec.structs.replace(rules.traits, **traits))


def patrol(ruleset: Ruleset | None = None) -> Table:
    """Saxon, Kenzie and Lieam at the table, in set-up."""
    table = Table(ruleset)
    table.do(
        cmd.AddCharacter(sheet("Saxon")),
        cmd.AddCharacter(sheet("Kenzie")),
        cmd.AddCharacter(sheet("Lieam", traits=[{"name": "Fearless", "level": 3}])),
    )
    return table
