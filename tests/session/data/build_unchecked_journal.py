"""Writes ``journal-wal-only.sqlite3`` and its ``-wal``: a journal as the release before the
application id (schema 1) left it when the Pi lost power before SQLite ever checkpointed,
so the file holds only page 1 and every table lives in the write-ahead log.

It was run once with that release's code, not this tree's::

    git archive eefe560 tablekit | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release:tests python tests/session/data/build_unchecked_journal.py

One session of the test counter game, "campaign", adding 1 .. 5; the process
then ends without closing the journal (a pulled plug), and the shared-memory
index it leaves is deleted (it is not the journal's content).
"""

from __future__ import annotations

import os
from pathlib import Path

from fakegame import Add, Counter

from tablekit.session import Journal, Session

OUT = Path(__file__).with_name("journal-wal-only.sqlite3")


def main() -> None:
    for end in ("", "-wal", "-shm"):
        Path(f"{OUT}{end}").unlink(missing_ok=True)
    campaign = Session.create(Journal(OUT), "campaign", Counter())
    for amount in range(1, 6):
        campaign.apply(Add(amount))
    Path(f"{OUT}-shm").unlink()  # SQLite rebuilds it from the log
    os._exit(0)  # no close, no checkpoint


if __name__ == "__main__":
    main()
