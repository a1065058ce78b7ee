"""A scene painted in parts repaints only the parts whose key changed, and the frame it
leaves is the whole frame, pixel for pixel."""

from __future__ import annotations

import random

import pygame
import pytest

from tablekit.ui import widgets
from tablekit.ui.parts import Part, Parts, button_parts, look, paint_all
from tablekit.ui.widgets import Button

pytestmark = pytest.mark.usefixtures("shut_pygame")

SIZE = (120, 80)


def wood(surface: pygame.Surface) -> None:
    surface.fill((60, 40, 20))


def square(name: str, rect: tuple[int, int, int, int], colour: tuple[int, int, int]) -> Part:
    """A part filling ``rect`` with ``colour``, with a ring of another colour inside it."""
    box = pygame.Rect(rect)

    def paint(surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, colour, box, border_radius=5)
        pygame.draw.circle(surface, colour[::-1], box.center, min(box.size) // 3, 2)

    return Part(name, box, colour, paint)


def whole(parts: list[Part]) -> bytes:
    surface = pygame.Surface(SIZE)
    paint_all(surface, wood, parts)
    return pygame.image.tobytes(surface, "RGB")


def test_an_unchanged_frame_paints_nothing_and_a_change_only_its_rect() -> None:
    surface = pygame.Surface(SIZE)
    painted = Parts()
    frame = [square("a", (0, 0, 50, 40), (200, 0, 0)), square("b", (60, 0, 50, 40), (0, 200, 0))]
    assert painted.paint(surface, wood, frame) is None  # the first frame: whole
    assert painted.paint(surface, wood, frame) == []
    frame[1] = square("b", (60, 0, 50, 40), (0, 0, 200))
    assert painted.paint(surface, wood, frame) == [pygame.Rect(60, 0, 50, 40)]
    assert pygame.image.tobytes(surface, "RGB") == whole(frame)


def test_frames_of_moving_overlapping_parts_equal_whole_ones() -> None:
    """Parts that come, go, move over each other and change: each frame as painted over
    the last equals the frame painted from scratch."""
    rng = random.Random(5)
    surface = pygame.Surface(SIZE)
    painted = Parts()
    for _ in range(200):
        frame = [
            square(
                name,
                (rng.randrange(0, 100), rng.randrange(0, 60), rng.randrange(8, 40), 20),
                (rng.choice((0, 250)), 90, rng.choice((10, 180))),
            )
            for name in "abcd"
            if rng.random() < 0.7
        ]
        painted.paint(surface, wood, frame)
        assert pygame.image.tobytes(surface, "RGB") == whole(frame)


def test_a_new_size_or_a_forgotten_frame_is_painted_whole() -> None:
    painted = Parts()
    frame = [square("a", (0, 0, 50, 40), (200, 0, 0))]
    painted.paint(pygame.Surface(SIZE), wood, frame)
    assert painted.paint(pygame.Surface((80, 80)), wood, frame) is None
    painted.forget()
    assert painted.paint(pygame.Surface((80, 80)), wood, frame) is None
    assert painted.paint(pygame.Surface((80, 80)), wood, frame) == []


def test_what_is_painted_and_said_stays_on_the_surface() -> None:
    """A part reaching past the surface's edge is painted, and said, only where it is on it."""
    surface = pygame.Surface(SIZE)
    painted = Parts()
    painted.paint(surface, wood, [square("a", (100, 60, 40, 40), (200, 0, 0))])
    changed = painted.paint(surface, wood, [square("a", (100, 60, 40, 40), (0, 0, 200))])
    assert changed == [pygame.Rect(100, 60, 20, 20)]


def test_while_the_ledger_records_every_part_is_painted() -> None:
    """A layout test reads every line on screen from the ledger: nothing is left out."""
    pygame.font.init()
    surface = pygame.Surface(SIZE)
    painted = Parts()
    button = Button(pygame.Rect(10, 10, 100, 40), "Roll", lambda: None)
    frame = button_parts("button", [button], 20)
    painted.paint(surface, wood, frame)
    widgets.LEDGER = []
    try:
        assert painted.paint(surface, wood, frame) is None
        assert [drawn.words for drawn in widgets.LEDGER] == ["Roll"]
    finally:
        widgets.LEDGER = None


def test_a_buttons_look_is_all_but_what_it_does() -> None:
    def one() -> None: ...

    def two() -> None: ...

    rect = pygame.Rect(0, 0, 10, 10)
    assert look(Button(rect, "Roll", one)) == look(Button(rect.copy(), "Roll", two))
    assert look(Button(rect, "Roll", one)) != look(Button(rect, "Roll", one, enabled=False))
    assert look(Button(rect, "Roll", one)) != look(Button(rect.move(1, 0), "Roll", one))
