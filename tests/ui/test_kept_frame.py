"""The app keeps its game's screen at a quiet moment, and the next start shows it before it
loads anything else, only while it still shows what that start resumes (issue 26 item 3).

A development tree keeps no frame (it has no build digest), so each test gives the build
one.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local import paths
from tablekit.local.config import Config
from tablekit.rules import games
from tablekit.session import Journal, Session, views
from tablekit.session.errors import JournalError
from tablekit.ui import app as app_module
from tablekit.ui import kept_frame, theme
from tablekit.ui.app import KEEP_QUIET, App

GAME = "mouse-card"


@pytest.fixture(autouse=True)
def built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "_build", ["build-one"])


@pytest.fixture
def played() -> Iterator[bytes]:
    """A session played and left: the app closed on its game's screen; yields that frame."""
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    app = App(Config(), journal, (800, 480))
    try:
        app.start(GAME)
        app.step(KEEP_QUIET + 0.1)
        assert app.showing() == GAME
        shown = pygame.image.tobytes(app.screen, "RGB")
        app.close()
    finally:
        theme.font.cache_clear()
        pygame.quit()
        journal.close()
    yield shown
    pygame.quit()


def on_screen() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def test_the_next_start_shows_the_frame_the_table_left(played: bytes) -> None:
    assert kept_frame.show()
    assert pygame.display.get_surface().get_size() == (800, 480)
    assert on_screen() == played


def test_no_frame_once_the_session_moved_on(played: bytes) -> None:
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    last = journal.last()
    assert last is not None
    session = Session(journal, last.name, games.rules_named(GAME))
    joins = {"type": "mc.add_character", "name": "Fenn", "traits": {"Brave": 1}}
    session.apply(session.parse(joins))  # another writer: the frame is behind
    journal.close()
    assert not kept_frame.show()
    assert not pygame.display.get_init()  # nothing was opened for it


def test_no_frame_once_the_settings_changed(played: bytes) -> None:
    paths.config_file().parent.mkdir(parents=True, exist_ok=True)
    paths.config_file().write_text('[ui]\nlanguage = "da"\n', encoding="utf-8")
    assert not kept_frame.show()


def test_no_frame_from_another_build(played: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "_build", ["build-two"])
    assert not kept_frame.show()


def test_a_damaged_frame_is_not_shown(played: bytes) -> None:
    frame = paths.data_dir() / kept_frame.FRAME
    frame.write_bytes(frame.read_bytes()[:-100])
    assert not kept_frame.show()


def test_no_frame_is_kept_while_a_notice_covers_the_screen() -> None:
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    app = App(Config(), journal, (800, 480))
    try:
        app.start(GAME)
        app.notice("A notice over the game")
        app.step(KEEP_QUIET + 0.1)
        app.close()
    finally:
        theme.font.cache_clear()
        pygame.quit()
        journal.close()
    assert not (paths.data_dir() / kept_frame.LABEL).exists()
    assert not kept_frame.show()


def test_taps_made_before_the_apps_first_frame_are_dropped() -> None:
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    down = {"pos": (400, 240), "button": 1}
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, down))
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, {}))
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    app = App(Config(), journal, (800, 480))
    try:
        left = [event.type for event in pygame.event.get()]
        assert pygame.USEREVENT in left and pygame.MOUSEBUTTONDOWN not in left
    finally:
        app.close()
        theme.font.cache_clear()
        pygame.quit()
        journal.close()


def test_a_start_that_resumes_a_session_makes_no_home_screen(played: bytes) -> None:
    """The resumed game's screen is the first made: Home waits until it is shown."""
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    app = App(Config(), journal, (800, 480))
    try:
        assert app.showing() == GAME and set(app.scenes) == {GAME}
        app.goto("home")
        assert set(app.scenes) == {GAME, "home"}
    finally:
        app.close()
        theme.font.cache_clear()
        pygame.quit()
        journal.close()


@pytest.mark.parametrize(
    "label", ["", "garbage", "\xff\xfe", "abc 800 480", "abc 99999 480 0", "abc -800 480 0"]
)
def test_a_label_of_another_shape_shows_nothing(played: bytes, label: str) -> None:
    (paths.data_dir() / kept_frame.LABEL).write_text(label, encoding="latin-1")
    assert not kept_frame.show()
    assert not pygame.display.get_init()


def test_pixels_that_unpack_past_the_frame_are_not_unpacked(played: bytes) -> None:
    frame = paths.data_dir() / kept_frame.FRAME
    frame.write_bytes(zlib.compress(bytes(800 * 480 * 3 * 4), 9))  # a bomb of four frames
    assert not kept_frame.show()


def test_a_failure_to_keep_never_stops_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping the views and the frame only spares a later start: when it fails (the
    journal damaged under the app), the table plays on and the app still closes whole."""

    def fails(session: object) -> bool:
        raise JournalError("the journal could not be read")

    monkeypatch.setattr(app_module, "keep_views", fails)
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    app = App(Config(), journal, (800, 480))
    try:
        app.start(GAME)
        app.step(KEEP_QUIET + 0.1)
        assert app.failures == 0 and app.showing() == GAME and app.views_due is None
        app.close()
        assert not pygame.display.get_init()
    finally:
        theme.font.cache_clear()
        pygame.quit()
        journal.close()
