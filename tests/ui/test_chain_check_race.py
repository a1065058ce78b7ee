"""The walk of the open session's chain behind the first frame (issue 13): a step another
writer commits during the walk reloads nothing, a walk whose finding the salvage does not
confirm reloads nothing, and damage found while the start-up problems are listed is set
aside only once they were read, never leaving that list by itself."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from fakegame import LISTING, Add, Counter

from tablekit.devices import doctor
from tablekit.local.config import Config
from tablekit.session import Journal, Session
from tablekit.session.journal import Step
from tablekit.session.salvage import Finding
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.scenes.startup import StartupScene


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Path, App]]:
    """A journal file of 12 steps of session "c" (a snapshot every 5), open in the app."""
    path = tmp_path / "journal.sqlite3"
    session: Session[object] = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    session.snapshot_every = 5
    for amount in range(1, 13):
        session.apply(Add(amount))
    session.journal.close()
    app = App(Config(), Journal(path, clock=TEST_CLOCK), (800, 480), games={LISTING.name: LISTING})
    yield path, app
    app.scene.exit()
    app.pad_backends.close()
    theme.font.cache_clear()
    pygame.quit()


def test_a_step_committed_during_the_walk_reloads_nothing(
    table: tuple[Path, App], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, app = table
    session, check = app.session, app.chain_check
    assert session is not None and check is not None
    walk = Journal.walk

    def walked(journal: Journal, name: str) -> Iterator[tuple[Step, bool, float]]:
        rows = walk(journal, name)
        if threading.current_thread() is not threading.main_thread():
            other = Journal(path, clock=TEST_CLOCK)  # another writer, between the walk's two reads
            Session(other, "c", Counter()).apply(Add(100))
            other.close()
        return rows

    monkeypatch.setattr(Journal, "walk", walked)
    check.wait()
    assert check.finding is not None and check.finding.ok
    app.step(0.016)
    assert app.chain_check is None and app.session is session and not app.notice_text


def test_a_finding_the_salvage_does_not_confirm_reloads_nothing(table: tuple[Path, App]) -> None:
    _, app = table
    session, check = app.session, app.chain_check
    assert session is not None and check is not None
    check.wait()
    check.finding = Finding("c", 12, None, (), "its newest steps were lost", (0.0, 1.0))
    app.step(0.016)
    assert app.chain_check is None and app.session is session and not app.notice_text
    assert not list(app.journal.drops)


def test_damage_found_behind_the_start_up_problems_waits_until_they_were_read(
    table: tuple[Path, App],
) -> None:
    path, app = table
    db = sqlite3.connect(path)  # step 3, behind the snapshots opening folds from
    db.execute("UPDATE steps SET events = replace(events, 'amount', 'amoun') WHERE id = 3")
    db.commit()
    db.close()
    startup = app.scene_named("startup")
    assert isinstance(startup, StartupScene) and app.chain_check is not None
    then = app.scene.name
    startup.show([doctor.Check.say(False, "No device at {port!r}.", "pads", port="/x")], then)
    app.goto("startup")
    app.chain_check.wait()
    for _ in range(3):
        app.step(0.016)
    assert app.scene.name == "startup" and app.chain_check is not None
    assert app.session is not None and app.session.state.total == 78
    app.goto(then)  # Play on
    app.step(0.016)
    assert app.session.state.total == 3 and "10" in app.notice_text
