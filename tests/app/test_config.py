"""Settings: defaults without a file; a bad value names file, key and what is allowed."""

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
