"""The seam every action pad plugs into: one thread-safe queue into the app loop.

A pad backend (GPIO buttons, a USB serial pad, the keyboard, buttons on the
screen) runs wherever its library calls it, often on a thread of its own.
It never touches the screen or the session: it only posts neutral
:class:`~tablekit.rules.pads.PadPressed` and :class:`~tablekit.rules.pads.PadStatus`
events here, and the app loop drains them between frames. Each post also calls
the inbox's ``wake`` (the app's wake-up), so a loop asleep takes the press at once.
"""

from __future__ import annotations

import queue
from collections.abc import Callable

from tablekit.rules.pads import PadEvent

LIMIT = 256
"""Events held at most between two frames; a pad chattering faster is cut off."""


class PadInbox:
    """Pad events waiting for the app loop, safe to post to from any thread."""

    def __init__(self, limit: int = LIMIT, wake: Callable[[], None] = lambda: None) -> None:
        self._queue: queue.Queue[PadEvent] = queue.Queue(maxsize=limit)
        self._wake = wake
        self.dropped = 0
        """Events refused because the loop had not drained the inbox in time."""

    def post(self, event: PadEvent) -> bool:
        """Queue ``event`` for the next frame; return False (and count it) if the inbox is full."""
        try:
            self._queue.put_nowait(event)
        except queue.Full:
            self.dropped += 1
            return False
        self._wake()
        return True

    def drain(self) -> list[PadEvent]:
        """Every event posted so far, oldest first; never waits."""
        found: list[PadEvent] = []
        while True:
            try:
                found.append(self._queue.get_nowait())
            except queue.Empty:
                return found
