"""The app shell: scenes, taps to commands, refusals, undo, and no idle redraws."""

import threading
from typing import Any

import pygame
import pytest
from fakegame import Add
from waiting import PATIENCE, until

from tablekit.local.camera_settings import CameraSettings
from tablekit.local.config import Config, replace
from tablekit.ui.touch import TAP

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (720, 1280)]


def tap(app: Any, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    app.step(0.0)


def test_new_session_button_starts_a_session_of_that_game(make_app: Any) -> None:
    app = make_app()
    [new] = app.scene._new_buttons()
    tap(app, new.rect.center)
    assert app.session is not None and app.session.game.name == "test-counter"
    assert [info.game for info in app.journal.sessions()] == ["test-counter"]


def test_refused_command_shows_why_and_changes_nothing(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    assert app.submit(Add(2))
    assert not app.submit(Add(-5))
    assert "positive" in app.notice_text
    assert app.session.state.total == 2


def test_undo_and_redo_keys(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    app.submit(Add(2))
    app.submit(Add(3))
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL)
    app.handle(ctrl_z)
    assert app.session.state.total == 2
    ctrl_y = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_LCTRL)
    app.handle(ctrl_y)
    assert app.session.state.total == 5


def test_idle_app_does_not_redraw(make_app: Any) -> None:
    app = make_app()
    assert app.step(0.0)
    assert [app.step(0.03) for _ in range(20)] == [False] * 20
    tap(app, (1, app.layout.height - 1))
    assert app.step(0.03) is False


def test_app_resumes_the_last_session(make_app: Any) -> None:
    first = make_app()
    first.start("test-counter")
    name = first.session.name
    again = make_app()
    assert again.session is not None and again.session.name == name


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene", ["home", "settings"])
def test_every_scene_fits_every_screen(make_app: Any, scene: str, size: tuple[int, int]) -> None:
    """Buttons stay on screen, never overlap, and are big enough for a finger."""
    app = make_app(size)
    app.start("test-counter")
    app.goto(scene)
    app.draw()
    buttons = app.scene.buttons()
    screen = pygame.Rect(0, 0, *size)
    for button in buttons:
        assert screen.contains(button.rect), button.label
        assert min(button.rect.size) >= 48, button.label
    for i, one in enumerate(buttons):
        for other in buttons[i + 1 :]:
            assert not one.rect.colliderect(other.rect), (one.label, other.label)


def test_taps_reach_the_scene_once(make_app: Any) -> None:
    app = make_app()
    seen = []
    app.scene.handle = seen.append
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, touch_id=1, finger_id=0))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 240), button=1, touch=True)
    )
    app.step(0.0)
    assert [e.pos for e in seen if e.type == TAP] == [(400, 240)]


def test_the_keyboard_alone_can_start_a_session(make_app: Any) -> None:
    """Tab walks the enabled buttons, Enter presses the one in focus."""
    app = make_app()
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    for _ in range(10):
        app.handle(tab)
        if app.focus and app.focus[0] == "Counter":
            break
    app.handle(enter)
    assert app.session is not None and app.session.game.name == "test-counter"


def test_a_session_that_cannot_open_leaves_the_app_on_home_with_the_reason(make_app: Any) -> None:
    first = make_app()
    first.start("test-counter")
    first.journal._db.execute("UPDATE sessions SET game = 'chess'")
    again = make_app()
    assert again.session is None and again.scene.name == "home"
    assert "unknown game 'chess'" in again.notice_text


def test_settings_asks_the_camera_on_its_own_thread_and_then_shows_its_answer(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablekit.devices import cameras as camera_module

    may_answer = threading.Event()
    real_open = camera_module.open_camera

    def slow_open(settings: CameraSettings) -> Any:
        may_answer.wait(PATIENCE)  # a camera that takes its time to open
        return real_open(settings)

    monkeypatch.setattr(camera_module, "open_camera", slow_open)
    app = make_app(
        (800, 480), replace(Config(), camera=CameraSettings(backend="opencv", device=97))
    )
    app.goto("settings")
    app.step(0.01)
    assert app.scene.devices[0][1:] == (False, "Opening the camera...")
    may_answer.set()
    until(lambda: app.scene._probe is None, lambda: app.step(0.01))
    camera = app.scene.devices[0]
    assert camera[1] is False and "97" in camera[2]


def test_a_danish_table_reads_the_camera_status_in_danish(make_app: Any) -> None:
    danish = replace(Config(), ui=replace(Config().ui, language="da"))
    app = make_app((800, 480), replace(danish, camera=CameraSettings(backend="opencv", device=97)))
    app.goto("settings")
    until(lambda: app.scene._probe is None, lambda: app.step(0.01))
    _, working, sentence = app.scene.devices[0]
    assert not working and sentence.startswith("Kameraet kan ikke bruges: ") and "97" in sentence


def test_an_unexpected_failure_goes_home_with_one_line_and_the_trace_in_the_log(
    make_app: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12: no traceback reaches the table; acknowledged play is in the journal anyway."""
    from tablekit.local import failures

    app = make_app()
    app.start("test-counter")
    app.submit(Add(2))

    def broken(surface: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(app.scene, "draw", broken)
    app.running = True
    monkeypatch.setattr(app, "step", lambda dt: (app.draw(), setattr(app, "running", False)))
    assert app.run() == 0
    assert app.scene.name == "home" and "log" in app.notice_text
    assert "ZeroDivisionError: a bug" in failures.log_file().read_text(encoding="utf-8")
    assert "Traceback" not in capsys.readouterr().err
    assert app.session.state.total == 2


def test_a_failure_that_keeps_coming_back_stops_the_app(make_app: Any) -> None:
    from tablekit.ui.app import FAILURES_BEFORE_STOP

    app = make_app()
    codes = [app.recover(RuntimeError("again")) for _ in range(FAILURES_BEFORE_STOP)]
    assert codes[-1] == 70 and not app.running


def test_a_notice_goes_by_itself_and_then_nothing_is_redrawn(make_app: Any) -> None:
    from tablekit.ui.app import NOTICE_SECONDS

    app = make_app()
    app.start("test-counter")
    assert app.step(0.0)
    app.notice("Nothing to take back")
    assert app.step(0.0)
    assert [app.step(NOTICE_SECONDS / 4) for _ in range(3)] == [False] * 3
    assert app.notice_text
    assert app.step(NOTICE_SECONDS / 4)
    assert app.notice_text == ""
    assert [app.step(0.5) for _ in range(20)] == [False] * 20


def test_a_long_notice_stays_long_enough_to_read(make_app: Any) -> None:
    from tablekit.ui.app import NOTICE_SECONDS

    app = make_app()
    app.notice(" ".join(["word"] * 30))
    app.step(NOTICE_SECONDS)
    assert app.notice_text


def test_a_tap_beside_a_notice_reaches_the_scene_and_one_on_it_does_not(make_app: Any) -> None:
    app = make_app()
    seen = []
    app.scene.handle = seen.append
    app.notice("Pad A is not connected")
    app.draw()
    notice = app._notice_rect()
    tap(app, notice.center)
    assert [e for e in seen if e.type == TAP] == [] and app.notice_text == ""
    app.notice("Pad A is not connected")
    outside = (
        (notice.centerx, notice.top - 5) if notice.top > 10 else (notice.centerx, notice.bottom + 5)
    )
    tap(app, outside)
    assert [e.pos for e in seen if e.type == TAP] == [outside] and app.notice_text
