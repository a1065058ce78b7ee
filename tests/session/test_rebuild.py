"""A journal SQLite cannot read whole (issue 23, item 8): a damaged page costs only the rows on
it, a damaged index nothing. Salvage reads each table by rowid, never through an index;
``check --repair`` rebuilds the rows that read through a fresh schema, checks the new file
and leaves nothing behind when it fails; a read-only check finds no damage an index made up;
and the app, or a read, rebuilds what it can instead of refusing."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, Tally, counter_registered

from tablekit import cli
from tablekit.local import paths
from tablekit.session import Journal, Session, readable
from tablekit.session.salvage import ChainCheck, inspect, open_checked, salvage

PAGE = 4096


@pytest.fixture(autouse=True)
def counter_game(monkeypatch: pytest.MonkeyPatch) -> None:
    counter_registered(monkeypatch)


def played(path: Path, steps: int = 300) -> None:
    """Session "c" adding 1 .. ``steps`` (long texts, so the steps fill many pages), all in
    the database file, a snapshot every 100 steps."""
    session: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    session.snapshot_every = 100
    for amount in range(1, steps + 1):
        session.apply(Add(amount))
    session.journal.close()


def pages(path: Path, name: str) -> list[int]:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        found = db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            (name,),
        )
        return [int(row[0]) for row in found]
    finally:
        db.close()


def wreck(path: Path, page: int) -> None:
    """Noise over the cells of one page (its header kept, so SQLite still finds the page)."""
    data = bytearray(path.read_bytes())
    start = (page - 1) * PAGE
    data[start + 200 : start + PAGE - 8] = (bytes(range(256)) * 16)[: PAGE - 208]
    path.write_bytes(bytes(data))


def totals(path: Path) -> int:
    """How many steps of "c" plain SQLite reads by rowid, one at a time."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    found = 0
    try:
        for step in range(1, 400):
            with contextlib.suppress(sqlite3.DatabaseError):
                found += (
                    db.execute("SELECT 1 FROM steps WHERE id = ?", (step,)).fetchone() is not None
                )
        return found
    finally:
        db.close()


def test_rows_on_a_damaged_page_are_lost_alone(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    played(path)
    leaves = pages(path, "steps")
    wreck(path, leaves[len(leaves) // 2])
    journal = Journal(path, readonly=True, clock=TEST_CLOCK)
    read = readable.rows_of(journal._db, "steps", "command")
    journal.close()
    missing = sorted(set(range(1, 301)) - {row[0] for row in read.rows})
    assert 0 < len(missing) < 50 and missing == list(range(missing[0], missing[-1] + 1))
    assert [row[0] for row in read.rows] == sorted(row[0] for row in read.rows)


def test_an_index_that_went_wrong_is_no_damage_to_a_read_only_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = paths.journal_file()
    played(path)
    for page in pages(path, "steps_by_session"):
        wreck(path, page)
    assert cli.main(["check"]) == 1  # SQLite's check says so: the file wants repairing
    out = capsys.readouterr().out
    assert "'c': 300 steps, all check out" in out and "dropped" not in out
    assert cli.main(["state", "--session", "c"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"] == 300 * 301 // 2 and "damaged" not in err


def test_repair_rebuilds_a_broken_index_and_its_file_passes_its_own_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = paths.journal_file()
    played(path)
    for page in pages(path, "steps_by_session"):
        wreck(path, page)
    before = path.read_bytes()
    assert cli.main(["check", "--repair"]) == 1
    [repaired] = [p for p in path.parent.iterdir() if re.search(r"\.repaired-[\d-]+$", p.name)]
    capsys.readouterr()
    assert cli.main(["check", "--journal", str(repaired)]) == 0
    assert "'c': 300 steps, all check out" in capsys.readouterr().out
    assert path.read_bytes() == before


def test_repair_keeps_the_steps_when_the_sessions_page_is_damaged_and_leaves_no_partial_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The session's record is lost with its page; its steps and the snapshots, whose
    checksum covers the game's name, still read: the repair keeps them all."""
    path = paths.journal_file()
    played(path)
    [page] = pages(path, "sessions")
    data = bytearray(path.read_bytes())
    data[(page - 1) * PAGE : page * PAGE] = (bytes([13]) + bytes(range(255)) * 17)[:PAGE]
    path.write_bytes(bytes(data))
    code = cli.main(["check", "--repair"])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err, out + err
    left = [p.name for p in path.parent.iterdir() if ".repair" in p.name]
    [repaired] = [p for p in path.parent.iterdir() if re.search(r"\.repaired-[\d-]+$", p.name)]
    assert left == [repaired.name]
    assert cli.main(["check", "--journal", str(repaired)]) == 0
    session = open_checked(Journal(repaired, clock=TEST_CLOCK), "c", Counter())
    assert session.state.total == 300 * 301 // 2


def test_a_page_of_steps_damaged_costs_the_app_only_the_steps_from_it_on(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    played(path)
    leaves = pages(path, "steps")
    wreck(path, leaves[len(leaves) // 2])
    readable_steps = totals(path)
    journal = Journal(path, clock=TEST_CLOCK)
    session = open_checked(journal, "c", Counter())  # from the snapshot at 300
    check = ChainCheck(path, "c", clock=TEST_CLOCK)
    check.wait()
    assert check.finding is not None and not check.sound
    kept, drop = salvage(journal, "c")
    assert kept is journal and drop is not None and drop.copy is not None
    assert journal.integrity() == "ok"  # rebuilt in place: every index and page anew
    session = Session(journal, "c", Counter())
    steps = len(journal.steps("c"))
    assert 100 < steps < readable_steps and session.state.total == steps * (steps + 1) // 2
    session.apply(Add(1000))  # takes commands again
    journal.close()
    again = open_checked(Journal(path, clock=TEST_CLOCK), "c", Counter())
    assert again.state.total == steps * (steps + 1) // 2 + 1000
    assert inspect(again.journal, "c").ok


def test_state_reads_what_sqlite_can_read_of_a_damaged_page_instead_of_refusing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = paths.journal_file()
    played(path, 120)
    leaves = pages(path, "steps")
    wreck(path, leaves[-1])  # the newest steps, which opening folds after the snapshot
    before = path.read_bytes()
    assert cli.main(["state", "--session", "c"]) == 0
    out, err = capsys.readouterr()
    total = json.loads(out)["total"]
    assert 0 < total < 120 * 121 // 2 and "the session 'c' was damaged" in err
    assert path.read_bytes() == before


def test_a_snapshot_whose_step_was_lost_is_cut_and_never_taken_for_the_next_step(
    tmp_path: Path,
) -> None:
    """Step 10, at which a snapshot was taken, removed: the cut from step 11 takes the
    snapshot too, so the next command, which gets the id 10 again, is not read as it."""
    path = tmp_path / "journal.sqlite3"
    session: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    session.snapshot_every = 5
    for amount in range(1, 13):
        session.apply(Add(amount))
    session.journal.close()
    db = sqlite3.connect(path)
    db.execute("DELETE FROM steps WHERE id = 10")
    db.commit()
    db.close()
    opened = open_checked(Journal(path, clock=TEST_CLOCK), "c", Counter())
    assert opened.state.total == 45
    opened.apply(Add(1000))
    opened.journal.close()
    assert open_checked(Journal(path, clock=TEST_CLOCK), "c", Counter()).state.total == 1045
