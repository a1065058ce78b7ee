"""Waiting for the camera thread in tests: tick the scene until something is true."""

from __future__ import annotations

import time
from collections.abc import Callable

PATIENCE = 60.0
"""Seconds to wait for something before giving up: a wait, not a timing assertion. It ends
as soon as the thing happens, so it can be generous enough for a machine under heavy load."""


def until(done: Callable[[], object], tick: Callable[[], object] = lambda: None) -> bool:
    """Call ``tick`` and wait a moment until ``done()`` holds; False after :data:`PATIENCE`."""
    deadline = time.monotonic() + PATIENCE
    while not done():
        if time.monotonic() > deadline:
            return False
        tick()
        time.sleep(0.003)
    return True
