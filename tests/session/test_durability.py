"""Nothing acknowledged is lost when the process is killed at any moment.

A child process applies commands as fast as it can and prints each one's
number only after ``apply`` returned. The test SIGKILLs it at random points,
200 times, and after every kill checks that each acknowledged command is in
the replayed state and that SQLite finds the file intact.
"""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from fakegame import Counter

from tablekit.session import Journal, Session

CHILD = """
import sys
from fakegame import Add, Counter
from tablekit.session import Journal, Session
journal = Journal(sys.argv[1])
session = Session(journal, "durable", Counter())
n = int(sys.argv[2])
print("ready", flush=True)
while True:
    session.apply(Add(n))
    print(n, flush=True)
    n += 1
"""

KILLS = 200


def run_until_killed(path: Path, start: int, rng: random.Random) -> list[int]:
    """Start a writer, let it acknowledge a random number of commands, kill it."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(start)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    acked = [int(child.stdout.readline()) for _ in range(rng.randint(0, 12))]
    time.sleep(rng.random() * 0.004)
    child.send_signal(signal.SIGKILL)
    acked += [int(line) for line in child.stdout.read().split()]
    child.wait()
    return acked


def test_acknowledged_commands_survive_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    setup = Journal(path)
    Session.create(setup, "durable", Counter())
    setup.close()
    rng = random.Random(2026)
    acked: set[int] = set()
    start = 1
    for _ in range(KILLS):
        acked.update(run_until_killed(path, start, rng))
        journal = Journal(path)
        try:
            added = Session(journal, "durable", Counter()).state.added
            assert journal.integrity() == "ok"
        finally:
            journal.close()
        assert acked <= set(added)
        start = max(added, default=0) + 1
    assert len(acked) > KILLS
