"""Journals cut or changed at 200 random places (pinned seed): the WAL, the database file
and single records. Each opens with exactly the steps before the damage and says what was
dropped, or is refused in one line and left as it was; never a traceback, never a silent
change (issue 13, Build 6). ``python -m benchmarks.journal_damage`` runs 1,000 or more."""

from __future__ import annotations

from pathlib import Path

from benchmarks import journal_damage


def test_every_damaged_journal_is_salvaged_with_its_exact_prefix_or_refused(
    tmp_path: Path,
) -> None:
    counts, failures = journal_damage.run(200, tmp_path, seed=13)
    assert failures == []
    assert counts["silent"] == counts["traceback"] == counts["refused-but-written"] == 0
    assert counts["prefix"] >= 100 and counts["refused"] >= 10  # both endings really happen
    for form in ("wal cut", "wal byte", "db cut", "db byte", "record remove", "record swap"):
        assert any(key.startswith(form) for key in counts), form
