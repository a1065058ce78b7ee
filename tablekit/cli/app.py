"""``tablekit run`` and ``tablekit screenshot``: the pygame side, imported only when run.

``run`` shows the frame kept from the last run before it loads the rest of the app
(:mod:`tablekit.ui.kept_frame`), so this module's own imports are the light ones."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from tablekit.cli.commands import add

if TYPE_CHECKING:
    from tablekit.cli.commands import Subparsers


def add_run_parser(sub: Subparsers) -> None:
    add(sub, "run").set_defaults(func=run_app)


def add_screenshot_parser(sub: Subparsers) -> None:
    from tablekit.cli.sessions import session_options

    shot = add(sub, "screenshot")
    shot.add_argument("scene", help="a scene name, e.g. home or settings")
    shot.add_argument("--size", default="800x480", help="WIDTHxHEIGHT")
    shot.add_argument("--out", required=True, help="the PNG file to write")
    session_options(shot)
    shot.set_defaults(func=take_screenshot)


def run_app(args: argparse.Namespace) -> int:
    """Run the start-up checks, say what failed (to the journal and on screen), then play.

    A bad config does not stop the app: it runs on the defaults and its first
    screen says what is wrong with the file.
    """
    from tablekit.devices.drm import choose_card
    from tablekit.local.notify import Notifier
    from tablekit.ui import kept_frame

    choose_card(os.environ)  # before SDL opens a screen
    if kept_frame.show():
        Notifier().send("STATUS=showing the last frame")

    from tablekit.cli.doctor import examine
    from tablekit.ui.journal_care import run

    settings, checks = examine()
    problems = [check for check in checks if not check.ok]
    for check in problems:
        print(f"tablekit: start-up check: {check.line()}", file=sys.stderr)
    return run(settings, problems)


def take_screenshot(args: argparse.Namespace) -> int:
    from tablekit.local import config, paths
    from tablekit.local.clock import open_journal
    from tablekit.ui.screenshot import screenshot

    width, _, height = args.size.partition("x")
    if not (width.isdigit() and height.isdigit()):
        print("tablekit: --size must look like 800x480", file=sys.stderr)
        return 2
    config.load()  # a bad config stops here, with its file and key
    journal = open_journal(paths.journal_file())
    return screenshot(args.scene, (int(width), int(height)), args.out, journal, args.session)
