"""The [buttons] settings: documented defaults, and bad values named with file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekit.local import config
from tablekit.local.config import Buttons, ConfigError

README = Path(__file__).parents[2] / "hardware" / "README.md"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_pad_table_overrides_only_what_it_names(tmp_path: Path) -> None:
    text = '[buttons]\nbackend = "serial"\n[buttons.patrol]\nport = "/dev/serial/by-id/x"\n'
    loaded = config.load(write(tmp_path, text)).buttons
    assert loaded.patrol.port == "/dev/serial/by-id/x"
    assert loaded.patrol.pins() == Buttons().patrol.pins()


def test_the_default_pin_map_is_the_one_documented() -> None:
    text = README.read_text(encoding="utf-8")
    for pad, wiring in Buttons().pads().items():
        for key, pin in wiring.pins().items():
            assert f"| {pad} | {key} | GPIO {pin} |" in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[buttons]\nbackend = "usb"', "buttons.backend: Invalid enum value 'usb'; allowed: none"),
        ("[buttons]\nbounce_ms = 200", "buttons.bounce_ms: Expected int <= 50"),
        ("[buttons]\nhold_ms = 100", "buttons.hold_ms: Expected int >= 300"),
        ("[buttons.opponents]\nattack = 40", "buttons.opponents.attack: Expected int <= 27"),
        (
            "[buttons.opponents]\nslot_leds = [5, 6]",
            "buttons.opponents.slot_leds: Expected array of length 3",
        ),
        (
            "[buttons.opponents]\nattak = 4",
            "unknown key buttons.opponents.attak; known here: port, attack",
        ),
        ("[buttons]\nserial_port = 'x'", "unknown key buttons.serial_port; known here: backend"),
        (
            "[buttons.opponents]\nattack = 18",
            "buttons: GPIO 18 is wired twice: opponents.attack and patrol.attack",
        ),
        (
            "[buttons.patrol]\nlock_led = 20",
            "buttons: GPIO 20 is wired twice: patrol.slot_leds[2] and patrol.lock_led",
        ),
    ],
)
def test_bad_values_are_refused_with_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        config.load(path)
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_saved_pads_load_back(tmp_path: Path) -> None:
    changed = config.parse(
        {"buttons": {"backend": "gpio", "opponents": {"attack": 4}, "hold_ms": 800}}
    )
    path = tmp_path / "config.toml"
    config.save(changed, path)
    assert config.load(path) == changed


def test_the_gms_pad_under_its_old_name_is_told_to_be_renamed(tmp_path: Path) -> None:
    """Issue 12: no pad is called gm (an audience's name); a file from before says what to do."""
    path = write(tmp_path, "[buttons.gm]\nattack = 4")
    with pytest.raises(ConfigError) as caught:
        config.load(path)
    assert (
        str(caught.value) == f"{path}: buttons.gm is now called buttons.opponents; rename it there"
    )
