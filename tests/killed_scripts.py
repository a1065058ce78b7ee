"""SIGKILL ``tablekit script`` at random while a client resends every unanswered line with
its id: nothing acknowledged is lost and nothing is applied twice (issue 13, Build 7).

The harness behind ``tests/session/test_command_ids.py`` (a few kills) and
``python -m benchmarks.resend_kills [KILLS]`` (default 1,000).

The client keeps a queue of lines not yet answered, each a Mice and Mystics
party item named after its id (a campaign holds at most 100 story
achievements; the party's items have no such limit). Each round it starts
``tablekit script -``, writes the whole queue, reads a random number of answers, waits a random
moment and kills the process; every answer read takes its line off the queue.
The next round resends the rest, ids unchanged. A kill that lands after a
commit and before its answer leaves a line that is in the journal but still
queued: its resend must be answered from the journal, not applied again.
At the end one round without a kill drains the queue, and the party's items
must be every line exactly once, in order.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from clocks import TEST_CLOCK

from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Journal, Session

SEED = 1313
IN_FLIGHT = 40
SETUP = [
    {
        "id": "setup-1",
        "type": "mm.set_stats",
        "figure": "lily",
        "battle": 2,
        "defense": 1,
        "lore": 2,
        "move": 3,
        "life": 5,
    },
    {
        "id": "setup-2",
        "type": "mm.start_chapter",
        "chapter": "Chapter 1",
        "end_page": 8,
        "heroes": [{"hero": "lily", "ability": "Aim"}],
    },
]


@dataclass
class Tally:
    """What the run saw."""

    kills: int = 0
    sent: int = 0
    """Lines written to a process, resends included."""
    answered: int = 0
    """Answers read (each line's first answer, or its answer again after a resend)."""
    committed_unanswered: int = 0
    """Kills that left a line in the journal without its answer: resends that must not apply."""
    lines: int = 0
    """Distinct lines, each applied once."""


def start(
    env: dict[str, str], lines: list[dict[str, object]], session: str = "resend", close: bool = True
) -> subprocess.Popen[str]:
    """``tablekit script -`` on ``session`` (Mice and Mystics), fed ``lines``; its input closed
    after them unless ``close`` is False, when it waits for more until it is killed."""
    command = [sys.executable, "-m", "tablekit", "script", "-", "--session", session]
    child = subprocess.Popen(
        [*command, "--game", "mice-mystics"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert child.stdin is not None
    child.stdin.write("".join(json.dumps(line) + "\n" for line in lines))
    child.stdin.flush()
    if close:
        child.stdin.close()
    return child


def line(number: int) -> dict[str, object]:
    return {"id": f"S{number}", "type": "mm.party_item", "item": f"S{number}"}


def party(data: Path) -> list[str]:
    """The party's items, one per line applied, in the order they were applied."""
    journal = Journal(data / "journal.sqlite3", readonly=True, clock=TEST_CLOCK)
    try:
        return list(Session(journal, "resend", MiceAndMystics()).state.party)
    finally:
        journal.close()


def round_trip(
    env: dict[str, str], queue: list[dict[str, object]], rng: random.Random | None
) -> list[dict[str, object]]:
    """Send the queue; with ``rng`` kill the process at a random moment. The answers read."""
    child = start(env, queue)
    assert child.stdout is not None
    answers = []
    if rng is not None:
        answers = [child.stdout.readline() for _ in range(rng.randint(0, 8))]
        time.sleep(rng.random() * 0.004)
        child.send_signal(signal.SIGKILL)
    answers += child.stdout.read().splitlines()
    child.wait()
    return [json.loads(text) for text in answers if text.strip()]


def run(kills: int, data: Path, seed: int = SEED) -> Tally:
    """The whole harness in ``data``; raises AssertionError at the first loss or double."""
    env = {**os.environ, "TABLEKIT_DATA_DIR": str(data), "TABLEKIT_CONFIG_DIR": str(data)}
    rng = random.Random(seed)
    tally = Tally()
    first: dict[str, object] = {}
    queue = list(SETUP)
    made = 0
    while tally.kills <= kills:
        while len(queue) < IN_FLIGHT:
            made += 1
            queue.append(line(made))
        last = tally.kills == kills
        tally.sent += len(queue)
        answers = round_trip(env, queue, None if last else rng)
        for answer in answers:
            assert answer["ok"] is True, answer
            key = str(answer["id"])
            assert first.setdefault(key, answer["events"]) == answer["events"], key
            tally.answered += 1
        done = {str(answer["id"]) for answer in answers}
        queue = [item for item in queue if item["id"] not in done]
        told = [str(item["id"]) for item in queue if str(item["id"]).startswith("S")]
        written = party(data)
        tally.committed_unanswered += bool(told) and told[0] in written
        tally.kills += 1
    assert not queue, queue
    written = party(data)
    assert written == [f"S{n}" for n in range(1, made + 1)], "a line was lost or applied twice"
    tally.kills = kills
    tally.lines = made + len(SETUP)
    return tally

