"""The pad factory: the configured pads start, and missing hardware says so instead of failing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from waiting import until

from tablekit.devices.pad_backends import PadBackends, start_pads
from tablekit.devices.pads import PadInbox
from tablekit.local.config import Buttons, PadWiring, PatrolPadWiring, replace
from tablekit.rules.pads import PadLights, PadPressed, PadStatus


def statuses(inbox: PadInbox) -> dict[str, PadStatus]:
    return {event.pad: event for event in inbox.drain() if isinstance(event, PadStatus)}


class Recording:
    """A backend that remembers what it was shown."""

    def __init__(self) -> None:
        self.shown: list[PadLights] = []
        self.closed = False

    def show(self, lights: PadLights) -> None:
        self.shown.append(lights)

    def close(self) -> None:
        self.closed = True


def test_no_backend_starts_nothing_and_says_nothing() -> None:
    inbox = PadInbox()
    pads = start_pads(Buttons(), inbox)
    pads.show("opponents", PadLights(filled=1))
    pads.close()
    assert inbox.drain() == []


def test_gpio_pads_start_press_and_light(factory: MockFactory) -> None:
    inbox = PadInbox()
    pads = start_pads(Buttons(backend="gpio"), inbox)
    try:
        assert {pad: s.connected for pad, s in statuses(inbox).items()} == {
            "opponents": True,
            "patrol": True,
        }
        factory.pin(Buttons().patrol.lock).drive_low()
        assert inbox.drain() == [PadPressed("patrol", "lock")]
        pads.show("opponents", PadLights(filled=1, locked=True))
        assert factory.pin(Buttons().opponents.slot_leds[0]).state
        assert factory.pin(Buttons().opponents.lock_led).state
        assert not factory.pin(Buttons().patrol.lock_led).state
    finally:
        pads.close()


def test_the_pin_map_comes_from_the_settings(factory: MockFactory) -> None:
    moved = replace(Buttons().opponents, attack=4)
    inbox = PadInbox()
    pads = start_pads(Buttons(backend="gpio", opponents=moved), inbox)
    try:
        inbox.drain()
        factory.pin(4).drive_low()
        assert inbox.drain() == [PadPressed("opponents", "attack")]
    finally:
        pads.close()


@pytest.mark.filterwarnings("ignore::gpiozero.PinFactoryFallback")
@pytest.mark.usefixtures("no_gpio")
def test_no_gpio_is_said_for_each_pad_and_nothing_crashes() -> None:
    inbox = PadInbox()
    pads = start_pads(Buttons(backend="gpio"), inbox)
    pads.show("opponents", PadLights(filled=2))
    pads.close()
    found = statuses(inbox)
    assert set(found) == {"opponents", "patrol"}
    for status in found.values():
        assert not status.connected
        assert status.detail.startswith("No GPIO pins here")


def test_gpiozero_missing_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gpiozero", None)
    inbox = PadInbox()
    start_pads(Buttons(backend="gpio"), inbox).close()
    assert statuses(inbox)["opponents"] == PadStatus(
        "opponents",
        False,
        "gpiozero is not installed; on a Pi, install tablekit with its pi extra.",
    )


def test_a_pin_in_use_loses_one_pad_not_both(factory: MockFactory) -> None:
    from gpiozero import LED

    blocker = LED(Buttons().patrol.lock_led)
    inbox = PadInbox()
    pads = start_pads(Buttons(backend="gpio"), inbox)
    try:
        found = statuses(inbox)
        assert found["opponents"].connected
        assert not found["patrol"].connected
        assert found["patrol"].detail.startswith("GPIO pins unavailable")
        pads.show("patrol", PadLights(filled=1))  # a pad that did not start is skipped
    finally:
        pads.close()
        blocker.close()


def test_serial_pads_without_ports_say_which_key_is_missing() -> None:
    inbox = PadInbox()
    start_pads(Buttons(backend="serial"), inbox).close()
    assert statuses(inbox)["patrol"] == PadStatus(
        "patrol", False, "No serial port is set: buttons.patrol.port."
    )


def test_a_serial_pad_not_plugged_in_is_said(tmp_path: Path) -> None:
    settings = Buttons(
        backend="serial",
        opponents=PadWiring(port=str(tmp_path / "opponents")),
        patrol=PatrolPadWiring(port=str(tmp_path / "patrol")),
    )
    inbox = PadInbox()
    pads = start_pads(settings, inbox)
    found: dict[str, PadStatus] = {}
    try:
        assert until(lambda: found.update(statuses(inbox)) or len(found) == 2)
    finally:
        pads.close()
    assert found["opponents"] == PadStatus(
        "opponents", False, f"No pad at {tmp_path / 'opponents'}; is it plugged in?"
    )
    assert not found["patrol"].connected


def test_lights_reach_a_backend_only_when_they_change() -> None:
    gm, patrol = Recording(), Recording()
    pads = PadBackends({"opponents": gm, "patrol": patrol})
    for _ in range(3):
        pads.show("opponents", PadLights(filled=1))
    pads.show("opponents", PadLights(filled=2))
    pads.show("nobody", PadLights(filled=2))
    pads.close()
    assert gm.shown == [PadLights(filled=1), PadLights(filled=2)]
    assert patrol.shown == []
    assert gm.closed and patrol.closed
