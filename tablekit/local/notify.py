"""Telling systemd how the app is doing: ready once, then alive on every turn of the loop.

Under ``Type=notify`` with ``WatchdogSec=`` (systemd/tablekit.service) systemd
kills and restarts the app when the loop stops saying it is alive, so a frozen
loop is treated like a crash. The protocol is one datagram per message to the
unix socket named in ``NOTIFY_SOCKET``; without that variable (a desktop, a test)
every call does nothing.
"""

from __future__ import annotations

import os
import socket
import time

ALIVE_EVERY = 1.0
"""Seconds between two WATCHDOG=1 messages: far inside any sensible WatchdogSec."""


class Notifier:
    """The service manager's notify socket, if there is one."""

    def __init__(self, address: str | None = None) -> None:
        address = os.environ.get("NOTIFY_SOCKET") if address is None else address
        if address and address.startswith("@"):
            address = "\0" + address[1:]  # an abstract socket
        self.address = address or None
        self._last_alive = float("-inf")
        self._ready = False
        self._status = ""

    def send(self, message: str) -> bool:
        """Send ``message``; False if there is no socket or it cannot be reached.

        A notify socket that has gone away must not stop the table: the worst
        outcome is the watchdog restarting the app.
        """
        if self.address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as out:
                out.sendto(message.encode(), self.address)
        except OSError:
            return False
        return True

    def alive(self) -> bool:
        """The loop turned: the first time also READY=1 (the first frame is on screen).

        WATCHDOG=1 goes at most every :data:`ALIVE_EVERY` seconds, so a loop at
        30 frames a second costs one datagram a second.
        """
        now = time.monotonic()
        if now - self._last_alive < ALIVE_EVERY:
            return False
        self._last_alive = now
        message = "WATCHDOG=1" if self._ready else "READY=1\nWATCHDOG=1"
        sent = self.send(message)
        self._ready = self._ready or sent
        return sent

    def showing(self, scene: str) -> bool:
        """Say which screen is up (``STATUS=showing NAME``), once per change of screen.

        ``systemctl status tablekit`` shows it, and a rehearsal or a test can
        tell that the app reached a game's screen, not only its first frame.
        """
        if scene == self._status:
            return False
        self._status = scene
        return self.send(f"STATUS=showing {scene}")
