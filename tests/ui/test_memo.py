"""The screen's caches hold at most their bytes, however many different things are drawn."""

from __future__ import annotations

import gc
import tracemalloc
import weakref

import pygame
import pytest

from tablekit.ui import theme, widgets
from tablekit.ui.memo import ENTRY, bounded, surface_bytes, text_bytes


def test_the_least_recently_used_goes_once_the_bytes_pass_the_cap() -> None:
    made: list[int] = []

    @bounded(3 * (100 + ENTRY), lambda value: 100)
    def square(number: int) -> int:
        made.append(number)
        return number * number

    for number in (1, 2, 3, 1, 4):  # 1 is used again, so 2 is the least recent when 4 comes
        square(number)
    square(1)
    square(2)
    assert made == [1, 2, 3, 4, 2]
    info = square.cache_info()
    assert info.entries == 3 and info.held <= info.cap and info.hits == 2


def test_a_full_cache_holds_no_more_memory_than_its_cap() -> None:
    @bounded(256 * 1024, text_bytes)
    def measured(words: str, width: int) -> int:
        return len(words) * width

    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for number in range(20_000):  # words made afresh, kept alive only by the cache's keys
            measured(f"label number {number} of a long evening", 300 + number)
        held = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    info = measured.cache_info()
    assert info.entries < 20_000 and held <= info.cap


def test_a_value_larger_than_the_cap_is_kept_alone() -> None:
    @bounded(10, lambda value: 1000)
    def big(number: int) -> int:
        return number

    big(1)
    big(2)
    assert big.cache_info().entries == 1


def test_clearing_forgets_everything() -> None:
    @bounded(10_000, text_bytes)
    def echo(words: str) -> str:
        return words

    echo("a")
    echo.cache_clear()
    assert echo.cache_info() == (0, 0, 0, 0, 10_000)


def test_text_and_surfaces_are_weighed_by_their_size() -> None:
    assert text_bytes(("ab", "cde")) > text_bytes("abcde") > text_bytes("a")
    assert surface_bytes(pygame.Surface((10, 4), depth=32)) == 160


@pytest.mark.usefixtures("shut_pygame")
def test_rendered_labels_stay_under_their_cap_however_many_there_are() -> None:
    pygame.font.init()
    font = theme.font("bold", 40)
    for number in range(3000):
        widgets.rendered(font, f"label number {number}", (0, 0, 0))
    info = widgets.rendered.cache_info()
    assert info.held <= widgets.RENDERED_BYTES and 0 < info.entries < 3000


@pytest.mark.usefixtures("shut_pygame")
def test_a_font_the_font_cache_lets_go_is_let_go_by_the_caches_keyed_by_it() -> None:
    pygame.font.init()
    theme.font.cache_clear()
    first = theme.font("regular", 9)
    widgets.width_of(first, "cheese")
    widgets.rendered(first, "cheese", (0, 0, 0))
    widgets.lines_of("cheese and bread", first, 40)
    gone = weakref.ref(first)
    del first
    kept = theme.font("bold", 30)
    widgets.width_of(kept, "cheese")
    for size in range(10, 10 + theme.font.cache_info().cap // theme.FONT_BYTES):
        theme.font("regular", size)  # more sizes than the font cache holds: 9 goes
        theme.font("bold", 30)  # used again and again, so it stays
    gc.collect()
    assert gone() is None
    hits = widgets.width_of.cache_info().hits
    widgets.width_of(kept, "cheese")
    assert widgets.width_of.cache_info().hits == hits + 1  # what a kept font measured stays
