"""Moving the hourglass and the end marker, and the defeat when they meet."""

from __future__ import annotations

from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import ChapterEnded, EndMarkerMoved, HourglassMoved
from tablekit.rules.mice_mystics.state import Outcome


def move_hourglass(d: Draft, reason: str) -> None:
    """One page closer to the end marker; reaching it loses the chapter."""
    track = d.state.chapter_track.hourglass_moved()
    d.emit(HourglassMoved(track.hourglass, reason))
    if track.run_out:
        d.emit(ChapterEnded(Outcome.DEFEAT, "The hourglass reached the chapter end marker"))


def move_end_marker(d: Draft, pages: int, reason: str) -> None:
    """The chapter end marker ``pages`` further along the chapter track."""
    d.emit(EndMarkerMoved(d.state.chapter_track.end + pages, reason))
