"""Which screen SDL opens: its video driver, and on the console the DRM card a screen is
plugged in to. Only the standard library: the app asks before it opens its first frame
(:func:`tablekit.cli.app.run_app`), before anything heavier is loaded."""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping
from pathlib import Path

SYS = Path("/")


def video_driver(environ: Mapping[str, str]) -> str:
    """The SDL video driver the app will use: the one set, else the desktop's, else the console."""
    chosen = environ.get("SDL_VIDEODRIVER", "")
    if chosen:
        return chosen
    if environ.get("WAYLAND_DISPLAY"):
        return "wayland"
    if environ.get("DISPLAY"):
        return "x11"
    return "kmsdrm"


def drm_cards(root: Path) -> list[int]:
    """The numbers of the DRM cards (``/dev/dri/cardN``), in order."""
    found = (re.fullmatch(r"card(\d+)", p.name) for p in (root / "dev" / "dri").glob("card*"))
    return sorted(int(m.group(1)) for m in found if m)


def connected(root: Path, card: int) -> list[str]:
    """The outputs of ``card`` with a screen plugged in, e.g. ``HDMI-A-1`` or ``DSI-1``."""
    found = []
    for output in sorted((root / "sys" / "class" / "drm").glob(f"card{card}-*")):
        status = output / "status"
        if status.is_file() and status.read_text().strip() == "connected":
            found.append(output.name.removeprefix(f"card{card}-"))
    return found


def display_card(root: Path = SYS) -> int | None:
    """The first card with a screen plugged in.

    On a Pi 5 the GPU (v3d, no outputs) and the display controller are
    separate cards whose numbers change from boot to boot (SDL#13705), and
    SDL opens card 0 unless ``SDL_KMSDRM_DEVICE_INDEX`` says otherwise.
    """
    for card in drm_cards(root):
        if connected(root, card):
            return card
    return None


def choose_card(environ: MutableMapping[str, str], root: Path = SYS) -> int | None:
    """On the console, point SDL at :func:`display_card` unless the environment chose one."""
    if video_driver(environ) != "kmsdrm" or "SDL_KMSDRM_DEVICE_INDEX" in environ:
        return None
    card = display_card(root)
    if card is not None:
        environ["SDL_KMSDRM_DEVICE_INDEX"] = str(card)
    return card
