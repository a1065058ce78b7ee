"""Chained step checksums, the upgrade of a journal written by the last release, and damage
found, set aside and reported: a changed, missing or reordered step, a lost newest step, a
write-ahead log cut short, and files that are not tablekit journals (issue 13, Build 6)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, Tally, counter_registered

from tablekit import cli
from tablekit.local import paths
from tablekit.session import Journal, Redo, Session, Undo, acks, guard, store
from tablekit.session.journal import SCHEMA_VERSION, JournalError, NotAJournal, chain
from tablekit.session.salvage import inspect
from tablekit.session.store import open_session

RELEASE = Path(__file__).with_name("data") / "journal-schema1.sqlite3"
GAMES = {"test-counter": Counter()}


def files(path: Path) -> dict[str, bytes]:
    """Every file beside the journal that holds anything (its WAL, its sidecar, kept copies),
    by name; SQLite's shared-memory index is not the journal's content."""
    found = sorted(p for p in path.parent.iterdir() if p.is_file() and p.stat().st_size)
    return {p.name: p.read_bytes() for p in found if not p.name.endswith("-shm")}


def counter(path: Path, steps: int, every: int = 500) -> Session[Tally]:
    """A session "c" adding 1, 2, ... ``steps``, whose total after step k is k(k+1)/2."""
    session: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    session.snapshot_every = every
    for amount in range(1, steps + 1):
        session.apply(Add(amount))
    return session


def total(steps: int) -> int:
    return steps * (steps + 1) // 2


def reopen(path: Path) -> Session[Tally]:
    return open_session(Journal(path, clock=TEST_CLOCK), "c", None, GAMES, create=False)


def test_each_checksum_chains_to_the_one_before(tmp_path: Path) -> None:
    session = counter(tmp_path / "j.sqlite3", 5)
    rows = session.journal._db.execute("SELECT command, events, checksum FROM steps ORDER BY id")
    previous = ""
    for command, events, checksum in rows.fetchall():
        assert checksum == chain(previous, command, events)
        previous = checksum
    assert session.journal.head("c") == previous
    session.apply(Undo())
    assert session.journal.head("c") != previous  # the head follows undo and redo
    session.apply(Redo())
    assert session.journal.head("c") == previous


def test_the_last_releases_journal_is_upgraded_once_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(RELEASE, path)
    before = path.read_bytes()
    journal = Journal(path, readonly=True, clock=TEST_CLOCK)
    read = open_session(journal, "campaign", None, GAMES, create=False, touch=False)
    assert read.state.total == total(10) and read.can_redo
    assert path.read_bytes() == before  # reading did not upgrade it
    journal = Journal(path, clock=TEST_CLOCK)
    assert journal._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert all(inspect(journal, name).ok for name in ("campaign", "short"))
    campaign = open_session(journal, "campaign", None, GAMES, create=False)
    assert campaign.state.total == total(10) and not journal.drops
    campaign.apply(Redo())
    assert campaign.state.total == total(11)
    campaign.apply(Add(100))  # drops the undone step 12
    assert open_session(journal, "short", None, GAMES, create=False).state.total == 60
    assert reopen_named(path, "campaign").state.total == total(11) + 100


def reopen_named(path: Path, name: str) -> Session[Tally]:
    return open_session(Journal(path, clock=TEST_CLOCK), name, None, GAMES, create=False)


def test_a_changed_step_of_the_last_release_is_still_found_after_the_upgrade(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(RELEASE, path)
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET events = replace(events, '7', '9') WHERE id = 7")
    db.execute("DELETE FROM snapshots")
    db.commit()
    db.close()
    session = reopen_named(path, "campaign")
    assert session.state.total == total(6)
    [drop] = session.journal.drops
    assert drop.count == 6 and drop.session == "campaign"  # 7 .. 10 and the undone 11, 12


DAMAGE = {
    "a digit in a step's events": (
        "UPDATE steps SET events = replace(events, '7', '9') WHERE id = 7",
        6,
        6,
    ),
    "a step's events cut short": (
        "UPDATE steps SET events = substr(events, 1, 9) WHERE id = 7",
        6,
        6,
    ),
    "a step's command changed": (
        "UPDATE steps SET command = replace(command, '7', '8') WHERE id = 7",
        6,
        6,
    ),
    "a step removed": ("DELETE FROM steps WHERE id = 7", 6, 5),
    "two steps swapped": (
        "UPDATE steps SET id = 100 WHERE id = 7; UPDATE steps SET id = 7 WHERE id = 8;"
        "UPDATE steps SET id = 8 WHERE id = 100",
        6,
        6,
    ),
    "the newest step removed": ("DELETE FROM steps WHERE id = 12", 11, 1),
    "the newest step marked undone": ("UPDATE steps SET undone = 1 WHERE id = 12", 11, 1),
    "a checksum changed": ("UPDATE steps SET checksum = 'x' WHERE id = 7", 6, 6),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_session_opens_with_every_step_before_the_damage(
    tmp_path: Path, damage: tuple[str, int, int]
) -> None:
    sql, kept, count = damage
    path = tmp_path / "journal.sqlite3"
    counter(path, 12).journal.close()
    db = sqlite3.connect(path)
    db.executescript(sql)
    db.commit()
    db.close()
    found = files(path)
    session = reopen(path)
    assert session.state.total == total(kept)
    [drop] = session.journal.drops
    assert drop.session == "c" and drop.count == count
    assert drop.copy is not None and drop.first is not None and drop.last is not None
    assert drop.first <= drop.last
    assert Path(drop.copy).read_bytes() == found[path.name]  # the damaged file, kept as it was
    assert f"{drop.count} change(s) made " in drop.describe(
        TEST_CLOCK
    ) and drop.copy in drop.describe(TEST_CLOCK)
    again = reopen(path)  # repaired once: the next opening finds nothing more
    assert again.state.total == total(kept) and not again.journal.drops
    again.apply(Add(1000))
    assert reopen(path).state.total == total(kept) + 1000


def test_state_reports_the_damage_and_shows_the_good_steps_without_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    counter_registered(monkeypatch)
    path = paths.journal_file()
    counter(path, 12).journal.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET events = replace(events, '9', '4') WHERE id = 9")
    db.commit()
    db.close()
    before = files(path)
    assert cli.main(["state", "--session", "c"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"] == total(8)
    assert "the session 'c' was damaged" in err and "4 change(s)" in err
    assert files(path) == before  # nothing written, nothing copied


def test_check_reports_and_repair_writes_the_good_steps_to_a_new_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = paths.journal_file()
    counter(path, 12, every=3).journal.close()
    assert cli.main(["check"]) == 0
    assert "'c': 12 steps, all check out" in capsys.readouterr().out
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET events = replace(events, '2', '3') WHERE id = 2")
    db.commit()
    db.close()
    before = files(path)
    assert cli.main(["check", "--repair"]) == 1
    out = capsys.readouterr().out
    assert "'c': 1 steps check out" in out and "11 change(s)" in out and "from step 2" in out
    [repaired] = [p for p in path.parent.iterdir() if re.search(r"\.repaired-[\d-]+$", p.name)]
    assert {k: v for k, v in files(path).items() if k in before} == before
    assert (
        reopen(repaired).state.total == 1 and inspect(Journal(repaired, clock=TEST_CLOCK), "c").ok
    )
    assert cli.main(["check", "--journal", str(repaired)]) == 0


def test_a_wal_cut_short_is_reported_with_what_it_lost(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    session = counter(path, 30)
    session.journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for amount in range(31, 41):
        session.apply(Add(amount))  # ten commits in the WAL, beyond the checkpoint
    saved = tmp_path / "saved"
    saved.mkdir()
    for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-acked"):
        shutil.copyfile(tmp_path / name, saved / name)  # the files as a pulled plug leaves them
    session.journal.close()
    for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-acked"):
        shutil.copyfile(saved / name, tmp_path / name)
    wal = tmp_path / "journal.sqlite3-wal"
    page = int.from_bytes(wal.read_bytes()[8:12], "big")
    frames = (wal.stat().st_size - 32) // (page + 24)
    with wal.open("r+b") as stream:
        stream.truncate(32 + (frames - 3) * (page + 24) + 100)  # mid-frame, three frames short
    cut = wal.read_bytes()
    opened = reopen(path)
    [drop] = opened.journal.drops
    lost = 40 - len(opened.journal.steps("c"))
    assert lost >= 1 and opened.state.total == total(40 - lost)
    assert drop.count >= lost and "write-ahead log" in drop.why and drop.copy
    assert Path(f"{drop.copy}-wal").read_bytes() == cut
    assert not reopen(path).journal.drops  # said once


def test_the_sidecar_keeps_a_head_as_the_checksum_it_is_and_an_older_layout_is_passed_over(
    tmp_path: Path,
) -> None:
    """The sidecar stores a head (a SHA-256 in hex) as its first 16 bytes, and anything else
    by digest. A sidecar of the layout before (a SHA-256 seal, magic "tkacked3") is read as
    none: the journal opens without a report, and its next commit writes the new layout."""
    head = chain("", "command", "[]")
    assert acks.mark(head) == bytes.fromhex(head)[:16]
    assert acks.mark("") == acks.digest("") and acks.mark("z" * 64) == acks.digest("z" * 64)
    path = tmp_path / "journal.sqlite3"
    session = counter(path, 3)
    owner = session.journal._db.execute("SELECT journal FROM meta").fetchone()[0]
    session.journal.close()
    old = acks.LAYOUT.pack(b"tkacked3", 99, 0.0, acks.digest(owner), acks.digest("c"), b"\0" * 16)
    acks.sidecar(path).write_bytes(old + hashlib.sha256(old).digest()[:8])
    assert acks.read(path, owner) is None
    opened = reopen(path)
    assert opened.state.total == total(3) and not opened.journal.drops
    opened.apply(Add(4))
    acked = acks.read(path, owner)
    assert acked is not None and acked.version == opened.version
    assert acked.head == acks.mark(opened.journal.head("c"))


def test_a_session_whose_version_starts_anew_with_its_steps_is_not_reported(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.sqlite3"
    counter(path, 5).journal.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE sessions SET version = 0")  # as a session back from the trash has
    db.commit()
    db.close()
    opened = reopen(path)
    assert opened.state.total == total(5) and not opened.journal.drops


FOREIGN = {
    "random bytes": lambda path: path.write_bytes(bytes(range(256)) * 40),
    "another program's SQLite file": lambda path: foreign(path, wal=False),
    "another program's SQLite file in WAL": lambda path: foreign(path, wal=True),
    "an empty file with a live WAL": lambda path: empty_with_wal(path),
    "a WAL with no file": lambda path: empty_with_wal(path, unlink=True),
}


def foreign(path: Path, wal: bool) -> None:
    db = sqlite3.connect(path)
    if wal:
        db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE birds (name TEXT)")
    db.execute("INSERT INTO birds VALUES ('owl')")
    db.commit()
    db.close()


def empty_with_wal(path: Path, unlink: bool = False) -> None:
    keep = sqlite3.connect(path)  # a writer still open: its WAL holds everything
    keep.execute("PRAGMA journal_mode=WAL")
    keep.execute("CREATE TABLE sessions (name TEXT)")
    keep.commit()
    shutil.copyfile(f"{path}-wal", f"{path}-wal.keep")
    keep.close()
    path.write_bytes(b"")
    if unlink:
        path.unlink()
    Path(f"{path}-wal.keep").rename(f"{path}-wal")


@pytest.mark.parametrize("make", FOREIGN.values(), ids=FOREIGN.keys())
@pytest.mark.parametrize("readonly", [False, True])
def test_a_file_that_is_not_a_journal_is_refused_and_left_untouched(
    tmp_path: Path, make: object, readonly: bool
) -> None:
    path = tmp_path / "journal.sqlite3"
    assert callable(make)
    make(path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.name.endswith("-shm")}
    with pytest.raises(NotAJournal, match=r"cannot use the journal .*left as (it|they)"):
        Journal(path, readonly=readonly, clock=TEST_CLOCK)
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.name.endswith("-shm")}
    assert after == before


def test_the_cli_refuses_a_foreign_file_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = paths.journal_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    foreign(path, wal=False)
    assert cli.main(["sessions"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a tablekit journal" in err


def test_an_empty_file_without_a_wal_becomes_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"")  # a first start that stopped before writing anything
    journal = Journal(path, clock=TEST_CLOCK)
    journal.create("c", "test-counter")
    journal.close()
    assert Journal(path, readonly=True, clock=TEST_CLOCK).exists("c")


def test_a_read_of_a_missing_journal_finds_none(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="no journal"):
        Journal(tmp_path / "none.sqlite3", readonly=True, clock=TEST_CLOCK)


UNCHECKPOINTED = Path(__file__).with_name("data") / "journal-wal-only.sqlite3"


def copy_unchecked(path: Path) -> None:
    """The last release's journal that was never checkpointed: page 1 and a 140 KB WAL."""
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(UNCHECKPOINTED, path)
    shutil.copyfile(f"{UNCHECKPOINTED}-wal", f"{path}-wal")


def test_a_release_journal_never_checkpointed_is_read_then_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    copy_unchecked(path)
    assert path.stat().st_size == 4096  # every table is in the write-ahead log
    before = files(path)
    read = open_session(
        Journal(path, readonly=True, clock=TEST_CLOCK),
        "campaign",
        None,
        GAMES,
        create=False,
        touch=False,
    )
    assert read.state.total == total(5)
    assert files(path) == before  # reading wrote nothing
    journal = Journal(path, clock=TEST_CLOCK)
    assert journal._user_version() == SCHEMA_VERSION and inspect(journal, "campaign").ok
    campaign = open_session(journal, "campaign", None, GAMES, create=False)
    assert campaign.state.total == total(5) and not journal.drops
    campaign.apply(Add(6))
    journal.close()
    assert reopen_named(path, "campaign").state.total == total(6)


def test_the_cli_reads_a_release_journal_never_checkpointed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    copy_unchecked(paths.journal_file())
    assert cli.main(["sessions"]) == 0
    assert "campaign" in capsys.readouterr().out


def schema0(path: Path) -> None:
    """The last release's journal taken back to schema 0: no checksums, no snapshots."""
    shutil.copyfile(RELEASE, path)
    db = sqlite3.connect(path)
    db.executescript(
        "DROP TABLE snapshots; ALTER TABLE steps DROP COLUMN checksum; PRAGMA user_version = 0"
    )
    db.close()


@pytest.mark.parametrize("old", [0, 1])
def test_check_finds_an_older_journal_whole_and_leaves_it_as_it_was(
    capsys: pytest.CaptureFixture[str], old: int
) -> None:
    path = paths.journal_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    if old == 0:
        schema0(path)
    else:
        shutil.copyfile(RELEASE, path)
    before = files(path)
    assert cli.main(["check"]) == 0
    out = capsys.readouterr().out
    assert "'campaign': 12 steps, all check out" in out and "'short': 3 steps, all" in out
    assert files(path) == before


@pytest.mark.parametrize("away", ["deleted", "renamed"])
def test_a_name_used_again_is_no_wal_cut_short(tmp_path: Path, away: str) -> None:
    """A session whose name was a deleted (or renamed) one's starts at version 0, below what
    the sidecar acknowledged for the old one: its creation is acknowledged in its place."""
    path = tmp_path / "journal.sqlite3"
    session: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "table", Counter())
    session.apply(Add(1))
    session.apply(Add(2))
    if away == "deleted":
        store.delete(session.journal, "table")
    else:
        store.rename(session.journal, "table", "old table")
    session.journal.create("table", "test-counter")  # a script whose first line was refused
    session.journal.close()
    journal = Journal(path, clock=TEST_CLOCK)
    assert journal.drops == [] and not list(tmp_path.glob("*.damaged-*"))
    assert open_session(journal, "table", None, GAMES, create=False).state.total == 0
    journal.close()
    if away == "renamed":
        assert reopen_named(path, "old table").state.total == 3
        assert Journal(path, clock=TEST_CLOCK).drops == []


def test_a_wal_cut_short_is_still_reported_when_no_copy_can_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "journal.sqlite3"
    counter(path, 5).journal.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE sessions SET version = 1, head = 'older'")  # behind the sidecar's 5
    db.commit()
    db.close()

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(guard, "copy_files", full)
    journal = Journal(path, clock=TEST_CLOCK)
    [drop] = journal.drops
    assert drop.copy is None and drop.count == 4 and "write-ahead log" in drop.why
    assert "No space left on device" in caplog.text
    assert not list(tmp_path.glob("*.damaged-*"))


def test_no_step_is_cut_when_no_copy_of_the_damage_can_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cutting the bad steps without a copy would lose them for good: with the disk full,
    opening refuses in one line and the file stays as it was."""
    path = tmp_path / "journal.sqlite3"
    counter(path, 12).journal.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET checksum = 'x' WHERE id = 7")
    db.commit()
    db.close()
    before = sqlite3.connect(path).execute("SELECT count(*) FROM steps").fetchone()

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(guard, "copy_files", full)
    with pytest.raises(JournalError, match="no copy of the journal can be kept.*nothing was"):
        reopen(path)
    assert sqlite3.connect(path).execute("SELECT count(*) FROM steps").fetchone() == before
