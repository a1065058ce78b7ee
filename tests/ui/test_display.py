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


def test_a_band_is_found_in_rows_of_any_chunk(screen: pygame.Surface) -> None:
    """The first and last changed rows, wherever they fall in the chunks compared at once."""
    presenter = Presenter()
    for top, bottom in ((0, 0), (15, 16), (17, 99), (99, 99), (31, 32)):
        presenter.changed(screen)
        for y in {top, bottom}:
            was = screen.get_at((7, y))[:3]
            screen.set_at((7, y), (1, 2, 3) if was != (1, 2, 3) else (4, 5, 6))
        assert presenter.changed(screen) == pygame.Rect(0, top, 200, bottom - top + 1)


def sent_by(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What reaches ``pygame.display.update`` from now on."""
    sent: list[object] = []
    monkeypatch.setattr(pygame.display, "update", sent.append)
    return sent


def test_painted_rects_are_sent_as_they_are(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scene that says what it painted is not compared row by row: those rects go, or
    nothing when it painted nothing; the first frame still goes whole."""
    sent = sent_by(monkeypatch)
    presenter = Presenter()
    presenter.present(screen, screen, 0, [pygame.Rect(1, 2, 3, 4)])
    assert sent == [pygame.Rect(0, 0, 200, 100)]
    presenter.present(screen, screen, 0, [pygame.Rect(1, 2, 3, 4)])
    presenter.present(screen, screen, 0, [])
    assert sent[1:] == [[pygame.Rect(1, 2, 3, 4)]]


def test_after_painted_rects_an_unsaid_frame_goes_whole(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frame kept for comparing is behind once rects went by themselves; an exposed
    window is sent whole even when the scene says what it painted."""
    sent = sent_by(monkeypatch)
    presenter = Presenter()
    presenter.present(screen, screen, 0)
    presenter.present(screen, screen, 0, [pygame.Rect(1, 2, 3, 4)])
    presenter.present(screen, screen, 0)
    presenter.forget()
    presenter.present(screen, screen, 0, [pygame.Rect(1, 2, 3, 4)])
    whole = pygame.Rect(0, 0, 200, 100)
    assert sent == [whole, [pygame.Rect(1, 2, 3, 4)], whole, whole]
