"""A seeded monkey taps the Mice and Mystics screen: nothing a finger does may crash it.

Refusals are fine (they become a notice); an exception escaping a tap or a
draw is a bug. This found two crashes before it became a test.
"""

import random
from typing import Any

import pygame
import pytest

from tablekit.local.config import Config, Display
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App

CHAPTER = {
    "type": "mm.start_chapter",
    "chapter": "Chapter 1",
    "end_page": 8,
    "heroes": [{"hero": h, "ability": "Ability"} for h in ("collin", "nez", "lily", "filch")],
    "minions": [{"minion": "rat_warrior", "count": 2}, {"minion": "roach", "count": 2}],
}
RARE = {"Undo", "Redo", "Our dice", "Cancel", "Close", "Back"}
"""Tapped now and then; Home is left out so the monkey keeps playing its chapter."""


def numbers_for_everyone(app: Any) -> None:
    """Enter made-up numbers for every hero and minion so the whole game is reachable."""
    catalogue = app.session.table_view()["catalogue"]
    for hero in catalogue["heroes"]:
        app.session.apply(
            app.session.parse(
                {
                    "type": "mm.set_stats",
                    "figure": hero["id"],
                    "battle": 2,
                    "defense": 2,
                    "lore": 2,
                    "move": 2,
                    "life": 4,
                }
            )
        )
    for minion in catalogue["minions"]:
        if not minion["boss"]:
            app.session.apply(
                app.session.parse(
                    {
                        "type": "mm.set_stats",
                        "figure": minion["id"],
                        "battle": 2,
                        "defense": 1,
                        "life": 2,
                        "ranged": False,
                    }
                )
            )


def tap(app: Any, rng: random.Random) -> None:
    """One random but plausible touch: mostly the game's own buttons, sometimes anything."""
    app.draw()
    buttons = [b for b in app.scene.buttons() if b.enabled and b.label != "Home"]
    roll = rng.random()
    if roll < 0.05:
        event = pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "æ", "Z", " "]))
    elif roll < 0.1 or not buttons:
        pos = (rng.randrange(app.layout.width), rng.randrange(app.layout.height))
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    else:
        common = [b for b in buttons if b.label not in RARE]
        button = rng.choice(common if common and rng.random() < 0.93 else buttons)
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    pygame.event.post(event)
    app.step(rng.choice([0.0, 0.1, 1.0]))
    if app.scene.name != "mice-mystics" and rng.random() < 0.3:
        app.resume(app.session.name)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "seed"), [((800, 480), 1), ((720, 1280), 2), ((1920, 1080), 3)])
def test_random_taps_never_crash(journal: Journal, size: tuple[int, int], seed: int) -> None:
    rng = random.Random(seed)
    app = App(Config(display=Display(fullscreen="off")), journal, size)
    app.start("mice-mystics")
    app.session.rng = random.Random(seed)
    numbers_for_everyone(app)
    app.session.apply(app.session.parse(CHAPTER))
    played, before = app.session.name, app.session.version
    try:
        for _ in range(400):
            tap(app, rng)
        assert app.journal.version(played) > before  # the monkey got commands through
    finally:
        theme.font.cache_clear()
        pygame.quit()
