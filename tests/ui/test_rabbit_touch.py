"""Regelhuskeark by taps alone, in Danish, and every Mouse Guard screen without English left.

The rabbits play on the Mouse Guard screen with their own ruleset; the table
starts them from Home in an empty data directory, makes a rabbit and tests it
to its marks. A walk through every screen of both games in Danish records
every text drawn and fails on one still in the English source.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from mg_tapping import add_mouse, form, made_app, press, tap, type_on_keys

from tablekit.local.config import Config, Interface
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.ruleset import shipped_ruleset
from tablekit.ui import chrome, theme
from tablekit.ui.app import App
from tablekit.ui.mg import builder, patrol

SIZES = [(800, 480), (720, 1280), (1920, 1080)]
PO = Path(__file__).parents[2] / "tablekit/locale/da/LC_MESSAGES/tablekit.po"


class Recording:
    """A font that notes every text it renders (and whether it has a glyph for each letter)."""

    def __init__(self, font: pygame.font.Font, seen: set[str]) -> None:
        self._font, self._seen = font, seen

    def render(self, text: str, *args: Any) -> pygame.Surface:
        self._seen.add(text)
        missing = [ch for ch, m in zip(text, self._font.metrics(text) or [], strict=False) if not m]
        assert not missing, f"no glyph for {missing} in {text!r}"
        return self._font.render(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    texts: set[str] = set()
    real: Any = theme.font

    def recording(face: str, size: int) -> Recording:
        return Recording(real(face, size), texts)

    recording.cache_clear = real.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(theme, "font", recording)
    return texts


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def danish(request: pytest.FixtureRequest) -> Iterator[App]:
    """The app in "auto": Regelhuskeark's listing makes it Danish."""
    yield from made_app(request.param, Config(ui=Interface(language="auto")))


def open_sheet(app: App, name: str) -> None:
    app.draw()
    left = builder.split(chrome.content(app.layout), app.layout)[0]
    mice = app.session.table_view()["characters"]  # type: ignore[union-attr]
    rows = patrol.mouse_rows(app.layout, left, len(mice))
    tap(app, rows[[m["name"] for m in mice].index(name)].center)


def sheet(app: App, name: str) -> dict[str, Any]:
    assert app.session is not None
    return next(c for c in app.session.table_view()["characters"] if c["name"] == name)


@pytest.mark.slow
def test_a_rabbit_is_made_and_tested_to_its_marks_by_touch_in_danish(
    danish: App, seen: set[str]
) -> None:
    """Regelhuskeark, Tests (Uafhængige test) and Rewards (2 Fate, 1 Persona), from an
    empty data directory; æ, ø and å have glyphs at every layout size."""
    app = danish
    assert app.journal.sessions() == []
    press(app, "Regelhuskeark")
    assert app.session is not None and app.session.game.name == "regelhuskeark"
    assert app.language() == "da" and app.tr("New mouse") == "Ny kanin"
    press(app, "New mouse")
    type_on_keys(app, "hazel")
    press(app, "Next")
    assert [f.value for f in form(app).pages[1] if f.key in ("fate", "persona")] == [2, 1]
    while app.tr("Add") not in labels(app):
        press(app, "Next")  # past the skills and the trait
    press(app, "Add")
    open_sheet(app, "hazel")
    press(app, "Conditions…")
    press(app, "Bange")
    press(app, "Save")
    assert sheet(app, "hazel")["conditions"] == ["afraid"]
    press(app, "About")
    app.draw()
    drawn = " ".join(seen)
    assert all(word in drawn for word in ("Kanin", "flygte", "gemme sig", "grave", "formere"))
    press(app, "Readings")  # the rules' About page: the readings of the silent text
    press(app, "Numbers")
    press(app, "Test…")
    press(app, f"{app.tr('Will')} 3")
    press(app, "Next")
    press(app, "Start")
    press(app, "Roll")
    test = app.session.table_view()["test"]
    if test["passed"]:
        press(app, "Done")
        assert sheet(app, "hazel")["ratings"][1]["passes"] == 1
    else:
        press(app, "Done")
        press(app, "Træt")
        press(app, "Done")
        assert sheet(app, "hazel")["ratings"][1]["fails"] == 1
        assert "tired" in sheet(app, "hazel")["conditions"]
    assert any(ch in "".join(seen) for ch in "æøå")


def english_sources() -> dict[str, str]:
    """Every English text of the catalogue whose Danish differs, with that Danish."""
    text = PO.read_text(encoding="utf-8")
    found = {}
    for block in text.split("\n\n"):
        ids = re.findall(r'^msgid "(.*)"$|^"(.*)"$|^msgstr "(.*)"$', block, re.M)
        msgid = "".join(a or b for a, b, c in ids[: len(ids) - 1])
        msgstr = ids[-1][2] if ids else ""
        if msgid and msgstr and msgstr != msgid and "{" not in msgid:
            found[msgid] = msgstr
    return found


def walk(app: App, game: str) -> None:
    """Every Mouse Guard screen outside a conflict: patrol, forms, sheet, about, test, result."""
    press(app, game)
    press(app, "New mouse")
    type_on_keys(app, "saxon")
    while app.tr("Add") not in labels(app):
        press(app, "Next")  # past the numbers, the skills and the trait
    press(app, "Add")
    press(app, "Note…")
    press(app, "Cancel")
    open_sheet(app, "saxon")
    for menu in ("Ratings…", "Conditions…"):
        press(app, menu)
        press(app, "Cancel")
    press(app, "About")
    if app.tr("Readings") in labels(app):  # the rabbits' rules' About page
        press(app, "Readings")
    press(app, "Numbers")
    press(app, "More…")
    items = [label for _, label in form(app).pages[0][0].options]
    press(app, "Cancel")
    for item in items:
        press(app, "More…")
        tap_option(app, item)
        press(app, "Open")
        press(app, "Cancel")
    press(app, "Test…")
    press(app, "Next")
    press(app, "Start")
    for step in ("Trait for", "Helpers"):
        if step in labels(app):
            press(app, step)
            press(app, "Cancel")
    press(app, "Roll")
    press(app, "Done")
    if app.tr("Twist") in [o for f in current_fields(app) for _, o in f.options]:
        press(app, "Twist")
        press(app, "Done")
    press(app, "Patrol")
    press(app, "Next phase")
    press(app, "Start")


def labels(app: App) -> list[str]:
    app.draw()
    return [b.label for b in app.scene.buttons() if b.enabled]


def current_fields(app: App) -> list[Any]:
    shown = app.scene.form  # type: ignore[attr-defined]
    return [] if shown is None else shown.pages[shown.page]


def tap_option(app: App, label: str) -> None:
    app.draw()
    found = [b for b in app.scene.buttons() if b.label == label]
    assert found, label
    tap(app, found[0].rect.center)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["Mouse Guard", "Regelhuskeark"])
def test_every_screen_in_danish_has_no_english_left(game: str, seen: set[str]) -> None:
    """Danish as a first language: every text drawn on the game's screens is translated."""
    for app in made_app((800, 480), Config(ui=Interface(language="da"))):
        walk(app, game)
    english = english_sources()
    rabbit_words = {
        word
        for lang, words in shipped_ruleset("regelhuskeark").translations.items()
        if lang == "da"
        for word, danish in words.items()
        if word != danish
    }
    kept = set()  # the Danish text's own game words (Fate, checks), kept as it writes them
    if game == "Regelhuskeark":
        kept = {w for w, d in shipped_ruleset("regelhuskeark").translations["da"].items() if w == d}
    left = sorted(t for t in seen if (t in english and t not in kept) or t in rabbit_words)
    assert not left, f"English left on the {game} screens: {left}"
    assert len(seen) > 40


@pytest.fixture
def in_danish() -> Iterator[App]:
    """The app at 800x480 with Danish chosen by the table."""
    yield from made_app((800, 480), Config(ui=Interface(language="da")))


@pytest.mark.parametrize(
    ("game", "condition", "word"),
    [("Mouse Guard", "angry", "Vred"), ("Regelhuskeark", "afraid", "Bange")],
)
def test_a_condition_refusal_reads_wholly_in_danish(
    in_danish: App, game: str, condition: str, word: str
) -> None:
    """Regelhuskeark, Conditions ("Bange", "Vred"): giving a condition the mouse has is
    refused in Danish, the condition by the game's own Danish word."""
    app = in_danish
    press(app, game)
    add_mouse(app, "hazel")
    open_sheet(app, "hazel")
    press(app, "Conditions…")
    press(app, word)
    press(app, "Save")
    assert sheet(app, "hazel")["conditions"] == [condition]
    assert not app.submit(cmd.SetCondition("hazel", condition))
    assert app.notice_text == f"hazel er allerede {word}"
