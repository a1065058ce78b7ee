"""Nothing acknowledged is lost when the process is killed at any moment.

``tablekit script -`` is fed a stream of Mice and Mystics commands, each
one unique, and prints a result line only after the command is journalled.
The test SIGKILLs it at random points, 200 times, and after every kill
checks that each acknowledged command is in the replayed state and that
SQLite finds the file intact. Each command is a party item of its own (a
campaign holds at most 100 story achievements; the party's items have no
such limit).
"""

import json
import os
import random
import signal
import time
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from killed_scripts import SETUP
from killed_scripts import start as start_script

from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Journal, Session

KILLS = 200
def item(number: int) -> dict[str, object]:
    return {"type": "mm.party_item", "item": f"S{number}"}


def run_until_killed(env: dict[str, str], start: int, rng: random.Random) -> list[str]:
    """Let the script acknowledge a random number of commands, then kill it."""
    child = start_script(env, [item(n) for n in range(start, start + 200)], "durable", False)
    assert child.stdout is not None
    acked = [child.stdout.readline() for _ in range(rng.randint(0, 12))]
    time.sleep(rng.random() * 0.004)
    child.send_signal(signal.SIGKILL)
    acked += child.stdout.read().splitlines()
    child.wait()
    assert child.stdin is not None
    child.stdin.close()
    return [f"S{json.loads(line)['line'] + start - 1}" for line in acked if line.strip()]


@pytest.mark.slow
def test_acknowledged_commands_survive_sigkill(tmp_path: Path) -> None:
    env = {**os.environ, "TABLEKIT_DATA_DIR": str(tmp_path), "TABLEKIT_CONFIG_DIR": str(tmp_path)}
    setup = start_script(env, SETUP, "durable", False)
    assert setup.communicate()[0].count('"ok": true') == len(SETUP)
    rng = random.Random(2026)
    acked: set[str] = set()
    start = 1
    for _ in range(KILLS):
        acked.update(run_until_killed(env, start, rng))
        journal = Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK)
        try:
            party = Session(journal, "durable", MiceAndMystics()).state.party
            assert journal.integrity() == "ok"
        finally:
            journal.close()
        assert acked <= set(party)
        start += 200
    assert len(acked) > KILLS
