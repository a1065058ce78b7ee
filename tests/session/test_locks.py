"""A second look at the journal file from the same process costs the app none of its locks
(issue 13: nothing acknowledged is ever lost).

SQLite's locks on the journal are POSIX advisory locks, and closing any descriptor of the
file in a process drops all of that process's locks. The app opens the journal a second time
to walk a session's chain, and copies the file beside itself when it finds damage. When either
read the file directly, a script that finished in another process found the app's locks gone,
took itself for the last user, and deleted the write-ahead log the app went on writing to:
the app's next commits never reached another reader and were lost when it was killed.
"""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter

from tablekit.session import Journal, Session
from tablekit.session.guard import copy_files, held

TESTS = Path(__file__).resolve().parent.parent


def another_process(path: Path, add: int | None) -> tuple[int, ...]:
    """The session's additions as a script in another process sees them, after it adds
    ``add`` (None: only reads) and closes the journal."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from fakegame import Add, Counter\n"
        "from tablekit.local.clock import open_journal\n"
        "from tablekit.session import Session\n"
        "journal = open_journal(sys.argv[2])\n"
        "session = Session(journal, 'c', Counter())\n"
        "if sys.argv[3] != '-':\n"
        "    session.apply(Add(int(sys.argv[3])))\n"
        "print(','.join(map(str, session.state.added)))\n"
        "journal.close()\n"
    )
    argv = [sys.executable, "-c", code, str(TESTS), str(path), "-" if add is None else str(add)]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    return tuple(int(n) for n in done.stdout.split()[-1].split(","))


@pytest.mark.slow
@pytest.mark.parametrize("second_look", ["chain walk", "damage copy"])
def test_a_second_look_from_the_apps_process_leaves_its_log_to_it(
    tmp_path: Path, second_look: str
) -> None:
    path = tmp_path / "journal.sqlite3"
    app = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    app.apply(Add(1))
    if second_look == "chain walk":
        Journal(path, readonly=True, clock=TEST_CLOCK).close()  # as the app's chain check opens it
    else:
        app.journal.keep_copy()  # as the app keeps a damaged file beside the journal
    assert another_process(path, 10) == (1, 10)
    assert Path(f"{path}-wal").exists()  # the app still uses it: the script left it
    app.apply(Add(2))
    app.apply(Add(3))
    assert another_process(path, None) == (1, 10, 2, 3)


def test_a_copy_is_each_file_byte_for_byte(tmp_path: Path) -> None:
    source = tmp_path / "journal.sqlite3"
    source.write_bytes(bytes(range(256)) * 40)
    log = tmp_path / "journal.sqlite3-wal"
    log.write_bytes(b"\x00\xff" * 999)
    copy_files([(source, tmp_path / "copy"), (log, tmp_path / "copy-wal")])
    assert (tmp_path / "copy").read_bytes() == source.read_bytes()
    assert (tmp_path / "copy-wal").read_bytes() == log.read_bytes()
    with pytest.raises(OSError, match="cannot copy"):
        copy_files([(tmp_path / "missing", tmp_path / "copy2")])


def test_a_journal_dropped_unclosed_no_longer_holds_its_file(tmp_path: Path) -> None:
    """A journal left to the collector (its connection closed with it) stops marking its file
    as held here. A test that dropped one once made a later test's new journal, given the old
    file's inode number, look held: its first-creation check was skipped and a killed creation
    read as a whole journal (a flake of ``test_hot_journal`` under load)."""
    path = tmp_path / "journal.sqlite3"
    Journal(path, clock=TEST_CLOCK).close()
    dropped = Journal(path, readonly=True, clock=TEST_CLOCK)
    assert held(path)
    del dropped
    gc.collect()
    assert not held(path)
    kept = Journal(path, readonly=True, clock=TEST_CLOCK)
    kept.close()
    kept.close()  # a second close releases nothing more
    assert not held(path)
