"""Buttons never move under a finger on the Mouse Guard screen and its Danish rabbit hack,
Regelhuskeark (issue 21, "Buttons stay where they are"): a property over random taps and
pad presses, the way a table plays.

Each example seats a table (nobody; three mice in the GM's turn; a test under way, or a
versus test; a conflict setting its dispositions, scripting, or testing its first pair),
pins the random source, and makes up to 30 moves at random: a tap on any button on the
screen (greyed ones too, which say why), bar and form buttons and keys included, but Home
and Our dice (another screen), or a key of the keyboard's two action pads. Every move is
a command or a step of a form. After each, the screen is drawn and its buttons read:

* between two frames of the same phase, no enabled button takes the rectangle of a
  different one. A phase is the screen's page: the patrol, a sheet (its numbers, words or
  readings), a test before its roll, a versus test after the GM's roll, a test after its
  roll, one page of one open form, and in a conflict its status with the side whose pad
  covers the screen, whether the Log covers it, and while the actions are tested the step
  each side's test is at (to roll, deciding on its roll, done) and whether it is tied;
* a button that is in both frames of one screen keeps its rectangle, whatever the phase;
* no enabled button appears in the rectangle of the button just tapped unless it is that
  same button (a second tap of a double tap meets nothing new), save where the tap opened
  a form or turned its page, or closed a form: the screen lets a double tap's second tap
  on the spot of a form's button that closed it fall (test_a_double_tap_on_a_forms_button
  below).

A button is named by its key where it has one ("patrol:roll", whatever its words say),
else by its words. The Mouse Guard property runs 60 examples at 800x480, Regelhuskeark 30
in Danish.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mg_tapping import tap

from tablekit.local.config import Config, Interface
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.form import Form
from tablekit.ui.widgets import Button

MOVES = 30
MG_EXAMPLES = 60
RABBIT_EXAMPLES = 30

Place = tuple[int, int, int, int]
Seen = tuple[str, Place, bool]
"""A button as a frame shows it: its name, its rectangle, whether it is enabled."""

PAD_KEYS = [*"qwertyasdfgh"]


def sheet(name: str, ratings: dict[str, int], **more: Any) -> dict[str, Any]:
    rated = [{"name": k, "rating": v} for k, v in ratings.items()]
    return {"type": "mg.add_character", "sheet": {"name": name, "ratings": rated} | more}


SAXON = {"fate": 1, "persona": 2, "wises": [{"name": "Weasel-wise"}],
         "traits": [{"name": "Bold", "level": 3}, {"name": "Fearless", "level": 1}]}  # fmt: skip
KENZIE = {"fate": 2, "persona": 1, "wises": [{"name": "Crab-wise"}],
          "traits": [{"name": "Clever", "level": 2}]}  # fmt: skip
MICE = [
    sheet("Saxon", {"Nature": 3, "Will": 3, "Health": 5, "Fighter": 4, "Pathfinder": 3}, **SAXON),
    sheet("Kenzie", {"Nature": 3, "Will": 5, "Health": 4, "Scout": 3}, **KENZIE),
    sheet("Lieam", {"Nature": 4, "Will": 2, "Health": 4, "Fighter": 3}, persona=1,
          conditions=["tired"]),
    {"type": "mg.set_phase", "phase": "prologue"},
    {"type": "mg.set_phase", "phase": "mission"},
    {"type": "mg.set_phase", "phase": "goals"},
    {"type": "mg.set_phase", "phase": "gm_turn"},
]  # fmt: skip
RABBITS = [{**line, "sheet": {**line["sheet"], "wises": [], "traits": [
    {**t, "level": 1} for t in line["sheet"].get("traits", [])]}} if "sheet" in line else line
    for line in MICE]  # fmt: skip
BEGIN = {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Saxon", "Kenzie"],
         "captain": "Saxon", "opponent": "Weasel", "gm_dice": 4}  # fmt: skip
DISPOSED = [BEGIN, {"type": "mg.set_disposition", "side": "patrol", "disposition": 8},
            {"type": "mg.set_disposition", "side": "gm", "disposition": 6}]  # fmt: skip
SCRIPTED = [
    *({"type": "mg.script", "side": "gm", "action": a} for a in ("attack", "defend", "feint")),
    {"type": "mg.lock", "side": "gm"},
    *({"type": "mg.script", "side": "patrol", "action": a} for a in ("feint", "attack")),
    {"type": "mg.script", "side": "patrol", "action": "maneuver"},
    {"type": "mg.lock", "side": "patrol"},
    {"type": "mg.reveal"},
]
SEATS: list[list[dict[str, Any]]] = [
    [],
    [],
    [{"type": "mg.begin_test", "character": "Kenzie", "rating": "Scout", "ob": 3}],
    [{"type": "mg.begin_test", "character": "Saxon", "rating": "Fighter", "versus": "Weasel",
      "versus_dice": 4}],
    [BEGIN],
    DISPOSED,
    DISPOSED + SCRIPTED,
]  # fmt: skip
"""The tables an example starts from, after the patrol has joined (except the first)."""


@pytest.fixture(autouse=True, scope="module")
def fonts() -> Iterator[None]:
    yield
    theme.font.cache_clear()
    pygame.quit()


def app_for(game: str, language: str, seat: int, seed: int) -> App:
    app = App(
        Config(ui=Interface(language=language)), Journal(":memory:", clock=TEST_CLOCK), (800, 480)
    )
    app.start(game)
    assert app.session is not None
    app.session.rng = random.Random(seed)
    patrol = RABBITS if game == "regelhuskeark" else MICE
    lines = ([] if seat == 0 else patrol) + SEATS[seat]
    for line in lines:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.scene.dirty = True
    app.draw()
    return app


def name(button: Button) -> str:
    return getattr(button, "key", "") or button.label


def frame(app: App) -> list[Seen]:
    """The buttons on the screen now; a form's text box, which shows what is typed, is
    named as the box it is."""
    from tablekit.ui import chrome

    app.draw()
    boxes: set[Place] = set()
    form = getattr(app.scene, "form", None)
    if isinstance(form, Form) and not form.closed and form.typing:
        rows = form._rows(app.layout, chrome.content(app.layout))  # noqa: SLF001
        page = form.pages[form.page]
        pairs = zip(page, rows, strict=False)
        texts = [control for item, (_, control) in pairs if item.kind == "text"]
        boxes = {tuple(control) for control in texts}  # type: ignore[misc]
    typing = isinstance(form, Form) and not form.closed
    return [
        (
            "text box" if tuple(b.rect) in boxes else name(b).casefold() if typing else name(b),
            tuple(b.rect),  # type: ignore[misc]
            b.enabled,
        )  # a key is the same key in capitals (shift)
        for b in app.scene.buttons()
    ]


def phase(app: App) -> tuple[Any, ...]:
    """The screen's page now (see the module's docstring)."""
    scene: Any = app.scene
    if not hasattr(scene, "conflict_controls"):
        return ("elsewhere", scene.name)
    form = scene.form
    if form is not None and not form.closed:
        return ("form", id(form), form.page)
    view = scene.view()
    conflict = view["conflict"]
    if conflict is not None:
        controls = scene.conflict_controls
        exchange = conflict["exchange"]
        steps: tuple[Any, ...] = ()
        if exchange is not None:
            steps = tuple((t["side"], t["rolled"], t["waits"]) for t in exchange["tests"]) + (
                exchange["tied"],
                exchange["volley"],
                exchange["slot"],
            )
        status = conflict["status"]
        return ("conflict", status, controls.pad, controls.log, controls.log_page, steps)
    test = view["test"]
    if test is not None:
        opponent = test["opponent"]
        return ("test", test["to_roll"] is None, bool(opponent and opponent["rolled"]))
    if scene.selected is not None:
        return ("sheet", scene.selected, scene.about, scene.readings)
    return ("patrol",)


def overlapping(one: Place, other: Place) -> bool:
    return pygame.Rect(one).colliderect(pygame.Rect(other))


def check(
    before: list[Seen],
    after: list[Seen],
    phases: tuple[tuple[Any, ...], tuple[Any, ...]],
    tapped: Seen | None,
    excused: bool,
    note: str,
) -> None:
    was, now = phases
    if was == now:
        for name_now, place, enabled in after:
            if not enabled:
                continue
            taken = [n for n, p, _ in before if n != name_now and overlapping(p, place)]
            assert not taken, f"{note}: {name_now!r} took the place of {taken[0]!r}"
    if was[0] != "form" and now[0] != "form":  # a form's buttons are its own
        places = {n: p for n, p, _ in before}
        for name_now, place, _ in after:
            moved = name_now in places and places[name_now] != place
            assert not moved, f"{note}: {name_now!r} moved from {places[name_now]} to {place}"
    if tapped is not None and not excused:
        under = [n for n, p, on in after if on and n != tapped[0] and overlapping(p, tapped[1])]
        assert not under, f"{note}: {under[0]!r} appeared under the tapped {tapped[0]!r}"


def play(game: str, language: str, seat: int, seed: int, moves: list[int]) -> None:
    app = app_for(game, language, seat, seed)
    try:
        skip = {app.tr("Home"), app.tr("Our dice")}
        before, was = frame(app), phase(app)
        for step, move in enumerate(moves):
            form_before = getattr(app.scene, "form", None)
            buttons = [b for b in app.scene.buttons() if b.label not in skip]
            tapped: Seen | None = None
            if move % 11 == 0:  # anywhere: a mouse's row opens its sheet, a gap does nothing
                spot = (move * 7919 % 800, move * 104729 % 480)
                tapped = next(
                    (
                        (name(b), tuple(b.rect), b.enabled)
                        for b in app.scene.buttons()
                        if b.rect.collidepoint(spot) and b.label not in skip
                    ),
                    None,
                )  # type: ignore[assignment]
                if any(b.rect.collidepoint(spot) and b.label in skip for b in app.scene.buttons()):
                    continue
                tap(app, spot)
                app.notice_text = ""
            elif move % 7 == 0 or not buttons:
                key = PAD_KEYS[move % len(PAD_KEYS)]
                code = pygame.key.key_code(key)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
                app.step(0.0)
            else:
                chosen = buttons[move % len(buttons)]
                tapped = (name(chosen), tuple(chosen.rect), chosen.enabled)  # type: ignore[assignment]
                tap(app, chosen.rect.center)
                app.notice_text = ""  # a reason shown is read; the next tap is a button's
            if not hasattr(app.scene, "conflict_controls"):
                return  # the dice tray or another screen: this example ends here
            now, phase_now = frame(app), phase(app)
            form_now = getattr(app.scene, "form", None)
            opened = form_now is not None and form_now is not form_before
            turned = form_now is not None and form_now is form_before
            closed = isinstance(form_before, Form) and form_now is not form_before
            excused = opened or turned or closed
            note = f"{game} seat {seat} seed {seed}, move {step} ({tapped and tapped[0]})"
            check(before, now, (was, phase_now), tapped, excused, note)
            before, was = now, phase_now
    finally:
        app.scene.exit()
        app.journal.close()


@pytest.mark.slow
@settings(max_examples=MG_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(
    seat=st.integers(0, len(SEATS) - 1),
    seed=st.integers(0, 2**16),
    moves=st.lists(st.integers(0, 10_000), min_size=MOVES, max_size=MOVES),
)
def test_no_button_takes_anothers_place_in_mouse_guard(
    seat: int, seed: int, moves: list[int]
) -> None:
    play("mouse-guard", "en", seat, seed, moves)


@pytest.mark.slow
@settings(max_examples=RABBIT_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(
    seat=st.integers(0, len(SEATS) - 1),
    seed=st.integers(0, 2**16),
    moves=st.lists(st.integers(0, 10_000), min_size=MOVES, max_size=MOVES),
)
def test_no_button_takes_anothers_place_in_regelhuskeark(
    seat: int, seed: int, moves: list[int]
) -> None:
    play("regelhuskeark", "da", seat, seed, moves)


@pytest.fixture
def table() -> Iterator[App]:
    app = app_for("mouse-guard", "en", 1, 3)
    yield app
    app.scene.exit()
    app.journal.close()


def rect_of(app: App, wanted: str) -> pygame.Rect:
    app.draw()
    return next(b.rect for b in app.scene.buttons() if name(b) == wanted)


def enabled_at(app: App, place: pygame.Rect) -> list[str]:
    app.draw()
    return [name(b) for b in app.scene.buttons() if b.enabled and b.rect.colliderect(place)]


def test_roll_keeps_its_place_after_persona_and_nothing_takes_it_after_the_roll(
    table: App,
) -> None:
    """Issue 21: in a test, Roll moved from the bottom to the top after Persona."""
    from mg_tapping import press

    assert table.session is not None
    table.session.apply(table.session.parse(json.dumps(SEATS[2][0])))
    roll = rect_of(table, "Roll")
    press(table, "Persona +1D")
    assert rect_of(table, "Roll") == roll
    greyed = next(b for b in table.scene.buttons() if b.label == "Persona +1D")
    assert not greyed.enabled  # Kenzie's last Persona point: greyed in its place, saying why
    assert getattr(greyed, "why", "") == "Kenzie has no Persona point"
    press(table, "Roll")
    assert enabled_at(table, roll) == []  # a second tap on Roll meets nothing


def test_the_conflicts_roll_buttons_keep_their_places(table: App) -> None:
    """Issue 21: the conflict's roll buttons went from 3 to 2 to 1, so a tap fell in a gap."""
    from mg_tapping import press

    assert table.session is not None
    attacks = [
        *({"type": "mg.script", "side": side, "action": "attack"} for side in ["gm"] * 3),
        {"type": "mg.lock", "side": "gm"},
        *({"type": "mg.script", "side": side, "action": "attack"} for side in ["patrol"] * 3),
        {"type": "mg.lock", "side": "patrol"},
        {"type": "mg.reveal"},
    ]
    for line in DISPOSED + attacks:
        table.session.apply(table.session.parse(json.dumps(line)))
    exchange = table.session.table_view()["conflict"]["exchange"]
    assert exchange["interaction"] == "independent"  # both roll, in either order
    gm, patrol = rect_of(table, "gm:roll"), rect_of(table, "patrol:roll")
    press(table, "gm:roll")
    assert rect_of(table, "patrol:roll") == patrol
    assert "gm:roll" not in [name(b) for b in table.scene.buttons() if b.enabled]
    assert enabled_at(table, gm) == []


def test_a_double_tap_on_a_forms_button_presses_nothing_below_it(table: App) -> None:
    """A form's confirm closes it; a second tap of a double tap on that spot, within
    QUIET seconds, presses nothing on the screen below (here, Roll)."""
    from mg_tapping import form, press

    assert table.session is not None
    table.session.apply(table.session.parse(json.dumps(SEATS[2][0])))
    roll = rect_of(table, "Roll")
    press(table, "Helpers")
    press(table, "Fighter 3")  # Lieam helps with Fighter
    use = next(b.rect for b in form(table).buttons(table.layout, content(table), table.tr)
               if b.label == "Help")  # fmt: skip
    spot = use.clip(roll).center  # Roll lies below the form's confirm
    tap(table, spot)
    assert table.scene.form is None  # type: ignore[attr-defined]
    tap(table, spot, double=True)
    assert table.session.table_view()["test"]["tester"]["rolled"] is False
    tap(table, spot)  # later: a tap of its own
    assert table.session.table_view()["test"]["to_roll"] is None


def content(app: App) -> pygame.Rect:
    from tablekit.ui import chrome

    return chrome.content(app.layout)
