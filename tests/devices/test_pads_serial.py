"""USB serial pads against a pty: the protocol, garbage, and an unplug mid-script."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from waiting import until

from tablekit.devices.pads import PadInbox
from tablekit.devices.pads_serial import (
    MAX_LINE,
    LineRefused,
    Lines,
    SerialPad,
    leds_line,
    read_line,
)
from tablekit.rules.pads import HELD, PadEvent, PadLights, PadPressed, PadStatus


class FakePad:
    """The device end of a pty, reached through a stable path like /dev/serial/by-id/..."""

    def __init__(self, link: Path) -> None:
        self.master, slave = os.openpty()
        os.set_blocking(self.master, False)
        self.slave = slave
        temporary = link.with_suffix(".new")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(os.ttyname(slave))
        temporary.replace(link)
        self.heard = b""

    def hear(self) -> list[str]:
        """Every line the host has written so far."""
        with contextlib.suppress(BlockingIOError):
            self.heard += os.read(self.master, 4096)
        return self.heard.decode("ascii").splitlines()

    def say(self, *lines: str) -> None:
        os.write(self.master, "".join(line + "\n" for line in lines).encode("ascii"))

    def say_bytes(self, data: bytes) -> None:
        os.write(self.master, data)

    def greet(self, role: str = "opponents", version: str = "1") -> None:
        """Wait for the host's HELLO?, then answer it."""
        assert until(lambda: "HELLO?" in self.hear())
        self.say(f"HELLO {role} {version}")

    def unplug(self) -> None:
        os.close(self.master)
        os.close(self.slave)


class Recorder:
    """What the host posted, gathered as it arrives."""

    def __init__(self, inbox: PadInbox) -> None:
        self.inbox = inbox
        self.events: list[PadEvent] = []

    def take(self) -> list[PadEvent]:
        self.events += self.inbox.drain()
        return self.events

    def presses(self) -> list[PadPressed]:
        return [event for event in self.take() if isinstance(event, PadPressed)]

    def statuses(self) -> list[PadStatus]:
        return [event for event in self.take() if isinstance(event, PadStatus)]

    def connected(self) -> bool | None:
        found = self.statuses()
        return found[-1].connected if found else None


@pytest.fixture
def link(tmp_path: Path) -> Path:
    return tmp_path / "usb-tablekit_pad_gm-if00"


@pytest.fixture
def device(link: Path) -> Iterator[FakePad]:
    pad = FakePad(link)
    yield pad
    for fd in (pad.master, pad.slave):
        with contextlib.suppress(OSError):
            os.close(fd)


@pytest.fixture
def recorder() -> Recorder:
    return Recorder(PadInbox())


@pytest.fixture
def host(link: Path, recorder: Recorder) -> Iterator[SerialPad]:
    pad = SerialPad("opponents", str(link), recorder.inbox, first_wait=0.02, longest_wait=0.1)
    yield pad
    pad.close()


def test_a_pad_counts_as_connected_only_after_hello(
    device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    assert until(lambda: "HELLO?" in device.hear())
    assert recorder.connected() is False
    device.say("PRESS attack")  # before HELLO: not yet a pad
    device.greet()
    assert until(lambda: recorder.connected())
    assert recorder.statuses()[-1] == PadStatus("opponents", True, f"USB pad on {host.path}.")
    assert recorder.presses() == []
    assert host.ignored == 1


def test_presses_and_the_hold_reach_the_inbox(
    device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    device.greet()
    device.say("PRESS attack", "PRESS back", "HOLD back", "PRESS lock")
    assert until(lambda: len(recorder.presses()) == 4)
    assert [press.button for press in recorder.presses()] == ["attack", "back", HELD, "lock"]
    assert {press.pad for press in recorder.presses()} == {"opponents"}


def test_lights_are_written_to_the_pad(
    device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    host.show(PadLights(filled=1))  # not connected yet: kept for the greeting
    device.greet()
    assert until(lambda: "LEDS 1 0" in device.hear())
    host.show(PadLights(filled=3, locked=True))
    assert until(lambda: "LEDS 3 1" in device.hear())


def test_garbage_changes_nothing_and_is_counted(
    device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    device.greet()
    assert until(lambda: recorder.connected())
    device.say("PRESS jump", "press attack", "HOLD attack", "HELLO", "", "LEDS 3 1")
    device.say_bytes(b"PRESS \xff\xfe\n" + b"X" * 5000 + b"PRESS attack\n" + b"\x00\r\n")
    device.say("PRESS defend")
    assert until(lambda: recorder.presses() == [PadPressed("opponents", "defend")])
    assert until(lambda: host.ignored == 9)
    assert recorder.connected() is True


NOT_QUITE = [
    b"PRESS lock\r\r\n",
    b"\tPRESS attack\n",
    b"PRESS back\x1c\n",
    b" PRESS feint\n",
    b"PRESS maneuver \n",
    b"PRESS\tdefend\n",
    b"HOLD back\x0b\n",
    b"\rPRESS lock\n",
]
"""Lines a lenient reader would trim into messages; the protocol takes none of them."""


def test_a_line_with_anything_around_its_words_is_garbage(
    device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    device.greet()
    assert until(lambda: recorder.connected())
    device.say_bytes(b"".join(NOT_QUITE) + b"PRESS defend\r\n")
    assert until(lambda: recorder.presses() == [PadPressed("opponents", "defend")])
    assert until(lambda: host.ignored == len(NOT_QUITE))
    assert host.last_refused == "unknown line '\\rPRESS'; a pad says HELLO, PRESS, HOLD"


def test_a_pad_of_another_protocol_is_not_used(
    device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    device.greet(version="2")
    assert until(lambda: any("protocol 2" in s.detail for s in recorder.statuses()))
    device.say("PRESS attack")
    assert until(lambda: host.ignored == 1)
    assert recorder.presses() == []
    assert recorder.connected() is False


def test_a_pad_flashed_for_another_role_says_so(
    device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    device.greet(role="patrol")
    assert until(lambda: recorder.connected())
    assert "flashed as 'patrol'" in recorder.statuses()[-1].detail


def test_unplugged_mid_script_and_back_again(
    link: Path, device: FakePad, host: SerialPad, recorder: Recorder
) -> None:
    device.greet()
    device.say("PRESS attack")
    assert until(lambda: len(recorder.presses()) == 1)
    host.show(PadLights(filled=1))
    device.unplug()
    assert until(lambda: recorder.connected() is False)
    assert any("went away" in s.detail for s in recorder.statuses())
    assert until(lambda: any("plugged in?" in s.detail for s in recorder.statuses()))

    again = FakePad(link)
    try:
        again.greet()
        assert until(lambda: recorder.connected())
        assert until(lambda: "LEDS 1 0" in again.hear())  # the LEDs come back as they were
        again.say("PRESS defend")
        assert until(lambda: len(recorder.presses()) == 2)
    finally:
        again.unplug()
    assert [press.button for press in recorder.presses()] == ["attack", "defend"]
    assert [s.connected for s in recorder.statuses()].count(True) == 2


def test_no_device_at_the_path_is_said_plainly(tmp_path: Path, recorder: Recorder) -> None:
    path = tmp_path / "usb-nothing-if00"
    pad = SerialPad("patrol", str(path), recorder.inbox)
    try:
        assert until(lambda: recorder.statuses())
    finally:
        pad.close()
    assert recorder.statuses() == [
        PadStatus("patrol", False, f"No pad at {path}; is it plugged in?")
    ]


def test_close_stops_the_thread(device: FakePad, link: Path, recorder: Recorder) -> None:
    pad = SerialPad("opponents", str(link), recorder.inbox)
    device.greet()
    assert until(lambda: recorder.connected())
    pad.close()
    assert not pad._thread.is_alive()


def test_lines_are_cut_at_newlines_whatever_the_chunks() -> None:
    lines = Lines()
    assert lines.feed(b"PRESS at") == []
    assert lines.feed(b"tack\r\nHOLD back\nPRE") == ["PRESS attack", "HOLD back"]
    assert lines.feed(b"SS lock\n") == ["PRESS lock"]


def test_a_line_comes_out_as_sent_less_its_ending() -> None:
    """Only LF or CR LF ends a line: nothing else is trimmed, so garbage stays garbage."""
    lines = Lines()
    found = lines.feed(b"".join(NOT_QUITE))
    assert found == [raw.removesuffix(b"\n").removesuffix(b"\r").decode() for raw in NOT_QUITE]
    assert found[0] == "PRESS lock\r"
    for line in found:
        with pytest.raises(LineRefused):
            read_line("opponents", line)


def test_a_line_too_long_is_dropped_whole() -> None:
    lines = Lines()
    fits = "P" * (MAX_LINE - 1)
    assert lines.feed(fits.encode() + b"\n") == [fits]
    assert lines.feed(b"P" * MAX_LINE) == []
    assert lines.feed(b"PRESS attack\nPRESS lock\n") == ["", "PRESS lock"]


def test_the_messages() -> None:
    assert read_line("opponents", "PRESS feint") == PadPressed("opponents", "feint")
    assert read_line("opponents", "HOLD back") == PadPressed("opponents", HELD)
    for refused in ("PRESS back_held", "PRESS  feint"):
        with pytest.raises(LineRefused):
            read_line("opponents", refused)
    assert leds_line(PadLights(filled=2, locked=True)) == b"LEDS 2 1\n"
    assert leds_line(PadLights(filled=12)) == b"LEDS 9 0\n"
