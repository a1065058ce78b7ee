"""One reading of damage (issue 23, item 7): a step changed behind the newest snapshot, which
opening never reads, is found by ``tablekit state``, ``check``, ``script`` and the app alike,
and no line is acknowledged onto the damaged chain. A chain found whole by a writer is not
walked again by the next read while the files stand as that writer left them."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from fakegame import LISTING, Add, Counter, Tally, counter_registered

from tablekit import cli
from tablekit.local import paths
from tablekit.local.config import Config
from tablekit.session import Journal, Session, salvage
from tablekit.ui import theme
from tablekit.ui.app import App

GAMES = {"test-counter": Counter()}
LINES = '{"id": "a", "type": "t.add", "amount": 1000}\n{"id": "b", "type": "t.add", "amount": 1}\n'


@pytest.fixture(autouse=True)
def counter_game(monkeypatch: pytest.MonkeyPatch) -> None:
    counter_registered(monkeypatch)


def twelve() -> Path:
    """Session "c" adding 1 .. 12, a snapshot every 5 steps: opening folds from step 10."""
    path = paths.journal_file()
    session: Session[Tally] = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    session.snapshot_every = 5
    for amount in range(1, 13):
        session.apply(Add(amount))
    session.journal.close()
    return path


def change_step(path: Path, step: int) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET events = replace(events, 'amount', 'amoun') WHERE id = ?", (step,))
    db.commit()
    db.close()


def steps(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT count(*) FROM steps").fetchone()[0])
    finally:
        db.close()


def test_an_old_step_changed_behind_the_snapshot_is_one_story_and_no_line_goes_onto_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = twelve()
    change_step(path, 2)
    assert cli.main(["state", "--session", "c"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"] == 1  # the step before the damage, as the app keeps it
    assert "the session 'c' was damaged" in err and "11 change(s)" in err
    assert cli.main(["check"]) == 1
    assert "'c': 1 steps check out" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(LINES))
    assert cli.main(["script", "-", "--session", "c"]) == 1
    out, err = capsys.readouterr()
    [answer] = [json.loads(line) for line in out.splitlines()]
    assert answer["line"] == 0 and not answer["ok"]
    assert "damaged from step 2" in answer["error"] and "check --repair" in answer["error"]
    assert err.count("\n") == 1 and "nothing was applied" in err
    assert steps(path) == 12  # nothing acknowledged, nothing cut by the script
    journal = Journal(
        path, clock=TEST_CLOCK
    )  # the app: the walk behind the first frame sets the damage aside
    session = salvage.open_checked(journal, "c", Counter())
    assert session.state.total == 78
    finding = salvage.inspect(journal, "c")
    assert not finding.ok and finding.bad == 2
    kept, drop = salvage.salvage(journal, "c")
    assert drop is not None and drop.count == 11
    assert Session(kept, "c", Counter()).state.total == 1
    kept.close()
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(LINES))
    assert cli.main(["script", "-", "--session", "c", "--state"]) == 0  # now on a sound chain
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["total"] == 1002


def test_a_read_walks_a_chain_a_writer_found_whole_only_once_the_files_changed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = twelve()
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    assert cli.main(["script", "-", "--session", "c"]) == 0  # walks, finds it whole, vouches
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(LINES))
    assert cli.main(["script", "-", "--session", "c"]) == 0  # vouched: vouches again, as it left
    capsys.readouterr()
    walks: list[str] = []
    inspect = salvage.inspect

    def counted(journal: Journal, session: str) -> salvage.Finding:
        walks.append(session)
        return inspect(journal, session)

    monkeypatch.setattr(salvage, "inspect", counted)
    assert cli.main(["state", "--session", "c"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 78 + 1001 and walks == []
    change_step(path, 2)
    assert cli.main(["state", "--session", "c"]) == 0
    out, err = capsys.readouterr()
    assert walks and json.loads(out)["total"] == 1 and "was damaged" in err


@pytest.fixture
def app_on() -> Iterator[list[App]]:
    apps: list[App] = []
    yield apps
    for app in apps:
        app.scene.exit()
        app.pad_backends.close()
        app.journal.close()
    theme.font.cache_clear()
    pygame.quit()


def test_the_app_takes_no_command_before_the_whole_chain_was_walked(
    app_on: list[App],
) -> None:
    """A tap the moment the session opens waits for the walk behind the first frame; the
    damage it finds is set aside first, and the tap is not acknowledged onto it."""
    path = twelve()
    change_step(path, 3)
    app = App(Config(), Journal(path, clock=TEST_CLOCK), (800, 480), games={LISTING.name: LISTING})
    app_on.append(app)
    assert app.session is not None and app.session.state.total == 78
    assert not app.submit(Add(1000))
    assert app.session.state.total == 3 and "10" in app.notice_text
    assert app.submit(Add(1000))  # after the reopened session's own walk
    assert app.session.state.total == 1003
    assert [s.command for s in app.journal.steps("c")][-1] == '{"type":"t.add","amount":1000}'
