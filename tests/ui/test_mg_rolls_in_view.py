"""Every roll stays in view on the conflict screen (issue 21 item 1, Mouse Guard): the
disposition roll's dice, both sides' action rolls until the next pair is revealed, the
tiebreaker's dice, and the volley log, which opens at any time."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from mg_tapping import made_app, press

from tablekit.local.config import Config, Interface
from tablekit.ui import icons, widgets
from tablekit.ui.app import App

SAXON = {"name": "Saxon", "ratings": [{"name": "Nature", "rating": 3},
         {"name": "Health", "rating": 5}, {"name": "Fighter", "rating": 4}]}  # fmt: skip
BEGIN = {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Saxon"],
         "captain": "Saxon", "opponent": "Weasel", "gm_dice": 3}  # fmt: skip


@pytest.fixture(params=["en", "da"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    for made in made_app((800, 480), Config(ui=Interface(language=request.param))):
        made.start("mouse-guard")
        assert made.session is not None
        made.session.rng = random.Random(4)
        do(made, {"type": "mg.add_character", "sheet": SAXON}, BEGIN)
        yield made


def do(app: App, *lines: dict[str, Any]) -> None:
    assert app.session is not None
    for line in lines:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.scene.dirty = True


def seen(app: App, monkeypatch: pytest.MonkeyPatch) -> tuple[str, list[str]]:
    """Every word on the screen now (wrapped lines joined), and every die drawn."""
    dice: list[str] = []
    draw_die = icons.guard_die
    monkeypatch.setattr(
        icons, "guard_die", lambda s, r, face: (dice.append(face), draw_die(s, r, face))
    )
    widgets.LEDGER = []
    try:
        app.scene.dirty = True
        app.draw()
        return " ".join(d.words for d in widgets.LEDGER if not d.cut), dice
    finally:
        widgets.LEDGER = None
        monkeypatch.setattr(icons, "guard_die", draw_die)


def conflict(app: App) -> dict[str, Any]:
    assert app.session is not None
    return app.session.table_view()["conflict"]  # type: ignore[no-any-return]


def test_the_disposition_rolls_dice_stay_in_view(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    press(app, "patrol:disposition")
    press(app, "Roll")
    do(app, {"type": "mg.set_disposition", "side": "gm", "disposition": 4})
    patrol = conflict(app)["sides"]["patrol"]
    words, dice = seen(app, monkeypatch)
    assert dice == patrol["faces"] and len(dice) == 4  # Fighter 4: not only "9 / 9"
    assert f"= {patrol['start']}" in words
    assert app.tr("{n}, given").format(n=4) in words


def test_both_action_rolls_stay_until_the_next_reveal(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    do(app, {"type": "mg.set_disposition", "side": "patrol", "disposition": 8},
       {"type": "mg.set_disposition", "side": "gm", "disposition": 8},
       *({"type": "mg.script", "side": s, "action": "attack"} for s in ["gm"] * 3),
       {"type": "mg.lock", "side": "gm"},
       *({"type": "mg.script", "side": s, "action": "attack"} for s in ["patrol"] * 3),
       {"type": "mg.lock", "side": "patrol"})  # fmt: skip
    press(app, "Reveal")
    do(app, {"type": "mg.roll_action", "side": "gm", "faces": ["sword", "snake", "axe"]})
    words, dice = seen(app, monkeypatch)
    assert dice == ["sword", "snake", "axe"] and "= 2" in words  # the GM's, as soon as down
    press(app, "patrol:roll")
    assert conflict(app)["status"] == "revealing"
    rolled = conflict(app)["log"][-1]["rolls"]
    words, dice = seen(app, monkeypatch)
    assert len(dice) == sum(len(r["faces"]) for r in rolled)  # both rolls, before the reveal
    assert all(f"= {r['successes']}" in words for r in rolled)
    assert f"{app.tr('Patrol')} -2 → 6" in words  # what the weasel's two successes took


def test_a_tiebreakers_dice_are_shown(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    do(app, {"type": "mg.set_disposition", "side": "patrol", "disposition": 8},
       {"type": "mg.set_disposition", "side": "gm", "disposition": 8},
       *({"type": "mg.script", "side": s, "action": "feint"} for s in ["gm"] * 3),
       {"type": "mg.lock", "side": "gm"},
       *({"type": "mg.script", "side": s, "action": "feint"} for s in ["patrol"] * 3),
       {"type": "mg.lock", "side": "patrol"}, {"type": "mg.reveal"},
       {"type": "mg.roll_action", "side": "gm", "faces": ["snake"] * 3},
       {"type": "mg.roll_action", "side": "patrol", "faces": ["snake"] * 4})  # fmt: skip
    press(app, "patrol:tie")
    press(app, "Next")  # the tiebreaker
    press(app, "Roll")
    tie = conflict(app)["log"][-1]["tie"]
    assert tie["way"] == "tiebreaker"
    words, dice = seen(app, monkeypatch)
    assert len(dice) == 3 + 4 + len(tie["gm_faces"]) + len(tie["patrol_faces"])
    assert app.tr("Tiebreaker") in words


def test_the_volley_log_opens_at_any_time(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    press(app, "Log")
    words, _ = seen(app, monkeypatch)
    assert app.tr("No action has been settled yet.") in words
    press(app, "Log")
    do(app, {"type": "mg.set_disposition", "side": "patrol", "disposition": 8},
       {"type": "mg.set_disposition", "side": "gm", "disposition": 8},
       *({"type": "mg.script", "side": s, "action": "attack"} for s in ["gm"] * 3),
       {"type": "mg.lock", "side": "gm"},
       *({"type": "mg.script", "side": s, "action": "defend"} for s in ["patrol"] * 3),
       {"type": "mg.lock", "side": "patrol"}, {"type": "mg.reveal"},
       {"type": "mg.roll_action", "side": "gm", "faces": ["sword", "sword", "snake"]},
       {"type": "mg.roll_action", "side": "patrol", "faces": ["sword", "snake", "snake"]},
       {"type": "mg.reveal"})  # fmt: skip
    press(app, "Log")  # while the next pair is being tested
    words, _ = seen(app, monkeypatch)
    weasel = app.tr("{side} wins by {n}").format(side="Weasel", n=1)
    assert weasel in words and app.tr("Volley log") in words


MINE, THEIRS = ["sword", "axe", "snake"], ["snake", "sword", "snake"]


def test_a_tests_tiebreaker_shows_its_dice(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A versus test's tiebreaker (the summary's Tests, step 10) stays in view, both rolls."""
    do(app, {"type": "mg.end_conflict"},
       {"type": "mg.begin_test", "character": "Saxon", "rating": "Fighter", "versus": "Weasel",
        "versus_dice": 3},
       {"type": "mg.roll", "faces": [6, 2, 1]}, {"type": "mg.roll", "faces": [4, 3, 1, 1]},
       {"type": "mg.tiebreaker", "ability": "Nature", "opponent_dice": 3, "faces": MINE,
        "opponent_faces": THEIRS})  # fmt: skip
    assert app.session is not None
    tiebreak = app.session.table_view()["test"]["tiebreak"]
    assert tiebreak == {
        "tester": ["sword", "axe", "snake"],
        "opponent": ["snake", "sword", "snake"],
    }
    words, dice = seen(app, monkeypatch)
    assert dice == tiebreak["tester"] + tiebreak["opponent"]
    assert app.tr("Tiebreaker") + ":" in words and "= 2" in words and "= 1" in words
