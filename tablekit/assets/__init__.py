"""The files tablekit ships inside its package: fonts, sound cues and the dice face art.

They are found through :mod:`importlib.resources`, never through a checkout's
layout, so an installed wheel reads exactly what a checkout reads.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def shipped(*parts: str) -> Path:
    """The shipped file or folder ``parts`` below this package, as a path on disk.

    tablekit is installed as plain files (pip never zips a package), so the
    resource is a real file that pygame and OpenCV can open by name.
    """
    return Path(str(resources.files(__name__).joinpath(*parts)))
