"""Waiting for the camera thread in tests: tick the scene until something is true."""

from __future__ import annotations

import time
from collections.abc import Callable


def until(done: Callable[[], object], tick: Callable[[], object] = lambda: None) -> bool:
    """Call ``tick`` and wait a moment until ``done()`` holds; False after 20 s without it."""
    deadline = time.monotonic() + 20.0
    while not done():
        if time.monotonic() > deadline:
            return False
        tick()
        time.sleep(0.003)
    return True
