"""A whole Mouse Guard conflict at the table: taps for set-up and tests, keys as the two pads.

From an empty data directory to the compromise, in English and in Danish,
at 800x480. The keyboard's two letter rows are the GM's and the patrol's
action pads (tablekit.devices.keypad), so scripting goes through the same
pad seam a GPIO or serial pad uses; the shared screen only ever shows counts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from mg_tapping import add_mouse, form, keys, made_app, press, tap

from tablekit.local.config import Config, Interface
from tablekit.rules.secret import HIDDEN
from tablekit.ui.app import App
from tablekit.ui.mg.conflict import team_lines

GM_KEYS = {"attack": pygame.K_q, "defend": pygame.K_w, "feint": pygame.K_e, "lock": pygame.K_y}
PATROL_KEYS = {
    "attack": pygame.K_a,
    "defend": pygame.K_s,
    "maneuver": pygame.K_f,
    "lock": pygame.K_h,
}


@pytest.fixture(params=["en", "da"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    yield from made_app((800, 480), Config(ui=Interface(language=request.param)))


def key(app: App, pressed: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pressed, mod=0))
    app.step(0.0)


def status(app: App) -> str:
    conflict = app.session.table_view()["conflict"]  # type: ignore[union-attr]
    return "none" if conflict is None else str(conflict["status"])


def script_both(app: App) -> None:
    """The GM scripts Attack, Defend, Feint; the patrol Attack, Maneuver, Defend; both lock."""
    for name in ("attack", "defend", "feint", "lock"):
        key(app, GM_KEYS[name])
    for name in ("attack", "maneuver", "defend", "lock"):
        key(app, PATROL_KEYS[name])


@pytest.mark.slow
def test_a_whole_conflict_by_taps_and_pads(app: App) -> None:
    """Summary, Conflicts steps 1-9 and the compromise, start to end."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    add_mouse(app, "kenzie")
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    press(app, "Conflict…")
    press(app, "Next")
    press(app, "Begin")
    assert status(app) == "disposition"
    press(app, "patrol:disposition")
    press(app, "kenzie")
    press(app, "Roll")
    press(app, "gm:disposition")
    press(app, "Set")
    assert status(app) == "scripting"
    for _ in range(12):
        if status(app) == "scripting":
            key(app, GM_KEYS["attack"])
            table = app.session.table_view()["conflict"]  # type: ignore[union-attr]
            unrevealed = [a for a in table["sides"]["gm"]["actions"] if not a.get("revealed")]
            assert unrevealed and all(a == HIDDEN for a in unrevealed)  # counts only
            key(app, pygame.K_t)  # the GM's Back takes it back again
            script_both(app)
        for _ in range(6):
            done = status(app) in ("over", "scripting", "none")
            if done:
                break
            offered = keys(app)
            for name in offered:
                if name in (app.tr("Reveal"), "gm:roll", "patrol:roll") or name.endswith(":keep"):
                    press(app, name)
                    break
                if name.endswith(":tie"):
                    press(app, name)
                    press(app, "Next")  # the tiebreaker
                    press(app, "Roll")  # the form's abilities as they are: Will
                    break
                if name.endswith(":margin"):
                    press(app, name)
                    press(app, "Spend")
                    break
        if status(app) == "over":
            break
    assert status(app) == "over"
    result = app.session.table_view()["conflict"]["compromise"]  # type: ignore[union-attr]
    assert result["band"] in ("none", "minor", "compromise", "major")
    press(app, "End conflict")
    assert status(app) == "none"


def test_a_pad_that_stopped_answering_is_marked_on_its_side(app: App) -> None:
    """Issue: a configured pad that is not there is a visible status, never a silent one."""
    from tablekit.rules.pads import PadStatus
    from tablekit.ui import theme
    from tablekit.ui.mg import conflict

    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    press(app, "Conflict…")
    press(app, "Next")
    press(app, "Begin")
    gm_panel = conflict.panels(app.layout, app.layout.content())[0]
    seal_edge = (gm_panel.right - app.layout.gap - 3, gm_panel.y + app.layout.gap)
    app.draw()
    assert app.canvas.get_at(seal_edge)[:3] != theme.WAX
    app.pads.post(PadStatus("opponents", False, "unplugged"))
    app.step(0.0)
    app.draw()
    assert app.canvas.get_at(seal_edge)[:3] == theme.WAX


def begun(app: App) -> None:
    """A conflict of one mouse against the GM, both dispositions set, scripting open."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    press(app, "Conflict…")
    press(app, "Next")
    press(app, "Begin")
    press(app, "patrol:disposition")
    press(app, "Roll")
    press(app, "gm:disposition")
    press(app, "Set")
    assert status(app) == "scripting"


@pytest.mark.slow
def test_the_gm_scripts_privately_on_the_shared_screen_by_taps(app: App) -> None:
    """Issue 21, pads you can see: "GM scripts" covers the table's view with the GM's pad by
    a tap (no hold, so a mouse works), says whose script it is, and hides again on Lock;
    the table's frame shows no action while and after the GM scripts, only the count."""
    begun(app)
    controls = app.scene.conflict_controls  # type: ignore[attr-defined]
    press(app, "gm:scripts")
    assert controls.pad == "gm"
    app.draw()
    said = words_on(app)
    assert app.tr("The GM scripts: {n} of {slots}").format(n=0, slots=3) in said
    for action in ("Attack", "Feint", "Maneuver"):
        press(app, "gm:" + action.lower())  # the on-screen pad posts through the pad seam
        shown = words_on(app)
        assert not {app.tr(a) for a in ("Attack", "Feint", "Maneuver")} & shown - PAD_WORDS(app)
    gm = app.session.table_view()["conflict"]["sides"]["gm"]  # type: ignore[union-attr]
    assert gm["script"]["filled"] == 3 and gm["actions"] == [HIDDEN] * 3
    press(app, "gm:lock")
    assert controls.pad is None  # Lock hides the GM's buttons
    shown = words_on(app)
    assert not {app.tr(a) for a in ("Attack", "Defend", "Feint", "Maneuver")} & shown
    assert (
        app.tr("{side}: {n} of {slots}").format(side=app.tr("GM"), n=3, slots=3)
        + ", "
        + (app.tr("locked"))
        in shown
    )


def PAD_WORDS(app: App) -> set[str]:  # noqa: N802
    """The pad's button labels, which name every action whatever was scripted."""
    return {app.tr(w) for w in ("Attack", "Defend", "Feint", "Maneuver", "Back", "Lock")}


def words_on(app: App) -> set[str]:
    """Every line of text the screen draws now, bar and buttons included."""
    from tablekit.ui import widgets

    widgets.LEDGER = []
    try:
        app.scene.dirty = True
        app.draw()
        return {d.words for d in widgets.LEDGER}
    finally:
        widgets.LEDGER = None


def test_the_patrols_lock_is_greyed_with_its_reason_until_the_gm_locks(app: App) -> None:
    """Issue 21: each side's Lock is enabled only when locking is allowed; the patrol's waits
    for the GM's ("The GM chooses first"), and a tap on it says so."""
    begun(app)
    press(app, "patrol:scripts")
    lock = next(b for b in app.scene.buttons() if getattr(b, "key", "") == "patrol:lock")
    needs = app.tr("Lock needs three actions; your script holds {count}").format(count=0)
    assert not lock.enabled and lock.why == needs
    for _ in range(3):
        press(app, "patrol:defend")
    lock = next(b for b in app.scene.buttons() if getattr(b, "key", "") == "patrol:lock")
    assert not lock.enabled
    assert lock.why == app.tr("The GM chooses first: wait for the GM's lock")
    tap(app, lock.rect.center)
    assert app.notice_text == lock.why  # the reason, a tap away
    assert app.tr("The GM chooses first: wait for the GM's lock") in words_on(app)
    press(app, "patrol:scripts")  # hidden again without locking
    for name in ("attack", "defend", "feint", "lock"):
        key(app, GM_KEYS[name])
    press(app, "patrol:scripts")
    press(app, "patrol:lock")
    assert status(app) == "revealing"


def test_a_keyboard_pad_and_the_screens_pad_script_the_same_side(app: App) -> None:
    begun(app)
    press(app, "patrol:scripts")
    press(app, "patrol:defend")
    key(app, PATROL_KEYS["attack"])
    patrol = app.session.table_view()["conflict"]["sides"]["patrol"]  # type: ignore[union-attr]
    assert patrol["script"]["filled"] == 2


def test_a_tied_action_is_broken_from_the_screen(app: App) -> None:
    """Summary, Tests step 10, in a conflict's versus action (Feint against Feint)."""
    begun(app)
    session = app.session
    assert session is not None
    for side in ("gm", "patrol"):
        for _ in range(3):
            session.apply(session.parse({"type": "mg.script", "side": side, "action": "feint"}))
        session.apply(session.parse({"type": "mg.lock", "side": side}))
    session.apply(session.parse({"type": "mg.reveal"}))
    pool = {t["side"]: t["pool"] for t in session.table_view()["conflict"]["exchange"]["tests"]}
    for side in ("gm", "patrol"):
        faces = [1] * pool[side]  # no successes on either side: a tie at 0
        session.apply(session.parse({"type": "mg.roll_action", "side": side, "faces": faces}))
    assert session.table_view()["conflict"]["exchange"]["tied"]
    assert {"gm:tie", "patrol:tie"} <= set(keys(app))
    press(app, "patrol:tie")
    press(app, "Next")  # the tiebreaker, explained and offered first
    press(app, "Roll")  # Will for the mouse and the GM's team dice, as the form offers
    exchange = session.table_view()["conflict"]["exchange"]
    assert exchange is None or not exchange["tied"]


def test_an_actor_with_persona_buys_a_die_before_the_roll(app: App) -> None:
    """Summary, Conflicts step 7b: action tests follow the test rules (sheet, Persona box)."""
    begun(app)
    session = app.session
    assert session is not None
    session.apply(session.parse({"type": "mg.reward", "character": "saxon", "reward": "mvp"}))
    for side in ("gm", "patrol"):
        for _ in range(3):
            session.apply(session.parse({"type": "mg.script", "side": side, "action": "attack"}))
        session.apply(session.parse({"type": "mg.lock", "side": side}))
    session.apply(session.parse({"type": "mg.reveal"}))

    def patrol_pool() -> int:
        tests = session.table_view()["conflict"]["exchange"]["tests"]
        return next(t["pool"] for t in tests if t["side"] == "patrol")

    before = patrol_pool()
    press(app, "patrol:pool")
    while form(app).page < len(form(app).pages) - 1:
        press(app, "Next")  # past Nature standing in for Fighter: Persona comes last
    press(app, "+")
    press(app, "Use")
    assert patrol_pool() == before + 1


@pytest.mark.slow
def test_persona_taps_nature_and_a_wise_rerolls_by_taps(app: App) -> None:
    """Summary, Conflicts step 7b: action tests follow the test rules, so before the roll
    Persona taps Nature (Tests step 5; the sheet's Tapping Nature) and after it a wise
    rerolls a failed die (Tests step 7, Deeper Understanding); the odds follow the pool."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    session = app.session
    assert session is not None
    for line in (
        {"type": "mg.set_rating", "character": "saxon", "rating": "Fighter", "value": 2},
        {"type": "mg.set_wise", "character": "saxon", "wise": "Weasel-wise"},
        {"type": "mg.reward", "character": "saxon", "reward": "mvp"},
        {"type": "mg.reward", "character": "saxon", "reward": "belief"},
    ):
        session.apply(session.parse(line))
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    for label in ("Conflict…", "Next", "Begin", "patrol:disposition"):
        press(app, label)
    while form(app).page < len(form(app).pages) - 1:
        press(app, "Next")  # past the captain's test options (its wise, Persona)
    press(app, "Roll")
    press(app, "gm:disposition")
    press(app, "Set")
    script_both(app)  # the first pair is Attack against Attack: Saxon tests Fighter
    press(app, "Reveal")

    def patrol() -> dict[str, Any]:
        exchange = session.table_view()["conflict"]["exchange"]
        return next(t for t in exchange["tests"] if t["side"] == "patrol")

    before = patrol()
    press(app, "patrol:pool")
    while form(app).page < len(form(app).pages) - 1:
        press(app, "Next")  # past Nature instead and I Am Wise: Persona comes last
    press(app, "Within")
    press(app, "Use")
    tapped = patrol()
    ratings = session.table_view()["characters"][0]["ratings"]
    nature = next(r["rating"] for r in ratings if r["name"] == "Nature")
    assert tapped["tapped"] and tapped["pool"] == before["pool"] + nature
    assert tapped["odds"]["pass"] > before["odds"]["pass"]
    assert "patrol:pool" in keys(app)  # I Am Wise is left
    press(app, "patrol:pool")
    assert app.tr("Persona dice") not in [f.label for p in form(app).pages for f in p]
    press(app, "Cancel")
    faces = ["snake"] * tapped["pool"]
    session.apply(session.parse({"type": "mg.roll_action", "side": "patrol", "faces": faces}))
    assert patrol()["waits"] and patrol()["wise_ways"] == ["deeper_understanding"]
    press(app, "patrol:after")
    press(app, "Use")
    conflict = session.table_view()["conflict"]
    settled = conflict["exchange"] or conflict["history"][-1]
    used = next(t for t in settled["tests"] if t["side"] == "patrol")["options_used"]
    assert "deeper_understanding" in used
    assert session.table_view()["characters"][0]["fate"] == 0


@pytest.mark.slow
def test_two_patrol_teams_by_taps_and_pads(app: App) -> None:
    """Sheet, Conflict Mechanics: "Determine participants and teams"; each team rolls its
    disposition and scripts its three actions, and the table sees each team's counts."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    add_mouse(app, "kenzie")
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    for label in ("Conflict…", "Next", "Begin", "New team…"):
        press(app, label)
    press(app, f"{app.tr('Patrol')}: kenzie")
    press(app, "Form")
    for label in ("patrol:disposition", "Roll", "patrol:disposition", "Roll"):
        press(app, label)
    press(app, "gm:disposition")
    press(app, "Set")
    assert status(app) == "scripting"
    for name in ("attack", "defend", "feint", "lock"):
        key(app, GM_KEYS[name])
    for name in ("attack", "maneuver", "defend", "lock", "defend"):
        key(app, PATROL_KEYS[name])
    teams = app.session.table_view()["conflict"]["teams"]  # type: ignore[union-attr]
    assert [(t["captain"], t["script"]["filled"], t["script"]["locked"]) for t in teams] == [
        (app.tr("Opponent"), 3, True),
        ("saxon", 3, True),
        ("kenzie", 1, False),
    ]
    assert all(a == HIDDEN for t in teams for a in t["actions"])
    assert team_lines(teams[2], app.tr)[1] == app.tr("{side}: {n} of {slots}").format(
        side=app.tr("Patrol"), n=1, slots=3
    )
    for name in ("attack", "defend", "lock"):
        key(app, PATROL_KEYS[name])
    assert status(app) == "revealing"
    press(app, "Reveal")
    exchange = app.session.table_view()["conflict"]["exchange"]  # type: ignore[union-attr]
    assert exchange["patrol"]["actor"] == "saxon"
