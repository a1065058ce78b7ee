"""``tablekit doctor``: the start-up checks on the command line, one line each.

Exit status: 0 when every check is ok, 1 when any shows a problem (each
problem's line says what to do). The app runs the same checks at start-up
and shows the problems on its first screen.
"""

from __future__ import annotations

import argparse

from tablekit.cli.sessions import Subparsers
from tablekit.devices.doctor import examine


def add_doctor_parser(sub: Subparsers) -> None:
    doctor = sub.add_parser(
        "doctor",
        help="check the screen, touch, config, pads and camera; exit 1 if any has a problem",
    )
    doctor.set_defaults(func=run_doctor)


def run_doctor(args: argparse.Namespace) -> int:
    _, checks = examine()
    for check in checks:
        print(check.line())
    return 0 if all(check.ok for check in checks) else 1
