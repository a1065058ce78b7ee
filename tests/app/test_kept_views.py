"""``tablekit state`` prints the view its writer kept, when it is current, exactly as the full
read would print it, and without loading the rules or msgspec (issue 26 item 3).

A development tree keeps no views (it has no build digest), so each test here gives the
build one; the wheel's own run is in ``tests/pi/test_wheel.py``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from clocks import TEST_CLOCK
from fakegame import LISTING, Add, counter_registered

from tablekit import catalog, cli
from tablekit.cli.state import AUDIENCES
from tablekit.local import paths
from tablekit.local.config import Config
from tablekit.rules import games
from tablekit.rules.secret import audience_names
from tablekit.session import Journal, Session, acks, store, views
from tablekit.ui import theme
from tablekit.ui.app import KEEP_QUIET, App


@pytest.fixture(autouse=True)
def built(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that keeps views, and the counter game as one of its shipped games."""
    counter_registered(monkeypatch)
    monkeypatch.setitem(games.SHIPPED, LISTING.name, LISTING.rules)
    monkeypatch.setattr(views, "_build", ["build-one"])


def scripted(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> None:
    script = tmp_path / "lines.jsonl"
    script.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    assert cli.main(["script", str(script), "--session", "s", "--game", LISTING.name]) == 0
    capsys.readouterr()


def printed(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert cli.main(["state", *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def in_full(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What ``state`` prints from the full read: a build that keeps no views."""
    with monkeypatch.context() as patch:
        patch.setattr(views, "_build", [None])
        return printed(capsys, *args)


SECRET = '{"type": "t.press", "pad": "gm", "button": "feint"}'
"""A button the GM's side pressed in secret: the GM and the GM's pad see it, nobody else."""


def test_every_audience_gets_the_kept_view_the_full_read_would_print(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 2}', SECRET)
    for name in audience_names():
        kept = views.current(paths.journal_file(), None, name)
        assert kept is not None, name
        assert (
            printed(capsys, "--view", name) == kept == in_full(monkeypatch, capsys, "--view", name)
        )
    for name in ("gm", "pad:opponents"):
        assert "feint" in (views.current(paths.journal_file(), "s", name) or "")
    for name in ("table", "pad:patrol"):  # their kept views hold no secret
        assert "feint" not in (views.current(paths.journal_file(), "s", name) or "feint")


def test_a_session_moved_on_since_is_read_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 2}')
    kept = printed(capsys)
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)  # a writer that keeps none
    Session(journal, "s", LISTING.rules()).apply(Add(amount=3))
    journal.close()
    assert views.current(paths.journal_file(), "s", "table") is None
    now = printed(capsys)
    assert now != kept and now == in_full(monkeypatch, capsys)
    scripted(tmp_path, capsys)  # an empty script keeps the views again
    assert views.current(paths.journal_file(), "s", "table") == now


def test_a_view_another_build_kept_is_not_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 2}')
    assert views.current(paths.journal_file(), "s", "table") is not None
    monkeypatch.setattr(views, "_build", ["build-two"])
    assert views.current(paths.journal_file(), "s", "table") is None
    assert printed(capsys) == in_full(monkeypatch, capsys)


def test_an_unknown_session_or_audience_is_said_by_the_full_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 2}')
    assert cli.main(["state", "--session", "nobody"]) == 2
    assert "no session called 'nobody'" in capsys.readouterr().err
    assert cli.main(["state", "--view", "pad:nobody"]) == 2
    assert "no pad called 'nobody'" in capsys.readouterr().err


def digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_reading_a_kept_view_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 2}')
    before = digests(paths.data_dir())
    printed(capsys)
    printed(capsys, "--view", "gm")
    assert digests(paths.data_dir()) == before


LOADS = """
import contextlib, io, sys
from tablekit.session import views
views._build[:] = ["build-one"]
from tablekit import cli
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = cli.main(["state"])
heavy = [m for m in sys.modules if m in ("msgspec", "json", "typing", "tablekit.session.session")
         or m.startswith("tablekit.rules.") and m != "tablekit.rules.errors"]
print(code, len(out.getvalue()) > 0, sorted(heavy))
"""


def test_a_kept_view_loads_no_rules_session_msgspec_json_or_typing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 2}')
    shown = subprocess.run(
        [sys.executable, "-c", LOADS], capture_output=True, text=True, env=dict(os.environ)
    )
    assert shown.stdout.split() == ["0", "True", "[]"], shown.stderr


def test_the_app_keeps_the_views_once_the_table_is_quiet(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    app = App(Config(), journal, (800, 480), games=catalog.Games())
    try:
        app.start(LISTING.name)
        name = app.session.name if app.session else ""
        assert app.submit(Add(amount=2))
        app.step(KEEP_QUIET / 2)
        assert views.current(paths.journal_file(), name, "table") is None
        app.step(KEEP_QUIET / 2)
        kept = views.current(paths.journal_file(), name, "table")
        assert kept is not None and '"total": 2' in kept
        assert app.submit(Add(amount=1))
        app.close()  # what is not kept yet is kept as the app closes
        assert printed(capsys) == in_full(monkeypatch, capsys) != kept
    finally:
        theme.font.cache_clear()
        pygame.quit()
        journal.close()


def test_the_help_names_every_audience() -> None:
    assert list(AUDIENCES) == audience_names()


def test_a_session_renamed_away_and_made_anew_under_its_name_keeps_no_view_of_the_old(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's session "b" is renamed away by another program, and another session
    takes its name at the same version: the app's keep finds it is not its session."""
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    held = Session.create(journal, "b", LISTING.rules())
    held.apply(Add(amount=2))
    other = Journal(paths.journal_file(), clock=TEST_CLOCK)
    store.rename(other, "b", "c")
    made = Session.create(other, "b", LISTING.rules())
    made.apply(Add(amount=5))
    other.close()
    assert held.version == made.version
    assert not store.keep_views(held)
    journal.close()
    assert printed(capsys, "--session", "b") == in_full(monkeypatch, capsys, "--session", "b")
    assert '"total": 5' in printed(capsys, "--session", "b")


def test_an_older_copy_of_the_journal_put_back_is_read_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Views kept, one more change acknowledged, then the older file put back: the sidecar
    no longer says what it said when the views were kept, so the full read reports the
    lost change instead of the light read hiding it."""
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 2}')
    journal_file = paths.journal_file()
    older = journal_file.read_bytes()
    scripted(tmp_path, capsys, '{"type": "t.add", "amount": 3}')
    journal_file.write_bytes(older)
    assert views.current(journal_file, "s", "table") is None
    assert cli.main(["state"]) == 0
    assert "dropped" in capsys.readouterr().err


def test_the_sidecars_acknowledgement_is_as_long_as_the_reader_reads() -> None:
    assert acks.LAYOUT.size + acks.SEAL.size == views.ACKED
