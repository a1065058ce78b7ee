"""Drawing helpers and the touch button, shared by every scene."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tablekit.ui import theme

Colour = tuple[int, int, int]


def fit_font(text: str, face: str, size: int, width: int) -> pygame.font.Font:
    """The largest font no bigger than ``size`` in which ``text`` fits ``width``."""
    font = theme.font(face, size)
    while size > 12 and font.size(text)[0] > width:
        size -= 2
        font = theme.font(face, size)
    return font


def text(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.INK,
    face: str = "bold",
    align: str = "center",
) -> pygame.Rect:
    """Draw one line of ``words`` inside ``rect``, shrinking it to fit; return its rect."""
    font = fit_font(words, face, size, rect.width)
    image = font.render(words, True, colour)
    place = image.get_rect()
    if align == "left":
        place.midleft = rect.midleft
    elif align == "right":
        place.midright = rect.midright
    else:
        place.center = rect.center
    surface.blit(image, place)
    return place


def lines_of(words: str, font: pygame.font.Font, width: int) -> list[str]:
    """``words`` broken into lines no wider than ``width`` (breaking at plain spaces only)."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrapped(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.INK,
    face: str = "regular",
) -> int:
    """Draw ``words`` wrapped to ``rect``, shrinking the type until all lines fit.

    Returns the height used.
    """
    font = theme.font(face, size)
    lines = lines_of(words, font, rect.width)
    while size > 14 and len(lines) * font.get_linesize() > rect.height:
        size -= 2
        font = theme.font(face, size)
        lines = lines_of(words, font, rect.width)
    y = rect.y
    for line in lines:
        if y + font.get_linesize() > rect.bottom:
            break
        surface.blit(font.render(line, True, colour), (rect.x, y))
        y += font.get_linesize()
    return y - rect.y


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour = theme.PARCHMENT,
    edge: Colour = theme.EDGE,
    width: int = 3,
) -> None:
    """A rounded parchment card."""
    radius = max(6, min(rect.width, rect.height) // 10)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


def tick(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> pygame.Rect:
    """Draw a check mark at the left of ``rect``; return the room left beside it."""
    side = min(rect.height, rect.width // 4) * 3 // 5
    x, y = rect.x + side // 4, rect.centery
    points = [(x, y), (x + side // 3, y + side // 3), (x + side, y - side // 2)]
    pygame.draw.lines(surface, colour, False, points, max(3, side // 6))
    return pygame.Rect(x + side + 4, rect.y, rect.right - x - side - 4, rect.height)


@dataclass
class Button:
    """A touch target with a label. Disabled buttons are dimmed *and* struck through."""

    rect: pygame.Rect
    label: str
    action: Callable[[], object]
    """What a press does; anything it returns is ignored."""
    enabled: bool = True
    selected: bool = False
    fill: Colour = theme.PARCHMENT
    ink: Colour = theme.INK

    def draw(self, surface: pygame.Surface, size: int) -> None:
        fill = self.fill if self.enabled else theme.PARCHMENT_DARK
        edge = theme.CHEESE if self.selected else theme.EDGE
        panel(surface, self.rect, fill, edge, width=6 if self.selected else 3)
        inner = self.rect.inflate(-12, -6)
        if self.selected:
            inner = tick(surface, inner, self.ink)
        ink = self.ink if self.enabled else theme.DISABLED
        drawn = text(surface, self.label, inner, size, ink)
        if not self.enabled and len(self.label) > 1:
            y = drawn.centery
            pygame.draw.line(surface, theme.DISABLED, (drawn.left, y), (drawn.right, y), 2)

    def press(self, pos: tuple[int, int]) -> bool:
        """Run the action if ``pos`` is on an enabled button; say whether it was."""
        if self.enabled and self.rect.collidepoint(pos):
            self.action()
            return True
        return False


def press_any(buttons: Sequence[Button], pos: tuple[int, int]) -> bool:
    """Offer a tap to each button in turn; the first that takes it wins."""
    return any(button.press(pos) for button in buttons)
