"""Settings: defaults without a file; a bad value names file, key and what is allowed."""

import dataclasses
import os
import re
import typing
from pathlib import Path

import msgspec
import msgspec.structs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekit.local import config
from tablekit.local.config import Config, ConfigError, replace


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_no_file_means_defaults(tmp_path: Path) -> None:
    assert config.load(tmp_path / "missing.toml") == Config()


def test_values_are_read(tmp_path: Path) -> None:
    path = write(tmp_path, '[display]\nwindow = [800, 480]\nrotate = 90\n[ui]\nlanguage = "da"\n')
    loaded = config.load(path)
    assert loaded.display.window == (800, 480)
    assert loaded.display.rotate == 90
    assert loaded.ui.language == "da"
    assert loaded.ui.sound is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[ui]\nlanguage = "fr"', "ui.language: Invalid enum value 'fr'; allowed: auto, en, da"),
        (
            '[play]\ngame = "chess"',
            "play.game: unknown game 'chess'; allowed: mice-mystics",
        ),
        ("[display]\nrotate = 45", "display.rotate: Invalid enum value 45; allowed: 0, 90, 180"),
        ("[display]\nfps = 0", "display.fps: Expected int >= 5"),
        ('[display]\nfps = "fast"', "display.fps: Expected int, got str"),
        ("[displya]\nfps = 30", "unknown key displya; known here: display, ui, play, buttons"),
        ("[ui]\nsond = false", "unknown key ui.sond; known here: language, sound"),
        ("[ui\n", "not valid TOML"),
    ],
)
def test_bad_values_are_refused_with_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        config.load(path)
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_saved_settings_load_back(tmp_path: Path) -> None:
    changed = config.parse({"ui": {"language": "da", "sound": False}, "display": {"rotate": 270}})
    path = tmp_path / "config.toml"
    config.save(changed, path)
    assert config.load(path) == changed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[camera]\nreplay_fps = nan", "camera.replay_fps: Expected float > 0.0"),
        ("[camera]\nreplay_fps = inf", "camera.replay_fps: Expected float <= 120.0"),
        ("[camera]\ndevice = -1", "camera.device: Expected int >= 0"),
        ("[camera]\nwidth = -1280", "camera.width: Expected int >= 16"),
        ("a = " + "[" * 500 + "]" * 500, "not valid TOML"),
        ("a = " + "{b = " * 3000 + "1" + "}" * 3000, "not valid TOML"),
    ],
)
def test_absurd_values_and_deep_nesting_are_refused(
    tmp_path: Path, text: str, message: str
) -> None:
    """Issue 12: values no camera can have, and nesting that blew the stack, name the key."""
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=re.escape(message)):
        config.load(path)


def test_a_fifo_in_place_of_the_file_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    os.mkfifo(path)
    with pytest.raises(ConfigError, match="not a regular file"):
        config.load(path)


def test_a_settings_folder_that_is_a_file_or_a_dangling_link_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "not-a-folder"
    folder.write_text("", encoding="utf-8")
    with pytest.raises(ConfigError, match="is not a folder"):
        config.load(folder / "config.toml")
    link = tmp_path / "gone"
    link.symlink_to(tmp_path / "missing")
    with pytest.raises(ConfigError, match="a link to nothing"):
        config.load(link / "config.toml")


def test_a_huge_file_is_not_read(tmp_path: Path) -> None:
    path = write(tmp_path, "# " + "x" * config.MAX_BYTES)
    with pytest.raises(ConfigError, match="not a settings file"):
        config.load(path)


def test_saving_one_setting_writes_only_that_setting(tmp_path: Path) -> None:
    """Issue 11: the file says what the table chose, not every default."""
    path = tmp_path / "config.toml"
    chosen = replace(Config(), play=replace(Config().play, own_dice=True))
    config.save(chosen, path)
    assert path.read_text().split() == ["[play]", "own_dice", "=", "true"]
    assert config.load(path) == chosen
    config.save(Config(), path)
    assert path.read_text() == ""


def _keys(cls: type, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every settings key, as the path of tables to it."""
    found: list[tuple[str, ...]] = []
    for name in _names(cls):
        hint = typing.get_type_hints(cls)[name]
        if _is_table(hint):
            found += _keys(hint, (*prefix, name))
        found.append((*prefix, name))
    return found


def _names(cls: type) -> list[str]:
    """A table's keys: a msgspec Struct's fields, or a dataclass's (the camera's)."""
    if issubclass(cls, msgspec.Struct):
        return [field.name for field in msgspec.structs.fields(cls)]
    return [field.name for field in dataclasses.fields(cls)]


def _is_table(hint: object) -> bool:
    """Whether a setting's type is a table of settings (a Struct or a dataclass)."""
    return isinstance(hint, type) and (
        issubclass(hint, msgspec.Struct) or dataclasses.is_dataclass(hint)
    )


HUGE = st.one_of(
    st.text(min_size=1, max_size=3).map(lambda t: t * 2000),
    st.integers(10**300, 10**3000),
    st.integers(10**300, 10**3000).map(lambda n: -n),
    st.lists(st.just("x" * 1000), min_size=1, max_size=5),
)
"""Values far longer than any the settings hold, of each kind a file may give."""

BOUND = 400
"""The most characters a refusal may add to the file's name, the longest "known here" list
of keys included."""


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(_keys(Config)),
    value=HUGE,
    # not only spaces: such a key's echo runs on from the space before it in the message
    stray=st.text(min_size=1, max_size=2).filter(lambda text: not text.isspace()),
)
def test_a_huge_value_or_key_is_echoed_cut_in_one_short_line(
    key: tuple[str, ...], value: object, stray: str
) -> None:
    """A value of thousands of characters, in any key, or an unknown key as long, is
    refused in one line that shows its start and says it was cut."""
    for data, sent in (
        (_nest(key, value), value),
        (_nest((*key[:-1], stray * 3000), 1), stray * 3000),
    ):
        try:
            config.parse(data, source="config.toml")
        except ConfigError as error:
            message = str(error)
        else:
            continue
        assert len(message) <= len("config.toml") + BOUND, message
        assert len(message.splitlines()) == 1
        assert str(sent)[: config.ECHO + 1] not in message
        if str(sent)[: config.ECHO - 1] in message:  # echoed: its start, and that it was cut
            assert re.search(r"… \(cut; \d+ characters in all\)", message)


def _nest(key: tuple[str, ...], value: object) -> dict[str, object]:
    """``{"a": {"b": value}}`` for the key ``a.b``."""
    data: object = value
    for part in reversed(key):
        data = {part: data}
    assert isinstance(data, dict)
    return data


def test_a_cut_echo_shows_its_start_and_its_length(tmp_path: Path) -> None:
    path = write(tmp_path, f'[play]\ngame = "{"chess" * 1000}"\n')
    with pytest.raises(ConfigError) as refused:
        config.load(path)
    shown = f"{repr('chess' * 1000)[:60]}… (cut; 5002 characters in all); allowed: mice-mystics"
    assert str(refused.value).startswith(f"{path}: play.game: unknown game {shown}")
