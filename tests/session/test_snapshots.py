"""Snapshots and checksummed steps: a long session opens, undoes and redoes from the newest
snapshot, and always to the state that folding every step gives; damage is never believed."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from chapter_mix import SETUP
from clocks import TEST_CLOCK
from fakegame import Add, Counter, Hide, Reveal, Roll, Tally, counter_registered
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekit import cli
from tablekit.local import paths
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, Game, fold
from tablekit.rules.mice_mystics import commands as mm
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Journal, Redo, Session, Undo, codec
from tablekit.session import session as session_module
from tablekit.session.journal import SCHEMA_VERSION, JournalError, chain, snapshot_checksum
from tablekit.session.store import open_session

EVERY = 3
"""A snapshot every few steps, so short examples cross many of them."""


def from_scratch(journal: Journal, name: str, game: Game[Any]) -> Any:
    """The state folded from the game's start over every step in effect, no snapshot."""
    events = codec.registry(game.events)
    state = game.start()
    for step in journal.steps(name):
        items = [codec.from_json(item, events) for item in json.loads(step.events)]
        state = fold(game, state, items)
    return state


def snapshots(journal: Journal, name: str) -> list[int]:
    rows = journal._db.execute("SELECT step FROM snapshots WHERE session = ?", (name,))
    return [row[0] for row in rows]


COUNTER_MOVES = st.one_of(
    st.builds(Add, st.integers(1, 5)),
    st.builds(Roll, st.integers(1, 3)),
    st.builds(Hide, st.sampled_from(["ann", "bo"]), st.text(max_size=3)),
    st.builds(Reveal, st.sampled_from(["ann", "bo"])),
    st.just(Undo()),
    st.just(Redo()),
    st.just("reopen"),
)

MM_MOVES = st.one_of(
    st.sampled_from(
        [
            mm.WoundMouse("lily"),
            mm.HealMouse("lily"),
            mm.GainCheese("collin", 1),
            mm.GainCheese("collin", -1),
            mm.EndTurn(),
            mm.RollMovement(),
            mm.StoryAchievement("S", 0),
        ]
    ),
    st.just(Undo()),
    st.just(Redo()),
    st.just("reopen"),
)


def play(game: Game[Any], setup: list[Command], moves: list[Any], seed: int) -> None:
    """Play ``moves``; after each, the live and the reopened state equal the full fold."""
    journal = Journal(":memory:", clock=TEST_CLOCK)
    session: Session[Any] = Session.create(journal, "s", game)
    session.snapshot_every = EVERY
    session.rng = random.Random(seed)
    for command in setup:
        session.apply(command)
    for move in moves:
        if move == "reopen":
            session = Session(journal, "s", game, session.rng, snapshot_every=EVERY)
        else:
            with contextlib.suppress(RuleError, codec.CommandError):  # a refusal changes nothing
                session.apply(move)
        truth = from_scratch(journal, "s", game)
        assert session.state == truth
        assert Session(journal, "s", game, snapshot_every=EVERY).state == truth
    if len(journal.steps("s")) > 2 * EVERY:
        assert snapshots(journal, "s"), "a long session keeps snapshots"


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(COUNTER_MOVES, max_size=40), st.integers(0, 2**16))
def test_counter_from_snapshots_equals_from_scratch(moves: list[Any], seed: int) -> None:
    play(Counter(), [], moves, seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MM_MOVES, max_size=30), st.integers(0, 2**16))
def test_mice_and_mystics_from_snapshots_equals_from_scratch(moves: list[Any], seed: int) -> None:
    play(MiceAndMystics(), SETUP, moves, seed)


def long_session(path: Path, steps: int = 10) -> Session[Tally]:
    session: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "long", Counter())
    session.snapshot_every = EVERY
    for amount in range(1, steps + 1):
        session.apply(Add(amount))
    return session


def reopened(session: Session[Tally]) -> Session[Tally]:
    return Session(
        Journal(session.journal.path, clock=TEST_CLOCK),
        session.name,
        Counter(),
        snapshot_every=EVERY,
    )


def test_open_folds_only_after_the_newest_snapshot(tmp_path: Path) -> None:
    session = long_session(tmp_path / "j.sqlite3", 10)
    assert snapshots(session.journal, "long") == [3, 6, 9]
    again = reopened(session)
    assert again._tail == 1 and again.state.total == 55


def test_undo_past_a_snapshot_uses_an_earlier_one_and_a_new_step_drops_it(
    tmp_path: Path,
) -> None:
    session = long_session(tmp_path / "j.sqlite3", 10)
    for _ in range(5):  # steps 10 .. 6 undone: the snapshots at 9 and 6 are out of effect
        session.apply(Undo())
    assert session.state.total == 15 and session._tail == 2  # from the snapshot at step 3
    session.apply(Redo())
    assert session.state.total == 21
    session.apply(Add(100))  # drops the undone steps 7 .. 10 and the snapshot at 9; as
    # the fourth step folded since the snapshot at 3, it is step 7 anew and stores one
    assert snapshots(session.journal, "long") == [3, 6, 7]
    assert (
        reopened(session).state == session.state == from_scratch(session.journal, "long", Counter())
    )


def test_undoing_recent_steps_folds_nothing_and_another_writer_makes_it_fold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = long_session(tmp_path / "j.sqlite3", 10)
    with monkeypatch.context() as patch:
        patch.setattr(session.journal, "steps", lambda *_, **__: pytest.fail("folded"))
        for _ in range(5):
            session.apply(Undo())
    assert session.state.total == 15 and session._tail == 2
    other = reopened(session)
    other.apply(Undo())  # another process moved on: this session folds to catch up
    session.apply(Undo())
    assert session.state.total == 6 == from_scratch(session.journal, "long", Counter()).total


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE snapshots SET state = x'00'",  # the checksum does not match
        "UPDATE snapshots SET tag = '0:test-counter:old'",  # an older build's
        "DELETE FROM snapshots",  # missing
    ],
)
def test_a_bad_snapshot_is_ignored_and_the_steps_are_folded(
    tmp_path: Path, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    session = long_session(tmp_path / "j.sqlite3", 10)
    session.journal._db.execute(damage)
    with caplog.at_level(logging.INFO, logger="tablekit.session.snapshots"):
        again = reopened(session)
    assert again.state == session.state and again._tail == 10
    if "DELETE" not in damage:
        assert "folding every step instead" in caplog.text


def test_a_snapshot_that_checks_out_but_does_not_decode_is_ignored(tmp_path: Path) -> None:
    session = long_session(tmp_path / "j.sqlite3", 10)
    tag = session._snapshots.tag if session._snapshots else ""
    bad = b"\x81\xa5total\xa3six"  # {"total": "six"}: not a Tally
    session.journal._db.execute(
        "UPDATE snapshots SET state = ?, checksum = ?", (bad, snapshot_checksum(tag, bad))
    )
    assert reopened(session).state == session.state


def test_the_app_opening_a_long_session_without_snapshots_stores_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", EVERY)
    session = long_session(tmp_path / "j.sqlite3", 10)
    session.journal._db.execute("DELETE FROM snapshots")
    journal = Journal(session.journal.path, clock=TEST_CLOCK)
    opened = open_session(journal, "long", None, {"test-counter": Counter()})
    assert opened._tail == 0 and snapshots(journal, "long") == [10]


@pytest.mark.parametrize(
    "damage", ["replace(events, '5', '9')", "substr(events, 1, length(events) - 3)"]
)
def test_a_changed_step_is_reported_by_session_and_step(tmp_path: Path, damage: str) -> None:
    session = long_session(tmp_path / "j.sqlite3", 10)
    session.journal._db.execute(f"UPDATE steps SET events = {damage} WHERE id = 5")
    session.journal._db.execute("DELETE FROM snapshots")
    with pytest.raises(JournalError, match=r"session 'long' is damaged at step 5"):
        reopened(session)


def test_a_step_that_checks_out_but_cannot_be_read_is_reported(tmp_path: Path) -> None:
    session = long_session(tmp_path / "j.sqlite3", 4)
    db = session.journal._db
    previous = db.execute("SELECT checksum FROM steps WHERE id = 3").fetchone()[0]
    command = db.execute("SELECT command FROM steps WHERE id = 4").fetchone()[0]
    checksum = chain(previous, command, '[{"type"')
    db.execute("UPDATE steps SET events = '[{\"type\"', checksum = ? WHERE id = 4", (checksum,))
    db.execute("UPDATE sessions SET head = ?", (checksum,))
    db.execute("DELETE FROM snapshots")
    with pytest.raises(JournalError, match=r"damaged at step 4: its events cannot be read"):
        reopened(session)


OLD_SCHEMA = """
CREATE TABLE sessions (name TEXT PRIMARY KEY, game TEXT NOT NULL, created REAL NOT NULL,
    touched REAL NOT NULL, version INTEGER NOT NULL DEFAULT 0);
CREATE TABLE steps (id INTEGER PRIMARY KEY,
    session TEXT NOT NULL REFERENCES sessions(name) ON DELETE CASCADE,
    command TEXT NOT NULL, events TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL);
CREATE INDEX steps_by_session ON steps(session, id);
CREATE INDEX steps_by_undone ON steps(session, undone);
"""


def old_journal(path: Path) -> None:
    """A journal as the release before checksums and snapshots wrote it."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO sessions VALUES ('old', 'test-counter', 1, 1, 7)")
    for amount in range(1, 8):
        command = json.dumps({"type": "t.add", "amount": amount})
        events = json.dumps([{"type": "t.added", "amount": amount}])
        db.execute(
            "INSERT INTO steps (session, command, events, at) VALUES ('old', ?, ?, 1)",
            (command, events),
        )
    db.commit()
    db.close()


def test_an_old_journal_opens_read_only_and_is_chained_when_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    old_journal(path)
    assert (
        Session(Journal(path, readonly=True, clock=TEST_CLOCK), "old", Counter()).state.total == 28
    )
    journal = Journal(path, clock=TEST_CLOCK)
    assert journal._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    session: Session[Tally] = Session(journal, "old", Counter(), snapshot_every=EVERY)
    assert session.state.total == 28
    rows = journal._db.execute("SELECT command, events, checksum FROM steps ORDER BY id")
    previous = ""
    for command, events, checksum in rows.fetchall():  # the upgrade chained the old steps
        assert checksum == chain(previous, command, events)
        previous = checksum
    session.apply(Add(2))  # seven steps folded since no snapshot: this one stores one
    assert snapshots(journal, "old") == [8]
    assert reopened(session).state.total == 30


def test_state_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:

    counter_registered(monkeypatch)
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"type": "t.add", "amount": 2}\n' * 3, encoding="utf-8")
    assert cli.main(["script", str(lines), "--session", "s", "--game", "test-counter"]) == 0
    path = paths.journal_file()
    Journal(
        path, clock=TEST_CLOCK
    ).close()  # the last writer closes: the WAL is checkpointed into the file
    before = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in path.parent.iterdir()}
    version = Journal(path, readonly=True, clock=TEST_CLOCK).version("s")
    os.utime(path, ns=(1, 1))
    capsys.readouterr()
    assert cli.main(["state"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 6
    assert cli.main(["sessions"]) == 0
    assert path.stat().st_mtime_ns == 1
    assert path.read_bytes() == before[path.name][1]
    assert Journal(path, readonly=True, clock=TEST_CLOCK).version("s") == version


def test_state_without_a_journal_creates_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["state"]) != 0
    assert not paths.journal_file().exists()
