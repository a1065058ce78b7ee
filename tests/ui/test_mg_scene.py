"""The Mouse Guard screen driven by taps alone, as the table plays it.

Every test starts from an empty data directory and reaches what it checks
through the home screen, forms and the dice tray, at 800x480 and 720x1280.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from mg_tapping import add_mouse, form, labels, made_app, press, tap, type_on_keys  # noqa: F401

from tablekit.local.config import Config, Interface
from tablekit.ui.app import App

SIZES = [(800, 480), (720, 1280)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    yield from made_app(request.param, Config())


@pytest.fixture(params=["en", "da"])
def any_language(request: pytest.FixtureRequest) -> Iterator[App]:
    settings = Config(ui=Interface(language=request.param))
    yield from made_app((800, 480), settings)


def sheet(app: App, name: str) -> dict[str, Any]:
    assert app.session is not None
    return next(c for c in app.session.table_view()["characters"] if c["name"] == name)


def rating(app: App, name: str, skill: str) -> dict[str, Any]:
    return next(r for r in sheet(app, name)["ratings"] if r["name"] == skill)


def open_sheet(app: App, name: str) -> None:
    """Tap the mouse's row in the patrol overview."""
    from tablekit.ui import chrome
    from tablekit.ui.mg import builder, patrol

    app.draw()
    left = builder.split(chrome.content(app.layout), app.layout)[0]
    mice = app.session.table_view()["characters"]  # type: ignore[union-attr]
    rows = patrol.mouse_rows(app.layout, left, len(mice))
    index = [m["name"] for m in mice].index(name)
    tap(app, rows[index].center)
    assert app.scene.selected == name  # type: ignore[attr-defined]


def test_a_failed_test_by_touch_in_either_language(any_language: App) -> None:
    """Summary, Tests step 12, played in English and in Danish by taps alone."""
    app = any_language
    press(app, "Mouse Guard")
    add_mouse(app, "kenzie")
    open_sheet(app, "kenzie")
    press(app, "Test…")
    press(app, f"{app.tr('Will')} 3")
    press(app, "Next")
    press(app, "Start")
    press(app, "Our dice")
    press(app, "Roll")
    for face in ("1", "5", "3"):
        press(app, face)
    press(app, "Confirm")
    press(app, "Done")
    press(app, "Angry")
    press(app, "Done")
    assert sheet(app, "kenzie")["conditions"] == ["angry"]


def test_a_whole_test_by_touch_from_an_empty_data_directory(app: App) -> None:
    """Summary, Tests steps 1, 6 and 11: pool from a skill, the roll, a pass marked on the sheet."""
    assert app.journal.sessions() == []
    press(app, "Mouse Guard")
    assert app.scene.name == "mouse-guard"
    add_mouse(app, "saxon")
    open_sheet(app, "saxon")
    press(app, "Ratings…")
    while "Pathfinder" not in [f.label for f in form(app).pages[form(app).page]]:
        press(app, "Next")
    for _ in range(3):
        pathfinder = [b for b in app.scene.buttons() if b.label == "+"]
        index = [f.label for f in form(app).pages[form(app).page]].index("Pathfinder")
        tap(app, pathfinder[index].rect.center)
    while "Save" not in labels(app):
        press(app, "Next")
    press(app, "Save")
    assert rating(app, "saxon", "Pathfinder")["rating"] == 3
    press(app, "Test…")
    press(app, "Pathfinder 3")
    press(app, "Next")
    press(app, "Start")
    test = app.session.table_view()["test"]  # type: ignore[union-attr]
    assert test["tester"]["pool"] == 3 and test["ob"] == 2
    assert f"{test['chance']['now'] * 100:.2f}%" == "50.00%"  # 3D against Ob 2: exactly one half
    press(app, "Our dice")
    press(app, "Roll")
    assert app.scene.name == "camera"
    for face in ("6", "4", "1"):
        press(app, face)
    press(app, "Confirm")
    assert app.scene.name == "mouse-guard"
    press(app, "Done")
    assert app.session.table_view()["test"] is None  # type: ignore[union-attr]
    assert rating(app, "saxon", "Pathfinder")["passes"] == 1
    assert app.session.table_view()["last_result"]["passed"] is True  # type: ignore[union-attr]


def test_a_failed_test_gives_the_gm_the_choice_and_the_condition_lands(app: App) -> None:
    """Summary, Tests step 12: a failure is a twist, or success with a condition."""
    press(app, "Mouse Guard")
    add_mouse(app, "kenzie")
    open_sheet(app, "kenzie")
    press(app, "Test…")
    press(app, "Will 3")
    press(app, "Next")
    press(app, "Start")
    press(app, "Our dice")
    press(app, "Roll")
    for face in ("1", "2", "3"):
        press(app, face)
    press(app, "Confirm")
    assert "Done" in labels(app)
    press(app, "Done")
    press(app, "Tired")
    press(app, "Done")
    assert sheet(app, "kenzie")["conditions"] == ["tired"]
    assert rating(app, "kenzie", "Will")["fails"] == 1


@pytest.mark.slow
def test_after_the_roll_only_legal_options_are_offered_with_their_odds(app: App) -> None:
    """Summary, Tests steps 7-8: a wise's reroll needs a wise; Fate on axes needs an axe."""
    press(app, "Mouse Guard")
    add_mouse(app, "lieam")
    app.session.apply(  # type: ignore[union-attr]
        app.session.parse(
            {"type": "mg.set_rating", "character": "lieam", "rating": "Fighter", "value": 4}
        )  # type: ignore[union-attr]
    )
    open_sheet(app, "lieam")
    press(app, "Test…")
    press(app, "Fighter 4")
    press(app, "Next")
    press(app, "Start")
    press(app, "Our dice")
    press(app, "Roll")
    for face in ("6", "1", "2", "3"):
        press(app, face)
    press(app, "Confirm")
    offered = labels(app)
    assert not any(label.startswith("Deeper Understanding") for label in offered)
    assert not any(label.startswith("Of Course!") for label in offered)
    explode = [label for label in offered if label.startswith("Explode axes")]
    assert explode == [] or explode[0].endswith("%")


def test_nothing_overlaps_and_text_is_large_enough(app: App) -> None:
    """Every button is apart from the others and at least a touch target tall."""
    press(app, "Mouse Guard")
    add_mouse(app, "sadie")
    open_sheet(app, "sadie")
    for screen in ("sheet", "test"):
        if screen == "test":
            press(app, "Test…")
            press(app, "Will 3")
            press(app, "Next")
            press(app, "Start")
        app.draw()
        buttons = app.scene.buttons()
        for i, one in enumerate(buttons):
            assert one.rect.height >= 48, one.label
            assert app.canvas.get_rect().contains(one.rect), one.label
            for other in buttons[i + 1 :]:
                assert not one.rect.colliderect(other.rect), (one.label, other.label)


@pytest.mark.slow
def test_rewards_and_checks_from_the_sheet_menu(app: App) -> None:
    """Summary, Character Advancement: Fate for a belief; a check spent in the players' turn."""
    press(app, "Mouse Guard")
    add_mouse(app, "sadie")
    open_sheet(app, "sadie")
    press(app, "More…")
    press(app, "Reward…")
    press(app, "Open")
    press(app, "Belief (Fate)")
    press(app, "Give")
    assert sheet(app, "sadie")["fate"] == 1


@pytest.mark.slow
def test_the_sheets_words_are_read_and_written_by_touch(app: App) -> None:
    """Character sheet: belief, goal and instinct, typed on the screen's own keys."""
    press(app, "Mouse Guard")
    add_mouse(app, "lieam")
    open_sheet(app, "lieam")
    press(app, "More…")
    press(app, "Belief, goal, instinct…")
    press(app, "Open")
    type_on_keys(app, "be kind")
    press(app, "Next")
    type_on_keys(app, "find sadie")
    press(app, "Next")
    type_on_keys(app, "run")
    press(app, "Save")
    mouse = sheet(app, "lieam")
    assert (mouse["belief"], mouse["goal"], mouse["instinct"]) == ("be kind", "find sadie", "run")
    press(app, "About")
    assert app.scene.about  # type: ignore[attr-defined]
    press(app, "Numbers")
    assert not app.scene.about  # type: ignore[attr-defined]


def test_the_gm_notes_an_obstacle_by_touch_and_the_patrol_screen_keeps_it(app: App) -> None:
    """Summary, Game Structure 4: the GM's turn brings obstacles; the tracker remembers them."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    press(app, "Note…")
    press(app, "Next")
    type_on_keys(app, "owls")
    press(app, "Save")
    assert app.session.table_view()["notes"] == [{"kind": "obstacle", "text": "owls"}]  # type: ignore[union-attr]


@pytest.mark.slow
def test_contacts_and_gear_are_written_by_touch_from_an_empty_data_directory(app: App) -> None:
    """Character sheet, Contacts and Gear: typed on the screen's keys, kept in the journal."""
    assert app.journal.sessions() == []
    press(app, "Mouse Guard")
    add_mouse(app, "kenzie")
    open_sheet(app, "kenzie")
    press(app, "More…")
    press(app, "Contacts…")
    press(app, "Open")
    type_on_keys(app, "rand")
    for _ in range(4):
        press(app, "Next")
    type_on_keys(app, "midnight")
    press(app, "Save")
    press(app, "More…")
    press(app, "Gear…")
    press(app, "Open")
    type_on_keys(app, "staff")
    press(app, "Save")
    press(app, "More…")
    press(app, "Gear…")
    press(app, "Open")
    press(app, "staff")  # untick: drop it
    press(app, "Next")
    type_on_keys(app, "rope")
    press(app, "Save")
    mouse = sheet(app, "kenzie")
    assert mouse["contacts"]["parents"] == "rand"
    assert mouse["contacts"]["enemy"] == "midnight"
    assert mouse["gear"] == ["rope"]
    press(app, "About")
    lines = patrol_about(app, mouse)
    assert any("midnight" in line for line in lines) and any("rope" in line for line in lines)


def patrol_about(app: App, mouse: dict[str, Any]) -> list[str]:
    from tablekit.ui.mg import patrol

    view = app.session.table_view()  # type: ignore[union-attr]
    return patrol.about_lines(mouse, app.tr, view)  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_first_session_that_continues_a_campaign_has_a_prologue_by_touch(app: App) -> None:
    """Summary, Game Structure 1: the prologue retells the last mission; a campaign begun
    before the device came to the table has one, even in its first session on the device."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    open_sheet(app, "saxon")
    press(app, "Conditions…")
    press(app, "Tired")
    press(app, "Save")
    press(app, "Patrol")
    press(app, "Next phase")
    press(app, "Continues a campaign")
    press(app, "Start")
    assert app.session is not None
    assert app.session.table_view()["phase"] == "prologue"
    open_sheet(app, "saxon")
    press(app, "More…")
    press(app, "Prologue…")
    press(app, "Open")
    press(app, "Tired")
    press(app, "Done")
    assert sheet(app, "saxon")["conditions"] == []


@pytest.mark.slow
def test_a_trait_is_charged_and_recharged_from_the_sheet_menu_by_touch(app: App) -> None:
    """Character sheet, Spending Checks: 3 checks charge a trait a level for the session,
    and 2 use a level 2 trait again; the checks are earned by giving the GM +2D (Earning
    Checks: 2 checks). From an empty data directory, by taps alone."""
    assert app.journal.sessions() == []
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    open_sheet(app, "saxon")
    press(app, "More…")
    press(app, "Trait…")
    press(app, "Open")
    type_on_keys(app, "bold")
    press(app, "Add")
    press(app, "Our dice")
    for _ in range(3):
        _trait_against_the_gm(app)
    assert sheet(app, "saxon")["checks"] == 6
    press(app, "More…")
    press(app, "Charge trait…")
    press(app, "Open")
    press(app, "Use")
    bold = sheet(app, "saxon")["traits"][0]
    assert bold["charged"] and not bold["used"] and sheet(app, "saxon")["checks"] == 3
    press(app, "Test…")
    press(app, "Will 3")
    press(app, "Next")
    press(app, "Start")
    press(app, "Trait for")
    press(app, "Use")
    _roll(app, "Roll", ("4", "4", "1", "1"))
    press(app, "Done")
    assert sheet(app, "saxon")["traits"][0]["used"]
    press(app, "More…")
    press(app, "Recharge trait…")
    press(app, "Open")
    press(app, "Use")
    assert not sheet(app, "saxon")["traits"][0]["used"] and sheet(app, "saxon")["checks"] == 1


def _trait_against_the_gm(app: App) -> None:
    """A versus test of Will against the GM's 1D, won, with the trait giving the GM +2D."""
    press(app, "Test…")
    press(app, "Will 3")
    press(app, "Next")
    versus = [b for b in app.scene.buttons() if b.label == "+" and b.enabled][1]
    tap(app, versus.rect.center)
    press(app, "Start")
    press(app, "Trait against")
    press(app, "Yes")
    press(app, "Use")
    _roll(app, "Roll for the GM", ("1", "1", "1"))
    _roll(app, "Roll", ("4", "1", "1"))
    press(app, "Done")


def _roll(app: App, button: str, faces: tuple[str, ...]) -> None:
    """Roll on the table's own dice ("Our dice" on), read as tapped faces."""
    press(app, button)
    for face in faces:
        press(app, face)
    press(app, "Confirm")


def house_rules(level_three: str) -> None:
    """A table's own ruleset "house": Mouse Guard's, with the level 3 switch set."""
    from importlib import resources

    from tablekit.local import rulesets

    text = resources.files("tablekit.rules.mouse_guard").joinpath("rulesets/mouse-guard.toml")
    house = (
        text.read_text(encoding="utf-8")
        .replace('name = "mouse-guard"', 'name = "house"')
        .replace('title = "Mouse Guard"', 'title = "House"')
        .replace('level_three = "success"', f'level_three = "{level_three}"')
    )
    rulesets.rulesets_dir().mkdir(parents=True, exist_ok=True)
    (rulesets.rulesets_dir() / "house.toml").write_text(house, encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("level_three", ["reroll", "success"])
def test_a_level_three_trait_rolls_on_the_tray_only_where_it_rerolls(level_three: str) -> None:
    """Summary, Tests step 9 (+1s) and the sheet's Traits (reroll the failed dice): with the
    table's own dice, the sheet's reroll is read from the tray like a wise's, and a success
    added asks for no dice. From an empty data directory, a table's own ruleset."""
    house_rules(level_three)
    for app in made_app((800, 480), Config()):
        press(app, "House")
        add_mouse(app, "saxon")
        open_sheet(app, "saxon")
        press(app, "More…")
        press(app, "Trait…")
        press(app, "Open")
        type_on_keys(app, "bold")
        plus = [b for b in app.scene.buttons() if b.label == "+" and b.enabled]
        tap(app, plus[0].rect.center)
        tap(app, plus[0].rect.center)
        press(app, "Add")
        assert sheet(app, "saxon")["traits"][0]["level"] == 3
        press(app, "Our dice")
        press(app, "Test…")
        press(app, "Will 3")
        press(app, "Next")
        press(app, "Start")
        press(app, "Roll")
        for face in ("4", "1", "1"):
            press(app, face)
        press(app, "Confirm")
        press(app, next(label for label in labels(app) if label.startswith("Level 3 trait")))
        press(app, "Use")
        test = app.session.table_view()["test"]  # type: ignore[union-attr]
        if level_three == "success":
            assert app.scene.name == "house" and test["tester"]["successes"] == 2
            continue
        assert app.scene.name == "camera"
        press(app, "5")
        press(app, "6")
        press(app, "Confirm")
        test = app.session.table_view()["test"]  # type: ignore[union-attr]
        assert app.scene.name == "house" and test["tester"]["successes"] == 3
        assert sheet(app, "saxon")["traits"][0]["used"]


@pytest.mark.slow
def test_a_whole_belief_is_typed_and_the_field_shows_its_end(app: App) -> None:
    """Character sheet, Belief: a sentence longer than a name (the keys used to stop at 40
    letters); the field shows the end being typed, not a cut start."""
    belief = "a guardmouse never leaves a mouse behind in the wild"
    press(app, "Mouse Guard")
    add_mouse(app, "kenzie")
    open_sheet(app, "kenzie")
    press(app, "More…")
    press(app, "Belief, goal, instinct…")
    press(app, "Open")
    type_on_keys(app, belief)
    shown = [b.label for b in app.scene.buttons() if b.label.endswith("in the wild")]
    assert shown and shown[0].startswith("…"), labels(app)
    press(app, "Next")  # the goal
    press(app, "Next")  # the instinct
    press(app, "Save")
    assert sheet(app, "kenzie")["belief"] == belief
