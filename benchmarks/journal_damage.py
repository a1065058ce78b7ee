"""Journals cut or changed at random places: each must open with the exact steps before the
damage and say what was dropped, or be refused with a clear message; never a traceback and
never a silent change of state (issue 13, Build 6).

Run: ``python -m benchmarks.journal_damage [PLACES]`` (default 1,000); the test suite runs
200 places with a pinned seed.

One Mice and Mystics session of 300 steps (a snapshot every 100) is written
once, in three forms: its last 100 steps still in the write-ahead log (as a
pulled plug leaves it), everything checkpointed into the database file, and
the same file with one stored step changed through SQL. Each place damages
a fresh copy of one form, in turn: the WAL or the database cut at a random
byte, or a random byte of it changed, or a random step's text changed, cut
short, removed, or swapped with the next. The copy is then opened as the
app opens it, and the outcome sorted:

* ``whole``: every step there, no damage said (the byte was unused);
* ``prefix``: the first k steps exactly, and the drop of the rest said, at
  opening or once the walk of the whole chain behind the first frame (which
  the harness does as the app does) found damage behind the newest snapshot;
* ``refused``: a one-line JournalError, and the files left as they were;
* ``said-unreadable``: every step's state (from a snapshot), and SQLite
  cannot read an older page, which the walk says on the screen;
* ``silent``, ``traceback``, ``refused-but-written``: failures.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.session_speed import MIX, SETUP
from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Journal, Session
from tablekit.session.journal import JournalError, Step
from tablekit.session.salvage import inspect, salvage
from tablekit.session.store import open_session

STEPS = 300
SNAPSHOT_EVERY = 100
IN_WAL = 100
SEED = 1300
NAME = "damaged"
FILES = ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-acked")


@dataclass
class Base:
    """The undamaged forms, and the state and step texts after each number of steps."""

    folder: Path
    states: list[Any] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)


def build(folder: Path) -> Base:
    game = MiceAndMystics()
    base = Base(folder)
    live = folder / "live"
    live.mkdir()
    journal = Journal(live / "journal.sqlite3")
    session: Session[Any] = Session.create(journal, NAME, game)
    session.snapshot_every = SNAPSHOT_EVERY
    session.rng = random.Random(SEED)
    rng = random.Random(SEED)
    base.states.append(session.state)
    commands = list(SETUP)
    while len(base.states) <= STEPS:
        if len(base.states) == STEPS - IN_WAL + 1:
            journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            # Kept in the log as when a reader holds off the journal's own checkpoints.
            journal._db.execute("PRAGMA wal_autocheckpoint=0")
        command = commands.pop(0) if commands else rng.choice(MIX)[0]
        try:
            session.apply(command)
        except RuleError:
            continue
        base.states.append(session.state)
    base.texts = [(s.command, s.events) for s in journal.steps(NAME)]
    for form in ("wal", "db"):
        (folder / form).mkdir()
    for name in FILES:  # the files as a pulled plug leaves them
        shutil.copyfile(live / name, folder / "wal" / name)
    journal.close()  # the last close checkpoints everything into the file
    for name in ("journal.sqlite3", "journal.sqlite3-acked"):
        shutil.copyfile(live / name, folder / "db" / name)
    return base


def damage(base: Base, target: Path, rng: random.Random, place: int) -> str:
    """Copy one form into ``target`` and damage it; say how."""
    form = ("wal", "db", "record")[place % 3]
    source = base.folder / ("db" if form == "record" else form)
    for item in source.iterdir():
        shutil.copyfile(item, target / item.name)
    if form == "record":
        return record(target / "journal.sqlite3", rng)
    victim = target / ("journal.sqlite3-wal" if form == "wal" else "journal.sqlite3")
    data = bytearray(victim.read_bytes())
    at = rng.randrange(len(data))
    if rng.random() < 0.5:
        victim.write_bytes(bytes(data[:at]))
        return f"{form} cut at {at}"
    data[at] ^= rng.randrange(1, 256)
    victim.write_bytes(bytes(data))
    return f"{form} byte {at} changed"


def record(path: Path, rng: random.Random) -> str:
    step = rng.randrange(1, STEPS + 1)
    how = rng.choice(["digit", "cut", "remove", "swap", "command"])
    sql = {
        "digit": "UPDATE steps SET events = replace(events, '1', '7') WHERE id = :s",
        "cut": "UPDATE steps SET events = substr(events, 1, length(events) - 3) WHERE id = :s",
        "remove": "DELETE FROM steps WHERE id = :s",
        "swap": "UPDATE steps SET command = (SELECT command FROM steps WHERE id = :s + 1), "
        "events = (SELECT events FROM steps WHERE id = :s + 1) WHERE id = :s",
        "command": "UPDATE steps SET command = replace(command, '\"', '''') WHERE id = :s",
    }[how]
    db = sqlite3.connect(path)
    db.execute(sql, {"s": step})
    db.commit()
    db.close()
    return f"record {how} at step {step}"


def snapshot_of(folder: Path) -> dict[str, bytes]:
    return {
        p.name: p.read_bytes()
        for p in folder.iterdir()
        if p.is_file() and not p.name.endswith("-shm") and p.stat().st_size
    }


def outcome(base: Base, folder: Path) -> tuple[str, str]:
    """Open the damaged copy as the app does, and walk the whole chain as the app does
    behind the first frame, salvaging what the walk finds; sort what happened."""
    before = snapshot_of(folder)
    game = MiceAndMystics()
    games = {game.name: game}
    try:
        journal = Journal(folder / "journal.sqlite3")
        try:
            session = open_session(journal, NAME, None, games, create=False)
            drops = list(session.journal.drops)
            why, chain = walk(journal)
            if chain is not None and why:  # the walk behind the first frame found it
                salvage(journal, NAME)
                session = open_session(journal, NAME, None, games, create=False)
                drops += session.journal.drops
                why, chain = walk(journal)
        finally:
            journal.close()
    except JournalError as error:
        message = str(error)
        if "\n" in message or not message:
            return "silent", f"an unclear refusal: {message!r}"
        changed = snapshot_of(folder) != before
        return ("refused-but-written" if changed else "refused"), message
    except Exception as error:  # the harness's point: nothing else may escape
        return "traceback", f"{type(error).__name__}: {error}"
    if chain is None:  # SQLite cannot read every step: the walk says so on the screen
        whole = session.state == base.states[STEPS]
        return ("said-unreadable" if whole else "silent"), why
    steps = [step for step, undone, _ in chain if not undone]
    kept = len(steps)
    texts = [(s.command, s.events) for s in steps]
    if why or texts != base.texts[:kept] or session.state != base.states[kept]:
        return "silent", f"{kept} steps that are not the first {kept} ({why})"
    if kept == STEPS and not drops:
        return "whole", ""
    if not drops:
        return "silent", f"only {kept} of {STEPS} steps, and no drop said"
    return ("prefix" if kept < STEPS else "whole-reported"), drops[0].describe()


def walk(journal: Journal) -> tuple[str, list[tuple[Step, bool, float]] | None]:
    """What the walk of the whole chain finds wrong ("" if nothing), and the session's
    steps (None if SQLite cannot read them all)."""
    try:
        return inspect(journal, NAME).why, journal.chain_of(NAME)
    except JournalError as error:
        return str(error), None


def run(places: int, folder: Path, seed: int = SEED) -> tuple[Counter[str], list[str]]:
    """Damage ``places`` copies; the outcomes counted, and a line per failure."""
    base = build(folder)
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    failures = []
    for place in range(places):
        target = folder / f"place{place}"
        target.mkdir()
        how = damage(base, target, rng, place)
        kind, detail = outcome(base, target)
        counts[f"{how.split()[0]} {how.split()[1]}: {kind}"] += 1
        counts[kind] += 1
        if kind in ("silent", "traceback", "refused-but-written"):
            failures.append(f"{how}: {kind}: {detail}")
        shutil.rmtree(target)
    return counts, failures


def main() -> None:
    places = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        counts, failures = run(places, Path(folder))
    print(f"{places} damaged journals in {time.perf_counter() - started:.0f} s")
    for name, count in sorted(counts.items()):
        print(f"  {name}: {count}")
    for failure in failures:
        print(f"  FAILED {failure}")


if __name__ == "__main__":
    main()
