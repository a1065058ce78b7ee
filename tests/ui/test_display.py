"""Only the rows a frame changed are sent to the display; the first frame and an exposed
window are sent whole."""

from __future__ import annotations

import pygame
import pytest

from tablekit.ui.display import Presenter

pytestmark = pytest.mark.usefixtures("shut_pygame")


@pytest.fixture
def screen() -> pygame.Surface:
    pygame.display.init()
    return pygame.display.set_mode((200, 100))


def test_the_first_frame_is_sent_whole(screen: pygame.Surface) -> None:
    assert Presenter().changed(screen) == pygame.Rect(0, 0, 200, 100)


def test_a_frame_like_the_last_sends_nothing(screen: pygame.Surface) -> None:
    presenter = Presenter()
    presenter.changed(screen)
    assert presenter.changed(screen) is None


def test_a_change_sends_the_band_of_rows_it_touched(screen: pygame.Surface) -> None:
    presenter = Presenter()
    presenter.changed(screen)
    pygame.draw.rect(screen, (200, 180, 120), (150, 30, 10, 5))
    pygame.draw.rect(screen, (200, 180, 120), (0, 60, 3, 2))
    assert presenter.changed(screen) == pygame.Rect(0, 30, 200, 32)


def test_after_forgetting_the_whole_frame_goes_again(screen: pygame.Surface) -> None:
    presenter = Presenter()
    presenter.changed(screen)
    presenter.forget()
    assert presenter.changed(screen) == pygame.Rect(0, 0, 200, 100)


def test_a_turned_canvas_reaches_the_screen(screen: pygame.Surface) -> None:
    canvas = pygame.Surface((100, 200))
    canvas.fill((200, 180, 120))
    Presenter().present(screen, canvas, 90)
    assert screen.get_at((199, 99))[:3] == (200, 180, 120)
