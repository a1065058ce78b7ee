"""The chapter track: the hourglass creeping toward the chapter end marker."""

from __future__ import annotations

import msgspec

from tablekit.rules.mice_mystics.frozen import replace

MAX_PAGE = 99
"""No chapter track is longer; a larger page is a typo."""


class ChapterTrack(msgspec.Struct, frozen=True):
    """The hourglass's page and the chapter end marker's page.

    The hourglass starts on page 1. It moves one page on each surge and on
    each capture; when it reaches the end marker the mice have lost.
    Achievements push the end marker further away.
    """

    hourglass: int = 1
    end: int = 1

    def hourglass_moved(self) -> ChapterTrack:
        """The hourglass one page on, never past the end marker."""
        return replace(self, hourglass=min(self.hourglass + 1, self.end))

    @property
    def run_out(self) -> bool:
        """Whether the hourglass has reached the end marker: the chapter is lost."""
        return self.hourglass >= self.end
