"""The pad's pure logic: debounced presses, Back tapped or held, and the host's lines."""

from __future__ import annotations

from typing import Any

import pytest

RELEASED = dict.fromkeys(("attack", "defend", "feint", "maneuver", "back", "lock"), False)


class Finger:
    """Feeds a Pad one reading per millisecond and keeps every line it sends."""

    def __init__(self, pad: Any) -> None:
        self.pad = pad
        self.sent: list[str] = []

    def hold(self, button: str | None, ms: int) -> None:
        readings = dict(RELEASED)
        if button is not None:
            readings[button] = True
        for _ in range(ms):
            self.sent += self.pad.step(readings, 1)

    def chatter(self, button: str, ms: int) -> None:
        for tick in range(ms):
            self.hold(button if tick % 2 == 0 else None, 1)


@pytest.fixture
def finger(padlogic: Any) -> Finger:
    return Finger(padlogic.Pad("opponents"))


def test_a_press_is_sent_at_once(finger: Finger) -> None:
    finger.hold("attack", 1)
    assert finger.sent == ["PRESS attack"]
    finger.hold("attack", 200)
    finger.hold(None, 100)
    assert finger.sent == ["PRESS attack"]


def test_a_chattering_contact_sends_one_press(finger: Finger) -> None:
    finger.chatter("feint", 9)
    finger.hold("feint", 80)
    finger.chatter("feint", 9)
    finger.hold(None, 50)
    assert finger.sent == ["PRESS feint"]


def test_pressing_again_after_letting_go_counts_again(finger: Finger) -> None:
    for _ in range(3):
        finger.hold("lock", 60)
        finger.hold(None, 60)
    assert finger.sent == ["PRESS lock"] * 3


def test_back_tapped_is_sent_on_release(finger: Finger) -> None:
    finger.hold("back", 150)
    assert finger.sent == []
    finger.hold(None, 30)
    assert finger.sent == ["PRESS back"]


def test_back_held_sends_hold_and_no_press(finger: Finger) -> None:
    finger.hold("back", 1000)  # the press, then 999 ms held
    assert finger.sent == []
    finger.hold("back", 1)
    assert finger.sent == ["HOLD back"]
    finger.hold("back", 2000)
    finger.hold(None, 50)
    assert finger.sent == ["HOLD back"]


def test_back_chattering_into_a_hold_is_one_hold(finger: Finger) -> None:
    finger.chatter("back", 9)
    finger.hold("back", 1000)
    finger.chatter("back", 9)
    finger.hold(None, 50)
    assert finger.sent == ["HOLD back"]


def test_hello_is_answered(padlogic: Any) -> None:
    pad = padlogic.Pad("patrol")
    assert pad.receive(b"HELLO?\n") == ["HELLO patrol 1"]
    assert pad.receive(b"HELLO?\r\n") == ["HELLO patrol 1"]


def test_leds_set_the_lights_even_in_pieces(padlogic: Any) -> None:
    pad = padlogic.Pad("opponents")
    assert pad.receive(b"LEDS 2") == []
    assert pad.receive(b" 1\n") == []
    assert (pad.slots(3), pad.locked) == ([True, True, False], True)
    pad.receive(b"LEDS 7 0\n")
    assert (pad.slots(3), pad.locked) == ([True, True, True], False)


def test_garbage_changes_nothing_and_is_counted(padlogic: Any) -> None:
    pad = padlogic.Pad("opponents")
    pad.receive(b"LEDS 1 1\n")
    garbage = [b"LEDS 10 1", b"LEDS 2", b"LEDS 2 2", b"LEDS x 1", b"leds 2 1", b"", b"\xff\xfe"]
    replies = pad.receive(b"\n".join(garbage) + b"\n" + b"L" * 500 + b"HELLO?\n")
    assert replies == []
    assert pad.ignored == len(garbage) + 1
    assert (pad.slots(3), pad.locked) == ([True, False, False], True)
    assert pad.receive(b"HELLO?\n") == ["HELLO opponents 1"]


def test_only_lf_or_cr_lf_ends_a_line_and_nothing_else_is_trimmed(padlogic: Any) -> None:
    """hardware/protocol.md: a line is exactly a message; a space, tab or other control
    character around its words, or a second CR, makes it garbage, on the pad as on the host."""
    pad = padlogic.Pad("opponents")
    garbage = [b"HELLO?\r\r", b"\tHELLO?", b"HELLO?\x1c", b" LEDS 1 1", b"LEDS 1 1 ", b"LEDS 1\t1"]
    assert pad.receive(b"\n".join(garbage) + b"\n") == []
    assert pad.ignored == len(garbage)
    assert (pad.slots(3), pad.locked) == ([False, False, False], False)
    assert pad.receive(b"LEDS 1 1\r\nHELLO?\r\n") == ["HELLO opponents 1"]
    assert (pad.slots(3), pad.locked) == ([True, False, False], True)
