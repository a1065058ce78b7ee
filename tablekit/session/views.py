"""Each session's views as its writer last had them, kept in the journal, so that ``tablekit
state`` prints one without loading the game's rules or the session (issue 26 item 3).

The app keeps them once the table has been quiet a moment, and when it closes; a script
keeps them when it ends (:func:`tablekit.session.store.keep_views`). A kept view is printed
only while it is current: its session is still at the version and head it was kept at, and
it was written by this very build (:func:`build`), so a view's shape or a rule changed by an
upgrade is never printed from an older build's row; nor once the sidecar of acknowledged
changes no longer says what it said then (a change acknowledged since, or an older copy of
the file put back, which the full read reports as lost changes). Anything else (no row,
another version, a log nobody holds, a killed first creation, a file that is not a
journal) is left to the full read, which opens the session as before and says what is
wrong. A build
without a :data:`BUILD_FILE` (a development tree) keeps and reads none, so every read
there is the full one.

This module is what ``tablekit state`` loads on its way to a kept view: the standard library
and the journal's light readers only (no msgspec, typing or json); the writer's half is in
:mod:`.store` and :mod:`.schema`.

A kept view is what the session showed, not a fresh walk of its steps: steps damaged at
rest since (their rows changed under the same version) are not seen by this read, which
prints the view as the table last saw it; the full read, the app's next start and ``tablekit
check`` walk them and say so.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from tablekit.session import guard, reading

ACKED = 76
"""The bytes at the head of the sidecar (``acks.sidecar``) that say the newest change
acknowledged: its layout and seal (a test holds this to ``acks``)."""

CURRENT = (
    "SELECT views.text, views.acked FROM views JOIN sessions ON sessions.name = views.session "
    "AND sessions.version = views.version AND sessions.head = views.head "
    "WHERE views.session = coalesce(?1, "
    "(SELECT name FROM sessions ORDER BY touched DESC, name LIMIT 1)) "
    "AND views.audience = ?2 AND views.build = ?3"
)
"""The text of a current view of session ``?1`` (None: the last used, as ``Journal.last``)
for audience ``?2``, kept by build ``?3``."""

BUILD_FILE = "build-digest.txt"
"""Beside tablekit's ``__init__.py`` in a built package: the digest of every file the build
installed (written by ``setup.py``: :func:`tablekit.session.rules_source.write_build`)."""

_build: list[str | None] = []


def build() -> str | None:
    """This build's digest, or None where the build wrote none, or in a source checkout
    (``pyproject.toml`` beside the package), where a file left by a build would be stale."""
    if not _build:
        import tablekit

        package = os.path.dirname(tablekit.__file__)
        _build.append(None)
        if not os.path.exists(os.path.join(package, "..", "pyproject.toml")):
            try:
                with open(os.path.join(package, BUILD_FILE), encoding="utf-8") as found:
                    _build[0] = found.read(200).strip() or None
            except OSError:
                pass
    return _build[0]


def current(path: Path, session: str | None, audience: str) -> str | None:
    """The kept view of ``session`` (None: the last used) for ``audience``, as it prints,
    if one is current; None sends the caller to the full read."""
    made = build()
    row = None if made is None else read_row(path, CURRENT, (session, audience, made))
    if row is None or not isinstance(row[0], str) or row[1] != acked(path):
        return None  # none, or a change was acknowledged since: the full read says so
    return row[0]


def acked(path: Path) -> bytes:
    """The sidecar's acknowledgement of the journal at ``path`` as it stands (b"": none):
    kept with the views, so a read finds them behind it when it no longer is (a change
    acknowledged since, or the file put back)."""
    try:
        with open(f"{path}-acked", "rb") as found:
            return found.read(ACKED)
    except OSError:
        return b""


def read_row(path: Path, query: str, values: tuple[object, ...]) -> tuple[object, ...] | None:
    """The first row ``query`` finds in the journal at ``path``, read as :mod:`.reading`
    opens it, so nothing is written; None where there is none, or where the light read
    cannot tell (no file, a killed first creation, a log nobody holds, not a journal, a
    writer moved the file meanwhile): the caller then takes its full path."""
    if not path.is_file() or guard.unfinished(path):
        return None
    read = reading.Read(path)
    if read.copies:  # a log nobody holds: the full read copies it aside
        return None
    try:
        db = read.connect()
        try:
            row = db.execute(query, values).fetchone()
        finally:
            db.close()
    except sqlite3.Error:  # no such table yet, or no journal: the full read says which
        return None
    return None if row is None or read.moved() else tuple(row)
