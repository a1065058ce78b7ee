"""The kiosk as tablekit sees it: kiosk.env beside the venv names its folders, account and
groups, and doctor checks who owns the sessions, the groups and the shipped files."""

from __future__ import annotations

import os
import pwd
import shutil
from pathlib import Path

import pytest

from tablekit.devices import kiosk
from tablekit.local import paths


@pytest.fixture
def env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kiosk.env as the installer writes it, found as the one beside this venv."""
    file = tmp_path / "kiosk.env"
    monkeypatch.setattr(paths, "kiosk_file", lambda: file)
    monkeypatch.delenv("TABLEKIT_DATA_DIR", raising=False)
    monkeypatch.delenv("TABLEKIT_CONFIG_DIR", raising=False)
    return file


def write_kiosk(file: Path, root: Path, user: str = "root", groups: str = "root") -> None:
    file.write_text(
        "# written by install-pi.sh\n"
        f"TABLEKIT_CONFIG_DIR={root / 'etc'}\nTABLEKIT_DATA_DIR={root / 'var'}\n"
        f'TABLEKIT_USER={user}\nTABLEKIT_GROUPS="{groups}"\nLD_PRELOAD=/evil.so\n'
    )


def test_every_command_from_the_kiosks_venv_uses_the_kiosks_folders(
    env_file: Path, tmp_path: Path
) -> None:
    write_kiosk(env_file, tmp_path)
    assert paths.config_file() == tmp_path / "etc" / "config.toml"
    assert paths.journal_file() == tmp_path / "var" / "journal.sqlite3"
    assert "LD_PRELOAD" not in paths.kiosk(), "only tablekit's own keys are taken"
    check = kiosk.check_kiosk()
    assert check.ok and str(env_file) in check.text and str(tmp_path / "var") in check.text


def test_the_environment_wins_over_the_kiosk_file(
    env_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_kiosk(env_file, tmp_path)
    monkeypatch.setenv("TABLEKIT_DATA_DIR", str(tmp_path / "elsewhere"))
    assert paths.data_dir() == tmp_path / "elsewhere"


def test_without_a_kiosk_file_the_users_own_folders_are_used(env_file: Path) -> None:
    assert not env_file.exists()
    assert paths.kiosk() == {}
    assert paths.data_dir().name == "tablekit"


def test_a_journal_left_to_another_account_is_a_problem_with_its_mend(
    env_file: Path, tmp_path: Path
) -> None:
    write_kiosk(env_file, tmp_path)
    (tmp_path / "var").mkdir()
    (tmp_path / "etc").mkdir()
    journal = tmp_path / "var" / "journal.sqlite3"
    journal.write_text("")
    assert kiosk.check_owner().ok
    nobody = pwd.getpwnam("nobody")
    os.chown(journal, nobody.pw_uid, nobody.pw_gid)
    check = kiosk.check_owner()
    assert not check.ok
    assert str(journal) in check.text and f"sudo chown -R root: {tmp_path / 'var'}" in check.text


def test_an_account_that_no_longer_exists_is_named(env_file: Path, tmp_path: Path) -> None:
    write_kiosk(env_file, tmp_path, user="tablekit-gone")
    check = kiosk.check_owner()
    assert not check.ok and "tablekit-gone does not exist" in check.text


def test_the_units_groups_must_exist_and_hold_the_account(env_file: Path, tmp_path: Path) -> None:
    write_kiosk(env_file, tmp_path, user="root", groups="root")
    assert kiosk.check_groups().ok
    write_kiosk(env_file, tmp_path, user="root", groups="root no-such-group")
    check = kiosk.check_groups()
    assert not check.ok and "no-such-group" in check.text
    write_kiosk(env_file, tmp_path, user="nobody", groups="root")
    check = kiosk.check_groups()
    assert not check.ok and "sudo usermod -aG root nobody" in check.text


def test_the_shipped_files_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert kiosk.check_assets().ok
    copy, font = tmp_path / "assets", kiosk.shipped("fonts", "Lato-Bold.ttf")
    shutil.copytree(kiosk.shipped(), copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(kiosk, "shipped", lambda *parts: copy.joinpath(*parts))
    assert kiosk.check_assets().ok
    (copy / "fonts" / "Lato-Bold.ttf").write_bytes(b"<html>not found</html>")
    check = kiosk.check_assets()
    assert not check.ok and "Lato-Bold.ttf" in check.text
    shutil.copy(font, copy / "fonts")
    shutil.rmtree(copy / "sounds")
    (copy / "sounds").mkdir()
    check = kiosk.check_assets()
    assert not check.ok and "no files" in check.text
