"""The kiosk unit is hardened as far as the devices allow, and stays a template the installer fills.

The unit is rendered here the way install-pi.sh renders it (its four placeholders
replaced by realistic values) and judged by systemd itself: ``systemd-analyze
security --offline=yes`` for the exposure score, ``systemd-analyze verify`` for
the syntax. Nothing runs as root or touches the machine's systemd.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "tablekit.service"

MOST_EXPOSURE = 4.0
"""The highest overall exposure ``systemd-analyze security`` may give the unit."""

GROUPS = "video render input gpio dialout"
PLACEHOLDERS = {"@USER@", "@VENV@", "@PREFIX@", "@GROUPS@"}
LEFT_OUT = ("PrivateDevices", "PrivateNetwork", "PrivateUsers", "ProcSubset")
"""Settings that would cut the kiosk off a device or its hotplug events; the unit says why."""


def analyze() -> str:
    found = shutil.which("systemd-analyze")
    if found is None:
        pytest.skip("systemd-analyze is not installed (apt install systemd)")
    return found


def render(folder: Path, text: str | None = None) -> Path:
    """The unit as install-pi.sh writes it, as ``folder/tablekit.service``.

    ``systemd-analyze verify`` refuses a unit whose ExecStart program does not
    exist, so the venv's ``tablekit`` is a stub here, and ``kiosk.env`` is
    written as the installer writes it.
    """
    prefix = folder / "opt" / "tablekit"
    venv = prefix / "venv"
    program = venv / "bin" / "tablekit"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    (prefix / "kiosk.env").write_text(
        "TABLEKIT_DATA_DIR=/var/lib/tablekit\nTABLEKIT_CONFIG_DIR=/etc/tablekit\n"
    )
    text = UNIT.read_text() if text is None else text
    for placeholder, value in {
        "@USER@": "tablekit",
        "@VENV@": str(venv),
        "@PREFIX@": str(prefix),
        "@GROUPS@": GROUPS,
    }.items():
        text = text.replace(placeholder, value)
    unit = folder / "tablekit.service"
    unit.write_text(text)
    return unit


def exposure(unit: Path) -> tuple[float, str]:
    """The overall exposure score of ``unit`` and the report it comes from."""
    checked = subprocess.run(
        [analyze(), "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", checked.stdout)
    if found is None and "offline" in checked.stderr:
        pytest.skip(f"this systemd-analyze cannot judge a unit offline: {checked.stderr.strip()}")
    assert found, f"no exposure score in:\n{checked.stdout}\n{checked.stderr}"
    return float(found.group(1)), checked.stdout


def settings(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_the_unit_is_exposed_at_most_four(tmp_path: Path) -> None:
    score, report = exposure(render(tmp_path))
    missing = "\n".join(line for line in report.splitlines() if line.startswith("✗"))
    assert score <= MOST_EXPOSURE, f"exposure {score}; what is missing:\n{missing}"


def test_the_score_check_can_fail(tmp_path: Path) -> None:
    """The check above can fail: the unit without its system call, address and
    capability limits scores worse than the bar."""
    weakened = "\n".join(
        line
        for line in UNIT.read_text().splitlines()
        if not line.startswith(
            ("SystemCallFilter=", "RestrictAddressFamilies=", "CapabilityBoundingSet=")
        )
    )
    score, _ = exposure(render(tmp_path, weakened))
    assert score > MOST_EXPOSURE


def test_the_rendered_unit_verifies_without_a_word(tmp_path: Path) -> None:
    checked = subprocess.run(
        [analyze(), "verify", str(render(tmp_path))], capture_output=True, text=True, timeout=120
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == ""


def test_the_template_has_exactly_the_installers_placeholders(tmp_path: Path) -> None:
    assert set(re.findall(r"@[A-Z_]+@", UNIT.read_text())) == PLACEHOLDERS
    assert not re.search(r"@[A-Z_]+@", render(tmp_path).read_text())


def test_the_groups_and_folders_come_from_the_installer() -> None:
    """No group list written into the unit: the installer names the groups that exist."""
    found = settings(UNIT.read_text())
    assert found["SupplementaryGroups"] == ["@GROUPS@"]
    assert found["EnvironmentFile"] == ["@PREFIX@/kiosk.env"]
    assert not [value for value in found["Environment"] if value.startswith("TABLEKIT_")]
    assert {"XDG_RUNTIME_DIR=/run/tablekit", "LG_WD=/run/tablekit"} <= set(found["Environment"])


def test_every_device_is_explained() -> None:
    lines = UNIT.read_text().splitlines()
    allowed = [at for at, line in enumerate(lines) if line.startswith("DeviceAllow=")]
    assert allowed, "the unit opens no device"
    for at in allowed:
        assert lines[at - 1].startswith("# "), f"no comment above {lines[at]}"
    assert settings(UNIT.read_text())["DevicePolicy"] == ["closed"]


def test_what_would_break_a_device_stays_out_and_says_why() -> None:
    text = UNIT.read_text()
    found = settings(text)
    for key in LEFT_OUT:
        assert key not in found, key
        assert re.search(rf"^# Left out: {key}=", text, re.MULTILINE), f"no reason for {key}"
