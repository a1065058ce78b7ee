"""An action pad wired to the Pi's GPIO pins, through gpiozero.

Each button is a gpiozero input (to ground, internal pull-up: a ``Button`` for
Back, which needs its hold detection) and each LED a gpiozero ``LED``; the pins
come from the config (see hardware/README.md).
gpiozero calls the handlers from its own thread on a Pi, so they only post
:class:`~tablekit.rules.pads.PadPressed` events into the
:class:`~tablekit.devices.pads.PadInbox`.

gpiozero's ``bounce_time`` debounces on a Pi, but not on every pin factory
(mock pins ignore it), so the pad keeps a guard of its own: a press counts only
when its contact was still for the settle time before it, and a release only
when it comes the settle time after its press. A chattering contact therefore
never posts two presses.

Back reports on release, not on press: held for ``hold_time`` it reports the
:data:`~tablekit.rules.pads.HELD` gesture instead, never both.
"""

from __future__ import annotations

import threading
import time
from functools import partial
from typing import Any

from tablekit.devices.pads import PadInbox
from tablekit.local.config import PadWiring
from tablekit.rules.pads import BUTTONS, HELD, PadLights, PadPressed, PadStatus


class GpioPad:
    """One action pad on GPIO pins: presses into the inbox, lights out to its LEDs."""

    def __init__(
        self,
        pad: str,
        wiring: PadWiring,
        inbox: PadInbox,
        *,
        bounce_ms: int = 25,
        hold_time: float = 1.0,
    ) -> None:
        """Claim the pad's pins and post that it is connected.

        Raise (having released any pin already claimed) if a pin cannot be had.
        """
        from gpiozero import LED, Button, DigitalInputDevice

        self.pad = pad
        self._inbox = inbox
        self._settle = bounce_ms / 1000
        self._lock = threading.Lock()
        self._edge: dict[str, float] = {}
        self._pressed_at: dict[str, float] = {}
        self._held = False
        self._devices: list[Any] = []
        try:
            for name in BUTTONS:
                pin = getattr(wiring, name)
                if name == "back":
                    button = self._claim(Button(pin, bounce_time=self._settle, hold_time=hold_time))
                    button.when_held = self._held_back
                else:  # a plain input: a Button's hold thread would cost 0.1 s at close
                    button = self._claim(
                        DigitalInputDevice(pin, pull_up=True, bounce_time=self._settle)
                    )
                button.when_activated = partial(self._pressed, name)
                button.when_deactivated = partial(self._released, name)
            self._slots = [self._claim(LED(pin)) for pin in wiring.slot_leds]
            self._lock_led = self._claim(LED(wiring.lock_led))
        except BaseException:
            self.close()
            raise
        pins = ", ".join(f"{key} {pin}" for key, pin in wiring.pins().items())
        inbox.post(PadStatus(pad, True, f"GPIO pins claimed: {pins}."))

    def show(self, lights: PadLights) -> None:
        """Light the first ``lights.filled`` slot LEDs, and the lock LED when locked."""
        for index, led in enumerate(self._slots):
            led.value = index < lights.filled
        self._lock_led.value = lights.locked

    def close(self) -> None:
        """Release every pin; safe to call twice."""
        for device in reversed(self._devices):
            device.close()
        self._devices.clear()

    def _claim(self, device: Any) -> Any:
        """Keep ``device`` to close later, and hand it back."""
        self._devices.append(device)
        return device

    def _pressed(self, name: str) -> None:
        """A contact closed: a press only if it had been still for the settle time."""
        now = time.monotonic()
        with self._lock:
            still = now - self._edge.get(name, -1e9) >= self._settle
            self._edge[name] = now
            if not still:
                return
            ended_back = name == "back" and "back" in self._pressed_at and not self._held
            self._pressed_at[name] = now
            if name == "back":
                self._held = False
        if ended_back:
            self._post("back")  # the last tap's release came too soon to count
        if name != "back":
            self._post(name)

    def _released(self, name: str) -> None:
        """A contact opened: the press ends only if it lasted the settle time."""
        now = time.monotonic()
        with self._lock:
            self._edge[name] = now
            since = self._pressed_at.get(name)
            if since is None or now - since < self._settle:
                return
            del self._pressed_at[name]
            tapped = name == "back" and not self._held
        if tapped:
            self._post("back")

    def _held_back(self) -> None:
        """gpiozero's hold thread: Back has been down for the hold time."""
        with self._lock:
            if "back" not in self._pressed_at or self._held:
                return
            self._held = True
        self._post(HELD)

    def _post(self, button: str) -> None:
        self._inbox.post(PadPressed(self.pad, button))
