"""Settings: defaults without a file; a bad value names file, key and what is allowed."""

import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from tablekit.local import config
from tablekit.local.config import Config, ConfigError


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
