"""The top bar every scene shares: where you are, how to go back, undo.

Lying down, the title sits between the left buttons and the right ones. Upright a game's
scene gives the title a row of its own under the bar (:func:`title_row`, with any button
the scene puts at that row's end, and :func:`content` below it): the bar's buttons leave
a game's title no room beside them at its size in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tablekit.ui import theme, widgets
from tablekit.ui.host import Host
from tablekit.ui.layout import Layout
from tablekit.ui.widgets import Button


def bar_rect(layout: Layout) -> pygame.Rect:
    return pygame.Rect(0, 0, layout.width, layout.bar)


def title_row(layout: Layout) -> pygame.Rect:
    """Upright, the title's row under the bar (no height lying down)."""
    height = max(layout.touch, layout.text("heading")) + layout.gap if layout.portrait else 0
    return pygame.Rect(layout.gap, layout.bar, layout.width - 2 * layout.gap, height)


def content(layout: Layout) -> pygame.Rect:
    """A game scene's area: below the bar, and upright below the title's row."""
    area = layout.content()
    if layout.portrait:
        top = title_row(layout).bottom
        area.height -= top - area.y
        area.y = top
    return area


def undo_redo(app: Host) -> list[Button]:
    """Undo and Redo at the bar's right end, Undo on the left as in every editor."""
    session = app.session
    assert session is not None
    return bar_buttons(
        app.layout,
        [  # packed from the right
            (app.tr("Redo"), app.redo, session.can_redo),
            (app.tr("Undo"), app.undo, session.can_undo),
        ],
    )


def bar_buttons(
    layout: Layout, labels: list[tuple[str, Callable[[], object], bool]], side: str = "right"
) -> list[Button]:
    """Buttons packed into the bar's row of buttons from one side: (label, action, enabled).

    Each is as wide as its label at body size plus a gap either side (at least a touch
    and a half), so the row holds the most it can without shrinking a label."""
    gap = layout.gap
    height = layout.bar - gap
    size = layout.text("body")
    found: list[Button] = []
    x = layout.width - gap if side == "right" else gap
    for label, action, enabled in labels:
        width = max(layout.touch * 3 // 2, theme.font("bold", size).size(label)[0] + 2 * gap)
        rect = pygame.Rect(0, gap // 2, width, height)
        if side == "right":
            rect.right = x
            x = rect.left - gap
        else:
            rect.left = x
            x = rect.right + gap
        found.append(Button(rect, label, action, enabled))
    return found


def at_title_end(layout: Layout, button: Button) -> Button:
    """``button`` moved to the end of the title's row (upright), where the row of buttons
    has no room for it."""
    row = title_row(layout)
    button.rect.right = row.right
    button.rect.top, button.rect.height = row.top + layout.gap // 2, row.height - layout.gap
    return button


def draw_bar(
    surface: pygame.Surface,
    layout: Layout,
    title: str | Sequence[str],
    buttons: list[Button],
    left: int = 0,
    titled: bool = False,
) -> None:
    """The dark wood bar with its buttons and ``title``: between the left buttons (ending
    at ``left``) and the right ones, or upright on :func:`title_row` (in a game's scene).

    ``title`` may be several, longest first: the first that fits at heading size is
    drawn (a conflict's volley goes where there is room for it). ``titled``: the scene
    keeps :func:`title_row` free for it upright."""
    rect = bar_rect(layout)
    pygame.draw.rect(surface, theme.WOOD_LIGHT, rect)
    pygame.draw.line(surface, theme.CHEESE, rect.bottomleft, rect.bottomright, 3)
    if layout.portrait and titled:
        room = title_row(layout)
        ends = [b.rect.left for b in buttons if b.rect.top >= room.top]
        room.width = min(ends, default=room.right + layout.gap) - layout.gap - room.x
    else:
        right = min((b.rect.left for b in buttons if b.rect.left > left), default=layout.width)
        room = pygame.Rect(left + layout.gap, 0, right - left - 2 * layout.gap, rect.height)
    size = layout.text("heading")
    words = fitting([title] if isinstance(title, str) else list(title), size, room.width)
    widgets.text(surface, words, room, size, theme.CREAM, "title", "left")
    for button in buttons:
        button.draw(surface, layout.text("body"))


def fitting(titles: Sequence[str], size: int, width: int) -> str:
    """The first of ``titles`` that fits ``width`` at ``size``, else the last."""
    font = theme.font("title", size)
    return next((t for t in titles if font.size(t)[0] <= width), titles[-1] if titles else "")
