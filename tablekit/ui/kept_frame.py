"""The last frame the table saw, shown again the moment the app starts (issue 26 item 3).

Before its first live frame the app loads Python, pygame, msgspec, the session and the
game's rules and scene: 1-2 s of a Pi 4's CPU. So the app keeps the frame its game's screen
showed at its last quiet moment (as it keeps the session's views), in the data directory,
with a line that says what it shows. The next start opens the display and shows that
frame before it loads anything else, if it still shows what the app would resume: the same
build, the same settings file, the same display driver, and the last session at the same
version. The live app then draws over it; a tap made before that was aimed at a picture,
so the app drops it (:meth:`App.__init__ <tablekit.ui.app.App>`).

This module is read before the app's modules: pygame, zlib and the journal's light readers
only. A frame that cannot be shown is simply not shown; the start goes on as without one.
"""

from __future__ import annotations

import contextlib
import os
import threading
import zlib

import pygame

from tablekit.local import paths
from tablekit.session import views

FRAME = "last-frame.bin"
"""The frame's pixels, RGB rows compressed with zlib, in the data directory."""

LABEL = "last-frame.txt"
"""What the frame shows and how to show it: ``FINGERPRINT WIDTH HEIGHT FULLSCREEN``."""

MOST_LABEL = 200
"""The most of a label read: a longer one is not this module's."""

MOST_SIDE = 8192
"""The widest or tallest frame shown: the pixels of a larger one are never unpacked."""

MOST_SETTINGS = 256 * 1024
"""The largest settings file fingerprinted; a larger one (refused anyway) keeps no frame."""

LAST_SESSION = "SELECT name, created, version FROM sessions ORDER BY touched DESC, name LIMIT 1"
"""The session the app resumes (as ``Journal.last``), and its version now."""


def fingerprint(session: tuple[object, ...]) -> str | None:
    """What a kept frame of ``session`` (its name, creation time and version) depends on
    besides it: this build, the settings file's bytes and the display driver. None where
    nothing may be kept: a build without a digest (a development tree), or settings too
    large to read."""
    build = views.build()
    if build is None:
        return None
    try:
        with open(paths.config_file(), "rb") as settings:
            text = settings.read(MOST_SETTINGS + 1)
    except OSError:
        text = b""
    if len(text) > MOST_SETTINGS:
        return None
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    said = "\0".join([build, driver, *map(repr, session)]).encode("utf-8", "replace")
    return f"{zlib.crc32(text):08x}{zlib.crc32(said):08x}{zlib.adler32(said):08x}"


def keep(screen: pygame.Surface, session: tuple[object, ...]) -> bool:
    """Keep ``screen`` as the frame of ``session`` (name, created, version); whether it will
    be. The pixels are copied here; compressing and writing them runs on a thread of its
    own (:func:`settle` waits for it), so the loop is not held up by them."""
    print_ = fingerprint(session)
    if print_ is None:
        forget()
        return False
    width, height = screen.get_size()
    full = int(bool(screen.get_flags() & pygame.FULLSCREEN))
    label = f"{print_} {width} {height} {full}\n"
    pixels = pygame.image.tobytes(screen, "RGB")
    settle()  # one write at a time, in order
    _writing.append(threading.Thread(target=_write, args=(pixels, label), daemon=True))
    _writing[-1].start()
    return True


_writing: list[threading.Thread] = []
"""The write under way, if any."""


def settle() -> None:
    """Wait for the frame's write under way, if any (the app, as it closes)."""
    while _writing:
        _writing.pop().join()


def _write(pixels: bytes, label: str) -> None:
    """The frame, then its label: a label is never beside another frame's pixels."""
    from tablekit.local.atomic import replace_file  # a write's alone: not the start's

    folder = paths.data_dir()
    try:
        (folder / LABEL).unlink(missing_ok=True)
        compressed = zlib.compress(pixels, 1)
        replace_file(folder / FRAME, lambda out: out.write(compressed))
        replace_file(folder / LABEL, lambda out: out.write(label.encode()))
    except OSError:
        pass  # no kept frame: the next start draws its first frame as it loads


def forget() -> None:
    """No kept frame: the screen shown now is not what the next start resumes."""
    settle()
    with contextlib.suppress(OSError):
        (paths.data_dir() / LABEL).unlink(missing_ok=True)


def show() -> bool:
    """Open the display and show the kept frame, if it shows what this start resumes;
    whether it did. Run before anything else of the app is loaded."""
    try:
        folder = paths.data_dir()
        with open(folder / LABEL, "rb") as label:
            found = label.read(MOST_LABEL).decode("ascii").split()
        if len(found) != 4 or not all(word.isdigit() for word in found[1:3]):
            return False
        size = (int(found[1]), int(found[2]))
        if not (0 < size[0] <= MOST_SIDE and 0 < size[1] <= MOST_SIDE):
            return False
        session = views.read_row(paths.journal_file(), LAST_SESSION, ())
        if session is None or found[0] != fingerprint(session):
            return False
        expected = size[0] * size[1] * 3
        pixels = zlib.decompressobj().decompress((folder / FRAME).read_bytes(), expected + 1)
        if len(pixels) != expected:
            return False
        pygame.display.init()
        pygame.display.set_caption("tablekit")
        full = found[3] == "1"
        screen = pygame.display.set_mode((0, 0) if full else size, pygame.FULLSCREEN * full)
        if screen.get_size() != size:
            return False
        screen.blit(pygame.image.frombytes(pixels, size, "RGB"), (0, 0))
        pygame.display.flip()
    except (OSError, ValueError, zlib.error, pygame.error):
        return False
    return True
