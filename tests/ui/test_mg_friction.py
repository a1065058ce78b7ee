"""The Mouse Guard and Regelhuskeark friction points and Danish slips of issue 21 item 6,
each as the table met it, and as it reads now."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from mg_tapping import form, keys, made_app, press

from tablekit.local.config import Config, Interface
from tablekit.ui import theme, widgets
from tablekit.ui.app import App


def app_in(language: str, game: str = "mouse-guard") -> Iterator[App]:
    for app in made_app((800, 480), Config(ui=Interface(language=language))):
        app.start(game)
        assert app.session is not None
        app.session.rng = random.Random(5)
        yield app


@pytest.fixture
def english() -> Iterator[App]:
    yield from app_in("en")


def do(app: App, *lines: dict[str, Any]) -> None:
    assert app.session is not None
    for line in lines:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.scene.dirty = True


def words(app: App) -> list[widgets.Drawn]:
    widgets.LEDGER = []
    try:
        app.scene.dirty = True
        app.draw()
        return list(widgets.LEDGER)
    finally:
        widgets.LEDGER = None


def mouse(name: str, **more: Any) -> dict[str, Any]:
    ratings = [{"name": "Nature", "rating": 3}, {"name": "Will", "rating": 4},
               {"name": "Health", "rating": 4}, {"name": "Fighter", "rating": 3}]  # fmt: skip
    return {"type": "mg.add_character", "sheet": {"name": name, "ratings": ratings} | more}


def fight(*patrol: str, gm: tuple[str, ...], mice: tuple[str, ...]) -> list[dict[str, Any]]:
    return [
        {"type": "mg.begin_conflict", "conflict": "fight", "patrol": list(patrol),
         "captain": patrol[0], "opponent": "Weasel", "gm_dice": 3},
        {"type": "mg.set_disposition", "side": "patrol", "disposition": 8},
        {"type": "mg.set_disposition", "side": "gm", "disposition": 8},
        *({"type": "mg.script", "side": "gm", "action": a} for a in gm),
        {"type": "mg.lock", "side": "gm"},
        *({"type": "mg.script", "side": "patrol", "action": a} for a in mice),
        {"type": "mg.lock", "side": "patrol"},
        {"type": "mg.reveal"},
    ]  # fmt: skip


def test_a_versus_action_reads_pool_against_pool_not_vs_versus(english: App) -> None:
    """It read "4D vs versus · 50.00%"."""
    do(english, mouse("Saxon"), *fight("Saxon", gm=("attack",) * 3, mice=("defend",) * 3))
    shown = [d.words for d in words(english)]
    assert not any("vs versus" in w for w in shown)
    assert any(w.startswith("3D vs 3D · ") and w.endswith("to win") for w in shown)


def test_healthy_is_not_red_and_every_condition_reads_at_one_size(
    english: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Healthy" was drawn in the conditions' red; four conditions were shrunk beside a name
    while one was not."""
    do(english, mouse("Saxon", conditions=["hungry", "angry", "tired", "injured"]),
       mouse("Kenzie", conditions=["sick"]), mouse("Lieam"))  # fmt: skip
    coloured: dict[str, tuple[int, int, int]] = {}
    text = widgets.text

    def noting(surface: Any, said: str, rect: Any, size: int, colour: Any = theme.INK,
               *more: Any) -> Any:  # fmt: skip
        coloured[said] = colour
        return text(surface, said, rect, size, colour, *more)

    monkeypatch.setattr(widgets, "text", noting)
    drawn = words(english)
    assert coloured["Healthy"] != theme.WAX and coloured["Sick"] == theme.WAX
    said = ["Hungry, Angry, Tired, Injured", "Sick", "Healthy"]
    sizes = {d.size for d in drawn if d.words in said and not d.cut}
    assert {d.words for d in drawn} >= set(said) and sizes == {english.layout.text("body")}


def test_breaking_a_tie_offers_only_what_the_traits_can_do(english: App) -> None:
    """ "Break the tie" preselected "Level 3 wins it" for a level-1 trait, and sat beside
    "Tiebreaker" unexplained: now one button, whose form says what each way does and offers
    a level 3 trait only where one is."""
    do(english, mouse("Saxon", traits=[{"name": "Bold", "level": 1}]),
       *fight("Saxon", gm=("feint",) * 3, mice=("feint",) * 3),
       {"type": "mg.roll_action", "side": "gm", "faces": ["snake"] * 3},
       {"type": "mg.roll_action", "side": "patrol", "faces": ["snake"] * 3})  # fmt: skip
    assert "Tiebreaker" not in keys(english) and {"gm:tie", "patrol:tie"} <= set(keys(english))
    press(english, "patrol:tie")
    ways = [label for f in form(english).pages[0] for _, label in f.options]
    assert ways == [
        "Tiebreaker: each side rolls Will, Health or Nature",
        "A trait used against: the other side wins, 2 checks",
    ]


TWO_OF_THREE = ["sword", "sword", "snake"]


def test_the_maneuver_margin_offers_what_it_pays_for_and_says_whose_it_is(english: App) -> None:
    """The spend panel offered Disarm (3) with a margin of 2, and said not which side spent."""
    do(english, mouse("Saxon"), *fight("Saxon", gm=("defend",) * 3, mice=("maneuver",) * 3),
       {"type": "mg.roll_action", "side": "gm", "faces": ["snake"] * 3},
       {"type": "mg.roll_action", "side": "patrol", "faces": TWO_OF_THREE})  # fmt: skip
    assert english.session is not None
    now = english.session.table_view()["conflict"]
    assert now["exchange"]["maneuvers"] == [{"side": "patrol", "margin": 2}]
    press(english, "patrol:margin")
    shown = form(english)
    assert shown.title == "Patrol spends its maneuver margin"
    offered = [label for f in shown.pages[0] if f.key == "effects" for _, label in f.options]
    assert offered == ["Impede (1)", "Gain Position (2)"]


def test_the_disposition_form_says_what_is_rolled() -> None:
    """The Regelhuskeark disposition panel showed only "Slå"."""
    for app in app_in("da", "regelhuskeark"):
        do(app, mouse("Hazel"), {"type": "mg.begin_conflict", "conflict": "fight",
           "patrol": ["Hazel"], "captain": "Hazel", "opponent": "Ræven", "gm_dice": 3})  # fmt: skip
        press(app, "patrol:disposition")
        first = form(app).pages[0]
        shown = {label for f in first for _, label in f.options}
        assert {"Fighter 3", "Health 4", "Nature 3"} <= shown
        assert [f.label for f in first][:2] == ["Slår", "Lægges til"]


@pytest.mark.parametrize(
    ("game", "skill", "will", "condition_button"),
    [("mouse-guard", "Kriger 3", "Vilje 4", "Tilstande…"),
     ("regelhuskeark", "Fighter 3", "Will 4", "Conditions…")],
)  # fmt: skip
def test_a_danish_sheet_names_its_skills_one_way(
    game: str, skill: str, will: str, condition_button: str
) -> None:
    """Mouse Guard's skills stayed English (Fighter, Pathfinder) in Danish; Regelhuskeark's
    sheet mixed its text's own words (Nature, Fate, Checks) with Vilje, Helbred and
    Karaktertræk. Mouse Guard now reads all Danish; Regelhuskeark as its text writes
    its game words, every one of them."""
    for app in app_in("da", game):
        do(app, mouse("Hazel", traits=[{"name": "Snarrådig", "level": 1}]))
        app.scene.selected = "Hazel"  # type: ignore[attr-defined]
        shown = " ".join(d.words for d in words(app))
        assert skill in shown and will in shown and condition_button in shown
        if game == "regelhuskeark":
            assert "Traits: Snarrådig 1" in shown and "Vilje" not in shown
            assert "Karaktertræk" not in shown and "Helbred" not in shown
        else:
            assert "Karaktertræk: Snarrådig 1" in shown and "Fighter" not in shown


def test_the_rabbits_hint_names_the_button_it_shows() -> None:
    """The hint said "tilføj patruljen med Ny mus" beside a button that read "Ny kanin"."""
    for app in app_in("da", "regelhuskeark"):
        shown = " ".join(d.words for d in words(app))
        assert "Ny kanin" in shown and "Ny mus" not in shown


def test_a_creatures_dice_are_the_opponents_in_danish() -> None:
    """ "Modstander terninger" should read "Modstanderens terninger"."""
    for app in app_in("da"):
        do(app, mouse("Saxon"))
        press(app, "Konflikt…")
        press(app, "Næste")
        press(app, "Start")
        assert app.session is not None
        do(app, {"type": "mg.set_disposition", "side": "patrol", "disposition": 8},
           {"type": "mg.set_disposition", "side": "gm", "disposition": 8},
           *({"type": "mg.script", "side": "gm", "action": "attack"} for _ in range(3)),
           {"type": "mg.lock", "side": "gm"},
           *({"type": "mg.script", "side": "patrol", "action": "attack"} for _ in range(3)),
           {"type": "mg.lock", "side": "patrol"}, {"type": "mg.reveal"})  # fmt: skip
        shown = " ".join(d.words for d in words(app))
        assert "Modstanderens terninger" in shown and "Modstander terninger" not in shown


def test_undoing_the_mouse_whose_sheet_is_open_shows_the_patrol(english: App) -> None:
    """Undo took away the mouse whose sheet was shown, and the screen failed to draw."""
    do(english, mouse("Saxon"), mouse("Lieam"))
    english.scene.selected = "Lieam"  # type: ignore[attr-defined]
    press(english, "Undo")
    english.draw()
    assert english.scene.selected is None  # type: ignore[attr-defined]
    assert english.tr("New mouse") in [b.label for b in english.scene.buttons()]


def test_cancelling_a_test_asks_once(english: App) -> None:
    do(english, mouse("Saxon"),
       {"type": "mg.begin_test", "character": "Saxon", "rating": "Fighter", "ob": 3})  # fmt: skip
    press(english, "Cancel test…")
    assert english.session is not None and english.session.table_view()["test"] is not None
    press(english, "Cancel test")  # the form's confirm
    assert english.session.table_view()["test"] is None
