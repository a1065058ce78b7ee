"""The pad seam: backends post neutral events, the loop drains them, the game maps them.

A fake backend posts from its own threads, as lgpio and a serial reader do on
a Pi; the keyboard and the on-screen pad go through the same inbox.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest
from fakegame import Press, press_command

from tablekit.devices.pads import PadInbox
from tablekit.local.config import Buttons, Config
from tablekit.rules.pads import PadLights, PadPressed, PadStatus
from tablekit.rules.secret import HIDDEN, pad_audience
from tablekit.ui.touch import TAP


def pressed(app: Any) -> list[tuple[str, str]]:
    """(pad, button) of every press the counter game has recorded, in order."""
    return [(note.owner, note.text) for note in app.session.state.notes]


def test_presses_from_backend_threads_all_become_commands_with_the_pad(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")

    def backend(pad: str) -> None:
        for _ in range(50):
            app.pads.post(PadPressed(pad, "attack"))

    threads = [threading.Thread(target=backend, args=(f"pad-{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    app.step(0.0)
    assert sorted(pressed(app)) == sorted(
        (f"pad-{n}", "attack") for n in range(4) for _ in range(50)
    )
    assert app.pads.drain() == []


def test_a_press_is_a_command_carrying_the_pad_and_stays_secret_on_the_table(
    make_app: Any,
) -> None:
    app = make_app()
    app.start("test-counter")
    app.pads.post(PadPressed("opponents", "feint"))
    app.step(0.0)
    assert pressed(app) == [("gm", "feint")]
    assert app.session.table_view()["notes"] == [{"owner": "gm", "note": HIDDEN}]
    assert app.session.view(pad_audience("opponents"))["notes"] == [
        {"owner": "gm", "note": "feint"}
    ]


def test_a_press_the_game_ignores_changes_nothing(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    app.pads.post(PadPressed("opponents", "back"))
    app.step(0.0)
    assert pressed(app) == []
    assert not app.session.can_undo


def test_presses_before_a_session_are_dropped_quietly(make_app: Any) -> None:
    app = make_app()
    app.pads.post(PadPressed("opponents", "attack"))
    app.step(0.0)
    assert app.session is None and app.notice_text == ""


def test_a_lost_pad_is_told_once_and_remembered(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    app.pads.post(PadStatus("opponents", False, "unplugged"))
    app.step(0.0)
    assert app.notice_text == "GM'ens panel er ikke tilsluttet"  # the counter is played in Danish
    assert app.pad_status["opponents"] == PadStatus("opponents", False, "unplugged")
    app.notice_text = ""
    app.pads.post(PadStatus("opponents", False, "still unplugged"))
    app.step(0.0)
    assert app.notice_text == ""
    app.pads.post(PadStatus("opponents", True))
    app.step(0.0)
    assert app.pad_status["opponents"].connected and app.notice_text == ""


def test_the_keyboard_is_two_pads_in_a_game_that_uses_pads(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    for key in (pygame.K_q, pygame.K_s, pygame.K_y):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    app.step(0.0)
    assert pressed(app) == [("gm", "attack"), ("patrol", "defend"), ("gm", "lock")]


def test_ctrl_keys_stay_shortcuts_not_pads(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    app.pads.post(PadPressed("opponents", "attack"))
    app.step(0.0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL))
    app.step(0.0)
    assert pressed(app) == []


def test_the_on_screen_pad_posts_through_the_same_inbox(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    app.step(0.0)
    buttons = app.scene.buttons()
    # the counter is played in Danish (its listing), and the table left the language on auto
    assert [b.label for b in buttons] == ["Angreb", "Forsvar", "Finte", "Manøvre", "Tilbage", "Lås"]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=buttons[3].rect.center, button=1))
    assert pressed(app) == []  # posted, not yet taken: the loop drains between frames
    app.step(0.0)
    assert pressed(app) == [("gm", "maneuver")]


def test_the_inbox_is_bounded_and_counts_what_it_refused() -> None:
    inbox = PadInbox(limit=3)
    results = [inbox.post(PadPressed("opponents", "attack")) for _ in range(5)]
    assert results == [True, True, True, False, False]
    assert inbox.dropped == 2
    assert len(inbox.drain()) == 3


def test_a_pad_has_only_its_six_buttons() -> None:
    with pytest.raises(ValueError, match="no button 'jump'"):
        PadPressed("opponents", "jump")


def test_the_game_mapping_is_pure_and_carries_the_pad() -> None:
    assert press_command(None, PadPressed("pad-2", "lock")) == Press("pad-2", "lock")  # type: ignore[arg-type]
    assert press_command(None, PadPressed("pad-2", "back")) is None  # type: ignore[arg-type]


def test_a_tap_is_not_a_pad_press(make_app: Any) -> None:
    app = make_app()
    app.start("test-counter")
    app.handle(pygame.event.Event(TAP, pos=(1, 1)))
    app.step(0.0)
    assert pressed(app) == []


class Recorder:
    """A pad backend that only remembers what it was told to light."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, PadLights]] = []

    def show(self, pad: str, lights: PadLights) -> None:
        self.shown.append((pad, lights))

    def close(self) -> None:
        self.shown.append(("closed", PadLights()))


def test_pad_lights_follow_every_applied_command(make_app: Any) -> None:
    app = make_app()
    app.pad_backends = Recorder()
    app.start("test-counter")
    app.pads.post(PadPressed("opponents", "attack"))
    app.step(0.0)
    assert app.pad_backends.shown[-2:] == [
        ("opponents", PadLights(filled=1)),
        ("patrol", PadLights()),
    ]


def test_settings_say_how_each_pad_is(make_app: Any) -> None:
    settings = Config(buttons=Buttons(backend="serial"))
    app = make_app(settings=settings)
    app.pads.post(PadStatus("opponents", False, "no device at /dev/serial/by-id/x"))
    app.step(0.0)
    app.goto("settings")
    rows = app.scene._pad_rows()
    assert rows[0] == ("GM's pad", False, "no device at /dev/serial/by-id/x")
    assert rows[1] == ("Patrol's pad", False, "No serial port is set: buttons.patrol.port.")


def test_a_pad_not_heard_from_yet_is_said_to_be_waited_for(make_app: Any) -> None:
    app = make_app(settings=Config(buttons=Buttons(backend="serial")))
    app.pads.drain()  # what the backends said at start is dropped, as if not yet arrived
    app.goto("settings")
    assert ("GM's pad", False, "waiting for it to answer") in app.scene._pad_rows()


def test_a_press_does_nothing_while_another_screen_shows(make_app: Any) -> None:
    """Trying a pad on Home or Settings must not script into the game behind it."""
    app = make_app()
    app.start("test-counter")
    app.goto("settings")
    app.pads.post(PadPressed("opponents", "attack"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0))
    app.step(0.0)
    assert pressed(app) == []
