"""A step committed while a session's chain is walked is no damage (issue 13): the walk
reads the steps and the head in one transaction, and salvage holds the write lock from
the walk to the cut, so another writer's step is never cut for damage it was not part of."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, Tally

from tablekit.session import Journal, Redo, Session, Undo
from tablekit.session.journal import JournalBusy, Step
from tablekit.session.salvage import inspect, salvage


def five(path: Path) -> Session[Tally]:
    session: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "t", Counter())
    for amount in range(1, 6):
        session.apply(Add(amount))
    return session


def after_the_walk(
    monkeypatch: pytest.MonkeyPatch, journal: Journal, meanwhile: Callable[[], None]
) -> None:
    """Run ``meanwhile`` right after ``journal`` has read the chain, before the head."""
    walk = journal.walk

    def walked(session: str) -> Iterator[tuple[Step, bool, float]]:
        rows = walk(session)
        meanwhile()
        return rows

    monkeypatch.setattr(journal, "walk", walked)


def test_a_step_committed_during_the_walk_is_not_lost_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = five(tmp_path / "j.sqlite3")
    reader = Journal(tmp_path / "j.sqlite3", readonly=True, clock=TEST_CLOCK)
    after_the_walk(monkeypatch, reader, lambda: writer.apply(Add(9)))  # a tap meanwhile
    finding = inspect(reader, "t")
    assert finding.ok and finding.kept == 5
    assert inspect(reader, "t").kept == 6  # the next walk sees the new step


def test_another_writers_redo_during_salvage_waits_and_is_never_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``tablekit script`` redoes while the app salvages: the redo waits for the lock
    (refused here at once) and is then made whole; no step in effect is cut."""
    script = five(tmp_path / "j.sqlite3")
    script.apply(Undo())
    script.journal._db.execute("PRAGMA busy_timeout = 0")  # refused now rather than waiting
    app = Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK)
    refused: list[str] = []

    def redo() -> None:
        try:
            script.apply(Redo())
        except JournalBusy as error:
            refused.append(str(error))

    after_the_walk(monkeypatch, app, redo)
    _, drop = salvage(app, "t")
    assert drop is None and len(refused) == 1
    script.apply(Redo())
    assert len(app.steps("t")) == 5 and script.state.total == 15
    assert not list(tmp_path.glob("*.damaged-*"))
