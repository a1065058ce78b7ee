"""The top bar every scene shares: where you are, how to go back, undo."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tablekit.ui import theme, widgets
from tablekit.ui.layout import Layout
from tablekit.ui.widgets import Button


def bar_rect(layout: Layout) -> pygame.Rect:
    return pygame.Rect(0, 0, layout.width, layout.bar)


def bar_buttons(
    layout: Layout, labels: list[tuple[str, Callable[[], object], bool]], side: str = "right"
) -> list[Button]:
    """Buttons packed into the top bar from one side: (label, action, enabled)."""
    gap = layout.gap
    height = layout.bar - gap
    size = layout.text("body")
    found: list[Button] = []
    x = layout.width - gap if side == "right" else gap
    for label, action, enabled in labels:
        width = max(layout.touch * 3 // 2, theme.font("bold", size).size(label)[0] + 3 * gap)
        rect = pygame.Rect(0, gap // 2, width, height)
        if side == "right":
            rect.right = x
            x = rect.left - gap
        else:
            rect.left = x
            x = rect.right + gap
        found.append(Button(rect, label, action, enabled))
    return found


def draw_bar(
    surface: pygame.Surface, layout: Layout, title: str, buttons: list[Button], left: int = 0
) -> None:
    """The dark wood bar with ``title`` between the left buttons and the right ones."""
    rect = bar_rect(layout)
    pygame.draw.rect(surface, theme.WOOD_LIGHT, rect)
    pygame.draw.line(surface, theme.CHEESE, rect.bottomleft, rect.bottomright, 3)
    right = min((b.rect.left for b in buttons if b.rect.left > left), default=layout.width)
    room = pygame.Rect(left + layout.gap, 0, right - left - 2 * layout.gap, rect.height)
    widgets.text(surface, title, room, layout.text("heading"), theme.CREAM, "title", "left")
    for button in buttons:
        button.draw(surface, layout.text("body"))
