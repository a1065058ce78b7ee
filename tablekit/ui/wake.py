"""The loop's one wake-up: sleep until an input, a thread's news or the next frame due.

Pads, the camera thread and anything else off the main thread call :func:`wake`,
which posts one :data:`WAKE` event; SDL's own inputs (keys, touch, the window)
are events already. The loop then sleeps in :meth:`Sleeper.sleep` until an event
is queued or a timeout (the next animation frame, a notice to take away) passes.

pygame-ce's ``event.wait`` polls in a 1 ms loop (about 2.5% of a core here), so
the sleeper calls SDL's ``SDL_WaitEventTimeout`` in the SDL library pygame itself
loaded, which blocks on the display's socket where the video driver can (X11,
Wayland) and is woken by any post from another thread. Where that library cannot
be found, ``event.wait`` stands in: what it takes is handed back, in order.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
from collections.abc import Callable
from pathlib import Path

import pygame

WAKE = pygame.event.custom_type()
"""Posted from another thread: something changed that the next turn of the loop shows."""

MAPS = Path("/proc/self/maps")
"""Where Linux lists the libraries loaded into this process (pygame's SDL among them)."""

Wait = Callable[[None, int], int]


def wake() -> None:
    """Wake the loop from any thread; does nothing once the display is shut."""
    with contextlib.suppress(pygame.error):  # the app is closing: no loop is left to wake
        pygame.event.post(pygame.event.Event(WAKE))


class Sleeper:
    """Sleeps the loop until an event is queued, leaving that event in the queue."""

    def __init__(self) -> None:
        self._wait = sdl_wait()

    def sleep(self, seconds: float) -> list[pygame.event.Event]:
        """Wait at most ``seconds`` for an event; return any the wait had to take out."""
        ms = max(0, math.ceil(seconds * 1000))
        if self._wait is not None:
            self._wait(None, ms)
            return []
        event = pygame.event.wait(ms) if ms else pygame.event.poll()  # wait(0): for ever
        return [] if event.type == pygame.NOEVENT else [event]


def sdl_wait() -> Wait | None:
    """``SDL_WaitEventTimeout`` of the SDL that pygame loaded, or None where it is not found.

    Only that very library will do: another copy of SDL has its own, empty queue.
    """
    try:
        lines = MAPS.read_text().splitlines()
    except OSError:
        return None
    names = [line.split()[-1] for line in lines if "/libSDL2-2" in line]  # a few of hundreds
    found = [name for name in names if Path(name).name.startswith("libSDL2-2")]
    if not found:
        return None
    try:
        function = ctypes.CDLL(found[0]).SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_void_p, ctypes.c_int]
    function.restype = ctypes.c_int
    wait: Wait = function
    return wait
