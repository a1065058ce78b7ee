"""Writes ``journal-schema1.sqlite3``: a journal as the release before chained checksums
(schema 1: each step checksummed alone, snapshots) wrote it, for the migration test.

It was run once with that release's code, not this tree's::

    git archive eca1ba2 tablekit | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release:tests python tests/session/data/build_release_journal.py

Two sessions of the test counter game: "campaign" with 12 steps (snapshots
every 5), the last two undone, and "short" with 3 steps.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fakegame import Add, Counter

from tablekit.session import Journal, Session, Undo

OUT = Path(__file__).with_name("journal-schema1.sqlite3")


def main() -> None:
    OUT.unlink(missing_ok=True)
    journal = Journal(OUT)
    campaign = Session.create(journal, "campaign", Counter())
    campaign.snapshot_every = 5
    for amount in range(1, 13):
        campaign.apply(Add(amount))
    campaign.apply(Undo())
    campaign.apply(Undo())
    short = Session.create(journal, "short", Counter())
    for amount in (10, 20, 30):
        short.apply(Add(amount))
    journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
