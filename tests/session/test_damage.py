"""Journals cut or changed at 200 random places (pinned seed) and at places chosen on purpose
(an old step behind the newest snapshot, each field of the session's row, every index page,
frames of a WAL already copied into the file), read by every reader as a user would:
``tablekit state``, ``check``, ``script``, the app and ``check --repair`` (issue 13, Build 6;
issue 23, items 7 and 8). No traceback, no state that is no prefix, no acknowledged line lost,
no session left unusable, no repair that fails its own check, and every reader tells the same
story. ``python -m benchmarks.journal_damage`` runs 1,000 random places and every chosen
one."""

from __future__ import annotations

from pathlib import Path

import damaged_journal
import pytest

CHOSEN = ("old step", "session row", "index", "backfilled wal frame 3")


@pytest.mark.slow
def test_every_damaged_journal_is_read_alike_by_every_reader_and_nothing_acknowledged_is_lost(
    tmp_path: Path,
) -> None:
    counts, failures = damaged_journal.run(200, tmp_path, seed=13, chosen=CHOSEN)
    assert failures == []
    for count in damaged_journal.COUNTS:
        if count != "readable refused":
            assert counts[count] == 0, count
    assert counts["silent"] == counts["traceback"] == counts["refused-but-written"] == 0
    assert counts["prefix"] >= 100 and counts["refused"] >= 1  # both endings really happen
    for form in ("wal cut", "wal byte", "db cut", "db byte", "record remove", "record swap"):
        assert any(key.startswith(f"random {form}") for key in counts), form
    for place in CHOSEN:  # counted by their first two words
        assert any(key.startswith(f"chosen {' '.join(place.split()[:2])}") for key in counts)
