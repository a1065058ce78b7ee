"""The user's journal at the table: opened at start, and set aside only when someone taps.

A journal that cannot be used (another program's file, random bytes) does not stop
the table: the app starts on an empty journal in memory, and the start-up screen
says why and offers a fresh journal; the file is renamed aside only on that tap.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tablekit.devices.checks import Check
from tablekit.devices.doctor import journal_problem
from tablekit.local import failures, paths
from tablekit.local.clock import open_journal
from tablekit.local.config import Config
from tablekit.session import guard
from tablekit.session.journal import Journal, JournalBusy, JournalError
from tablekit.ui.app import App
from tablekit.ui.scenes.startup import StartupScene


def run(settings: Config, problems: Sequence[Check] = ()) -> int:
    """Start the table app with the user's journal; return the exit code.

    ``problems`` (start-up checks that failed) are shown first, never a black screen.
    A journal that cannot be used (another program's file, random bytes) is one of
    them: the app starts on an empty journal in memory and the start-up screen offers to
    set the file aside for a fresh one; until someone taps that, the file is untouched.
    """
    path = paths.journal_file()
    shown = [check for check in problems if check.name != "journal"]
    unusable = False
    try:
        journal = open_journal(path)
    except JournalBusy:
        raise
    except JournalError as error:
        failures.note(f"the journal {path} cannot be used: {error}")
        print(f"tablekit: {error}", file=sys.stderr)
        shown.append(journal_problem(path, error))
        journal = open_journal(":memory:")
        unusable = True
    app = App(settings, journal)
    if shown:
        startup = app.scene_named("startup")
        assert isinstance(startup, StartupScene)
        fresh = (lambda: fresh_journal(app, path)) if unusable else None
        startup.show(shown, then=app.scene.name, fresh=fresh)
        app.goto("startup")
    try:
        return app.run()
    finally:
        app.journal.close()  # a session whose whole chain was found whole is vouched for


def fresh_journal(app: App, path: Path) -> None:
    """Set the unusable file at ``path`` aside (renamed beside it) and play on with a new,
    empty journal there, which the next start opens too."""
    try:
        aside = guard.set_aside(path, app.journal.clock)
        journal = Journal(path, clock=app.journal.clock)
    except (OSError, JournalError) as error:
        failures.note(f"no fresh journal could be made at {path}: {error}")
        app.notice(app.unreadable(str(error)))
        return
    failures.note(f"the journal {path} was set aside as {aside.name}; a fresh one was made")
    app.journal.close()
    app.journal = journal
    app.goto("home")
    app.notice(
        app.tr("The old file is kept as {name}; this is a fresh journal").format(
            name=aside.name
        )
    )
