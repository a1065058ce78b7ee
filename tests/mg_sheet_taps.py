"""Counting taps on the Mouse Guard screens: every tap through :func:`mg_tapping.tap`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import mg_tapping
from mg_tapping import form

from tablekit.ui import chrome
from tablekit.ui.app import App


@contextmanager
def counted() -> Iterator[list[int]]:
    """Count every tap made inside the block; the count is the list's one item."""
    made = [0]
    tap = mg_tapping.tap

    def counting(app: App, pos: tuple[int, int], double: bool = False) -> None:
        made[0] += 1
        tap(app, pos, double)

    mg_tapping.tap = counting
    try:
        yield made
    finally:
        mg_tapping.tap = tap


def step(app: App, label: str, times: int) -> None:
    """Tap + (or − for a negative ``times``) of the form's count called ``label``."""
    shown = form(app)
    words = app.tr(label)
    page = shown.pages[shown.page]
    rows = shown._rows(app.layout, chrome.content(app.layout))  # noqa: SLF001
    index = next(i for i, f in enumerate(page) if f.label == words)
    control = rows[index][1]
    wanted = "+" if times > 0 else "−"
    for _ in range(abs(times)):
        app.draw()
        button = next(
            b
            for b in shown.buttons(app.layout, chrome.content(app.layout), app.tr)
            if b.label == wanted and control.colliderect(b.rect)
        )
        mg_tapping.tap(app, button.rect.center)
