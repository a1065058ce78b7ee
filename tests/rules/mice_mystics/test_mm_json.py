"""The JSON form: every command is documented with an example that parses, and every
event a game produces survives the session's codec unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from rules.mice_mystics.mm_support import group, started

from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.events import EVENTS
from tablekit.session.codec import from_json, registry, to_json

DOC = Path(__file__).parents[3] / "docs" / "commands.md"


def test_every_command_has_a_documented_example_that_parses() -> None:
    known = registry(cmd.COMMANDS)
    examples = [
        json.loads(line)
        for line in DOC.read_text().splitlines()
        if line.strip().startswith('{"type": "mm.')
    ]
    parsed = [from_json(example, known) for example in examples]
    assert {c.kind for c in parsed} == set(known)


def test_events_round_trip_through_the_codec() -> None:
    table = started(("collin", "rat_warrior", "nez"), minions=(group("rat_warrior"),))
    table.do(
        cmd.DrawEncounter(
            (group("brodie"), group("spider")), ambush=True, surge=(group("roach", 2),)
        )
    )
    table.do(cmd.Search("Hall", faces=("bow_star",)))
    table.do(cmd.TakeSearchCard("keep", "Dagger"))
    table.do(cmd.WoundMouse("nez", 9, poison=True))
    known = registry(EVENTS)
    for event in table.events:
        assert from_json(json.loads(json.dumps(to_json(event))), known) == event
    assert len({e.kind for e in table.events}) > 12
