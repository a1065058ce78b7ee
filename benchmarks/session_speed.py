"""How long a command takes to apply and commit, and a long session to replay.

Run: ``make bench`` or ``python -m benchmarks.session_speed``.

* apply + commit: ``Session.apply`` of Mice and Mystics commands on a journal
  file (WAL, ``synchronous=FULL``), beside a bare SQLite insert + commit of
  the same size with the same settings: the disk's own floor.
* replay: opening a session of 10,000+ events (decode every event, fold it
  into the state), beside only reading and parsing the rows' JSON.
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.encounter import MinionGroup
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Journal, Session

SETUP: list[Command] = [
    cmd.SetStats("collin", battle=3, defense=2, lore=1, life=5),
    cmd.SetStats("lily", battle=2, defense=1, lore=2, move=3, life=5),
    cmd.SetStats("rat_warrior", battle=2, defense=1, life=1, ranged=False),
    cmd.StartChapter(
        "Chapter 1",
        8,
        (cmd.HeroChoice("collin", "Battle Cry"), cmd.HeroChoice("lily", "Aim")),
        (MinionGroup("rat_warrior", 2),),
    ),
]
ROUND: list[Command] = [
    cmd.WoundMouse("lily"),
    cmd.HealMouse("lily"),
    cmd.GainCheese("collin", 1),
    cmd.GainCheese("collin", -1),
    cmd.EndTurn(),
]


def fill(session: Session[object], events: int) -> tuple[int, list[float]]:
    """Apply commands until ``events`` events are journalled; return count and timings."""
    timings = []
    total = 0
    for command in SETUP:
        total += len(session.apply(command))
    while total < events:
        for command in ROUND:
            start = time.perf_counter()
            total += len(session.apply(command))
            timings.append(time.perf_counter() - start)
    return total, timings


def bare_commit_ms(path: Path, payload: str, runs: int) -> float:
    """Median ms of one INSERT + COMMIT with the journal's settings."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (a TEXT, b TEXT)")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t VALUES (?, ?)", (payload, payload))
        db.execute("COMMIT")
        times.append(time.perf_counter() - start)
    db.close()
    return statistics.median(times) * 1000


def replay_seconds(path: Path, name: str, runs: int = 5) -> tuple[float, float]:
    """Median seconds to open the session, and to only read and parse its rows."""
    opened, parsed = [], []
    for _ in range(runs):
        journal = Journal(path)
        start = time.perf_counter()
        Session(journal, name, MiceAndMystics())
        opened.append(time.perf_counter() - start)
        start = time.perf_counter()
        for step in journal.steps(name):
            json.loads(step.command)
            json.loads(step.events)
        parsed.append(time.perf_counter() - start)
        journal.close()
    return statistics.median(opened), statistics.median(parsed)


def main() -> None:
    # On the working directory's disk, not /tmp, which may live in memory and skip fsync.
    with tempfile.TemporaryDirectory(dir=".") as folder:
        path = Path(folder) / "journal.sqlite3"
        journal = Journal(path)
        session = Session.create(journal, "bench", MiceAndMystics())
        events, timings = fill(session, 10_000)
        journal.close()
        apply_ms = statistics.median(timings) * 1000
        floor_ms = bare_commit_ms(Path(folder) / "bare.sqlite3", "x" * 200, len(timings) // 4)
        opened, parsed = replay_seconds(path, "bench")
    print(f"session of {events} events, {len(timings)} timed commands")
    print("| measure | tablekit | baseline | ratio |")
    print("|---|---|---|---|")
    print(
        f"| apply + commit per command (ms) | {apply_ms:.2f} | {floor_ms:.2f} | "
        f"{apply_ms / floor_ms:.1f}x |"
    )
    print(f"| replay {events} events (s) | {opened:.3f} | {parsed:.3f} | {opened / parsed:.1f}x |")


if __name__ == "__main__":
    main()
