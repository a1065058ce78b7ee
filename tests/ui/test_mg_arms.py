"""Weapons and argument tactics by touch (issue 10, Rules core 3): from an empty data
directory a mouse takes up a sword for one action type, and the die is in that action's
pool; the form never shrinks a word, at 800x480 and 720x1280, in English and Danish."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from mg_tapping import add_mouse, form, labels, made_app, press
from ui.test_mm_layout import measure, problems

from tablekit.local.config import Config, Interface
from tablekit.ui import theme, widgets
from tablekit.ui.app import App


@pytest.fixture(
    params=[((800, 480), "en"), ((800, 480), "da"), ((720, 1280), "en"), ((720, 1280), "da")],
    ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}",
)
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    size, language = request.param
    yield from made_app(size, Config(ui=Interface(language=language)))


@pytest.fixture
def shrunk(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the screens had to set below its style's size."""
    found: list[str] = []
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < size:
            found.append(f"{words!r} at {got} px, not {size}")
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    return found


def fits(app: App, name: str, shrunk: list[str]) -> None:
    """The screen now: nothing shrunk, cut, overlapping or off the screen below the bar."""
    shrunk.clear()
    drawn = [one for one in measure(app) if one.place.top >= app.layout.bar]
    titles = {repr(one.words) for one in measure(app) if one.place.top < app.layout.bar}
    assert not problems(name, app, drawn)
    assert not [s for s in shrunk if s.split(" at ")[0] not in titles], shrunk


def pick(app: App, label: str, shrunk: list[str]) -> None:
    """Tap ``label`` on whichever page of the open form shows it, turning pages forward."""
    for _ in range(6):
        if app.tr(label) in labels(app):
            press(app, label)
            return
        fits(app, f"page {form(app).page}", shrunk)
        press(app, "Next")
    raise AssertionError(f"{label!r} is on no page of the form")


def patrol_test(app: App) -> dict[str, Any]:
    exchange = app.session.table_view()["conflict"]["exchange"]  # type: ignore[union-attr]
    return next(t for t in exchange["tests"] if t["side"] == "patrol")  # type: ignore[no-any-return]


@pytest.mark.slow
def test_a_sword_chosen_for_attack_adds_its_die_to_the_attack(app: App, shrunk: list[str]) -> None:
    """Character sheet, Sample Weapons: Sword, +1D to one action type (chosen); the summary's
    Conflicts: weapons are chosen at set-up and change between actions."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    for label in ("Conflict…", "Next", "Begin"):
        press(app, label)
    press(app, "Weapons…")
    fits(app, "weapons", shrunk)
    pick(app, "saxon", shrunk)
    pick(app, "Sword", shrunk)
    while app.tr("Arm") not in labels(app):
        press(app, "Next")
    press(app, "Arm")
    assert form(app).title == f"saxon: {app.tr('Sword')}"  # the sword asks for its action
    fits(app, "sword's action", shrunk)
    press(app, "Attack")
    press(app, "Arm")
    conflict = app.session.table_view()["conflict"]  # type: ignore[union-attr]
    arms = conflict["sides"]["patrol"]["arms"]
    assert arms == [{"member": "saxon", "weapon": "sword", "choice": "attack"}]
    for label in ("patrol:disposition", "Roll", "gm:disposition", "Set"):
        press(app, label)
    session = app.session
    for side in ("gm", "patrol"):
        for _ in range(3):
            session.apply(session.parse({"type": "mg.script", "side": side, "action": "attack"}))
        session.apply(session.parse({"type": "mg.lock", "side": side}))
    press(app, "Reveal")
    test = patrol_test(app)
    assert {"reason": "Sword", "amount": 1} in test["modifiers"]
    nature = next(
        r["rating"]
        for r in session.table_view()["characters"][0]["ratings"]
        if r["name"] == "Nature"
    )  # a mouse made by taps has no Fighter: Nature stands in (summary, Tests step 1)
    assert (test["rating"], test["instead"]) == ("Nature", "Fighter")
    assert test["pool"] == nature + 1


MOUSE = {"name": "Saxon", "ratings": [{"name": "Nature", "rating": 3},
         {"name": "Health", "rating": 4}, {"name": "Fighter", "rating": 3}]}  # fmt: skip


def begun(game: str, conflict: str) -> Iterator[App]:
    for app in made_app((800, 480), Config()):
        app.start(game)
        session = app.session
        assert session is not None
        begin = {"type": "mg.begin_conflict", "conflict": conflict, "patrol": ["Saxon"],
                 "captain": "Saxon", "opponent": "Weasel", "gm_dice": 4}  # fmt: skip
        for line in ({"type": "mg.add_character", "sheet": MOUSE}, begin):
            session.apply(session.parse(json.dumps(line)))
        app.scene.dirty = True
        yield app


@pytest.mark.parametrize(
    ("game", "conflict", "offered"),
    [
        ("mouse-guard", "fight", {"Sword", "Halberd", "Knife"}),
        ("mouse-guard", "argument", {"Evidence", "Roleplay", "Repeating"}),
        ("regelhuskeark", "fight", set()),
        ("regelhuskeark", "argument", {"Evidence", "Roleplay"}),
    ],
)
def test_the_form_offers_what_the_conflict_and_the_ruleset_allow(
    game: str, conflict: str, offered: set[str]
) -> None:
    """Sheet, Sample Weapons: fight weapons in fights, tactics in arguments; the rabbits'
    conflicts ignore gear, so a fight there has no weapons and no button for them."""
    for app in begun(game, conflict):
        if not offered:
            assert app.tr("Weapons…") not in labels(app)
            continue
        press(app, "Weapons…")
        every = [label for page in form(app)._given for f in page for _, label in f.options]
        assert {app.tr(title) for title in offered} <= set(every)
        assert not ({app.tr("Sword"), app.tr("Evidence")} <= set(every))  # never both kinds
    theme.font.cache_clear()
    pygame.quit()


def test_a_halberd_asks_how_it_is_held_and_nothing_puts_it_down() -> None:
    """Sheet, Sample Weapons: Halberd, as an axe or as a spear; between actions a mouse may
    put its weapon down."""

    def arm(app: App, weapon: str) -> list[dict[str, str]]:
        press(app, "Weapons…")
        while weapon not in labels(app):
            press(app, "Next")
        press(app, weapon)
        while "Arm" not in labels(app):
            press(app, "Next")
        press(app, "Arm")
        if weapon == "Halberd":
            assert "Axe" in labels(app)
            press(app, "Spear")
            press(app, "Arm")
        conflict = app.session.table_view()["conflict"]  # type: ignore[union-attr]
        return conflict["sides"]["patrol"]["arms"]  # type: ignore[no-any-return]

    for app in begun("mouse-guard", "fight"):
        assert arm(app, "Halberd") == [{"member": "Saxon", "weapon": "halberd", "choice": "spear"}]
        assert arm(app, "Nothing") in ([], [{"member": "Saxon", "weapon": "", "choice": ""}])
