"""The action-pad factory: start the pads the ``[buttons]`` settings name, and never raise.

Each backend module (and so gpiozero or pyserial) is imported only when the
settings choose it. A pad that cannot be had (no GPIO on a laptop, a pin in
use, no serial port set) posts a :class:`~tablekit.rules.pads.PadStatus` that
says why and is left out; the app keeps running on the keyboard and screen.
"""

from __future__ import annotations

from typing import Protocol

from tablekit.devices.pads import PadInbox
from tablekit.local.config import Buttons, PadWiring
from tablekit.rules.pads import PadLights, PadStatus


class PadBackend(Protocol):
    """One started pad: its LEDs and its end."""

    def show(self, lights: PadLights) -> None: ...

    def close(self) -> None: ...


class PadBackends:
    """The started pads by name: the app's one handle on the physical pads."""

    def __init__(self, pads: dict[str, PadBackend]) -> None:
        self._pads = pads
        self._shown: dict[str, PadLights] = {}

    def show(self, pad: str, lights: PadLights) -> None:
        """Show ``lights`` on the pad called ``pad``; cheap to call every frame."""
        backend = self._pads.get(pad)
        if backend is not None and self._shown.get(pad) != lights:
            self._shown[pad] = lights
            backend.show(lights)

    def close(self) -> None:
        """Stop every pad and release its pins or port."""
        for backend in self._pads.values():
            backend.close()
        self._pads.clear()


def start_pads(settings: Buttons, inbox: PadInbox) -> PadBackends:
    """Start every pad of the configured backend; a pad that fails says why in ``inbox``."""
    started: dict[str, PadBackend] = {}
    for pad, wiring in settings.pads().items():
        if settings.backend == "gpio":
            backend = _start_gpio(pad, wiring, settings, inbox)
        elif settings.backend == "serial":
            backend = _start_serial(pad, wiring, inbox)
        else:
            continue
        if backend is not None:
            started[pad] = backend
    return PadBackends(started)


def _start_gpio(
    pad: str, wiring: PadWiring, settings: Buttons, inbox: PadInbox
) -> PadBackend | None:
    try:
        from tablekit.devices.pads_gpio import GpioPad

        hold_time = settings.hold_ms / 1000
        return GpioPad(pad, wiring, inbox, bounce_ms=settings.bounce_ms, hold_time=hold_time)
    except Exception as error:  # no GPIO here, or a pin in use: the app runs on without
        inbox.post(PadStatus(pad, False, _why_no_gpio(error)))
        return None


def _why_no_gpio(error: Exception) -> str:
    """A sentence for a GPIO pad that would not start."""
    if isinstance(error, ModuleNotFoundError) and error.name == "gpiozero":
        return "gpiozero is not installed; on a Pi, install tablekit with its pi extra."
    from gpiozero.exc import BadPinFactory

    if isinstance(error, BadPinFactory):
        return f"No GPIO pins here (not a Raspberry Pi, or no lgpio): {error}"
    return f"GPIO pins unavailable: {error}"


def _start_serial(pad: str, wiring: PadWiring, inbox: PadInbox) -> PadBackend | None:
    if not wiring.port:
        inbox.post(PadStatus(pad, False, f"No serial port is set: buttons.{pad}.port."))
        return None
    try:
        from tablekit.devices.pads_serial import SerialPad

        return SerialPad(pad, wiring.port, inbox)
    except Exception as error:  # pyserial missing: the app runs on without
        inbox.post(PadStatus(pad, False, f"Serial pads unavailable: {error}"))
        return None


def no_pads(settings: Buttons, inbox: PadInbox) -> PadBackends:
    """No pads at all, whatever the settings say: for a headless screenshot of the screens."""
    return PadBackends({})
