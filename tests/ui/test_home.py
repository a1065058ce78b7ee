"""Home knows the table (issue 11, item 6): cards say game, chapter, round, heroes and when;
sessions are renamed, deleted (with a second, deliberate tap) and restored, all by taps."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK
from mm_screens import NUMBERS, START

from tablekit.local.config import Config, replace
from tablekit.session import Journal, store
from tablekit.ui import widgets
from tablekit.ui.app import App

pytestmark = pytest.mark.usefixtures("shut_pygame")


def make(journal: Journal, language: str = "en", size: tuple[int, int] = (800, 480)) -> App:
    settings = replace(Config(), ui=replace(Config().ui, language=language))
    return App(settings, journal, size)


def chapter(app: App) -> str:
    """A Mice and Mystics session in round 1 of chapter 1 (set up by script: Home is tested)."""
    app.start("mice-mystics")
    assert app.session is not None
    app.session.rng = random.Random(3)
    for line in [*NUMBERS, START]:
        assert app.submit(app.session.parse(json.dumps(line))), app.notice_text
    return app.session.name


def tap(app: App, label: str, nth: int = 0) -> None:
    app.draw()
    found = [b for b in app.scene.buttons() if b.label == label and b.enabled]
    assert len(found) > nth, f"no enabled {label!r} in {[b.label for b in app.scene.buttons()]}"
    pos = found[nth].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(0.0)


def shown(app: App) -> list[str]:
    widgets.LEDGER = []
    app.draw()
    words, widgets.LEDGER = [d.words for d in widgets.LEDGER], None
    return words


@pytest.mark.parametrize("language", ["en", "da"])
def test_a_card_says_the_game_where_it_stands_who_plays_and_when(
    tmp_path: Path, language: str
) -> None:
    app = make(Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK), language)
    name = chapter(app)
    tap(app, app.tr("Home"))
    tr = app.tr
    words = shown(app)
    assert name in words
    where = tr("Chapter {number} · round {round}").format(number=1, round=1)
    assert f"Mice and Mystics · {where}" in words
    assert f"{tr('Prince Collin')}, Lily · {tr('just now')}" in words


@pytest.mark.slow
def test_rename_delete_and_restore_by_taps(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK)
    app = make(journal)
    first = chapter(app)
    tap(app, "Home")
    steps = len(journal.steps(first))

    tap(app, "…")
    tap(app, "Rename")
    for _ in first:
        tap(app, "delete")
    for letter in "tirsdag":
        tap(app, letter)
    tap(app, "Rename")
    assert [s.name for s in journal.sessions()] == ["tirsdag"]
    assert len(journal.steps("tirsdag")) == steps, "the steps go with the name"
    assert "tirsdag" in shown(app)

    tap(app, "…")
    tap(app, "Delete")
    assert journal.exists("tirsdag"), "one tap on Delete only asks"
    tap(app, "Delete")
    assert not journal.exists("tirsdag")
    assert [t.name for t in store.trashed(journal)] == ["tirsdag"]

    tap(app, "Trash")
    tap(app, "tirsdag")
    tap(app, "Restore")
    assert journal.exists("tirsdag") and not store.trashed(journal)
    assert len(journal.steps("tirsdag")) == steps
    tap(app, "tirsdag")
    assert app.session is not None and app.session.table_view()["round"] == 1


def test_a_double_tap_on_delete_in_a_cards_menu_only_asks(tmp_path: Path) -> None:
    """The menu's Delete goes on at its tap, and the question it opens has no button where
    it was: the menu's OK had been where the question's Delete lies, so a double tap on OK
    deleted the session (issue 21, "no enabled button under the button just tapped")."""
    journal = Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK)
    app = make(journal)
    name = chapter(app)
    tap(app, "Home")
    tap(app, "…")
    menu = [b for b in app.scene.buttons() if b.label == "Delete" and b.enabled]
    assert len(menu) == 1
    for _ in range(2):  # a double tap on the menu's Delete
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu[0].rect.center, button=1)
        )
        app.step(0.0)
    assert journal.exists(name), "a double tap only asks"
    app.draw()
    under = [b.label for b in app.scene.buttons() if b.enabled and b.rect.colliderect(menu[0].rect)]
    assert under == [], under
    assert "Delete" in [b.label for b in app.scene.buttons() if b.enabled], "it asks"


def test_the_trash_forgets_after_its_days_and_names_never_clash(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK)
    for name in ("a", "b"):
        journal.create(name, "mice-mystics")
    store.delete(journal, "a", now=0.0)
    assert [t.name for t in store.trashed(journal, now=store.TRASH_DAYS * 86400 - 1)] == ["a"]
    store.delete(journal, "b")
    assert [t.name for t in store.trashed(journal)] == ["b"], "a month on, 'a' is gone for good"
    journal.create("b", "mice-mystics")
    assert store.restore(journal, "b") == "b+"
    with pytest.raises(store.JournalError):
        store.rename(journal, "b", "b+")
    with pytest.raises(store.JournalError):
        store.restore(journal, "nothing")


def test_a_session_that_cannot_be_read_says_so_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(tmp_path / "j.sqlite3", clock=TEST_CLOCK)
    app = make(journal, "da")
    name = chapter(app)
    tap(app, app.tr("Home"))

    def unreadable(*args: Any, **kwargs: Any) -> Any:
        raise store.JournalError("the journal cannot be read: database disk image is malformed")

    monkeypatch.setattr(store, "open_session", unreadable)
    app.scene._cards.clear()  # type: ignore[attr-defined]
    words = shown(app)
    assert name in words
    assert "Mice and Mystics · Kan ikke læses" in words
