"""tablekit action pad: firmware for a Raspberry Pi Pico running MicroPython.

Six buttons to ground (internal pull-ups), three slot LEDs and a lock LED, and
the USB serial port speaking hardware/protocol.md. GP15 tied to ground makes
this the patrol's pad; left open, the GM's. Copy this file and padlogic.py to
the Pico (hardware/README.md says how). All decisions are padlogic's; this
file only reads pins and the port, and writes LEDs and lines.
"""

import select
import sys

import machine
import utime
from padlogic import Pad

BUTTON_PINS = {"attack": 2, "defend": 3, "feint": 4, "maneuver": 5, "back": 6, "lock": 7}
SLOT_LED_PINS = (10, 11, 12)
LOCK_LED_PIN = 13
ROLE_PIN = 15
READ_AT_MOST = 64
"""Bytes taken from the host per step, so a flood never stalls the buttons."""


class Board:
    """The Pico's pins and USB serial, driven by a Pad one step at a time."""

    def __init__(self):
        pin = machine.Pin
        self.buttons = {}
        for name, number in BUTTON_PINS.items():
            self.buttons[name] = pin(number, pin.IN, pin.PULL_UP)
        self.slot_leds = [pin(number, pin.OUT, value=0) for number in SLOT_LED_PINS]
        self.lock_led = pin(LOCK_LED_PIN, pin.OUT, value=0)
        patrol = pin(ROLE_PIN, pin.IN, pin.PULL_UP).value() == 0
        self.pad = Pad("patrol" if patrol else "opponents")
        self.host = select.poll()
        self.host.register(sys.stdin, select.POLLIN)
        self.last = utime.ticks_ms()
        self.send([self.pad.hello()])

    def step(self):
        """Read the buttons and the host once, send what that says, and set the LEDs."""
        now = utime.ticks_ms()
        elapsed = utime.ticks_diff(now, self.last)
        self.last = now
        readings = {}
        for name, button in self.buttons.items():
            readings[name] = button.value() == 0
        out = self.pad.step(readings, elapsed)
        out.extend(self.pad.receive(self.received()))
        self.send(out)
        lit = self.pad.slots(len(self.slot_leds))
        for index, led in enumerate(self.slot_leds):
            led.value(1 if lit[index] else 0)
        self.lock_led.value(1 if self.pad.locked else 0)

    def received(self):
        data = bytearray()
        while len(data) < READ_AT_MOST and self.host.poll(0):
            data.extend(sys.stdin.buffer.read(1))
        return data

    def send(self, lines):
        for line in lines:
            sys.stdout.write(line + "\n")


def main():
    board = Board()
    while True:
        board.step()
        utime.sleep_ms(1)


if __name__ == "__main__":
    main()
