"""The table screen says what a damaged journal lost (issue 13, Build 6): damage after the
newest snapshot when the session opens, and damage behind it once the walk of the whole
chain, which runs behind the first frame, is done."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from fakegame import LISTING, Add, Counter

from tablekit.local import failures
from tablekit.local.config import Config
from tablekit.session import Journal, Session
from tablekit.session.salvage import ChainCheck
from tablekit.ui import theme
from tablekit.ui.app import App


@pytest.fixture
def damaged(tmp_path: Path) -> Iterator[tuple[Path, list[App]]]:
    """A journal file of 12 steps (a snapshot every 5), and the apps made on it."""
    path = tmp_path / "journal.sqlite3"
    session: Session[object] = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    session.snapshot_every = 5
    for amount in range(1, 13):
        session.apply(Add(amount))
    session.journal.close()
    apps: list[App] = []
    yield path, apps
    for app in apps:
        app.scene.exit()
        app.pad_backends.close()
    theme.font.cache_clear()
    pygame.quit()


def change(path: Path, step: int) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET events = replace(events, 'amount', 'amoun') WHERE id = ?", (step,))
    db.commit()
    db.close()


def said(app: App, count: int) -> bool:
    """Whether the notice says ``count`` changes were set aside (the counter game's table
    reads Danish, so in either language)."""
    return bool(re.search(rf"\b{count} (change\(s\)|ændring\(er\))", app.notice_text))


def opened(path: Path, apps: list[App]) -> App:
    apps.append(
        App(Config(), Journal(path, clock=TEST_CLOCK), (800, 480), games={LISTING.name: LISTING})
    )
    return apps[-1]


def test_damage_after_the_snapshot_is_said_when_the_session_opens(
    damaged: tuple[Path, list[App]],
) -> None:
    path, apps = damaged
    change(path, 11)  # after the snapshot at step 10
    app = opened(path, apps)
    assert app.session is not None and app.session.state.total == 55
    assert said(app, 2)
    assert list(path.parent.glob("journal.sqlite3.damaged-*"))


def test_damage_behind_the_snapshot_is_said_once_the_whole_chain_was_walked(
    damaged: tuple[Path, list[App]],
) -> None:
    path, apps = damaged
    change(path, 3)  # behind the snapshots: opening folds from step 10 and never reads it
    app = opened(path, apps)
    assert app.session is not None and app.session.state.total == 78 and not app.notice_text
    assert app.chain_check is not None
    app.chain_check.wait()
    app.step(0.016)
    assert app.session.state.total == 3 and said(app, 10)
    again = app.chain_check  # reopened after the salvage: a second walk finds it whole
    assert again is not None
    again.wait()
    app.step(0.016)
    assert app.chain_check is None and app.session.state.total == 3


def test_a_journal_that_cannot_be_read_to_the_end_is_said_in_danish_and_sqlite_s_words_logged(
    damaged: tuple[Path, list[App]],
) -> None:
    """The walk behind the first frame finds a file SQLite cannot read: the table reads one
    Danish sentence (the counter game's table is Danish), SQLite's English goes to the log."""
    path, apps = damaged
    app = opened(path, apps)
    assert app.session is not None and app.language() == "da" and app.chain_check is not None
    raw = bytearray(path.read_bytes())
    raw[68:72] = bytes(4)  # no application id: the file's tables must be read to know it
    raw[100:4096] = bytes(range(256)) * 15 + bytes(range(236))  # and its first page is noise
    broken = path.with_name("walked.sqlite3")  # the walk's own file, so the app's stays whole
    broken.write_bytes(bytes(raw))
    app.chain_check = ChainCheck(broken, "c", clock=TEST_CLOCK)
    app.chain_check.wait()
    app.step(0.016)
    assert app.notice_text.startswith("Journalen kunne ikke læses til ende")
    assert "SQLite" not in app.notice_text and "tablekit.log" in app.notice_text
    assert "SQLite cannot read it" in failures.log_file().read_text()
