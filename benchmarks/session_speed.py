"""A campaign's journal at 1k, 10k and 100k events: open, undo, redo, commit, ``tablekit state``.

Run: ``make bench`` or ``python -m benchmarks.session_speed [EVENTS ...]``. With
``--commit`` first, only apply + commit (issue 26 item 5), ``ROUNDS`` times over on one
journal of each size, reported as the median and range of the rounds' ratios:
``python -m benchmarks.session_speed --commit 1000 100000``.

Each session is a Mice and Mystics chapter played by a pinned random mix of
commands (rolls, wounds, cheese, turns), in a journal file on the working
directory's disk (WAL, ``synchronous=FULL``), with a campaign's worth of story
achievements (``STORIES`` distinct ones) earned at even intervals through the
build. The mix once recorded the same story achievement every eighth tap, 9,227
copies at 100k events; the rules now refuse an achievement the mice already
hold and keep at most 100, so a state that grew with the journal was neither
possible at the table nor a fair measure of opening. Every figure stands
beside a bare baseline measured in the same run:

* open to state: ``open_session`` as the app resumes it (snapshot + tail), beside
  a bare SQLite connect and read of the newest row, at the worst point of the
  snapshot cycle (``SNAPSHOT_EVERY`` - 1 steps after the newest snapshot, the
  most a session ever folds to open) and at the best (just after one), in
  wall-clock time and in CPU time (the open's own fsyncs apart); and folding
  every step, as every open did before snapshots;
* undo and redo: ``Session.apply(Undo())`` / ``Redo()``, beside a bare UPDATE +
  COMMIT of one row with the same pragmas;
* apply + commit: ``Session.apply`` of one command, beside a bare INSERT + COMMIT
  into a table of as many rows, with the same pragmas; in wall-clock time, and in
  CPU time (``time.process_time``) with ``synchronous=OFF`` on both, so that the
  fsync neither hides nor adds to the Python around each commit (target: at most 2x);
* ``tablekit state`` as a subprocess, beside a subprocess that only imports
  sqlite3 and reads the newest row; the package's bytecode is compiled first, as
  installing it on the Pi does.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chapter_mix import MIX, SETUP

import tablekit
from tablekit.local.clock import open_journal
from tablekit.rules.errors import RuleError
from tablekit.rules.game import fold, settle
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Redo, Session, Undo, codec
from tablekit.session.journal import WAL_PAGES, chain
from tablekit.session.store import open_session

SIZES = (1_000, 10_000, 100_000)
COMMIT_SIZES = (1_000, 100_000)
ROUNDS = 5
"""Rounds of ``--commit``: the machine is shared, so its report is the median of the
rounds' ratios, with their range."""
SEED = 13
PAIRS = 400
"""Commands timed, each beside a bare insert: the median of a few hundred settles to within
0.01 ms here, where single commands vary by 2x with whatever else the machine does."""
STORIES = 40
"""Story achievements a session earns, a new one every ``events // STORIES`` events: a story
book's campaign describes a few dozen, each earned once."""


def fill(session: Session[Any], events: int, rng: random.Random) -> int:
    """Play pinned random commands, with a new story achievement at even intervals, until
    ``events`` events are journalled."""
    total = sum(len(session.apply(command)) for command in SETUP)
    refused = earned = 0
    every = max(1, events // STORIES)
    while total < events:
        taps = list(rng.choice(MIX))
        if earned < STORIES and total >= earned * every:
            earned += 1
            taps.append(cmd.StoryAchievement(f"Story achievement {earned}", 0))
        for command in taps:
            try:
                total += len(session.apply(command))
            except RuleError:
                refused += 1
                if refused > events:
                    raise
    return total


def build(path: Path, events: int) -> int:
    """A journal of one session ``bench`` with ``events`` events, written fast.

    The fill skips the fsync (the file is the same; only its durability while
    filling differs); the journal is reopened with the real settings to measure.
    """
    journal = open_journal(path)
    journal._db.execute("PRAGMA synchronous=OFF")
    session = Session.create(journal, "bench", MiceAndMystics())
    session.rng = random.Random(SEED)
    made = fill(session, events, random.Random(SEED))
    journal.close()
    return made


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def paired_ms(
    ours: Callable[[], object], bare: Callable[[], object], runs: int
) -> tuple[float, float]:
    """Medians of ``ours`` and ``bare`` run in turn, so a busy moment of a shared machine
    (another process's fsync, say) falls on both alike."""
    mine, base = [], []
    for _ in range(runs):
        for action, times in ((ours, mine), (bare, base)):
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
    return statistics.median(mine) * 1000, statistics.median(base) * 1000


def paired_cpu_ms(
    ours: Callable[[], object], bare: Callable[[], object], runs: int
) -> tuple[float, float]:
    """Mean CPU ms (``time.process_time``) of ``ours`` and ``bare`` over ``runs`` each, run
    in turn: the mean, since a snapshot or a checkpoint every so many commands is part of
    what each command costs."""
    mine = base = 0.0
    for _ in range(runs):
        start = time.process_time()
        ours()
        middle = time.process_time()
        bare()
        mine, base = mine + middle - start, base + time.process_time() - middle
    return mine / runs * 1000, base / runs * 1000


def to_cycle_point(path: Path, game: MiceAndMystics, worst: bool) -> None:
    """Apply commands to ``bench`` until the next one would store a snapshot (``worst``: the
    most steps opening then folds) or until one just did (the fewest)."""
    journal = open_journal(path)
    session: Session[Any] = Session(journal, "bench", game)
    cheese = iter([cmd.GainCheese("collin", 1), cmd.GainCheese("collin", -1)] * PAIRS)
    goal = session.snapshot_every - 1 if worst else 0
    while session._tail != goal:
        session.apply(next(cheese))
    journal.close()


def bare_read(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("SELECT command, events FROM steps ORDER BY id DESC LIMIT 1").fetchone()
    db.close()


def full_fold(path: Path) -> object:
    """Folding every step from the start, as every open, undo and CLI call did before."""
    journal = open_journal(path, readonly=True)
    game = MiceAndMystics()
    known = codec.registry(game.events)
    state = game.start()
    for step in journal.steps("bench"):
        events = [codec.from_json(item, known) for item in json.loads(step.events)]
        state = fold(game, state, events)
    journal.close()
    return state


def bare_db(path: Path, rows: int, payload: str) -> sqlite3.Connection:
    """A bare table of ``rows`` rows with the journal's pragmas."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER NOT NULL DEFAULT 0)")
    db.execute("BEGIN")
    db.executemany("INSERT INTO t (a) VALUES (?)", ((payload,) for _ in range(rows)))
    db.execute("COMMIT")
    return db


def bare_insert(db: sqlite3.Connection, payload: str) -> None:
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO t (a) VALUES (?)", (payload,))
    db.execute("COMMIT")


def bare_update(db: sqlite3.Connection) -> None:
    db.execute("BEGIN IMMEDIATE")
    db.execute("UPDATE t SET b = 1 - b WHERE id = (SELECT max(id) FROM t)")
    db.execute("COMMIT")


def commits(
    session: Session[Any], bare: sqlite3.Connection, payload: str
) -> dict[str, tuple[float, float]]:
    """Apply + commit of one command beside a bare INSERT + COMMIT, in ms: in wall-clock
    time as the journal syncs, and in CPU time with ``synchronous=OFF`` on both (after
    which both connections stay so). A tap adds a cheese and the next takes it back, so the
    session stays as it was; a snapshot every ``SNAPSHOT_EVERY`` commands and the log's
    checkpoints are part of what a command costs, so the CPU figure is a mean."""
    cheese = iter([cmd.GainCheese("collin", 1), cmd.GainCheese("collin", -1)] * PAIRS)
    figures = {
        "apply + commit": paired_ms(
            lambda: session.apply(next(cheese)), lambda: bare_insert(bare, payload), PAIRS
        )
    }
    session.journal._db.execute("PRAGMA synchronous=OFF")
    bare.execute("PRAGMA synchronous=OFF")
    figures["apply + commit, CPU, synchronous=OFF"] = paired_cpu_ms(
        lambda: session.apply(next(cheese)), lambda: bare_insert(bare, payload), PAIRS
    )
    return figures


PARTS = 3000
"""Commands whose parts ``parts`` times: medians of single parts, each a few microseconds."""


def parts(session: Session[Any], bare: sqlite3.Connection, payload: str) -> dict[str, float]:
    """Where one command's time goes, in median microseconds with ``synchronous=OFF``: the
    whole ``apply`` and the journal's ``record`` inside it (its statement, the chain's
    SHA-256, the sidecar's write), and, beside each command in the same loop, each part
    the session calls on the way, on the same command and state (the rules' ``settle``,
    the command's check and line, the events' line, the chain, the sidecar), and the bare
    INSERT + COMMIT. Medians of wall-clock time: a part takes microseconds, which a
    preempted moment would swamp in a mean."""
    journal = session.journal
    real_record = journal.record
    times: dict[str, list[float]] = {}

    def timed(name: str, action: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        result = action(*args, **kwargs)
        times.setdefault(name, []).append(time.perf_counter() - start)
        return result

    def record(*args: Any, **kwargs: Any) -> Any:
        return timed("journal.record", real_record, *args, **kwargs)

    journal.record = record  # type: ignore[method-assign]
    acks = journal._acks
    assert acks is not None
    taps = [cmd.GainCheese("collin", 1), cmd.GainCheese("collin", -1)]
    try:
        for n in range(PARTS):
            tap = taps[n % 2]
            line = timed("codec.checked_line", codec.checked_line, tap)
            game, state, rng = session.game, session.state, session.rng
            events, _ = timed("settle (the rules)", settle, game, state, tap, rng)
            text = timed("codec.dumps_all", codec.dumps_all, events)
            head = journal.head("bench")
            timed("chain", chain, head, line, text)
            timed("sidecar write", acks.write, "bench", session.version, head)
            timed("Session.apply", session.apply, tap)
            timed("bare INSERT + COMMIT", bare_insert, bare, payload)
    finally:
        del journal.record
    return {name: statistics.median(took) * 1e6 for name, took in times.items()}


def measure_commits(folder: Path, events: int) -> dict[str, tuple[float, float]]:
    """Only :func:`commits`, on a journal of ``events`` events, ``ROUNDS`` times over; each
    round's figures are kept under their names with the round's number."""
    path = folder / "journal.sqlite3"
    made = build(path, events)
    journal = open_journal(path)
    rows = len(journal.steps("bench"))
    session: Session[Any] = Session(journal, "bench", MiceAndMystics())
    figures: dict[str, tuple[float, float]] = {}
    for round_ in range(ROUNDS):
        bare = bare_db(folder / f"bare-{round_}.sqlite3", rows, "x" * 200)
        session.journal._db.execute("PRAGMA synchronous=FULL")
        for name, pair in commits(session, bare, "x" * 200).items():
            figures[f"{name} #{round_}"] = pair
        bare.close()
    bare = bare_db(folder / "bare-parts.sqlite3", rows, "x" * 200)
    bare.execute("PRAGMA synchronous=OFF")  # as commits() left the journal
    took = parts(session, bare, "x" * 200)
    for name, us in took.items():
        figures[f"part {name}"] = (us, took["bare INSERT + COMMIT"])
    bare.close()
    journal.close()
    figures["_events"] = (float(made), float(rows))
    return figures


def commit_table(results: dict[int, dict[str, tuple[float, float]]], sizes: list[int]) -> None:
    """Print each figure of ``--commit`` as the median of its rounds: ms, the bare baseline's
    ms from the same rounds, and the median of the rounds' ratios with their range."""
    print("| measure (ms) | " + " | ".join(f"{n:,} events" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for name in ("apply + commit", "apply + commit, CPU, synchronous=OFF"):
        cells = []
        for events in sizes:
            pairs = [results[events][f"{name} #{r}"] for r in range(ROUNDS)]
            ratios = sorted(mine / base for mine, base in pairs)
            mine = statistics.median(pair[0] for pair in pairs)
            base = statistics.median(pair[1] for pair in pairs)
            cells.append(
                f"{mine:.3f} (bare {base:.3f}, {statistics.median(ratios):.2f}x, "
                f"{ratios[0]:.2f}-{ratios[-1]:.2f})"
            )
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("\n| one command's parts (us, x bare) | " + " | ".join(f"{n:,}" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for name in [key for key in results[sizes[0]] if key.startswith("part ")]:
        pairs = (results[events][name] for events in sizes)
        cells = [f"{mine:.1f} ({mine / base:.2f}x)" for mine, base in pairs]
        print(f"| {name[5:]} | " + " | ".join(cells) + " |")


def measure(folder: Path, events: int) -> dict[str, tuple[float, float]]:
    """Each figure in ms, beside its baseline."""
    path = folder / "journal.sqlite3"
    made = build(path, events)
    rows = len(open_journal(path, readonly=True).steps("bench"))
    payload = "x" * 200
    game = MiceAndMystics()
    figures: dict[str, tuple[float, float]] = {}

    def opened() -> Session[Any]:
        journal = open_journal(path)
        session = open_session(journal, "bench", None, {game.name: game})
        journal.close()
        return session

    for worst, point in ((True, "worst point of the snapshot cycle"), (False, "just after one")):
        to_cycle_point(path, game, worst)
        figures[f"open to state, {point}"] = paired_ms(opened, lambda: bare_read(path), 7)
        figures[f"open to state, {point}, CPU"] = paired_cpu_ms(opened, lambda: bare_read(path), 15)
    figures["fold every step (before)"] = (median_ms(lambda: full_fold(path), 3), 0.0)

    journal = open_journal(path)
    session: Session[Any] = Session(journal, "bench", game)
    bare = bare_db(folder / "bare.sqlite3", rows, payload)
    figures["undo"] = paired_ms(lambda: session.apply(Undo()), lambda: bare_update(bare), 20)
    figures["redo"] = paired_ms(lambda: session.apply(Redo()), lambda: bare_update(bare), 20)
    figures.update(commits(session, bare, payload))
    journal.close()
    bare.close()

    env = {**os.environ, "TABLEKIT_DATA_DIR": str(folder), "TABLEKIT_CONFIG_DIR": str(folder)}
    state = [sys.executable, "-m", "tablekit", "state", "--session", "bench"]
    reader = [
        sys.executable,
        "-c",
        "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); "
        "print(db.execute('SELECT events FROM steps ORDER BY id DESC LIMIT 1').fetchone())",
        str(path),
    ]
    # As after an upgrade, the first writer to open the session re-snapshots it if the rules'
    # source changed since the build (in a tree being edited, it may have).
    warm = [*state[:3], "script", "-", "--session", "bench"]
    subprocess.run(warm, env=env, input=b"", check=True, capture_output=True)
    # An installed tablekit has its bytecode (pip compiles it), whatever PYTHONDONTWRITEBYTECODE
    # says where this runs: without it every call would time compiling the package instead.
    compiled = [sys.executable, "-m", "compileall", "-q", str(Path(tablekit.__file__).parent)]
    subprocess.run(compiled, check=True, capture_output=True)
    figures["tablekit state (process)"] = paired_ms(
        lambda: subprocess.run(state, env=env, check=True, stdout=subprocess.DEVNULL),
        lambda: subprocess.run(reader, env=env, check=True, stdout=subprocess.DEVNULL),
        7,
    )
    figures["_events"] = (float(made), float(rows))
    return figures


def main() -> None:
    only_commits = sys.argv[1:2] == ["--commit"]
    args = sys.argv[2:] if only_commits else sys.argv[1:]
    sizes = [int(arg) for arg in args] or list(COMMIT_SIZES if only_commits else SIZES)
    results = {}
    for events in sizes:
        # On the working directory's disk, not /tmp, which may live in memory and skip fsync.
        with tempfile.TemporaryDirectory(dir=".") as folder:
            results[events] = (measure_commits if only_commits else measure)(Path(folder), events)
        made, rows = results[events].pop("_events")
        print(f"built {made:.0f} events in {rows:.0f} steps", file=sys.stderr)
    if only_commits:
        commit_table(results, sizes)
        return
    print("| measure (ms) | " + " | ".join(f"{n:,} events" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for name in results[sizes[0]]:
        cells = []
        for events in sizes:
            mine, base = results[events][name]
            ratio = f"{mine:.3f} (bare {base:.3f}, {mine / base:.2f}x)" if base else ""
            cells.append(ratio or f"{mine:.1f}")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
