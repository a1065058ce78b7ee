"""GPIO action pads on gpiozero's mock pins: presses, lights, chattering and holding Back.

The pad's settle guard reads a clock of the test's own (:class:`Clock`), which moves only
when a finger waits: a chatter is inside the settle time and a held press past it however
busy the machine. Holding Back is gpiozero's own timer, waited for as it happens.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPin
from waiting import until

from tablekit.devices import pads_gpio
from tablekit.devices.pads import PadInbox
from tablekit.devices.pads_gpio import GpioPad
from tablekit.local.config import Buttons
from tablekit.rules.pads import HELD, PadEvent, PadLights, PadPressed, PadStatus

WIRING = Buttons()
BOUNCE_MS = 50
"""The settle time in these tests, the longest bounce time allowed."""
HELD_FOR = 0.06
"""How long a finger holds a button down in these tests: longer than the bounce time."""
HOLD = 0.05
"""A short hold time for Back, so a test holds it for a twentieth of a second, not a second."""


class Clock:
    """The pad's ``time`` in these tests: it moves only when a finger waits."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


CLOCK = Clock()


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pad's settle guard reads :data:`CLOCK`, not the machine's clock."""
    monkeypatch.setattr(pads_gpio, "time", CLOCK)


@pytest.fixture
def inbox() -> PadInbox:
    return PadInbox()


@pytest.fixture
def gm(factory: MockFactory, inbox: PadInbox) -> Iterator[GpioPad]:
    """The GM's pad; Back takes the usual second to count as held."""
    pad = GpioPad("opponents", WIRING.opponents, inbox, bounce_ms=BOUNCE_MS)
    inbox.drain()
    try:
        yield pad
    finally:
        pad.close()


@pytest.fixture
def quick(factory: MockFactory, inbox: PadInbox) -> Iterator[GpioPad]:
    """The GM's pad with a short hold time."""
    pad = GpioPad("opponents", WIRING.opponents, inbox, bounce_ms=BOUNCE_MS, hold_time=HOLD)
    inbox.drain()
    try:
        yield pad
    finally:
        pad.close()


def pin(factory: MockFactory, number: int) -> MockPin:
    found: MockPin = factory.pin(number)
    return found


def presses(inbox: PadInbox) -> list[PadEvent]:
    return [event for event in inbox.drain() if isinstance(event, PadPressed)]


def tap(factory: MockFactory, number: int) -> None:
    """Press and release a button, held as long as a finger would."""
    pin(factory, number).drive_low()
    CLOCK.sleep(HELD_FOR)
    pin(factory, number).drive_high()


def test_opening_says_which_pins_are_claimed(factory: MockFactory, inbox: PadInbox) -> None:
    pad = GpioPad("patrol", WIRING.patrol, inbox)
    try:
        (status,) = inbox.drain()
    finally:
        pad.close()
    assert isinstance(status, PadStatus)
    assert status.connected
    assert "attack 18" in status.detail
    assert "lock_led 21" in status.detail


def test_a_press_reaches_the_inbox_with_its_pad(
    factory: MockFactory, inbox: PadInbox, gm: GpioPad
) -> None:
    inbox = inbox
    pin(factory, WIRING.opponents.feint).drive_low()
    assert presses(inbox) == [PadPressed("opponents", "feint")]
    pin(factory, WIRING.opponents.feint).drive_high()
    assert presses(inbox) == []


def test_each_button_has_its_own_pin(factory: MockFactory, inbox: PadInbox, gm: GpioPad) -> None:
    for name in ("attack", "defend", "maneuver", "lock"):
        tap(factory, getattr(WIRING.opponents, name))
    assert [event.button for event in presses(inbox)] == [  # type: ignore[union-attr]
        "attack",
        "defend",
        "maneuver",
        "lock",
    ]


def test_two_pads_never_mix(factory: MockFactory, inbox: PadInbox) -> None:
    gm = GpioPad("opponents", WIRING.opponents, inbox)
    patrol = GpioPad("patrol", WIRING.patrol, inbox)
    try:
        inbox.drain()
        tap(factory, WIRING.patrol.attack)
        tap(factory, WIRING.opponents.defend)
    finally:
        gm.close()
        patrol.close()
    assert presses(inbox) == [PadPressed("patrol", "attack"), PadPressed("opponents", "defend")]


def test_the_leds_follow_the_lights(factory: MockFactory, gm: GpioPad) -> None:
    def lit() -> tuple[list[bool], bool]:
        slots = [bool(pin(factory, n).state) for n in WIRING.opponents.slot_leds]
        return slots, bool(pin(factory, WIRING.opponents.lock_led).state)

    assert lit() == ([False, False, False], False)
    gm.show(PadLights(filled=2))
    assert lit() == ([True, True, False], False)
    gm.show(PadLights(filled=3, locked=True))
    assert lit() == ([True, True, True], True)
    gm.show(PadLights(filled=0))
    assert lit() == ([False, False, False], False)


def test_a_chattering_contact_posts_one_press(
    factory: MockFactory, inbox: PadInbox, gm: GpioPad
) -> None:
    contact = pin(factory, WIRING.opponents.attack)
    for _ in range(6):
        contact.drive_low()
        contact.drive_high()
    contact.drive_low()
    CLOCK.sleep(HELD_FOR)
    for _ in range(4):  # and it chatters again on release
        contact.drive_high()
        contact.drive_low()
    contact.drive_high()
    assert presses(inbox) == [PadPressed("opponents", "attack")]


def test_a_chattering_contact_never_fills_two_slots(
    factory: MockFactory, inbox: PadInbox, gm: GpioPad
) -> None:
    filled = 0
    contact = pin(factory, WIRING.opponents.defend)
    for _ in range(10):
        contact.drive_low()
        contact.drive_high()
        filled += len(presses(inbox))
        gm.show(PadLights(filled=filled))
    assert filled == 1
    assert [pin(factory, n).state for n in WIRING.opponents.slot_leds] == [1, 0, 0]


def test_pressing_again_after_a_pause_counts(
    factory: MockFactory, inbox: PadInbox, gm: GpioPad
) -> None:
    tap(factory, WIRING.opponents.attack)
    CLOCK.sleep(HELD_FOR)
    tap(factory, WIRING.opponents.attack)
    assert len(presses(inbox)) == 2


def test_back_tapped_posts_back_on_release(
    factory: MockFactory, inbox: PadInbox, gm: GpioPad
) -> None:
    contact = pin(factory, WIRING.opponents.back)
    contact.drive_low()
    assert presses(inbox) == []
    CLOCK.sleep(HELD_FOR)
    contact.drive_high()
    assert presses(inbox) == [PadPressed("opponents", "back")]


@pytest.mark.usefixtures("quick")
def test_back_held_posts_the_gesture_and_no_plain_back(
    factory: MockFactory, inbox: PadInbox
) -> None:
    contact = pin(factory, WIRING.opponents.back)
    contact.drive_low()
    seen: list[PadEvent] = []
    assert until(lambda: seen.extend(presses(inbox)) or seen)
    contact.drive_high()
    seen.extend(presses(inbox))
    assert seen == [PadPressed("opponents", HELD)]


@pytest.mark.usefixtures("quick")
def test_back_chattering_then_held_is_still_one_gesture(
    factory: MockFactory, inbox: PadInbox
) -> None:
    contact = pin(factory, WIRING.opponents.back)
    for _ in range(5):
        contact.drive_low()
        contact.drive_high()
    contact.drive_low()
    seen: list[PadEvent] = []
    assert until(lambda: seen.extend(presses(inbox)) or seen)
    contact.drive_high()
    seen.extend(presses(inbox))
    assert seen == [PadPressed("opponents", HELD)]


def test_a_pin_in_use_releases_what_was_claimed(factory: MockFactory, inbox: PadInbox) -> None:
    from gpiozero import LED

    blocker = LED(WIRING.opponents.lock_led)
    try:
        with pytest.raises(Exception, match="in use"):
            GpioPad("opponents", WIRING.opponents, inbox)
    finally:
        blocker.close()
    pad = GpioPad("opponents", WIRING.opponents, inbox)  # every pin it took before is free again
    pad.close()
