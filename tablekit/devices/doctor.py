"""Start-up checks of the machine: can it show the table, read its inputs, pads and camera?

``tablekit doctor`` (:mod:`tablekit.cli.doctor`) runs them with the checks of the
config and the journal, and the app shows those that fail on its first screen, so a
kiosk with a wrong group, a missing screen or a bad config says what to do instead of
staying black. Nothing here opens the journal: the devices know no session.

Each check looks only at files (``/dev``, ``/sys``, the config) and never
keeps a device open, so it can run while the app runs. ``root`` moves the
whole file system for tests.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from tablekit.devices.checks import Check
from tablekit.devices.drm import connected, display_card, drm_cards
from tablekit.local.config import Buttons, Config


def journal_problem(path: Path, error: Exception) -> Check:
    """The check for a journal that cannot be used, in words the table can translate;
    ``error`` (SQLite's own words) is kept for the log and the command line."""
    check = Check.say(
        False,
        "{path} is not a tablekit journal, or cannot be read. It was left untouched. "
        "A fresh journal keeps it aside, renamed, and starts empty.",
        "journal",
        path=str(path),
    )
    return replace(check, why=str(error))


def check_display(driver: str, environ: Mapping[str, str], root: Path) -> Check:
    """A screen the driver can reach: a desktop session, or a DRM card the user may open."""
    if driver in ("dummy", "offscreen"):
        return Check.say(True, "No screen: {driver} (headless).", "display", driver=driver)
    if driver == "wayland" and not environ.get("WAYLAND_DISPLAY"):
        return Check.say(
            False,
            "SDL_VIDEODRIVER=wayland but no Wayland session: start from the desktop's autostart.",
            "display",
        )
    if driver == "x11" and not environ.get("DISPLAY"):
        return Check.say(False, "SDL_VIDEODRIVER=x11 but DISPLAY is not set.", "display")
    if driver != "kmsdrm":
        return Check.say(True, "The desktop session ({driver}).", "display", driver=driver)
    cards = drm_cards(root)
    if not cards:
        return Check.say(
            False,
            "No /dev/dri/card*: enable the KMS driver (dtoverlay=vc4-kms-v3d in config.txt).",
            "display",
        )
    node = root / "dev" / "dri" / f"card{cards[0]}"
    if not os.access(node, os.R_OK | os.W_OK):
        return Check.say(
            False,
            "{node} cannot be opened: add the app's user to the video and render groups.",
            "display",
            node=f"/dev/dri/card{cards[0]}",
        )
    return Check.say(True, "KMSDRM on the console.", "display")


def check_card(driver: str, environ: Mapping[str, str], root: Path) -> Check:
    """On the console, SDL's card has a screen plugged in (not the Pi 5's GPU-only card)."""
    if driver != "kmsdrm":
        return Check.say(True, "No DRM card needed ({driver}).", "card", driver=driver)
    index = environ.get("SDL_KMSDRM_DEVICE_INDEX", "")
    chosen = int(index) if index.isdigit() else display_card(root)
    if chosen is None:
        return Check.say(
            False, "No screen is plugged in on any DRM card: check the cable, then reboot.", "card"
        )
    outputs = connected(root, chosen)
    if not outputs:
        return Check.say(
            False,
            "card{card} has no screen plugged in: unset SDL_KMSDRM_DEVICE_INDEX or correct it.",
            "card",
            card=chosen,
        )
    return Check.say(
        True, "card{card} drives {outputs}.", "card", card=chosen, outputs=", ".join(outputs)
    )


def check_input(driver: str, root: Path) -> Check:
    """On the console the app reads /dev/input itself: the touchscreen and keys must open."""
    if driver != "kmsdrm":
        return Check.say(
            True, "Touch and keys come from the session ({driver}).", "input", driver=driver
        )
    events = sorted((root / "dev" / "input").glob("event*"))
    if not events:
        return Check.say(
            False, "No touchscreen or keyboard found (/dev/input/event*): check the cable.", "input"
        )
    readable = [e for e in events if os.access(e, os.R_OK)]
    if not readable:
        return Check.say(
            False, "Touch and keys cannot be read: add the app's user to the input group.", "input"
        )
    return Check.say(
        True,
        "{count} of {total} input devices readable.",
        "input",
        count=len(readable),
        total=len(events),
    )


def check_pads(buttons: Buttons, root: Path) -> Check:
    """The configured pads' GPIO chip or serial ports are there and may be opened."""
    if buttons.backend == "none":
        return Check.say(True, "No action pads configured; the screen's pads work.", "pads")
    if buttons.backend == "serial":
        return _check_ports(buttons, root)
    return _check_pins(buttons, root)


def _check_ports(buttons: Buttons, root: Path) -> Check:
    for pad, wiring in buttons.pads().items():
        port = root / wiring.port.lstrip("/") if wiring.port else None
        if port is None or not port.exists():
            return Check.say(
                False,
                "Pad {pad}: no device at {port!r}: plug it in, or correct buttons.{pad}.port.",
                "pads",
                pad=pad,
                port=wiring.port,
            )
        if not os.access(port, os.R_OK | os.W_OK):
            return Check.say(
                False,
                "Pad {pad}: {port} cannot be opened: add the app's user to the dialout group.",
                "pads",
                pad=pad,
                port=wiring.port,
            )
    return Check.say(True, "Serial pads found at their ports.", "pads")


def _check_pins(buttons: Buttons, root: Path) -> Check:
    """The pins named in the config exist on a GPIO chip this user may open.

    GPIO numbers 2-27 are the 40-pin header's on every Pi; the chip that has
    them is the one labelled ``pinctrl-*`` (``pinctrl-rp1`` on a Pi 5).
    """
    chips = sorted((root / "dev").glob("gpiochip*"))
    header = [chip for chip in chips if _label(root, chip.name).startswith("pinctrl-")]
    if not header:
        return Check.say(
            False,
            "No GPIO header here (not a Raspberry Pi?): use serial pads or the screen's pads.",
            "pads",
        )
    chip = header[0]
    if not os.access(chip, os.R_OK | os.W_OK):
        return Check.say(
            False,
            "{chip} cannot be opened: add the app's user to the gpio group.",
            "pads",
            chip=f"/dev/{chip.name}",
        )
    lines = _lines(root, chip.name)
    pins = sorted({pin for wiring in buttons.pads().values() for pin in wiring.pins().values()})
    missing = [pin for pin in pins if lines is not None and pin >= lines]
    if missing:
        return Check.say(
            False,
            "GPIO {pins} not on {chip}: correct the pins in [buttons].",
            "pads",
            pins=missing,
            chip=chip.name,
        )
    return Check.say(
        True,
        "{count} GPIO pins on {chip} ({label}).",
        "pads",
        count=len(pins),
        chip=chip.name,
        label=_label(root, chip.name),
    )


def _label(root: Path, chip: str) -> str:
    label = root / "sys" / "bus" / "gpio" / "devices" / chip / "label"
    return label.read_text().strip() if label.is_file() else ""


def _lines(root: Path, chip: str) -> int | None:
    ngpio = root / "sys" / "bus" / "gpio" / "devices" / chip / "ngpio"
    text = ngpio.read_text().strip() if ngpio.is_file() else ""
    return int(text) if text.isdigit() else None


def check_camera(settings: Config, root: Path) -> Check:
    """The configured camera is there (not opened: the app may hold it already)."""
    camera = settings.camera
    if camera.backend == "none":
        return Check.say(True, "No camera configured; rolls are entered by hand.", "camera")
    if camera.backend == "replay":
        if Path(camera.replay_path).exists():
            return Check.say(True, "Replaying {path}.", "camera", path=camera.replay_path)
        return Check.say(
            False,
            "Nothing to replay at {path!r}: correct camera.replay_path.",
            "camera",
            path=camera.replay_path,
        )
    if camera.backend == "opencv":
        node = root / "dev" / f"video{camera.device}"
        if not node.exists():
            return Check.say(
                False,
                "No webcam at /dev/video{device}: plug it in, or correct camera.device.",
                "camera",
                device=camera.device,
            )
        if not os.access(node, os.R_OK | os.W_OK):
            return Check.say(
                False,
                "/dev/video{device} cannot be opened: add the app's user to the video group.",
                "camera",
                device=camera.device,
            )
        return Check.say(True, "Webcam at /dev/video{device}.", "camera", device=camera.device)
    return _check_picamera()


def _check_picamera() -> Check:
    try:
        from picamera2 import Picamera2
    except ImportError:
        return Check.say(
            False,
            "picamera2 is missing: apt install python3-picamera2 (install-pi.sh does).",
            "camera",
        )
    found = Picamera2.global_camera_info()
    if not found:
        return Check.say(
            False,
            "No Raspberry Pi camera found: check the ribbon cable (contacts the right way).",
            "camera",
        )
    model = str(found[0].get("Model", "?"))
    return Check.say(True, "Raspberry Pi camera {model}.", "camera", model=model)
