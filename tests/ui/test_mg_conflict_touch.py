"""A conflict's action tests by taps alone, from an empty data directory (issue 22): a trait
used on an action, Nature in place of a skill the mouse lacks, and a shield's Health.

The keyboard's letter rows are the two action pads, as in test_mg_conflict_scene.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from mg_tapping import add_mouse, keys, labels, made_app, press, tap, type_on_keys

from tablekit.local.config import Config, Interface
from tablekit.ui.app import App

GM_KEYS = {"attack": pygame.K_q, "defend": pygame.K_w, "lock": pygame.K_y}
PATROL_KEYS = {"attack": pygame.K_a, "defend": pygame.K_s, "lock": pygame.K_h}


@pytest.fixture(params=["en", "da"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    yield from made_app((800, 480), Config(ui=Interface(language=request.param)))


def key(app: App, pressed: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pressed, mod=0))
    app.step(0.0)


def view(app: App) -> dict[str, Any]:
    assert app.session is not None
    return app.session.table_view()  # type: ignore[return-value]


def patrol_test(app: App) -> dict[str, Any]:
    exchange = view(app)["conflict"]["exchange"]
    return next(t for t in exchange["tests"] if t["side"] == "patrol")


def open_sheet(app: App, name: str) -> None:
    """Tap the mouse's row in the patrol overview."""
    from tablekit.ui import chrome
    from tablekit.ui.mg import builder, patrol

    app.draw()
    left = builder.split(chrome.content(app.layout), app.layout)[0]
    mice = view(app)["characters"]
    rows = patrol.mouse_rows(app.layout, left, len(mice))
    tap(app, rows[[m["name"] for m in mice].index(name)].center)


def fight(app: App, gm: str, patrol: str) -> None:
    """A fight set up by taps, both dispositions given, both scripts locked (the GM's
    three ``gm`` actions, the patrol's three ``patrol``), and the first pair revealed."""
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    press(app, "Conflict…")
    press(app, "Next")
    press(app, "Begin")
    press(app, "patrol:disposition")
    while app.tr("Roll") not in labels(app):
        press(app, "Next")  # past the captain's test options, as they are
    press(app, "Roll")
    press(app, "gm:disposition")
    press(app, "Set")
    for _ in range(3):
        key(app, GM_KEYS[gm])
    key(app, GM_KEYS["lock"])
    for _ in range(3):
        key(app, PATROL_KEYS[patrol])
    key(app, PATROL_KEYS["lock"])
    press(app, "Reveal")


@pytest.mark.slow
def test_a_trait_is_used_for_a_conflict_action_by_taps(app: App) -> None:
    """Summary, Conflicts step 7b ("follow Test rules") and Tests step 3: a trait used for
    the action adds +1D, and the roll takes it."""
    assert app.journal.sessions() == []
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    open_sheet(app, "saxon")
    press(app, "More…")
    press(app, "Trait…")
    press(app, "Open")
    type_on_keys(app, "bold")
    press(app, "Add")
    press(app, "Patrol")
    fight(app, "attack", "attack")
    before = patrol_test(app)["pool"]
    press(app, "patrol:pool")
    press(app, "Next")  # past Nature standing in for Fighter, which a tapped mouse lacks
    press(app, "bold")
    press(app, "Use")
    tested = patrol_test(app)
    assert tested["trait_for"] == "bold" and tested["pool"] == before + 1
    press(app, "gm:roll")
    press(app, "patrol:roll")
    last = view(app)["conflict"]
    rolled = last["exchange"] or last["history"][-1]
    tested = next(t for t in rolled["tests"] if t["side"] == "patrol")
    assert tested["rolled"] and len(tested["faces"]) == before + 1
    assert view(app)["characters"][0]["traits"][0]["used"]


def test_the_patrol_rolls_after_the_gm_in_a_versus_action(app: App) -> None:
    """Summary, Tests step 6: "GM rolls first": the patrol's roll waits, greyed in its
    place, until the GM's dice are down."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    fight(app, "attack", "defend")
    roll = "patrol:roll"
    assert roll not in keys(app)
    app.draw()
    greyed = next(b for b in app.scene.buttons() if getattr(b, "key", "") == roll)
    assert greyed.why == app.tr("The GM rolls first")
    press(app, "gm:roll")
    app.draw()
    assert next(b.rect for b in app.scene.buttons() if getattr(b, "key", "") == roll) == greyed.rect
    assert roll in keys(app)


def drawn_words(app: App) -> str:
    """Every word drawn on the screen now, one line of text each."""
    from ui.test_mm_layout import measure

    return "\n".join(one.words for one in measure(app))


def test_nature_stands_in_for_a_skill_the_mouse_lacks_by_taps(app: App) -> None:
    """Summary, Tests step 1: "Select Skill/Ability or Nature"; sheet, Nature Rules:
    Nature in place of any skill. A mouse made by taps has no Fighter: its disposition and
    its attack roll Nature (not 0D), the screen says "Nature for Fighter", and the dice
    pool form lets the table call the deed within Nature."""
    assert app.journal.sessions() == []
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    stands_in = app.tr("{ability} for {skill}").format(
        ability=app.tr("Nature"), skill=app.tr("Fighter")
    )
    press(app, "Conflict…")
    press(app, "Next")
    press(app, "Begin")
    press(app, "patrol:disposition")
    assert stands_in in drawn_words(app)
    press(app, "Roll")
    patrol = next(t for t in view(app)["conflict"]["teams"] if t["side"] == "patrol")
    assert patrol["parts"][1]["reason"] == "Nature" and len(patrol["faces"]) == 3
    press(app, "gm:disposition")
    press(app, "Set")
    for _ in range(3):
        key(app, GM_KEYS["attack"])
    key(app, GM_KEYS["lock"])
    for _ in range(3):
        key(app, PATROL_KEYS["attack"])
    key(app, PATROL_KEYS["lock"])
    press(app, "Reveal")
    tested = patrol_test(app)
    assert (tested["rating"], tested["instead"], tested["pool"]) == ("Nature", "Fighter", 3)
    assert stands_in in drawn_words(app)
    press(app, "patrol:pool")
    press(app, "Within")
    press(app, "Use")
    assert patrol_test(app)["nature"] == "within"
    press(app, "gm:roll")
    press(app, "patrol:roll")
    last = view(app)["conflict"]
    rolled = last["exchange"] or last["history"][-1]
    tested = next(t for t in rolled["tests"] if t["side"] == "patrol")
    assert tested["rating"] == "Nature" and len(tested["faces"]) == 3


def test_the_test_builder_offers_a_lacked_skill_and_rolls_nature_by_taps(app: App) -> None:
    """Summary, Tests step 1: a skill the mouse lacks is offered ("Nature for a skill…"),
    and Nature rolls in its place against itself, said on the screen."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    open_sheet(app, "saxon")
    press(app, "More…")
    press(app, "Nature for a skill…")
    press(app, "Open")
    press(app, "Fighter")
    press(app, "Next")
    press(app, "Against Nature: a failure taxes it")
    press(app, "Start")
    tester = view(app)["test"]["tester"]
    assert (tester["tested"], tester["nature"], tester["pool"]) == ("Nature", "against", 3)
    stands_in = app.tr("{ability} for {skill}").format(
        ability=app.tr("Nature"), skill=app.tr("Fighter")
    )
    assert f"saxon: {stands_in}" in drawn_words(app)


def tray(app: App, button: str, faces: tuple[str, ...]) -> None:
    """Roll on the table's own dice ("Our dice" on): the faces tapped on the tray."""
    press(app, button)
    for face in faces:
        press(app, face)
    press(app, "Confirm")


@pytest.mark.slow
def test_a_shield_takes_a_die_from_its_bearers_health_roll_by_taps(app: App) -> None:
    """Sheet, Sample Weapons: "Shield ... +2D [Defend] ... -1D Health". The Weapons form
    says what the shield costs as it is taken; its +2D goes on the Defend, and when the
    tied action's tiebreaker is Health its bearer rolls a die fewer (Health 3: 2 dice)."""
    assert app.journal.sessions() == []
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    for label in ("Conflict…", "Next", "Begin", "Weapons…"):
        press(app, label)
    shield = f"{app.tr('Shield')} (-1D {app.tr('Health')})"
    for _ in range(4):
        if shield in labels(app):
            break
        press(app, "Next")
    press(app, shield)
    while app.tr("Arm") not in labels(app):
        press(app, "Next")
    press(app, "Arm")
    assert view(app)["conflict"]["sides"]["patrol"]["arms"][0]["weapon"] == "shield"
    for label in ("patrol:disposition", "Roll", "gm:disposition", "Set"):
        press(app, label)
    for _ in range(3):
        key(app, GM_KEYS["attack"])
    key(app, GM_KEYS["lock"])
    for _ in range(3):
        key(app, PATROL_KEYS["defend"])
    key(app, PATROL_KEYS["lock"])
    press(app, "Our dice")
    press(app, "Reveal")
    assert patrol_test(app)["pool"] == 3 + 2  # Nature 3 defends, the shield's +2D
    tray(app, "gm:roll", ("4", "1", "1", "1"))
    tray(app, "patrol:roll", ("4", "1", "1", "1", "1"))
    assert view(app)["conflict"]["exchange"]["tied"]
    press(app, "patrol:tie")
    press(app, "Next")  # the tiebreaker, the first way offered
    press(app, "Health")
    press(app, "Roll")
    last = view(app)["conflict"]
    settled = last["exchange"] or last["history"][-1]
    assert len(settled["tie"]["patrol_faces"]) == 3 - 1  # Health 3, less the shield's die


def test_the_rules_about_page_says_how_the_silent_text_is_read(app: App) -> None:
    """Regelhuskeark's readings where its text is silent (docs/rulesets.md) are on the
    rules' About page, reached by taps from a rabbit's sheet; Mouse Guard has none."""
    press(app, "Regelhuskeark")
    press(app, "New mouse")
    type_on_keys(app, "hazel")
    while app.tr("Add") not in labels(app):
        press(app, "Next")  # past the numbers, the skills and the trait
    press(app, "Add")
    open_sheet(app, "hazel")
    press(app, "About")
    press(app, "Readings")
    shown = " ".join(drawn_words(app).split())  # wrapped lines joined again
    afraid = app.tr("Afraid")  # Bange in Danish
    for line in (
        app.tr("Where the rules are silent"),
        app.tr("Against Nature: a success costs no Nature"),
        app.tr("Fate: the 6s stay, each rolls a new die"),
        app.tr("Recovery tests lose no dice to conditions"),
        app.tr("{condition}: recovered without a roll").format(condition=afraid),
        app.tr("A free check each in the players' turn"),
    ):
        assert " ".join(line.split()) in shown, line
    press(app, "Numbers")
    assert not app.scene.readings  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_disposition_roll_takes_a_trait_by_taps(app: App) -> None:
    """Summary, Conflicts step 4 rolled by the Tests' rules (step 3, a trait used for: +1D,
    checked as used); the captain's rating is marked the first time it is used."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    open_sheet(app, "saxon")
    press(app, "More…")
    press(app, "Trait…")
    press(app, "Open")
    type_on_keys(app, "bold")
    press(app, "Add")
    press(app, "Patrol")
    press(app, "Conflict…")
    press(app, "Next")
    press(app, "Begin")
    press(app, "patrol:disposition")
    press(app, "Next")  # past gear's dice: the captain's test options
    press(app, "bold")
    press(app, "Roll")
    patrol = next(t for t in view(app)["conflict"]["teams"] if t["side"] == "patrol")
    assert len(patrol["faces"]) == 3 + 1  # Nature for Fighter, and bold's die
    saxon = view(app)["characters"][0]
    assert saxon["traits"][0]["used"]
    nature = next(r for r in saxon["ratings"] if r["name"] == "Nature")
    assert nature["passes"] + nature["fails"] == 1
