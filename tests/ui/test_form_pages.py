"""A form of pages keeps each of its navigation buttons in a place of its own (issue 21,
"Buttons stay where they are"): Next and the confirm lay in one spot, so a double tap on
Next confirmed the form. Driven by taps on the buttons' centres."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tablekit.ui import theme
from tablekit.ui.form import Field, Form
from tablekit.ui.layout import Layout
from tablekit.ui.widgets import Button, press_any

LAYOUT = Layout(800, 480)
WIDE = LAYOUT.content()
NARROW = pygame.Rect(WIDE.x + WIDE.width // 2, WIDE.y, WIDE.width // 2, WIDE.height)
"""A question's room beside the track: too narrow for four buttons in a row."""


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.init()
    yield
    theme.font.cache_clear()
    pygame.quit()


def two_pages(confirmed: list[dict[str, Any]]) -> Form:
    pages = [[Field("a", "First", "count", 1)], [Field("b", "Second", "count", 2)]]
    return Form("Two pages", pages, lambda v: confirmed.append(v) or True, "Start")


def buttons(form: Form, area: pygame.Rect) -> list[Button]:
    return form.buttons(LAYOUT, area, str)


def at(form: Form, area: pygame.Rect, label: str) -> pygame.Rect:
    return next(b.rect for b in buttons(form, area) if b.label == label)


@pytest.mark.parametrize("area", [WIDE, NARROW], ids=["wide", "narrow"])
def test_a_double_tap_on_next_turns_one_page_and_confirms_nothing(area: pygame.Rect) -> None:
    confirmed: list[dict[str, Any]] = []
    form = two_pages(confirmed)
    spot = at(form, area, "Next").center
    assert press_any(buttons(form, area), spot)
    assert form.page == 1
    assert not press_any(buttons(form, area), spot)  # Next, greyed on the last page
    assert confirmed == [] and not form.closed
    assert press_any(buttons(form, area), at(form, area, "Start").center)
    assert confirmed == [{"a": 1, "b": 2}]


@pytest.mark.parametrize("area", [WIDE, NARROW], ids=["wide", "narrow"])
def test_the_navigation_keeps_its_places_on_every_page(area: pygame.Rect) -> None:
    form = two_pages([])
    first = {b.label: (tuple(b.rect), b.enabled) for b in buttons(form, area)}
    form.page = 1
    second = {b.label: (tuple(b.rect), b.enabled) for b in buttons(form, area)}
    navigation = ["Cancel", "Back", "Next", "Start"]
    assert [first[n][0] for n in navigation] == [second[n][0] for n in navigation]
    assert [first[n][1] for n in navigation] == [True, False, True, False]
    assert [second[n][1] for n in navigation] == [True, True, False, True]
    places = [pygame.Rect(first[n][0]) for n in navigation]
    for n, one in enumerate(places):
        assert one.collidelist(places[n + 1 :]) == -1, f"{navigation[n]} overlaps another"


def test_a_double_tap_on_back_on_the_second_page_does_not_cancel() -> None:
    form = two_pages([])
    form.page = 1
    spot = at(form, WIDE, "Back").center
    assert press_any(buttons(form, WIDE), spot)
    assert not press_any(buttons(form, WIDE), spot)  # Back, greyed on the first page
    assert form.page == 0 and not form.closed
