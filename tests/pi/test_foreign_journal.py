"""A journal the app cannot use never leaves a black screen (issue 15, Build 3; issue 13,
Build 6: a file that is not a tablekit journal is refused and left untouched).

From an empty data folder with random bytes or another program's SQLite file where the
journal goes, the app starts on the start-up screen, which says what is wrong and where;
two taps set the file aside (renamed, its bytes unchanged) and play on with a fresh
journal, which the next start resumes. ``tablekit doctor`` reports the same check.
"""

from __future__ import annotations

import os
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from fakegame import LISTING, counter_registered

from tablekit.cli import main
from tablekit.devices import doctor
from tablekit.local import failures, paths
from tablekit.session.errors import JournalError
from tablekit.ui import app as app_module
from tablekit.ui import widgets
from tablekit.ui.touch import TAP

MIN_TEXT = 18
"""The least text size a player may need to read: ``widgets.LEAST``, which reads from 1.5 m."""


def random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(15).randbytes(5000))


def foreign_sqlite(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT, cheese INTEGER)")
    db.execute("INSERT INTO recipes VALUES ('fondue', 3)")
    db.commit()
    db.close()


def setting(language: str) -> None:
    config = Path(os.environ["TABLEKIT_CONFIG_DIR"]) / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[ui]\nlanguage = "{language}"\n\n[play]\ngame = "{LISTING.name}"\n')


def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every text the screen draws, with its size, from now on."""
    seen: list[tuple[str, int]] = []
    for name in ("text", "wrapped"):
        real = getattr(widgets, name)

        def spy(
            surface: Any, words: str, rect: Any, size: int, *rest: Any, _real: Any = real
        ) -> Any:
            seen.append((words, size))
            return _real(surface, words, rect, size, *rest)

        monkeypatch.setattr(widgets, name, spy)
    return seen


def tap(app: app_module.App, label: str) -> None:
    """Tap the button reading ``label`` (in the table's language); fail if there is none."""
    app.draw()
    found = [b for b in app.scene.buttons() if b.label == app.tr(label) and b.enabled]
    assert found, f"no {label!r} among {[b.label for b in app.scene.buttons()]}"
    app.scene.handle(pygame.event.Event(TAP, pos=found[0].rect.center))
    app.step(0.0)


def labels(app: app_module.App) -> list[str]:
    return [b.label for b in app.scene.buttons()]


def counter_only(monkeypatch: pytest.MonkeyPatch) -> None:
    counter_registered(monkeypatch)
    monkeypatch.setattr(app_module.catalog, "own_entries", dict)


@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("make", [random_bytes, foreign_sqlite])
def test_a_foreign_journal_is_shown_set_aside_by_two_taps_and_a_fresh_one_kept(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path], None],
    language: str,
) -> None:
    setting(language)
    counter_only(monkeypatch)
    path = paths.journal_file()
    path.parent.mkdir(parents=True)
    make(path)
    before = path.read_bytes()
    texts = drawn(monkeypatch)
    seen: dict[str, Any] = {}

    def first_start(app: app_module.App) -> int:
        app.step(0.0)
        seen["first"] = app.scene.name
        seen["texts"] = list(texts)
        seen["labels"] = labels(app)
        tap(app, "Fresh journal")
        seen["asked"] = labels(app)
        seen["untouched"] = path.read_bytes() == before  # nothing happens until confirmed
        tap(app, "Back")
        seen["back"] = labels(app)
        tap(app, "Fresh journal")
        tap(app, "Yes, set it aside")
        seen["then"] = app.scene.name
        seen["notice"] = app.notice_text
        app.notice_text = ""
        tap(app, LISTING.title)
        assert app.session is not None
        pad = app.scene.buttons()[0]  # the counter's on-screen pad: a press is a command
        app.scene.handle(pygame.event.Event(TAP, pos=pad.rect.center))
        app.step(0.0)
        seen["session"] = (app.session.name, app.session.version)
        app.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", first_start)
    assert main(["run"]) == 0
    tr = app_module.translator(language, {})
    assert seen["first"] == "startup"
    words = [text for text, _ in seen["texts"]]
    assert tr("Journal") in words
    template = doctor.journal_problem(path, JournalError("")).template
    sentence = tr(template).format(path=path)
    assert "".join(sentence.split()) in "".join("".join(words).split())  # a long path wraps
    assert all(size >= MIN_TEXT for _, size in seen["texts"])
    assert seen["labels"] == [tr("Fresh journal")]  # no Play on: there is no journal to play in
    assert seen["asked"] == [tr("Yes, set it aside"), tr("Back")] and seen["untouched"]
    assert seen["back"] == [tr("Fresh journal")]
    assert seen["then"] == "home"
    [aside] = path.parent.glob("journal.sqlite3.set-aside-*")
    assert aside.name in seen["notice"]
    assert aside.read_bytes() == before
    assert "set aside as" in failures.log_file().read_text()
    assert "cannot use the journal" in capsys.readouterr().err
    name, version = seen["session"]
    assert version >= 1

    again: dict[str, Any] = {}

    def second_start(app: app_module.App) -> int:
        app.step(0.0)
        again["scene"] = app.scene.name
        again["session"] = app.session.name if app.session else None
        app.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", second_start)
    assert main(["run"]) == 0
    assert again == {"scene": LISTING.name, "session": name}
    assert aside.read_bytes() == before


def test_doctor_reports_a_foreign_journal_and_leaves_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = paths.journal_file()
    path.parent.mkdir(parents=True)
    foreign_sqlite(path)
    before = path.read_bytes()
    assert main(["doctor"]) == 1
    [problem] = [line for line in capsys.readouterr().out.splitlines() if "PROBLEM" in line]
    assert problem.split()[:2] == ["PROBLEM", "journal"] and str(path) in problem
    assert "recipes" in problem  # the reason, in SQLite's terms, on the command line
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["journal.sqlite3"]
