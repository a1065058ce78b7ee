"""The time, as the program around the session tells it: the session never reads a clock.

A journal stamps each step, answer, drop and session record with the time, names the
copies it keeps of damaged files by the local date and time, and says when dropped
changes were made. All of that comes from the :class:`Clock` it is opened with, which
the edge that owns the machine's clock (the app, the CLI, a script or a tool) passes in,
and a test passes a fake one. So the core stays as pure as the rules: given the same
clock, the same commands write the same journal on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec import Struct


class Clock(Struct, frozen=True):
    """Where the time comes from: ``now()`` is the seconds since the epoch at the moment it
    is called, and ``local(seconds)`` those seconds as the local year, month, day, hour,
    minute and second first (as :func:`time.localtime` gives them), raising OverflowError,
    OSError or ValueError for a time the platform cannot say."""

    now: Callable[[], float]
    local: Callable[[float], Sequence[int]]


LATEST = 253402300799
"""The last second of the year 9999: a step's time past it (or before 1970) is damage."""


def said(clock: Clock, seconds: object) -> str | None:
    """``seconds`` since the epoch as the local date and time ("2026-11-27 20:15:00"), or None
    where they are no time a step was made at: a damaged journal may hold any number there,
    or text."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return None
    if not 0 <= seconds <= LATEST:  # NaN too
        return None
    try:
        year, month, day, hour, minute, second = clock.local(seconds)[:6]
    except (OverflowError, OSError, ValueError):  # past the platform's time_t
        return None
    return f"{year:04d}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:{second:02d}"


def stamp(clock: Clock) -> str:
    """Now, as the local date and time in a file's name: "20261127-201500"."""
    year, month, day, hour, minute, second = clock.local(clock.now())[:6]
    return f"{year:04d}{month:02d}{day:02d}-{hour:02d}{minute:02d}{second:02d}"
