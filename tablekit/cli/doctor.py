"""``tablekit doctor``: the start-up checks on the command line, one line each.

Exit status: 0 when every check is ok, 1 when any shows a problem (each
problem's line says what to do). The app runs the same checks at start-up
and shows the problems on its first screen. The checks of the machine's
devices are in :mod:`tablekit.devices.doctor`; those of the config and the
journal are here, where the session may be opened.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.cli.commands import add
from tablekit.devices.checks import Check
from tablekit.devices.doctor import (
    check_camera,
    check_card,
    check_display,
    check_input,
    check_pads,
    journal_problem,
)
from tablekit.devices.drm import SYS, video_driver
from tablekit.devices.kiosk import check_assets, check_groups, check_kiosk, check_owner
from tablekit.local import config, paths
from tablekit.local.clock import open_journal
from tablekit.local.config import Config
from tablekit.session.errors import JournalError, NoJournalYet
from tablekit.session.journal import JournalBusy

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


def add_doctor_parser(sub: Subparsers) -> None:
    add(sub, "doctor").set_defaults(func=run_doctor)


def run_doctor(args: argparse.Namespace) -> int:
    _, checks = examine()
    for check in checks:
        print(check.line())
    return 0 if all(check.ok for check in checks) else 1


def examine(
    environ: Mapping[str, str] | None = None, root: Path = SYS
) -> tuple[Config, list[Check]]:
    """Every check, and the settings to run with: the config's, or the defaults if it is bad."""
    environ = os.environ if environ is None else environ
    settings, config_check = check_config()
    driver = video_driver(environ)
    checks = [
        config_check,
        check_display(driver, environ, root),
        check_card(driver, environ, root),
        check_input(driver, root),
        check_pads(settings.buttons, root),
        check_camera(settings, root),
        check_journal(paths.journal_file()),
        check_kiosk(),
        check_owner(),
        check_groups(),
        check_assets(),
    ]
    return settings, checks


def check_config() -> tuple[Config, Check]:
    """The settings file is read and valid, or the app runs on the defaults and says why."""
    path = paths.config_file()
    try:
        settings = config.load(path)
    except config.ConfigError as error:
        return Config(), Check.say(
            False,
            "{error}. Correct it (or remove it); until then the defaults are used.",
            "config",
            error=str(error).rstrip("."),
        )
    if path.exists():
        return settings, Check.say(True, "{path} is valid.", "config", path=str(path))
    return settings, Check.say(True, "No {path}: the defaults are used.", "config", path=str(path))


def check_journal(path: Path) -> Check:
    """The journal is tablekit's and opens (read only: nothing is written or created).

    A foreign or unreadable file would stop the app; the start-up screen offers to set it
    aside instead. A journal another program is writing is fine: it is the app's own.
    """
    if not path.exists() and not Path(f"{path}-wal").exists():
        return Check.say(True, "No journal yet: one is made at {path}.", "journal", path=str(path))
    if not os.access(path, os.R_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        return Check.say(
            False,
            "{path} cannot be opened from this account: run doctor as its owner, or with sudo.",
            "journal",
            path=str(path),
        )
    try:
        open_journal(path, readonly=True).close()
    except JournalBusy:
        pass
    except NoJournalYet:  # a first creation a killed writer left: the app makes it anew
        return Check.say(True, "No journal yet: one is made at {path}.", "journal", path=str(path))
    except JournalError as error:
        return journal_problem(path, error)
    return Check.say(True, "{path} is a tablekit journal.", "journal", path=str(path))
