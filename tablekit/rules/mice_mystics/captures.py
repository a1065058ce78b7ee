"""Wounds on mice, captures and rescues."""

from __future__ import annotations

from tablekit.rules.mice_mystics import achievements
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import MouseCaptured, MouseRescued, MouseWounded
from tablekit.rules.mice_mystics.hourglass import move_hourglass


def wound_mouse(d: Draft, hero: str, amount: int, poison: bool) -> None:
    """``amount`` wounds on ``hero``; at its life value the mouse is captured."""
    if amount <= 0:
        return
    poison = poison and not achievements.takes_poison_as_normal(d.state, hero)
    d.emit(MouseWounded(hero, amount, poison))
    mouse = d.state.mouse(hero)
    if not mouse.captured and mouse.falls_to(0):
        capture(d, hero)


def capture(d: Draft, hero: str) -> None:
    """The mouse is taken: its card stays on the track, the hourglass moves on.

    Cheese, wounds and markers go, and so do the found cards it has equipped
    (unless it is the Scaper's third capture, which is rescued at once).
    """
    escapes = achievements.on_capture(d, hero)
    d.emit(MouseCaptured(hero, keep_equipped=escapes))
    if escapes:
        d.emit(MouseRescued(hero))
    move_hourglass(d, f"{d.state.mouse(hero).name} was captured")
