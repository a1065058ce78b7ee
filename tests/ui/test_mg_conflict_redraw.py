"""A Mouse Guard conflict repaints only what a press changed, and the frame on screen is
always the frame drawn from scratch, pixel for pixel (issue 26: a press within one frame).

Random presses on both sides' pads and random taps on the screen's buttons and anywhere
else, with notices coming and going; after each turn of the app the canvas is compared,
as bytes, with a whole draw of the same scene on a fresh surface.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest
from mg_tapping import add_mouse, made_app, press, tap

from tablekit.local.config import Config, Interface
from tablekit.rules.pads import PadPressed
from tablekit.ui.app import App

PADS = ("opponents", "patrol")
BUTTONS = ("attack", "defend", "feint", "maneuver", "back", "lock")
AWAY = ("Home", "Undo", "Our dice", "Weapons…")
"""Taps that would take the conflict off the screen (Undo, back to before it began), or
open a form random taps seldom leave (a form is drawn whole)."""


@pytest.fixture(params=[((800, 480), "en"), ((480, 800), "da")], ids=["lying-en", "upright-da"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    size, language = request.param
    yield from made_app(size, Config(ui=Interface(language=language)))


def scripting(app: App) -> None:
    """A conflict of one mouse against the GM, both dispositions set, scripting open."""
    press(app, "Mouse Guard")
    add_mouse(app, "saxon")
    app.session.rng = random.Random(3)  # type: ignore[union-attr]
    for label in ("Conflict…", "Next", "Begin", "patrol:disposition", "Roll"):
        press(app, label)
    for label in ("gm:disposition", "Set"):
        press(app, label)


def from_scratch(app: App) -> bytes:
    """The frame the app shows now, drawn whole on a fresh surface: the scene, then the
    keyboard's focus and the notice over it, as the app paints them."""
    surface = pygame.Surface(app.canvas.get_size())
    app.scene.draw(surface)
    if app.focus is not None:
        app.keys.draw(surface, app.scene.buttons())
    if app.notice_text:
        app.notices.draw(surface, app.layout, app.scene.buttons())
    return pygame.image.tobytes(surface, "RGB")


def one_turn(app: App, rng: random.Random) -> None:
    """A pad press (most often: an action, a lock, now and then Back), a tap on a button of
    the screen, or a tap anywhere; then, more often than not, the notice is taken away.
    None of :data:`AWAY`: the conflict stays on screen."""
    roll = rng.random()
    if roll < 0.6:
        button = rng.choice(BUTTONS[:4] * 2 + ("lock", "lock", "back"))
        app.pads.post(PadPressed(rng.choice(PADS), button))
        app.step(0.0)
    elif roll < 0.9:
        away = {app.tr(label) for label in AWAY}
        choices = [b for b in app.scene.buttons() if b.enabled and b.label not in away]
        tap(app, rng.choice(choices).rect.center)
    else:
        width, height = app.canvas.get_size()
        tap(app, (rng.randrange(width), rng.randrange(height)))
    if app.notice_text and rng.random() < 0.7:
        app.notice_text = ""
        app.scene.dirty = True
        app.step(0.0)


@pytest.mark.slow
def test_each_frame_painted_over_the_last_is_the_whole_frame(app: App) -> None:
    scripting(app)
    app.step(0.0)
    rng = random.Random(26)
    in_parts = 0
    for turn in range(150):
        one_turn(app, rng)
        shown = pygame.image.tobytes(app.canvas, "RGB")
        assert shown == from_scratch(app), f"turn {turn}: the frame differs from a whole draw"
        in_parts += app.painted is not None
    assert in_parts > 30  # most turns painted only their parts, with no notice over them
