"""``tablekit state``, ``check`` and ``sessions`` write nothing: not a byte of any file beside
the journal changes, and no file appears, with or without a write-ahead log (issue 26, item 7).

Each read runs on a copy of a journal: one a writer closed (no ``-wal`` or ``-shm``), and one
a writer left open with commits still only in its write-ahead log, as a killed app leaves it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, counter_registered

from tablekit import cli
from tablekit.local import paths
from tablekit.session import Journal, Session, guard
from tablekit.session.guard import copy_files

READS = (["state", "--session", "s"], ["check"], ["sessions"])
CLOSED = 40
"""Steps in the journal's file once its writer closed it."""
LOGGED = 7
"""Steps a writer left open commits after those, with no checkpoint: only in its log."""


@pytest.fixture(autouse=True)
def counter_only(monkeypatch: pytest.MonkeyPatch) -> None:
    counter_registered(monkeypatch)


def every_file(folder: Path) -> dict[str, str]:
    """Each file in ``folder`` by name, with a digest of its bytes: the listing and contents."""
    return {
        name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
        for name in sorted(os.listdir(folder))
    }


def written(folder: Path) -> Session[object]:
    """A session ``s`` of ``CLOSED`` pinned additions in a journal in ``folder``."""
    session: Session[object] = Session.create(
        Journal(folder / "journal.sqlite3", clock=TEST_CLOCK), "s", Counter()
    )
    rng = random.Random(26)
    for _ in range(CLOSED):
        session.apply(Add(rng.randint(1, 9)))
    return session


@pytest.fixture(params=["closed", "logged"])
def copied(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Path, int]]:
    """A copy of a journal, as the reads find it, and the total its session holds."""
    made, copy = tmp_path / "made", tmp_path / "copy"
    made.mkdir()
    copy.mkdir()
    session = written(made)
    if request.param == "logged":
        session.journal._db.execute("PRAGMA wal_autocheckpoint=0")
        for amount in range(1, LOGGED + 1):
            session.apply(Add(amount))
    total = session.view()["total"]
    if request.param == "closed":
        session.journal.close()
    names = sorted(os.listdir(made))
    copy_files([(made / name, copy / name) for name in names])  # the writer's locks kept
    if request.param == "logged":
        session.journal.close()
        assert {"journal.sqlite3-wal", "journal.sqlite3-shm"} <= set(names)
    else:
        assert not any(name.endswith(("-wal", "-shm")) for name in names)
    monkeypatch.setenv("TABLEKIT_DATA_DIR", str(copy))
    assert paths.journal_file() == copy / "journal.sqlite3"
    yield copy, total


@pytest.mark.slow
@pytest.mark.parametrize("read", READS, ids=[read[0] for read in READS])
def test_a_read_leaves_every_file_as_it_was(
    copied: tuple[Path, int], read: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, total = copied
    before = every_file(folder)
    assert cli.main(read) == 0
    assert every_file(folder) == before
    out = capsys.readouterr().out
    if read[0] == "state":  # the commits only in the log are read too
        assert json.loads(out)["total"] == total
    if read[0] == "sessions":
        assert out.split() == ["s", "test-counter"]
    if read[0] == "check":
        steps = CLOSED + LOGGED if "journal.sqlite3-wal" in before else CLOSED
        assert f"'s': {steps} steps, all check out" in out


def test_a_read_without_a_log_knows_when_a_writer_moved_the_file(tmp_path: Path) -> None:
    """A journal with no write-ahead log is read without a lock: a writer that starts and
    checkpoints meanwhile changes the file under the read, which then says so (and the CLI
    reads again); a writer that never opens it leaves it standing."""
    written(tmp_path).journal.close()
    read = Journal(tmp_path / "journal.sqlite3", readonly=True, clock=TEST_CLOCK)
    try:
        assert not read.moved()
        writer = Session(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), "s", Counter())
        writer.apply(Add(1))
        writer.journal.close()  # its checkpoint writes the file
        assert read.moved()
    finally:
        read.close()


def test_a_read_of_a_copy_in_memory_does_not_claim_the_file(copied: tuple[Path, int]) -> None:
    """A read of a log nobody holds runs on a copy in memory and keeps no descriptor of the
    file, so the file may be replaced and its inode number come back as another file's while
    the read is open: were the read noted as holding it, the new file would skip its check
    (a damaged journal was then said in SQLite's bare words, not as one SQLite cannot read).
    A read of the file itself (no log) holds it, as a writer does."""
    folder, total = copied
    file = folder / "journal.sqlite3"
    read = Journal(file, readonly=True, clock=TEST_CLOCK)
    try:
        in_memory = Path(f"{file}-wal").exists()
        assert Session(read, "s", Counter()).view()["total"] == total
        assert guard.held(file) is not in_memory
    finally:
        read.close()
    assert not guard.held(file)
