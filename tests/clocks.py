"""The clock tests open journals with: a fake one, since the session never reads a clock and
a test must not either (see :mod:`tablekit.session.clock`)."""

from __future__ import annotations

import itertools
import time

from tablekit.session.clock import Clock

START = 1_767_225_600.5
"""Half a second into 2026 (UTC): before any time this machine's clock gives, so a session
a program under test (the app, the CLI) touches is newer than any a test made. A whole
number of seconds would be stored in fewer bytes than the wall clock's fractions, and
move where the rows fall in the file's pages, which the tests of damaged pages rely on."""


def ticking(start: float = START, step: float = 1.0) -> Clock:
    """A clock that starts at ``start`` and moves on ``step`` seconds each time it is read:
    every step, answer and session record gets a time of its own, in the order made. Local
    time is this machine's zone, as the app and the CLI say it."""
    ticks = itertools.count()
    return Clock(now=lambda: start + step * next(ticks), local=time.localtime)


TEST_CLOCK = ticking()
"""One clock for every journal a test process opens: a session touched later is newer,
whichever journal (a reopening, a reader beside a writer, the trash) touched it."""
