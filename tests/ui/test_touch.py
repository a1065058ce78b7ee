"""Taps arrive once, from finger, mouse or keyboard, on a turned screen too."""

import pygame
import pytest

from tablekit.ui.touch import logical_size, tap_position, unrotate


def finger(x: float, y: float) -> pygame.event.Event:
    return pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, touch_id=1, finger_id=0)


def mouse(pos: tuple[int, int], touch: bool = False, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)


def test_finger_and_its_synthesised_mouse_event_make_one_tap() -> None:
    events = [finger(0.5, 0.25), mouse((400, 120), touch=True)]
    taps = [tap_position(e, (800, 480), 0) for e in events]
    assert [t for t in taps if t is not None] == [(400, 120)]


def test_a_real_mouse_click_is_a_tap_but_not_the_right_button() -> None:
    assert tap_position(mouse((10, 20)), (800, 480), 0) == (10, 20)
    assert tap_position(mouse((10, 20), button=3), (800, 480), 0) is None


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_unrotate_finds_the_pixel_that_was_drawn(rotate: int) -> None:
    screen = (80, 48)
    canvas = pygame.Surface(logical_size(screen, rotate))
    canvas.fill((0, 0, 0))
    canvas.set_at((5, 9), (255, 0, 0))
    shown = pygame.transform.rotate(canvas, rotate)
    assert shown.get_size() == screen
    [physical] = [
        (x, y) for x in range(screen[0]) for y in range(screen[1]) if shown.get_at((x, y)).r
    ]
    assert unrotate(physical, screen, rotate) == (5, 9)
