"""A journal whose first creation was killed mid-transaction leaves a hot rollback journal
beside it (issue 23, item 9). Every reader tells the story the app does: SQLite's rollback,
done on a copy, so a read still writes nothing; the first writer rolls the file back."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from clocks import TEST_CLOCK

from tablekit import cli
from tablekit.cli.doctor import check_journal
from tablekit.local import paths
from tablekit.session import Journal
from tablekit.session.guard import APPLICATION_ID

KILLED = f"""
import os, signal, sqlite3, sys
path, committed = sys.argv[1], sys.argv[2] == "1"
db = sqlite3.connect(path, isolation_level=None)
if committed:  # the application id was written, and the switch to WAL was under way
    db.execute("PRAGMA application_id = {APPLICATION_ID}")
db.execute("PRAGMA cache_size = 1")  # the pages spill into the file before the commit
db.execute("BEGIN")
if not committed:
    db.execute("PRAGMA application_id = {APPLICATION_ID}")
db.execute("CREATE TABLE sessions (name TEXT)")
db.executemany("INSERT INTO sessions VALUES (?)", [("x" * 3000,)] * 50)
os.kill(os.getpid(), signal.SIGKILL)
"""


def killed_creation(path: Path, committed: bool) -> dict[str, bytes]:
    """The files a first creation killed mid-transaction leaves, by name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    run = subprocess.run([sys.executable, "-c", KILLED, str(path), "1" if committed else "0"])
    assert run.returncode == -signal.SIGKILL
    journal = Path(f"{path}-journal")
    assert journal.stat().st_size > 0 and path.stat().st_size > 0  # a hot rollback journal
    return files(path)


def files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.parent.iterdir() if not p.name.endswith("-shm")}


@pytest.mark.parametrize("committed", [False, True], ids=["first write", "switch to WAL"])
def test_every_reader_reads_a_killed_first_creation_as_the_app_does_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], committed: bool
) -> None:
    path = paths.journal_file()
    before = killed_creation(path, committed)
    assert cli.main(["sessions"]) == 0
    assert capsys.readouterr() == ("", "")
    assert cli.main(["state"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "readonly" not in err
    assert "no session called 'table'; sessions: none yet" in err, err
    check = check_journal(path)
    assert check.ok, check.line()
    code = cli.main(["check"])
    out, err = capsys.readouterr()
    assert "readonly" not in out + err and "Traceback" not in out + err
    assert code == (0 if committed else 2) and (out + err).count("\n") <= 2  # 2: no journal yet
    assert files(path) == before  # no reader rolled the file back or wrote beside it
    journal = Journal(path, clock=TEST_CLOCK)  # the app: SQLite rolls the unfinished creation back
    journal.create("friday", "test-counter")
    journal.close()
    assert not Path(f"{path}-journal").exists()
    assert cli.main(["sessions"]) == 0
    assert capsys.readouterr().out == "friday\ttest-counter\n"
    assert os.path.getsize(path) > 0
