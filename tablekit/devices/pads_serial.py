"""An action pad on a USB serial port: a microcontroller speaking hardware/protocol.md.

A reader thread of its own opens the port, asks the pad to say ``HELLO``, and
posts its ``PRESS`` and ``HOLD`` lines into the
:class:`~tablekit.devices.pads.PadInbox`. pyserial never reconnects by itself,
so when the port fails the thread closes it, posts a
:class:`~tablekit.rules.pads.PadStatus` saying why, waits (0.5 s, doubling up to
5 s) and opens the path again, which finds the pad once it is plugged back in.

The pad counts as connected only once it has said ``HELLO`` in this protocol's
version: a port that opens is not yet a pad. Any line that is not one of the
protocol's is dropped and counted in :attr:`SerialPad.ignored`; it changes
nothing. Each line's fields are declared once, in the msgspec schemas of
:data:`SCHEMAS`, and a refused line says which field, which value and what
is allowed (:attr:`SerialPad.last_refused`).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import threading
import time
import typing
from dataclasses import dataclass
from typing import Annotated, Literal

import msgspec
from serial import Serial, SerialException

from tablekit.devices.pads import PadInbox
from tablekit.rules.pads import HELD, PadLights, PadPressed, PadStatus

VERSION = "1"
"""The protocol version this host speaks; a pad saying another is not used."""
MAX_LINE = 64
"""The longest line, newline included, either side sends; longer ones are dropped."""
ASK_EVERY = 1.0
"""Seconds between two ``HELLO?`` while a freshly opened pad has not answered."""
POLL = 0.1
"""Seconds a read waits before the thread checks whether it should stop."""
WRITE_WAIT = 0.05
"""Seconds a write may block the app loop before the LEDs give up until the next change."""


@dataclass(frozen=True)
class Hello:
    """A pad introduced itself: its role (the pad it was flashed for) and protocol version."""

    role: str
    version: str


class Lines:
    """Cuts a byte stream into protocol lines: ASCII, each ended by LF or CR LF, short.

    Each line comes out exactly as it was sent, less its ending: nothing else is
    stripped, so a tab, a second CR or any other control character stays in it and
    the line matches no message (hardware/protocol.md). A line that is too long, or not
    ASCII, comes out as ``""``, which no message matches either, so the caller drops
    and counts it like any other garbage. Memory stays bounded however long a line
    runs on.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overlong = False

    def feed(self, data: bytes) -> list[str]:
        """The lines ``data`` completes, in order."""
        found: list[str] = []
        *complete, rest = data.split(b"\n")
        for piece in complete:
            found.append(self._finish(piece))
        self._add(rest)
        return found

    def _finish(self, piece: bytes) -> str:
        self._add(piece)
        line, overlong = bytes(self._buffer), self._overlong
        self._buffer.clear()
        self._overlong = False
        if overlong:
            return ""
        try:
            return line.removesuffix(b"\r").decode("ascii")
        except UnicodeDecodeError:
            return ""

    def _add(self, piece: bytes) -> None:
        if self._overlong:
            return
        self._buffer += piece
        if len(self._buffer) >= MAX_LINE:
            self._buffer.clear()
            self._overlong = True


Role = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_-]{0,15}$")]
"""The pad a board was flashed for: a short lower-case ASCII name such as ``patrol``."""
Version = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{1,4}$")]
"""A protocol version: up to four digits, compared with :data:`VERSION` as text."""


class HelloLine(msgspec.Struct, forbid_unknown_fields=True):
    """``HELLO <role> <version>``."""

    role: Role
    version: Version


class PressLine(msgspec.Struct, forbid_unknown_fields=True):
    """``PRESS <button>``: one of the pad's buttons."""

    button: Literal["attack", "defend", "feint", "maneuver", "back", "lock"]


class HoldLine(msgspec.Struct, forbid_unknown_fields=True):
    """``HOLD back``: the one button a hold is reported for."""

    button: Literal["back"]


SCHEMAS: dict[str, tuple[type[msgspec.Struct], tuple[str, ...]]] = {
    "HELLO": (HelloLine, ("role", "version")),
    "PRESS": (PressLine, ("button",)),
    "HOLD": (HoldLine, ("button",)),
}
"""Each line the pad sends, by its first word: its schema and its words' field names.

Every field's type, range and length is declared here once; a line that does not
fit is refused with the field, the value and what is allowed."""


class LineRefused(ValueError):
    """A line from a pad that is not one of the protocol's; the message says why."""


def read_line(pad: str, line: str) -> Hello | PadPressed:
    """What ``line`` from the pad called ``pad`` says; LineRefused if it is not the protocol's."""
    word, *rest = line.split(" ")
    schema = SCHEMAS.get(word)
    if schema is None:
        known = ", ".join(SCHEMAS)
        raise LineRefused(f"unknown line {word[:MAX_LINE]!r}; a pad says {known}")
    cls, names = schema
    if len(rest) != len(names):
        raise LineRefused(f"{word} takes {len(names)} word(s): {' '.join(names)}")
    hints = _hints(cls)
    fields = {}
    for name, value in zip(names, rest, strict=True):
        try:  # one field at a time, so the field refused is known without reading the error
            fields[name] = msgspec.convert(value, type=hints[name])
        except msgspec.ValidationError:
            allowed = _allowed(hints[name])
            raise LineRefused(f"{word}: {name} {value!r} is not allowed; {allowed}") from None
    message = cls(**fields)
    if isinstance(message, HelloLine):
        return Hello(message.role, message.version)
    if isinstance(message, HoldLine):
        return PadPressed(pad, HELD)
    assert isinstance(message, PressLine)
    return PadPressed(pad, message.button)


@functools.cache
def _hints(cls: type[msgspec.Struct]) -> dict[str, object]:
    """A line schema's field types, each with its declared limits."""
    return typing.get_type_hints(cls, include_extras=True)


def _allowed(hint: object) -> str:
    """What a field of a line's schema allows, in words."""
    if typing.get_origin(hint) is Literal:
        return f"allowed: {', '.join(typing.get_args(hint))}"
    meta = next(m for m in typing.get_args(hint) if isinstance(m, msgspec.Meta))
    return f"allowed: text matching {meta.pattern}"


def leds_line(lights: PadLights) -> bytes:
    """The host's ``LEDS <filled> <locked>`` line for ``lights``."""
    return f"LEDS {max(0, min(lights.filled, 9))} {int(lights.locked)}\n".encode("ascii")


def why_not(path: str, error: SerialException) -> str:
    """A sentence for a port that would not open."""
    number = getattr(error, "errno", None)
    if number == errno.ENOENT:
        return f"No pad at {path}; is it plugged in?"
    if number in (errno.EACCES, errno.EPERM):
        return f"No permission to open {path}; add the user to the dialout group."
    if number in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY):
        return f"{path} is in use by another program."
    return f"{path} would not open: {error}"


class SerialPad:
    """One USB serial pad, kept connected by a thread of its own from creation to close()."""

    def __init__(
        self,
        pad: str,
        path: str,
        inbox: PadInbox,
        *,
        first_wait: float = 0.5,
        longest_wait: float = 5.0,
    ) -> None:
        self.pad = pad
        self.path = path
        self.ignored = 0
        """Lines received that were not the protocol's, and presses before HELLO."""
        self.last_refused = ""
        """Why the newest line that was not the protocol's was dropped, for a diagnosis."""
        self._inbox = inbox
        self._first_wait = first_wait
        self._longest_wait = longest_wait
        self._lock = threading.Lock()
        self._port: Serial | None = None
        self._greeted = False
        self._lights = PadLights()
        self._said: tuple[bool, str] | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"pad {pad}", daemon=True)
        self._thread.start()

    def show(self, lights: PadLights) -> None:
        """Send ``lights`` to the pad now if it is connected, and again after each reconnect."""
        with self._lock:
            self._lights = lights
            if self._greeted:
                self._write(leds_line(lights))

    def close(self) -> None:
        """Stop the thread and close the port; posts nothing more."""
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        wait = self._first_wait
        while not self._stop.is_set():
            try:
                port = Serial(
                    self.path, 115200, timeout=POLL, write_timeout=WRITE_WAIT, exclusive=True
                )
            except SerialException as error:
                self._status(False, why_not(self.path, error))
            except (OSError, ValueError) as error:  # a bad path or setting: say so, keep trying
                self._status(False, f"{self.path} cannot be opened: {error}")
            else:
                if self._serve(port):
                    wait = self._first_wait
            if self._stop.wait(wait):
                return
            wait = min(wait * 2, self._longest_wait)

    def _serve(self, port: Serial) -> bool:
        """Read the open ``port`` until it fails or close(); return whether the pad greeted."""
        self._status(False, f"Opened {self.path}; waiting for the pad to say HELLO.")
        with self._lock:
            self._port = port
        lines = Lines()
        asked = -ASK_EVERY
        try:
            while not self._stop.is_set():
                if not self._greeted and time.monotonic() - asked >= ASK_EVERY:
                    with self._lock:
                        self._write(b"HELLO?\n")
                    asked = time.monotonic()
                for line in lines.feed(port.read(port.in_waiting or 1)):
                    self._take(line)
        except (SerialException, OSError) as error:
            self._status(False, f"The pad at {self.path} went away: {error}")
        finally:
            with self._lock:
                greeted, self._greeted, self._port = self._greeted, False, None
            port.close()
        return greeted

    def _take(self, line: str) -> None:
        try:
            message = read_line(self.pad, line)
        except LineRefused as error:
            self.ignored += 1
            self.last_refused = str(error)
            return
        if isinstance(message, Hello):
            self._greet(message)
        elif self._greeted:
            self._inbox.post(message)
        else:
            self.ignored += 1

    def _greet(self, hello: Hello) -> None:
        if hello.version != VERSION:
            with self._lock:
                self._greeted = False
            said = f"The pad speaks protocol {hello.version}; tablekit speaks {VERSION}."
            self._status(False, said)
            return
        with self._lock:
            self._greeted = True
            self._write(leds_line(self._lights))
        called = "" if hello.role == self.pad else f" (it was flashed as {hello.role!r})"
        self._status(True, f"USB pad on {self.path}{called}.")

    def _write(self, data: bytes) -> None:
        """Send ``data``, holding the lock; a failure is left for the reader to notice."""
        if self._port is not None:
            with contextlib.suppress(SerialException, OSError):
                self._port.write(data)

    def _status(self, connected: bool, detail: str) -> None:
        """Post the pad's status when it differs from the last one posted."""
        if self._said != (connected, detail):
            self._said = (connected, detail)
            self._inbox.post(PadStatus(self.pad, connected, detail))
