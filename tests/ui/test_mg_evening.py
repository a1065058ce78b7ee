"""A whole Mouse Guard evening by taps alone (issue 21 item 7), from an empty data directory
at 800x480: three sheets; the GM's turn with a failed test that ends in a twist and
another that ends in a condition; a conflict of three volleys to its compromise, both
sides scripting on the shared screen (the GM privately: GM scripts covers the table's
view, and Lock hides it); then the players' turn, where the mouse recovers. Regelhuskeark
plays the same evening in Danish. Each records its taps."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import mg_tapping
import pytest
from mg_sheet_taps import counted, step
from mg_tapping import form, keys, labels, made_app, press, type_on_keys

from tablekit.local.config import Config, Interface
from tablekit.rules.secret import HIDDEN
from tablekit.ui import chrome
from tablekit.ui.app import App
from tablekit.ui.mg import builder, patrol

pytestmark = pytest.mark.usefixtures("figures_at_full_size")

EVENINGS = {"mouse-guard": ("en", "Mouse Guard"), "regelhuskeark": ("da", "Regelhuskeark")}
TAPS = {"mouse-guard": 146, "regelhuskeark": 150}
"""The taps each evening took when this was written (47 of them for the three sheets and
the phases to the GM's turn); it may take fewer, never more. Each run prints its count."""


@pytest.fixture(params=list(EVENINGS))
def game(request: pytest.FixtureRequest) -> str:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def app(game: str) -> Iterator[App]:
    yield from made_app((800, 480), Config(ui=Interface(language=EVENINGS[game][0])))


def view(app: App) -> dict[str, Any]:
    assert app.session is not None
    return app.session.table_view()  # type: ignore[return-value]


def status(app: App) -> str:
    now = view(app)["conflict"]
    return "none" if now is None else str(now["status"])


def open_sheet(app: App, name: str) -> None:
    """Tap the mouse's row in the patrol overview."""
    app.draw()
    left = builder.split(chrome.content(app.layout), app.layout)[0]
    rows = patrol.placed_rows(view(app), app.layout, left, app.tr)
    names = [m["name"] for m in view(app)["characters"]]
    mg_tapping.tap(app, rows[names.index(name)].center)  # counted, as every tap


def new_sheet(app: App, name: str, skill: str, rating: int) -> None:
    press(app, "New mouse")
    type_on_keys(app, name)
    press(app, "Next")
    while app.tr(skill) not in [f.label for f in form(app).pages[form(app).page]]:
        press(app, "Next")
    step(app, skill, rating)
    while app.tr("Add") not in labels(app):
        press(app, "Next")
    press(app, "Add")


def failed_test(app: App, name: str, outcome: str) -> None:
    """``name`` tests its first rating against an obstacle its dice cannot reach; the GM
    answers the failure with ``outcome`` (Twist, or a condition)."""
    open_sheet(app, name)
    press(app, "Test…")
    press(app, "Next")
    step(app, "Obstacle", 6)  # Ob 8: more than any of these pools can roll
    press(app, "Start")
    press(app, "Roll")
    assert view(app)["test"]["passed"] is False
    press(app, "Done")
    press(app, outcome)
    press(app, "Done")
    press(app, "Patrol")


def script(app: App, side: str, action: str) -> None:
    """``side`` scripts three ``action``s on the screen and locks; the table's view holds
    no action of it meanwhile, only the count."""
    press(app, f"{side}:scripts")
    for _ in range(3):
        press(app, f"{side}:{action}")
        hidden = view(app)["conflict"]["sides"][side]["actions"]
        assert all(a == HIDDEN for a in hidden)  # what the shared screen may know
    press(app, f"{side}:lock")
    assert app.scene.conflict_controls.pad is None  # type: ignore[attr-defined]


def act(app: App) -> None:
    """Reveal a pair and roll it out: each side's roll, keeping it, a tie, a margin."""
    press(app, "Reveal")
    for _ in range(8):
        if status(app) != "acting" and status(app) != "maneuver":
            return
        offered = keys(app)
        name = next(
            n for n in ("gm:roll", "patrol:roll", "gm:keep", "patrol:keep", "gm:tie",
                        "patrol:margin", "gm:margin") if n in offered
        )  # fmt: skip
        press(app, name)
        if name.endswith(":tie"):
            press(app, "Next")  # the tiebreaker
            press(app, "Roll")
        elif name.endswith(":margin"):
            press(app, "Spend")


@pytest.mark.slow
def test_a_whole_evening_by_taps(app: App, game: str) -> None:
    title = EVENINGS[game][1]
    with counted() as taps:
        press(app, title)
        assert app.session is not None
        app.session.rng = random.Random(11)
        for name, skill, rating in (("saxon", "Fighter", 4), ("kenzie", "Scout", 3),
                                    ("lieam", "Fighter", 3)):  # fmt: skip
            new_sheet(app, name, skill, rating)
        press(app, "Next phase")
        press(app, "Start")  # the first session begins the campaign
        for _ in range(3):
            press(app, "Next phase")  # the mission, the goals, the GM's turn
        assert view(app)["phase"] == "gm_turn"
        sheet_taps = taps[0]
        failed_test(app, "kenzie", "Twist")
        condition = app.tr(view(app)["ruleset"]["conditions"][1]["name"])  # Angry, Vred
        failed_test(app, "saxon", condition)
        assert view(app)["notes"] and view(app)["characters"][0]["conditions"]
        press(app, "Conflict…")
        press(app, "Next")
        press(app, "Begin")
        press(app, "patrol:disposition")
        while app.tr("Roll") not in labels(app):
            press(app, "Next")
        press(app, "Roll")
        press(app, "gm:disposition")
        step(app, "Disposition", -3)  # the GM's 3
        press(app, "Set")
        for volley, action in ((1, "defend"), (2, "defend"), (3, "attack")):
            assert view(app)["conflict"]["volley"] == volley
            script(app, "gm", action)
            script(app, "patrol", action)
            while status(app) == "revealing":
                act(app)
            if status(app) == "over":
                break
        assert status(app) == "over" and view(app)["conflict"]["volley"] == 3
        assert view(app)["conflict"]["compromise"]["band"]
        conflict_taps = taps[0]
        press(app, "End conflict")
        press(app, "Next phase")
        assert view(app)["phase"] == "players_turn"
        open_sheet(app, "saxon")
        press(app, "Recover…")
        press(app, "Recover")
        press(app, "Roll")
        passed = view(app)["test"]["passed"]
        press(app, "Done")
        if not passed:
            press(app, "Done")  # a failed recovery: the GM's twist
    print(f"{game} evening: {taps[0]} taps ({sheet_taps} to the GM's turn, "
          f"{conflict_taps} to the compromise)")  # fmt: skip
    assert view(app)["last_result"]["rating"] in ("Will", "Health")
    assert taps[0] <= TAPS[game]
