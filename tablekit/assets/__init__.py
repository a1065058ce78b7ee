"""The files tablekit ships inside its package: fonts, sound cues and the dice face art.

They are found beside this module's own file, never through a checkout's layout,
so an installed wheel reads exactly what a checkout reads.
"""

from __future__ import annotations

from pathlib import Path


def shipped(*parts: str) -> Path:
    """The shipped file or folder ``parts`` below this package, as a path on disk.

    tablekit is installed as plain files (pip never zips a package), so the
    resource is a real file beside this module that pygame and OpenCV can open by
    name; :mod:`importlib.resources` would find the same file at the cost of
    importing it (and zipfile, tempfile) on every start.
    """
    return Path(__file__).parent.joinpath(*parts)
