"""A journal damaged while the app has its session open (issue 13, Build 6): the pages of
steps are overwritten under the running app, and the next frame cannot read whether Undo
and Redo may be pressed. The table says so as opening that journal says it, with no trace,
and the app writes nothing more to the file, so every acknowledged step can still be kept."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local import failures
from tablekit.local.config import Config
from tablekit.rules.mice_mystics import commands as mm
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Journal, Session
from tablekit.ui import theme
from tablekit.ui.app import App

NOISE = bytes(range(256))


@pytest.fixture
def playing(tmp_path: Path) -> Iterator[tuple[Path, App]]:
    """A Mice and Mystics session of three steps in a journal file, open in the app."""
    path = tmp_path / "journal.sqlite3"
    session: Session[object] = Session.create(
        Journal(path, clock=TEST_CLOCK), "c", MiceAndMystics()
    )
    session.apply(mm.SetStats("collin", battle=3, defense=2, lore=1, life=5))
    session.apply(mm.SetStats("lily", battle=2, defense=1, lore=2, move=3, life=5))
    session.apply(mm.SetStats("rat_warrior", battle=2, defense=1, life=1, ranged=False))
    session.journal.close()
    app = App(Config(), Journal(path, clock=TEST_CLOCK), (800, 480))
    yield path, app
    app.close()
    theme.font.cache_clear()


def overwrite_steps(path: Path) -> dict[int, bytes]:
    """Noise over the root pages of the steps and their indexes; what was there before."""
    db = sqlite3.connect(path)
    size = db.execute("PRAGMA page_size").fetchone()[0]
    query = "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'steps' AND rootpage > 0"
    roots = [row[0] for row in db.execute(query)]
    db.close()
    kept: dict[int, bytes] = {}
    with open(path, "r+b") as file:
        for page in roots:
            file.seek((page - 1) * size)
            kept[page] = file.read(size)
            file.seek((page - 1) * size)
            file.write(NOISE * (size // len(NOISE)))
    return kept


def put_back(path: Path, pages: dict[int, bytes]) -> None:
    with open(path, "r+b") as file:
        for page, data in pages.items():
            file.seek((page - 1) * len(data))
            file.write(data)


def test_a_journal_damaged_under_the_open_app_is_said_as_damage_and_loses_nothing(
    playing: tuple[Path, App], capsys: pytest.CaptureFixture[str]
) -> None:
    path, app = playing
    assert app.session is not None and app.scene.name == "mice-mystics"
    assert app.chain_check is not None
    app.chain_check.wait()  # the walk behind the first frame is done, and found all whole
    app.step(0.016)
    assert app.chain_check is None and not app.notice_text
    pages = overwrite_steps(path)
    other = sqlite3.connect(path)  # another program's commit: the app reads the file afresh
    other.execute("UPDATE sessions SET touched = touched + 1")
    other.commit()
    other.close()
    files = [path.read_bytes(), path.with_name(f"{path.name}-wal").read_bytes()]
    app.scene.dirty = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # one frame, then the loop ends
    assert app.run() == 0
    assert app.scene.name == "home"
    said = app.notice_text
    assert said.startswith("c: The journal could not be read to the end") and "\n" not in said
    assert "tablekit check --repair" in said and "tablekit.log" in said
    assert "Traceback" not in capsys.readouterr().err
    log = failures.log_file().read_text(encoding="utf-8")
    assert "malformed" in log and "Traceback" not in log
    assert [path.read_bytes(), path.with_name(f"{path.name}-wal").read_bytes()] == files
    put_back(path, pages)  # the same pages again: every acknowledged step is there
    journal = Journal(path, readonly=True, clock=TEST_CLOCK)
    assert len(journal.steps("c")) == 3
    journal.close()
