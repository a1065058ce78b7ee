"""How long a pad press takes to reach the app's inbox, through GPIO and through USB serial.

Run: ``python -m benchmarks.pad_latency``.

* GPIO: a mock pin driven low (gpiozero's MockFactory calls the handler in the
  driving thread, so this is tablekit's own cost: the settle guard, the event,
  the queue), 1000 presses rotating over five buttons so each stays inside
  its settle time, beside a bare ``queue.Queue`` put and get.
* Serial: ``PRESS attack`` written to a pty's master end, read by the pad's
  own reader thread through pyserial, parsed and posted, 1000 times, beside a
  bare thread that reads the same pty with ``os.read`` and puts the bytes on a
  queue: the operating system's and the thread hand-over's own floor.

The target is well under one frame at 60 fps (16.7 ms) at the 99th percentile.
"""

from __future__ import annotations

import os
import queue
import statistics
import threading
import time
from collections.abc import Callable

from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from tablekit.devices.pads import PadInbox
from tablekit.devices.pads_gpio import GpioPad
from tablekit.devices.pads_serial import SerialPad
from tablekit.local.config import Buttons
from tablekit.rules.pads import PadEvent, PadPressed

PRESSES = 1000
FRAME_MS = 1000 / 60
GPIO_BUTTONS = ("attack", "defend", "feint", "maneuver", "lock")
PACE = 0.003
"""Seconds between GPIO presses: five buttons round, each is still 15 ms, past its 10 ms settle."""


class TimedInbox(PadInbox):
    """An inbox that notes when each press arrives and wakes whoever waits for it."""

    def __init__(self) -> None:
        super().__init__(limit=PRESSES * 2)
        self.arrived = threading.Event()
        self.at = 0.0

    def post(self, event: PadEvent) -> bool:
        if isinstance(event, PadPressed):
            self.at = time.perf_counter()
            self.arrived.set()
        return super().post(event)

    def press(self, act: Callable[[], object]) -> float:
        """Milliseconds from ``act`` starting to the press it causes arriving here."""
        self.arrived.clear()
        start = time.perf_counter()
        act()
        if not self.arrived.wait(5.0):
            raise RuntimeError("a press never arrived")
        return (self.at - start) * 1000


def bare_queue() -> list[float]:
    """A queue put and get in one thread: the cheapest hand-over there is."""
    bare: queue.Queue[PadEvent] = queue.Queue()
    found = []
    for _ in range(PRESSES):
        start = time.perf_counter()
        bare.put(PadPressed("opponents", "attack"))
        bare.get()
        found.append((time.perf_counter() - start) * 1000)
    return found


def gpio() -> list[float]:
    Device.pin_factory = MockFactory()
    inbox = TimedInbox()
    wiring = Buttons().opponents
    pad = GpioPad("opponents", wiring, inbox, bounce_ms=10)
    found = []
    try:
        for index in range(PRESSES):
            pin = Device.pin_factory.pin(getattr(wiring, GPIO_BUTTONS[index % len(GPIO_BUTTONS)]))
            found.append(inbox.press(pin.drive_low))
            pin.drive_high()
            time.sleep(PACE)
    finally:
        pad.close()
        Device.pin_factory.reset()
        Device.pin_factory.close()
    return found


def bare_pty() -> list[float]:
    """A thread blocked in os.read on a pty, putting what it reads on a queue."""
    master, slave = os.openpty()
    handed: queue.Queue[bytes] = queue.Queue()

    def read() -> None:
        try:
            while data := os.read(slave, 64):
                handed.put(data)
        except OSError:  # the pty closed under it: the run is over
            return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    found = []
    for _ in range(PRESSES):
        start = time.perf_counter()
        os.write(master, b"PRESS attack\n")
        handed.get()
        found.append((time.perf_counter() - start) * 1000)
    os.close(master)
    os.close(slave)
    return found


def serial() -> list[float]:
    master, slave = os.openpty()
    inbox = TimedInbox()
    pad = SerialPad("opponents", os.ttyname(slave), inbox)
    try:
        heard = b""
        while b"HELLO?" not in heard:
            heard += os.read(master, 64)
        os.write(master, b"HELLO opponents 1\n")
        return [inbox.press(lambda: os.write(master, b"PRESS attack\n")) for _ in range(PRESSES)]
    finally:
        pad.close()
        os.close(master)
        os.close(slave)


def row(name: str, timings: list[float], judged: bool = True) -> str:
    cuts = statistics.quantiles(timings, n=100)
    verdict = ("under a frame" if cuts[98] < FRAME_MS else "OVER a frame") if judged else ""
    return f"{name:<36} {cuts[49]:8.3f} {cuts[98]:8.3f} {max(timings):8.3f}  {verdict}".rstrip()


def main() -> None:
    print(f"{PRESSES} presses each; milliseconds; target: p99 well under {FRAME_MS:.1f}")
    print(f"{'':<36} {'p50':>8} {'p99':>8} {'max':>8}")
    gpio_ms, queue_ms = gpio(), bare_queue()
    serial_ms, pty_ms = serial(), bare_pty()
    print(row("GPIO pad (mock pins)", gpio_ms))
    print(row("  baseline: bare queue put/get", queue_ms, judged=False))
    print(row("serial pad (pty, pyserial thread)", serial_ms))
    print(row("  baseline: pty read thread + queue", pty_ms, judged=False))


if __name__ == "__main__":
    main()
