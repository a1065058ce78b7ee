"""Danish, complete (issue 11, item 7): every Mice and Mystics screen, Home and Settings are
walked in Danish, every text drawn is collected, and any English left fails the test.

English is found two ways: a drawn text that is an English source text of the
catalogue with a Danish translation (or none yet), and, for texts built at
run time, English words that no Danish sentence contains.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po
from clocks import TEST_CLOCK
from mm_screens import START, make, playing, screens

from tablekit.local.config import Config, replace
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App
from tablekit.ui.i18n import LOCALES

ENGLISH = frozenset(
    " ".join(
        [
            "the of with defends attacks hits turn round chapter wounds cheese search none",
            "yes next roll place delete space minions rat warrior roach spider leader healer",
            "archer face-up room rule numbers ability heal equip share discard close cancel",
            "undo redo home settings trash rename continue session just now ago today",
            "captured stunned webbed charmed knocked down hourglass end dice rolled yet",
        ]
    ).split(" ")
)
"""Words that are English and never Danish (so not: and, is, to, i, under ...)."""

ALLOWED = {"Mice and Mystics", "Mouse Guard", "tablekit"}
"""Names of games and of the program, the same in every language."""


@pytest.fixture(autouse=True)
def shut() -> Iterator[None]:
    yield
    widgets.LEDGER = None
    theme.font.cache_clear()
    pygame.quit()


def catalogue() -> dict[str, str]:
    """English source text -> its Danish, empty where it has none yet."""
    with (LOCALES / "da" / "LC_MESSAGES" / "tablekit.po").open("rb") as file:
        found = read_po(file)
    return {str(m.id): str(m.string) for m in found if m.id and isinstance(m.id, str)}


def drawn(app: App) -> list[str]:
    widgets.LEDGER = []
    app.draw()
    words, widgets.LEDGER = [d.words for d in widgets.LEDGER], None
    return words


def english(texts: list[str], danish: dict[str, str]) -> list[str]:
    found = []
    for text in texts:
        if text in ALLOWED or not text.strip():
            continue
        if text in danish and danish[text] != text:
            found.append(f"{text!r} (catalogue: {danish[text]!r})")
            continue
        rest = text
        for name in ALLOWED:
            rest = rest.replace(name, "")
        words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]*", rest)}
        if words & ENGLISH:
            found.append(f"{text!r} ({', '.join(sorted(words & ENGLISH))})")
    return found


@pytest.mark.slow
def test_every_mice_and_mystics_screen_speaks_danish() -> None:
    danish = catalogue()
    found = []
    for name, app in screens((800, 480), "da"):
        found += [f"{name}: {one}" for one in english(drawn(app), danish)]
    assert not found, "\n".join(found)


def test_home_and_settings_speak_danish(tmp_path: Path) -> None:
    danish = catalogue()
    app = make((800, 480), "da")
    playing(app)
    found = []
    for scene in ("home", "settings"):
        app.goto(scene)
        found += [f"{scene}: {one}" for one in english(drawn(app), danish)]
    assert not found, "\n".join(found)


def test_a_session_started_in_english_reads_in_danish(tmp_path: Path) -> None:
    """The chapter, minions and classes are stored as keys and shown in today's language."""
    path = tmp_path / "journal.sqlite3"
    app = make((800, 480), "en")
    app.journal = Journal(path, clock=TEST_CLOCK)
    app.start("mice-mystics")
    assert app.session is not None
    app.session.rng = random.Random(1)
    playing(app)
    assert app.session.table_view()["chapter"] == START["chapter"]
    name = app.session.name
    app.scene.exit()
    settings = replace(Config(), ui=replace(Config().ui, language="da"))
    again = App(settings, Journal(path, clock=TEST_CLOCK), (800, 480))
    assert again.session is not None and again.session.name == name
    texts = drawn(again)
    assert "Runde 1" in texts, texts  # the bar's room goes to the round (issue 21)
    assert again.scene.view()["chapter"] == "Kapitel 1"
    again.goto("home")
    assert any("Kapitel 1" in text for text in drawn(again)), "Home's card names the chapter"
    assert "Rottekriger" in texts
    assert not english(texts, catalogue())
    assert json.dumps(again.session.table_view()).count("Kapitel") == 0, "stored in English"


def test_a_refusal_names_the_missing_numbers_in_danish() -> None:
    """Issue 11: "Prince Collins battle, defense ..." was half English."""
    from tablekit.rules.mice_mystics import commands as cmd

    app = make((800, 480), "da")
    assert app.session is not None
    choice = (cmd.HeroChoice("collin", "Aim"),)
    assert not app.submit(cmd.StartChapter("Chapter 1", 8, choice))
    assert "Prins Collin" in app.notice_text
    assert "Kamp, Forsvar, Viden, Liv" in app.notice_text
    assert not english([app.notice_text], catalogue())
