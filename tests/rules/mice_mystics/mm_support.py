"""Shared helpers for the Mice and Mystics tests: a pack with numbers, and a table to play.

The numbers below are made up for the tests (the shipped pack leaves them
for the table to enter); each test that depends on one says so.
"""

from __future__ import annotations

import random
from typing import Any

from tablekit.rules.game import Command, Event
from tablekit.rules.mice_mystics.commands import HeroChoice, StartChapter
from tablekit.rules.mice_mystics.content import base_pack, parse_pack
from tablekit.rules.mice_mystics.encounter import MinionGroup
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.rules.mice_mystics.state import State
from tablekit.session import codec

TEST_NUMBERS = """
[heroes.collin]
name = "Prince Collin"
classes = ["leader", "warrior"]
battle = 2
defense = 2
lore = 1
move = 2
life = 5
starting_equipment = ["Sword", "Shield"]

[heroes.nez]
name = "Nez"
classes = ["tinkerer"]
battle = 3
defense = 1
lore = 3
move = 1
life = 6

[heroes.lily]
name = "Lily"
classes = ["archer"]
battle = 2
defense = 1
lore = 1
move = 3
life = 4

[heroes.filch]
name = "Filch"
classes = ["scamp"]
battle = 1
defense = 1
lore = 2
move = 3
life = 4

[minions.rat_warrior]
name = "Rat warrior"
fooled_by_disguises = true
battle = 2
defense = 1
life = 1
ranged = false

[minions.roach]
name = "Roach"
roach = true
battle = 1
defense = 1
life = 1
ranged = false

[minions.spider]
name = "Spider"
large = true
battle = 3
defense = 2
life = 3
ranged = false

[minions.centipede]
name = "Centipede"
large = true
battle = 3
defense = 2
life = 3
ranged = false

[minions.brodie]
name = "Brodie"
boss = true
feeds_wheel = false
ranged = false
large = true
[[minions.brodie.cards]]
id = "pounce"
name = "Brodie pounces"
moves = "pounce"
battle = 4
defense = 2
life = 3
[[minions.brodie.cards]]
id = "chase"
name = "Brodie chases"
moves = "chase"
battle = 3
defense = 2
life = 3

[minions.vanestra]
name = "A three-card boss"
boss = true
ranged = false
[[minions.vanestra.cards]]
id = "one"
name = "First"
battle = 1
defense = 1
life = 2
[[minions.vanestra.cards]]
id = "two"
name = "Second"
battle = 1
defense = 1
life = 2
[[minions.vanestra.cards]]
id = "three"
name = "Third"
battle = 1
defense = 1
life = 2
"""

GAME = MiceAndMystics(base_pack().extended(parse_pack(TEST_NUMBERS, "test numbers")))


class Table:
    """A game in play: commands in, state and the events so far kept."""

    def __init__(self, seed: int = 0) -> None:
        self.state: State = GAME.start()
        self.rng = random.Random(seed)
        self.events: list[Event] = []

    def do(self, command: Command) -> list[Event]:
        """Check ``command`` against its schema as the session does, decide and apply it."""
        codec.check(command)
        events = GAME.decide(self.state, command, self.rng)
        for event in events:
            self.state = GAME.evolve(self.state, event)
        self.events.extend(events)
        return events

    def view(self) -> dict[str, Any]:
        """The table view now."""
        return GAME.view(self.state)


def group(minion: str, count: int = 1) -> MinionGroup:
    """``count`` figures of ``minion``."""
    return MinionGroup(minion, count)


def started(
    order: tuple[str, ...] | None,
    heroes: tuple[str, ...] = ("collin", "nez"),
    minions: tuple[MinionGroup, ...] = (),
    end_page: int = 6,
    seed: int = 0,
) -> Table:
    """A table whose chapter has started with the track in ``order``."""
    table = Table(seed)
    choices = tuple(HeroChoice(hero, ability="Ability") for hero in heroes)
    table.do(StartChapter("test chapter", end_page, choices, minions, order))
    return table
