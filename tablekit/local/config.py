"""Settings from a TOML file, with a built-in default for every value.

The app runs without a file. A file with a bad value is refused as a whole,
with a message naming the file, the key and what is allowed, so the app never
starts half-configured.
"""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, cast

import msgspec
import msgspec.structs

from tablekit.local import paths
from tablekit.local.atomic import replace_file
from tablekit.local.camera_settings import BACKENDS, CameraSettings
from tablekit.rules import games
from tablekit.rules.errors import Refusal
from tablekit.rules.pads import BUTTONS

T = TypeVar("T")
Rotation = Literal[0, 90, 180, 270]
Language = Literal["auto", "en", "da"]


class Display(msgspec.Struct, frozen=True):
    """The screen: full screen on a Pi, a window on a desktop."""

    fullscreen: Literal["auto", "on", "off"] = "auto"
    window: tuple[Annotated[int, msgspec.Meta(ge=320)], Annotated[int, msgspec.Meta(ge=320)]] = (
        1024,
        600,
    )
    rotate: Rotation = 0
    fps: Annotated[int, msgspec.Meta(ge=5, le=120)] = 30


class Interface(msgspec.Struct, frozen=True):
    """Language and sound of the table app."""

    language: Language = "auto"
    """``auto``: each game in its own language (see its catalogue listing), else English."""
    sound: bool = True


class Play(msgspec.Struct, frozen=True):
    """What a new session plays unless the table picks otherwise."""

    game: str = "mice-mystics"
    """A game's name, as its rules know it (:mod:`tablekit.rules.games`)."""
    own_dice: bool | None = None
    """The table rolls its own dice and enters them on the tray ("Our dice" on the screen);
    unset, it is on when a camera is configured. A table's tap sets it either way for good."""


Pin = Annotated[int, msgspec.Meta(ge=2, le=27)]
"""A GPIO number (BCM) on the Pi's 40-pin header; 0 and 1 belong to the HAT EEPROM."""


class PadWiring(msgspec.Struct, frozen=True):
    """One action pad: the USB port of a serial pad, or the GPIO pins of its buttons and LEDs.

    The defaults are the GM pad's pins in hardware/README.md (the header's odd
    column); :class:`PatrolPadWiring` holds the patrol pad's.
    """

    port: str = ""
    """A serial pad's device, best its stable ``/dev/serial/by-id/...`` path."""
    attack: Pin = 17
    defend: Pin = 27
    feint: Pin = 22
    maneuver: Pin = 10
    back: Pin = 9
    lock: Pin = 11
    slot_leds: tuple[Pin, Pin, Pin] = (5, 6, 13)
    """The three script-slot LEDs, first slot first."""
    lock_led: Pin = 19

    def pins(self) -> dict[str, int]:
        """Every GPIO pin of the pad by the key that sets it (``slot_leds[0]`` for a slot)."""
        found = {name: getattr(self, name) for name in BUTTONS}
        found |= {f"slot_leds[{i}]": pin for i, pin in enumerate(self.slot_leds)}
        return found | {"lock_led": self.lock_led}


class PatrolPadWiring(PadWiring, frozen=True):
    """The patrol's pad: the same keys, defaulting to the header's even column."""

    attack: Pin = 18
    defend: Pin = 23
    feint: Pin = 24
    maneuver: Pin = 25
    back: Pin = 8
    lock: Pin = 7
    slot_leds: tuple[Pin, Pin, Pin] = (12, 16, 20)
    lock_led: Pin = 21


class Buttons(msgspec.Struct, frozen=True):
    """The action pads: none, on the Pi's GPIO pins, or USB serial pads (hardware/README.md)."""

    backend: Literal["none", "gpio", "serial"] = "none"
    bounce_ms: Annotated[int, msgspec.Meta(ge=10, le=50)] = 25
    """How long a contact must be still before a press counts; longer swallows quick taps."""
    hold_ms: Annotated[int, msgspec.Meta(ge=300, le=3000)] = 1000
    """How long Back is held down to clear the script."""
    opponents: PadWiring = msgspec.field(default_factory=PadWiring)
    """The pad the GM holds, which scripts the opponents' side."""
    patrol: PatrolPadWiring = msgspec.field(default_factory=PatrolPadWiring)

    def __post_init__(self) -> None:
        """Refuse a GPIO pin wired to two things: one of them would never work."""
        seen: dict[int, str] = {}
        for pad, wiring in self.pads().items():
            for key, pin in wiring.pins().items():
                if pin in seen:
                    raise ValueError(f"GPIO {pin} is wired twice: {seen[pin]} and {pad}.{key}")
                seen[pin] = f"{pad}.{key}"

    def pads(self) -> dict[str, PadWiring]:
        """Each pad's wiring by the pad's name, as pad events name it."""
        return {"opponents": self.opponents, "patrol": self.patrol}


class Config(msgspec.Struct, frozen=True):
    display: Display = msgspec.field(default_factory=Display)
    ui: Interface = msgspec.field(default_factory=Interface)
    play: Play = msgspec.field(default_factory=Play)
    buttons: Buttons = msgspec.field(default_factory=Buttons)
    camera: CameraSettings = msgspec.field(default_factory=CameraSettings)


class ConfigError(Refusal):
    """A settings file that cannot be used; the message says where and why."""


MAX_BYTES = 64 * 1024
"""A settings file is a few hundred bytes; anything past this is not one."""


def load(path: Path | None = None) -> Config:
    """Read ``path`` (default: the user's config file); defaults if it is missing.

    Only a regular file of at most :data:`MAX_BYTES` is read, so a FIFO or a
    device in its place is refused at once instead of hanging the app.
    """
    path = path or paths.config_file()
    _check_folder(path.parent)
    if not path.exists() and not path.is_symlink():
        return Config()
    if not path.is_file():
        raise ConfigError(f"{path}: not a regular file")
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ConfigError(f"{path}: larger than {MAX_BYTES // 1024} KiB; not a settings file")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML: nested too deep") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read: {error.strerror}") from None
    return parse(data, source=str(path))


def _check_folder(folder: Path) -> None:
    """A config folder that is a file, or a dangling link, is an error, not "no settings"."""
    if folder.is_symlink() and not folder.exists():
        raise ConfigError(f"{folder}: the settings folder is a link to nothing")
    if folder.exists() and not folder.is_dir():
        raise ConfigError(f"{folder}: the settings folder is not a folder")


def save(settings: Config, path: Path | None = None) -> None:
    """Write ``settings`` to ``path`` atomically: a crash leaves the old file or the new.

    Only what differs from the defaults is written, so a table's file says what the
    table chose, and a later default reaches every table that did not choose.
    """
    import tomli_w  # only a change on screen writes the file: a start reads it with tomllib

    chosen = _changed(msgspec.to_builtins(settings), msgspec.to_builtins(Config()))
    text = tomli_w.dumps(chosen)
    replace_file(path or paths.config_file(), lambda out: out.write(text.encode("utf-8")))


def _changed(values: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """The entries of ``values`` that differ from ``defaults``, section by section."""
    found: dict[str, Any] = {}
    for key, value in values.items():
        default = defaults.get(key)
        if isinstance(value, dict) and isinstance(default, dict):
            inner = _changed(value, default)
            if inner:
                found[key] = inner
        elif value != default:
            found[key] = value
    return found


def parse(data: dict[str, Any], source: str = "config") -> Config:
    """Check ``data`` key by key and build the Config it describes."""
    _check_keys(data, Config, source, prefix="")
    try:
        settings = msgspec.convert(data, type=Config)
    except msgspec.ValidationError as error:
        raise ConfigError(_explain(str(error), source)) from None
    if settings.camera.backend not in BACKENDS:
        allowed = ", ".join(BACKENDS)
        given = echo(settings.camera.backend)
        message = f"camera.backend: unknown camera {given}; allowed: {allowed}"
        raise ConfigError(f"{source}: {message}")
    known = games.names()
    if settings.play.game not in known:
        allowed = ", ".join(known)
        message = f"play.game: unknown game {echo(settings.play.game)}; allowed: {allowed}"
        raise ConfigError(f"{source}: {message}")
    return settings


RENAMED = {"buttons.gm": "buttons.opponents"}
"""Keys an older release knew by another name: a table's file says which to rename."""


def _check_keys(data: dict[str, Any], cls: type, source: str, prefix: str) -> None:
    """Refuse keys the app does not know: a typo must not be silently ignored."""
    hints = typing.get_type_hints(cls)
    for key, value in data.items():
        if key not in hints:
            known = ", ".join(_keys_of(cls))
            shown = cut(f"{prefix}{key}") if key.isprintable() else echo(f"{prefix}{key}")
            renamed = RENAMED.get(f"{prefix}{key}")
            if renamed:
                raise ConfigError(f"{source}: {shown} is now called {renamed}; rename it there")
            raise ConfigError(f"{source}: unknown key {shown}; known here: {known}")
        if _is_table(hints[key]) and isinstance(value, dict):
            _check_keys(value, hints[key], source, prefix=f"{prefix}{key}.")


def _is_table(hint: object) -> bool:
    """Whether a setting's type is a table of settings: a frozen ``Struct``, or the camera's
    dataclass (:class:`~tablekit.local.camera_settings.CameraSettings`)."""
    return isinstance(hint, type) and (
        issubclass(hint, msgspec.Struct) or dataclasses.is_dataclass(hint)
    )


def _keys_of(cls: type) -> tuple[str, ...]:
    """A table's keys, in the order it declares them."""
    names: tuple[str, ...] | None = getattr(cls, "__struct_fields__", None)
    return names if names is not None else tuple(f.name for f in dataclasses.fields(cls))


def replace(table: T, /, **changes: Any) -> T:
    """``table`` (the settings, or one of their tables) with ``changes`` to its keys: the
    settings' tables are frozen ``Struct``s, the camera's a frozen dataclass."""
    if isinstance(table, msgspec.Struct):
        return msgspec.structs.replace(table, **changes)
    return cast(T, dataclasses.replace(cast(Any, table), **changes))


def _explain(message: str, source: str) -> str:
    """Turn msgspec's message into 'file: key: problem; allowed: ...'."""
    text, _, where = message.partition(" - at `$.")
    key = where.rstrip("`")
    allowed = _allowed(key)
    hint = f"; allowed: {allowed}" if allowed else ""
    said, enum, value = text.replace("`", "").partition(ENUM)
    return f"{source}: {key}: {said}{enum}{cut(value)}{hint}"


ENUM = "Invalid enum value "
"""How msgspec starts the one refusal that shows the value given, whatever its length."""

ECHO = 60
"""The most characters of a bad value (or an unknown key) a refusal shows: enough to see
which it is, and a refusal stays one readable line however much the file holds."""


def cut(text: str, limit: int = ECHO) -> str:
    """``text`` as a refusal shows it: whole, or its first ``limit`` characters and a
    word saying that it was cut and how long it is."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… (cut; {len(text)} characters in all)"


def echo(value: object) -> str:
    """The ``repr`` of a bad value, cut (:func:`cut`)."""
    return cut(repr(value))


def _allowed(key: str) -> str:
    """The values a Literal key accepts, or "" for other kinds of key."""
    cls: Any = Config
    for part in key.split("."):
        if not _is_table(cls):
            return ""
        hints = typing.get_type_hints(cls, include_extras=True)
        if part not in hints:
            return ""
        cls = hints[part]
    if typing.get_origin(cls) is Literal:
        return ", ".join(str(v) for v in typing.get_args(cls))
    return ""
