"""Fakes for the MicroPython modules the Pico firmware uses: machine, utime, select, the USB port.

They are as small as the firmware's use of them: pins with pull-ups and
levels, a millisecond clock that wraps like the Pico's, and a host that queues
bytes for the Pico to read and collects the lines it writes.
"""

from __future__ import annotations

import importlib.util
import types
from pathlib import Path
from typing import Any

FIRMWARE = Path(__file__).parents[2] / "hardware" / "firmware"
PERIOD = 1 << 30
"""utime.ticks_ms() on a Pico wraps at 2**30."""


def load(name: str) -> Any:
    """Import ``FIRMWARE/name.py`` as a fresh module called ``name``."""
    spec = importlib.util.spec_from_file_location(name, FIRMWARE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Pin:
    """machine.Pin: an input reads high through its pull-up unless grounded; an output holds.

    Each :class:`Pico` makes a subclass whose ``board`` is that Pico.
    """

    IN, OUT, PULL_UP = 0, 1, 1
    board: Pico

    def __init__(self, number: int, mode: int = -1, pull: int = -1, value: int = 0) -> None:
        self.number = number
        self.mode = mode
        grounded = number in self.board.grounded
        self.level = 1 if pull == Pin.PULL_UP and not grounded else value
        self.board.pins[number] = self

    def value(self, level: int | None = None) -> int:
        if level is None:
            return self.level
        assert self.mode == Pin.OUT, f"GP{self.number} is an input"
        self.level = level
        return level


class Clock:
    """utime: ticks_ms, ticks_diff and sleep_ms over a clock the test moves."""

    def __init__(self, start: int) -> None:
        self.now = start

    def ticks_ms(self) -> int:
        return self.now % PERIOD

    def ticks_diff(self, later: int, earlier: int) -> int:
        return (later - earlier + PERIOD // 2) % PERIOD - PERIOD // 2

    def sleep_ms(self, ms: int) -> None:
        self.now += ms


POLLIN = 1


class Host:
    """The USB port: bytes queued for the Pico, and the lines the Pico wrote."""

    def __init__(self) -> None:
        self.waiting = bytearray()
        self.written = ""
        self.stdin = types.SimpleNamespace(buffer=types.SimpleNamespace(read=self._read))
        self.stdout = types.SimpleNamespace(write=self._write)

    def _read(self, count: int) -> bytes:
        taken = bytes(self.waiting[:count])
        del self.waiting[:count]
        return taken

    def _write(self, text: str) -> int:
        self.written += text
        return len(text)

    def lines(self) -> list[str]:
        return self.written.splitlines()


class Poll:
    """select.poll() over the host's bytes."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def register(self, stream: object, mask: int) -> None:
        assert stream is self.host.stdin and mask == POLLIN

    def poll(self, timeout: int) -> list[tuple[object, int]]:
        return [(self.host.stdin, POLLIN)] if self.host.waiting else []


class Pico:
    """A Pico running main.py: ground a pin, pass time, talk to it over USB.

    The clock starts half a second before ``ticks_ms`` wraps, so every test
    also checks that the firmware measures time across the wrap.
    """

    def __init__(self, padlogic: Any) -> None:
        self.clock = Clock(PERIOD - 500)
        self.host = Host()
        self.pins: dict[int, Pin] = {}
        self.grounded: set[int] = set()
        self.main: Any = None
        self.board: Any = None
        self.modules = {
            "machine": types.SimpleNamespace(Pin=type("Pin", (Pin,), {"board": self})),
            "utime": types.SimpleNamespace(
                ticks_ms=self.clock.ticks_ms,
                ticks_diff=self.clock.ticks_diff,
                sleep_ms=self.clock.sleep_ms,
            ),
            "padlogic": padlogic,
        }

    def load(self) -> None:
        """Import main.py against these fakes (the caller puts ``modules`` in sys.modules)."""
        self.main = load("main")
        self.main.sys = types.SimpleNamespace(stdin=self.host.stdin, stdout=self.host.stdout)
        self.main.select = types.SimpleNamespace(poll=lambda: Poll(self.host), POLLIN=POLLIN)

    def boot(self) -> None:
        """Power on: main.py's Board claims its pins and says HELLO."""
        self.board = self.main.Board()

    def press(self, number: int) -> None:
        self.grounded.add(number)
        if number in self.pins:
            self.pins[number].level = 0

    def release(self, number: int) -> None:
        self.grounded.discard(number)
        self.pins[number].level = 1

    def run(self, ms: int) -> None:
        """Let the firmware's loop turn for ``ms`` milliseconds."""
        for _ in range(ms):
            self.board.step()
            self.clock.sleep_ms(1)

    def lit(self, number: int) -> bool:
        return self.pins[number].level == 1
