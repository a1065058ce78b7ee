"""The loop: turn the app until the table quits, sleeping between turns until something is due.

Each turn is the app's ``step``; between turns the loop sleeps (see :mod:`.wake`) for
as long as the app says nothing is due, unless an input or a device's wake-up comes
first. systemd's watchdog hears from every turn, so a loop that stops turning is
restarted. An unexpected failure in a turn goes to the app's ``recover``: no
traceback reaches the table.
"""

from __future__ import annotations

import time
from typing import Protocol

import pygame

from tablekit.local.notify import Notifier
from tablekit.ui.wake import Sleeper


class Turning(Protocol):
    """What the loop needs of the app it turns."""

    running: bool
    failures: int
    waited: list[pygame.event.Event]

    def step(self, dt: float) -> bool: ...

    def recover(self, error: Exception) -> int: ...

    def next_frame_in(self, drew: bool) -> float: ...

    def showing(self) -> str:
        """The name of the screen shown, for systemd's status line."""
        ...


def turn(app: Turning) -> int:
    """Turn ``app`` until it stops running; the exit code (0, or what recover said)."""
    sleeper = Sleeper()
    dt, code, last = 0.0, 0, time.monotonic()
    service = Notifier()
    while app.running:
        drew = False
        try:
            drew = app.step(dt)
            app.failures = 0
        except Exception as error:  # no traceback on the table: see App.recover
            code = app.recover(error)
        service.alive()
        service.showing(app.showing())
        if app.running:
            app.waited = sleeper.sleep(app.next_frame_in(drew))
        now = time.monotonic()
        dt, last = now - last, now
    return code
