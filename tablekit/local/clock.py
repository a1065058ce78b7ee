"""This machine's clock, for the session: the app, the CLI, scripts and tools open their
journals here, so the session itself never reads a clock (see :mod:`tablekit.session.clock`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from tablekit.session.clock import Clock
from tablekit.session.journal import Journal

if TYPE_CHECKING:
    from pathlib import Path

WALL_CLOCK = Clock(now=time.time, local=time.localtime)
"""The wall clock and the local time zone, as the operating system keeps them."""


def open_journal(path: Path | str, readonly: bool = False) -> Journal:
    """The journal at ``path`` (see :class:`Journal`), its changes timed by this machine's
    wall clock."""
    return Journal(path, readonly, clock=WALL_CLOCK)
