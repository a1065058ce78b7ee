"""The Pi installer's real path: the script users run, run for real against a throwaway root.

``TABLEKIT_ROOT`` puts every file it writes under a temporary folder, and logging
stand-ins (``tests/pi/installer/shim.py``) take the place of apt, dpkg, systemd,
udev and the account commands, acting on that root's ``etc/passwd``, ``etc/group``
and package marks. Everything else (the shell, its file writes, cp, chown with the
root's own numbers) is real. A dry run proves nothing about this path: an earlier
installer recursed into itself on its first file write and never finished.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import stat
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pi.installer.shim import stand_ins

pytestmark = pytest.mark.slow
"""Slow: each test runs the real installer in a scratch root (tens of seconds)."""

CHECKOUT = Path(__file__).resolve().parents[2]
INSTALLER = CHECKOUT / "systemd" / "install-pi.sh"
PI_ONLY = "python3-picamera2 python3-libcamera python3-lgpio"
DEBIAN = "python3-venv python3-numpy"
KEPT = ("etc/tablekit", "var/lib/tablekit")
"""What --uninstall leaves, on purpose: the settings and the sessions (README)."""


@dataclass
class Machine:
    root: Path
    log: Path
    path: str

    def run(self, *options: str, fail: str = "", debian_only: bool = False) -> Ran:
        available = DEBIAN if debian_only else f"{DEBIAN} {PI_ONLY}"
        env = {
            **os.environ,
            "TABLEKIT_ROOT": str(self.root),
            "PATH": self.path,
            "SHIM_LOG": str(self.log),
            "SHIM_AVAILABLE": available,
            "SHIM_FAIL": fail,
            "SUDO_USER": "",
        }
        self.log.write_text("")
        done = subprocess.run(
            ["bash", str(INSTALLER), *options], capture_output=True, text=True, env=env, timeout=300
        )
        return Ran(done.returncode, done.stdout, done.stderr, self.log.read_text().splitlines())

    def snapshot(self) -> dict[str, tuple[int, int, int, str]]:
        """Every path under the root: its mode, owner, group and content (or link target)."""
        found = {}
        for path in sorted(self.root.rglob("*")):
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                body = "-> " + os.readlink(path)
            elif stat.S_ISREG(info.st_mode):
                body = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                body = ""
            found[str(path.relative_to(self.root))] = (info.st_mode, info.st_uid, info.st_gid, body)
        return found

    def marks(self) -> dict[str, str]:
        status = self.root / "var/lib/dpkg/shim-status"
        return dict(line.split() for line in status.read_text().splitlines() if line)

    def text(self, path: str) -> str:
        return (self.root / path).read_text()


@dataclass
class Ran:
    code: int
    out: str
    err: str
    commands: list[str]

    def did(self, pattern: str) -> bool:
        return any(re.search(pattern, line) for line in self.commands)


@pytest.fixture
def machine(tmp_path: Path) -> Iterator[Machine]:
    """A Pi OS image in a folder: the usual groups, a desktop user pi, bookworm, apt's marks."""
    root = tmp_path / "root"
    for folder in (
        "etc/systemd/system/multi-user.target.wants",
        "etc/udev/rules.d",
        "var/lib/dpkg",
        "home/pi",
        "run",
        "usr/local",
        "opt",
    ):
        (root / folder).mkdir(parents=True)
    (root / "etc/systemd/system/multi-user.target.wants/ssh.service").symlink_to(
        "/lib/systemd/system/ssh.service"
    )
    (root / "etc/passwd").write_text(
        "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000::/home/pi:/bin/bash\n"
    )
    (root / "etc/group").write_text(
        "root:x:0:\nvideo:x:44:pi\nrender:x:105:\ninput:x:106:\ngpio:x:997:\n"
        "dialout:x:20:pi\npi:x:1000:\n"
    )
    (root / "etc/os-release").write_text("ID=debian\nVERSION_CODENAME=bookworm\n")
    (root / "var/lib/dpkg/shim-status").write_text("python3 manual\npython3-numpy auto\n")
    os.chown(root / "home/pi", 1000, 1000)
    shims = tmp_path / "shims"
    stand_ins(shims)
    yield Machine(root, tmp_path / "commands.log", f"{shims}:{os.environ['PATH']}")


def without_kept(snapshot: dict[str, tuple[int, int, int, str]]) -> dict[str, object]:
    """The snapshot without what is kept on purpose, and without apt's marks (compared apart)."""
    return {
        path: what
        for path, what in snapshot.items()
        if not path.startswith(KEPT) and path != "var/lib/dpkg/shim-status"
    }


def test_every_function_is_named_apart_from_the_commands() -> None:
    """A function called install once shadowed install(1): the first file write re-ran it all."""
    names = re.findall(r"^([A-Za-z_][\w-]*)\(\)", INSTALLER.read_text(), re.MULTILINE)
    assert names and all(name.startswith("tk_") for name in names), names
    assert not [name for name in names if shutil.which(name)]


def test_a_lite_install_completes_and_a_second_run_changes_nothing(machine: Machine) -> None:
    first = machine.run("--lite")
    assert first.code == 0, first.err
    assert "tablekit: installed." in first.out
    after = machine.snapshot()
    unit = machine.text("etc/systemd/system/tablekit.service")
    assert "User=tablekit" in unit and not re.search("@[A-Z]+@", unit)
    assert re.search(r"^SupplementaryGroups=video render input gpio dialout$", unit, re.M)
    assert "EnvironmentFile=/opt/tablekit/kiosk.env" in unit
    assert (
        machine.root / "etc/systemd/system/multi-user.target.wants/tablekit.service"
    ).is_symlink()
    env = machine.text("opt/tablekit/kiosk.env")
    assert "TABLEKIT_DATA_DIR=/var/lib/tablekit" in env and "TABLEKIT_USER=tablekit" in env
    tablekit = next(
        line for line in machine.text("etc/passwd").splitlines() if line.startswith("tablekit:")
    )
    uid = int(tablekit.split(":")[2])
    assert (machine.root / "var/lib/tablekit").stat().st_uid == uid
    assert (machine.root / "etc/tablekit/config.toml").stat().st_uid == uid
    assert first.did(r"^apt-get install -y --no-install-recommends python3-venv")
    assert not first.did("systemctl restart"), "systemd does not run in this root"
    assert not (machine.root / "opt/tablekit/venv/bin/pip").exists(), "pip is not kept"
    assert not list(machine.root.glob("opt/tablekit/src")), "no build copy stays"

    second = machine.run("--lite")
    assert second.code == 0, second.err
    assert machine.snapshot() == after
    assert not second.did("useradd") and not second.did("usermod")


def test_with_systemd_and_udev_running_it_restarts_the_service_and_reloads_the_rules(
    machine: Machine, tmp_path: Path
) -> None:
    (machine.root / "run/systemd/system").mkdir(parents=True)
    (machine.root / "run/udev").mkdir()
    with socket.socket(socket.AF_UNIX) as control:
        control.bind(str(machine.root / "run/udev/control"))
        ran = machine.run("--lite")
    assert ran.code == 0, ran.err
    for pattern in (
        "systemctl daemon-reload",
        "systemctl restart tablekit.service",
        "udevadm control --reload-rules",
        "udevadm trigger",
    ):
        assert ran.did(pattern), pattern


def test_uninstall_restores_accounts_files_and_package_marks(machine: Machine) -> None:
    before = machine.snapshot()
    marks = machine.marks()
    assert machine.run("--lite").code == 0
    (machine.root / "var/lib/tablekit/journal.sqlite3").write_text("the sessions")
    ran = machine.run("--uninstall")
    assert ran.code == 0, ran.err
    assert without_kept(machine.snapshot()) == without_kept(before)
    for kept in (
        "var/lib/tablekit",
        "var/lib/tablekit/journal.sqlite3",
        "etc/tablekit/config.toml",
    ):
        assert (machine.root / kept).stat().st_uid == 0, f"{kept} is left to root, who exists"
    after = machine.marks()
    assert after["python3-numpy"] == marks["python3-numpy"] == "auto"
    assert after["python3"] == "manual"
    assert {after[name] for name in PI_ONLY.split() + ["python3-venv"]} == {"auto"}


def test_a_package_that_was_automatic_is_automatic_again(machine: Machine) -> None:
    (machine.root / "var/lib/dpkg/shim-status").write_text("python3-venv auto\n")
    assert machine.run("--lite").code == 0
    assert machine.marks()["python3-venv"] == "manual"
    assert machine.run("--uninstall").code == 0
    assert machine.marks()["python3-venv"] == "auto"


def test_kept_sessions_are_handed_to_the_next_install(machine: Machine) -> None:
    """After uninstall (root owns them) a desktop install must be able to write the journal."""
    assert machine.run("--lite").code == 0
    (machine.root / "var/lib/tablekit/journal.sqlite3").write_text("the sessions")
    assert machine.run("--uninstall").code == 0
    assert machine.run("--desktop", "--user", "pi").code == 0
    assert (machine.root / "var/lib/tablekit/journal.sqlite3").stat().st_uid == 1000


def test_on_a_desktop_image_only_that_user_gets_it_and_uninstall_restores(
    machine: Machine,
) -> None:
    before = machine.snapshot()
    ran = machine.run("--desktop", "--user", "pi")
    assert ran.code == 0, ran.err
    entry = machine.root / "home/pi/.config/autostart/tablekit.desktop"
    assert entry.stat().st_uid == 1000 and (machine.root / "home/pi/.config").stat().st_uid == 1000
    assert not (machine.root / "etc/xdg/autostart/tablekit.desktop").exists()
    assert not (machine.root / "etc/systemd/system/tablekit.service").exists()
    validate = shutil.which("desktop-file-validate")
    if validate:
        checked = subprocess.run([validate, str(entry)], capture_output=True, text=True)
        assert checked.returncode == 0 and not checked.stdout, checked.stdout
    start = machine.text("opt/tablekit/start-desktop")
    assert "SDL_VIDEODRIVER=wayland" in start and "/opt/tablekit/venv/bin/tablekit run" in start
    assert "render:x:105:pi" in machine.text("etc/group").splitlines()
    assert "TABLEKIT_USER=pi" in machine.text("opt/tablekit/kiosk.env")
    assert machine.run("--uninstall").code == 0
    assert without_kept(machine.snapshot()) == without_kept(before)


def test_a_desktop_user_who_does_not_exist_is_refused_before_any_change(machine: Machine) -> None:
    before = machine.snapshot()
    ran = machine.run("--desktop", "--user", "nosuch")
    assert ran.code == 2 and "no user nosuch" in ran.err
    assert machine.snapshot() == before
    assert not ran.did("useradd") and not ran.did("apt-get install")


def test_on_plain_debian_it_stops_before_changing_anything(machine: Machine) -> None:
    before = machine.snapshot()
    ran = machine.run("--lite", debian_only=True)
    assert ran.code == 3
    assert all(package in ran.err for package in PI_ONLY.split())
    assert "archive.raspberrypi.com" in ran.err and "nothing was changed" in ran.err
    assert machine.snapshot() == before
    assert not ran.did("apt-get install") and not ran.did("useradd")


@pytest.mark.parametrize(
    ("fail", "step"),
    [
        ("apt-get install", "apt packages"),
        ("useradd", "account tablekit"),
        ("venv-pip install", "the app"),
        ("systemctl enable", "service"),
    ],
)
def test_a_failed_step_is_named_with_what_is_left_and_uninstall_undoes_it(
    machine: Machine, fail: str, step: str
) -> None:
    before = machine.snapshot()
    marks = machine.marks()
    ran = machine.run("--lite", fail=fail)
    assert ran.code == 100
    assert f"the step '{step}' failed" in ran.err
    assert "--uninstall" in ran.err
    assert "Traceback" not in ran.err
    undone = machine.run("--uninstall")
    assert undone.code == 0, undone.err
    assert without_kept(machine.snapshot()) == without_kept(before)
    assert {name: mark for name, mark in machine.marks().items() if name in marks} == marks


def test_an_install_made_by_the_earlier_installer_is_taken_over(machine: Machine) -> None:
    """Its records had other names and it kept a build copy: an update must still undo it."""
    before = machine.snapshot()
    assert machine.run("--lite").code == 0
    records = machine.root / "opt/tablekit"
    (records / "apt.added").rename(records / "apt-added")
    (records / "user.added").unlink()
    (records / "groups.added").rename(records / "groups-added")
    (records / "groups-added").write_text("tablekit video dialout\n")
    (records / "src").mkdir()
    ran = machine.run("--lite")
    assert ran.code == 0, ran.err
    assert not (records / "src").exists() and not (records / "apt-added").exists()
    assert machine.run("--uninstall").code == 0
    assert without_kept(machine.snapshot()) == without_kept(before)
