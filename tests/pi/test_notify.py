"""systemd's notify socket: READY=1 once the app runs, WATCHDOG=1 from its loop, nothing
without a socket. Checked against a real unix datagram socket, as systemd listens on one."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from fakegame import LISTING

from tablekit.local import notify
from tablekit.local.config import Config
from tablekit.local.notify import Notifier
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[str, socket.socket]]:
    """A datagram socket where systemd's would be, and its address."""
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(2)
        yield address, sock


def received(sock: socket.socket) -> list[str]:
    """Every datagram waiting on ``sock``."""
    found = []
    sock.setblocking(False)
    try:
        while True:
            found.append(sock.recv(4096).decode())
    except BlockingIOError:
        return found
    finally:
        sock.settimeout(2)


def test_first_turn_says_ready_then_only_alive(listener: tuple[str, socket.socket]) -> None:
    address, sock = listener
    notifier = Notifier(address)
    assert notifier.alive()
    assert sock.recv(4096).decode() == "READY=1\nWATCHDOG=1"
    notifier._last_alive -= notify.ALIVE_EVERY  # a second later
    assert notifier.alive()
    assert sock.recv(4096).decode() == "WATCHDOG=1"


def test_a_fast_loop_sends_one_message_a_second(listener: tuple[str, socket.socket]) -> None:
    address, sock = listener
    notifier = Notifier(address)
    sent = [notifier.alive() for _ in range(100)]
    assert sent.count(True) == 1
    assert len(received(sock)) == 1


def test_without_a_socket_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert Notifier().address is None
    assert not Notifier().alive()


def test_a_socket_gone_away_does_not_stop_the_loop(tmp_path: Path) -> None:
    notifier = Notifier(str(tmp_path / "nobody-listens"))
    assert not notifier.alive()
    assert not notifier._ready  # READY=1 is tried again on the next turn


def test_an_abstract_address_is_understood() -> None:
    assert Notifier("@tablekit-test").address == "\0tablekit-test"


def test_the_app_loop_tells_systemd_it_is_ready_and_alive(
    listener: tuple[str, socket.socket], journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    address, sock = listener
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    app = App(Config(), journal, (800, 480), games={LISTING.name: LISTING})
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    try:
        assert app.run() == 0
    finally:
        theme.font.cache_clear()
    assert received(sock) == ["READY=1\nWATCHDOG=1", "STATUS=showing home"]


def test_each_change_of_screen_is_said_once(listener: tuple[str, socket.socket]) -> None:
    address, sock = listener
    notifier = Notifier(address)
    sent = [notifier.showing(scene) for scene in ("home", "home", "mice-mystics", "home")]
    assert sent == [True, False, True, True]
    assert received(sock) == [
        "STATUS=showing home",
        "STATUS=showing mice-mystics",
        "STATUS=showing home",
    ]
