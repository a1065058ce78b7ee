"""Buttons never move under a finger on the Mouse Card screen (issue 21, "Buttons stay where
they are"): a property over random taps, the way a table plays it.

Each example seats a table (nobody, one character without chips, two with chips and
disadvantages, or those two with a task under way, cautious or going for broke), pins the
deck's random source and taps 40 buttons at random: the side's, greyed ones too (which say
why), the bar's Undo and Redo, every form's fields, keys, Next, Back, Cancel and confirm.
After every tap the screen is drawn and its buttons read, and:

* within a phase (the table; a task, cautious or going for broke; one page of one open
  form) every button keeps its place, and no button, greyed or not, ever takes the place
  of another: over the whole run for the table and the tasks, for as long as it is open
  for a form's page;
* no enabled button appears in the rectangle of the button just tapped unless it is that
  same button. This holds across phases too: a form opened beside the side's buttons,
  which stay greyed in their places, End turn ending a task, a form's confirm or Cancel
  landing back on the table or the task, Undo and Redo. Only a form's own page turns
  (Next, Back) are left out: the shared form puts a page's Next where the next page's
  Next, or its confirm, is.

800x480 runs 100 examples, 720x1280 and 1920x1080 25 each.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.catalog.mouse_card import LISTING
from tablekit.local.config import Config, Interface
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.cards.scene import Step
from tablekit.ui.form import Form
from tablekit.ui.widgets import Button

SEATS: list[list[dict[str, Any]]] = [
    [],
    [{"type": "mc.add_character", "name": "Kenzie", "traits": {"Fighter": 2}}],
    [
        {"type": "mc.add_character", "name": "Kenzie", "traits": {"Fighter": 3, "Scout": 2},
         "fate": 2},
        {"type": "mc.add_character", "name": "Saxon", "traits": {"Scout": 4},
         "disadvantages": {"Aged": 1, "Leader": 1}, "fate": 1},
    ],
]  # fmt: skip
SEATS += [
    [*SEATS[2], {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter",
                 "needed": 2, "extended": True, "circumstances": ["combat"]}],
    [*SEATS[2], {"type": "mc.begin_task", "character": "Saxon", "trait": "Scout", "mode": "broke",
                 "circumstances": ["unknown"], "physical": True, "hindered_by": ["Leader"]}],
]  # fmt: skip
"""The tables an example starts from: nobody, one character without chips, two with chips
and disadvantages; the two with a task under way, drawn cautiously (extended, in combat)
or going for broke (old Saxon, in the unknown)."""

TAPS = 40

Place = tuple[int, int, int, int]
Seen = tuple[Place, str, bool]
"""A button as a frame shows it: its rectangle, its label, whether it is enabled."""


@pytest.fixture(autouse=True, scope="module")
def fonts() -> Iterator[None]:
    yield
    theme.font.cache_clear()
    pygame.quit()


def app_for(size: tuple[int, int], language: str, seats: int, seed: int) -> App:
    app = App(Config(ui=Interface(language=language)), Journal(":memory:", clock=TEST_CLOCK), size,
              games={LISTING.name: LISTING})  # fmt: skip
    app.start("mouse-card")
    assert app.session is not None
    app.session.rng = random.Random(seed)
    for line in SEATS[seats]:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.draw()
    return app


def open_form(app: App) -> Form | None:
    form: Form | None = app.scene._open_form()  # type: ignore[attr-defined]
    return form


def phase(app: App) -> tuple[object, ...]:
    """Which phase the screen is in: a page of an open form (that form, while it lives), a
    task (cautious or going for broke), or the table."""
    form = open_form(app)
    if form is not None:
        return ("form", id(form), form.page)
    task = app.scene.view()["task"]  # type: ignore[attr-defined]
    return ("table",) if task is None else ("task", task["mode"])


def seen(app: App, buttons: list[Button] | None = None) -> list[Seen]:
    """The frame's buttons (or ``buttons`` of it), each named by its label ("+ #2" for a
    page's second stepper's +); a form's text field, whose label is what has been typed so
    far, under one name."""
    buttons = app.scene.buttons() if buttons is None else buttons
    typed: Place | None = None
    form = open_form(app)
    if form is not None and form.typing:
        area = app.scene._form_area(form)  # type: ignore[attr-defined]
        rows = form._rows(app.layout, area)
        at = next(i for i, item in enumerate(form.pages[form.page]) if item.kind == "text")
        typed = tuple(rows[at][1])  # type: ignore[assignment]
    found: list[Seen] = []
    for b in buttons:
        place: Place = tuple(b.rect)  # type: ignore[assignment]
        # A key of the on-screen keyboard is the same key in capitals (shift shows as SHIFT).
        label = "<typed>" if place == typed else b.label.casefold()
        nth = sum(one[1].partition(" #")[0] == label for one in found)
        found.append((place, f"{label} #{nth + 1}" if nth else label, b.enabled))
    return found


def overlap(one: Place, other: Place) -> bool:
    return pygame.Rect(one).colliderect(pygame.Rect(other))


class Watch:
    """What each phase has shown so far, and what breaks the property."""

    def __init__(self) -> None:
        self.places: dict[tuple[object, ...], dict[str, Place]] = {}
        self.forms: list[Form] = []  # kept alive, so no two forms ever share an id

    def frame(self, app: App, step: str) -> list[str]:
        found = []
        now = phase(app)
        form = open_form(app)
        if form is not None and form not in self.forms:
            self.forms.append(form)
        places = self.places.setdefault(now, {})
        for place, label, enabled in seen(app):
            was = places.get(label)
            if was is not None and was != place:
                found.append(f"{step}: {label!r} moved from {was} to {place} in {now}")
            for other, other_place in places.items():
                if other != label and enabled and overlap(place, other_place):
                    found.append(f"{step}: {label!r} took the place of {other!r} in {now}")
            places.setdefault(label, place)
        return found


def tap(app: App, button: Button) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.step(0.0)


def keys_of(app: App, buttons: list[Button]) -> list[Button]:
    """The on-screen keys of a page that types (a letter each, or delete and space)."""
    form = open_form(app)
    if form is None or not form.typing:
        return []
    wide = {app.tr("delete"), app.tr("space")}
    return [b for b in buttons if len(b.label) == 1 or b.label in wide]


def bar_of(app: App, buttons: list[Button]) -> list[Button]:
    """Undo and Redo."""
    return [b for b in buttons if b.label in (app.tr("Undo"), app.tr("Redo"))]


def pick(data: Any, buttons: list[Button], groups: list[list[Button]]) -> Button:
    """A button to tap; each group (the keys, Undo and Redo) as likely as any one other
    button, so a page of keys or an ever-ready Undo does not crowd out the rest."""
    grouped = [b for group in groups for b in group]
    choices: list[Button | list[Button]] = [b for b in buttons if b not in grouped]
    choices += [group for group in groups if group]
    chosen = choices[data.draw(st.integers(0, len(choices) - 1), label="tap")]
    if isinstance(chosen, list):
        return chosen[data.draw(st.integers(0, len(chosen) - 1), label="of the group")]
    return chosen


def check(size: tuple[int, int], language: str, seats: int, seed: int, data: Any) -> None:
    app = app_for(size, language, seats, seed)
    watch = Watch()
    problems = watch.frame(app, "start")
    try:
        for number in range(TAPS):
            everything = app.scene.buttons()
            frame = seen(app, everything)
            buttons = [
                b
                for b in everything
                if b.label != app.tr("Home") and (b.enabled or isinstance(b, Step))
            ]
            chosen = pick(data, buttons, [keys_of(app, buttons), bar_of(app, buttons)])
            before_form, before_page = open_form(app), phase(app)
            tapped = frame[next(i for i, b in enumerate(everything) if b is chosen)]
            tap(app, chosen)
            step = f"tap {number + 1} on {chosen.label!r} ({phase(app)[0]})"
            problems += watch.frame(app, step)
            after_form = open_form(app)
            turned = (
                before_form is not None and after_form is before_form and phase(app) != before_page
            )
            if chosen.enabled and not turned:
                for one in seen(app):
                    if one[2] and one[:2] != tapped[:2] and overlap(one[0], tapped[0]):
                        problems.append(f"{step}: {one[1]!r} appeared under the finger")
            assert not problems, "\n".join(problems)
    finally:
        app.scene.exit()
        app.journal.close()


EXAMPLES = {(800, 480): 100, (720, 1280): 25, (1920, 1080): 25}


@pytest.mark.slow
@pytest.mark.parametrize("size", list(EXAMPLES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_button_moves_under_a_finger(size: tuple[int, int]) -> None:
    ran = []

    @settings(max_examples=EXAMPLES[size], deadline=None)
    @given(
        language=st.sampled_from(["en", "da"]),
        seats=st.integers(0, len(SEATS) - 1),
        seed=st.integers(0, 2**16),
        data=st.data(),
    )
    def run(language: str, seats: int, seed: int, data: Any) -> None:
        check(size, language, seats, seed, data)
        ran.append(seats)

    run()
    assert len(ran) >= EXAMPLES[size]


def button(app: App, label: str) -> Button:
    found = [b for b in app.scene.buttons() if b.label == app.tr(label)]
    assert len(found) == 1, (label, [b.label for b in app.scene.buttons()])
    return found[0]


@pytest.mark.parametrize("language", ["en", "da"])
def test_a_chip_never_takes_the_place_of_draw_all(language: str) -> None:
    """The issue's double tap: going for broke, Draw all greys in its place once drawn, and
    Chip: +1 success keeps a place of its own, as every side button does."""
    app = app_for((800, 480), language, 4, 7)
    try:
        places = {b.label: b.rect for b in app.scene.buttons()}
        draw = button(app, "Draw all")
        tap(app, draw)
        assert app.scene.view()["task"]["table"]  # type: ignore[attr-defined]
        under = [b for b in app.scene.buttons() if b.rect.colliderect(draw.rect)]
        assert [(b.label, b.enabled) for b in under] == [(app.tr("Draw all"), False)]
        assert {b.label: b.rect for b in app.scene.buttons()} == places
        assert button(app, "Chip: +1 success").enabled
    finally:
        app.journal.close()


def test_a_greyed_button_says_why_on_a_tap() -> None:
    """Once a going-for-broke draw is down, Draw all stays greyed; a tap on it says why in
    the rules' words, and nothing is drawn."""
    app = app_for((800, 480), "en", 4, 7)
    try:
        tap(app, button(app, "Draw all"))
        table = app.scene.view()["task"]["table"]  # type: ignore[attr-defined]
        tap(app, button(app, "Draw all"))
        assert app.notice_text in (
            "Saxon has drawn every card this turn allows",
            "A bad card stopped Saxon's draw; cancel it or end the turn",
        )
        assert app.scene.view()["task"]["table"] == table  # type: ignore[attr-defined]
    finally:
        app.journal.close()


def test_abandon_asks_once() -> None:
    """Abandon… asks before the task is given up; its confirm lands on no button after."""
    app = app_for((800, 480), "en", 3, 7)
    try:
        tap(app, button(app, "Abandon…"))
        assert open_form(app) is not None and app.scene.view()["task"] is not None  # type: ignore[attr-defined]
        sure = button(app, "Abandon")
        tap(app, sure)
        view = app.scene.view()  # type: ignore[attr-defined]
        assert view["task"] is None and view["last"]["result"] == "abandoned"
        assert not [b for b in app.scene.buttons() if b.rect.colliderect(sure.rect)]
    finally:
        app.journal.close()


def test_end_turn_leaves_nothing_in_its_place() -> None:
    """End turn, which may end a task, sits where the table has no button: greyed until a
    card is down, and after the task nothing is under it."""
    app = app_for((800, 480), "en", 2, 7)
    try:
        assert app.session is not None
        begin = {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter"}
        app.session.apply(app.session.parse(json.dumps(begin)))
        end = button(app, "End turn")
        assert not end.enabled
        tap(app, button(app, "Draw"))
        tap(app, end)
        assert app.scene.view()["task"] is None  # type: ignore[attr-defined]
        assert not [b for b in app.scene.buttons() if b.rect.colliderect(end.rect)]
    finally:
        app.journal.close()
