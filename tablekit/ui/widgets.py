"""Drawing helpers and the touch button, shared by every scene."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tablekit.ui import theme
from tablekit.ui.memo import MIB, bounded, surface_bytes, text_bytes

Colour = tuple[int, int, int]


LEAST = 18
"""Text is never shrunk below this many pixels to fit: at 800x480 it reads from 1.5 m.
Text asked for smaller (a die's corner number) is drawn as asked."""


@dataclass(frozen=True)
class Drawn:
    """One line of text as drawn: its words, pixel size, where it landed and its room.

    ``cut`` says the words did not fit their room even at :data:`LEAST`.
    """

    words: str
    size: int
    place: pygame.Rect
    room: pygame.Rect
    cut: bool = False


LEDGER: list[Drawn] | None = None
"""While a list (in layout tests), every line of text drawn is noted in it."""


def _note(drawn: Drawn) -> None:
    if LEDGER is not None and drawn.words.strip():
        LEDGER.append(drawn)


@bounded(MIB, text_bytes)
def fit_size(text: str, face: str, size: int, width: int) -> int:
    """The largest size no bigger than ``size`` (nor below :data:`LEAST`) that fits ``width``.

    Worked out once per label and room, not on every frame: a label's room
    only changes with the layout, and the search measures the text many times.
    """
    least = min(size, LEAST)
    while size - 2 >= least and width_of(theme.font(face, size), text) > width:
        size -= 2
    return size


@bounded(MIB, text_bytes)
def width_of(font: pygame.font.Font, words: str) -> int:
    """How wide ``words`` are in ``font``, measured once."""
    return int(font.size(words)[0])


RENDERED_BYTES = 8 * MIB
"""The rendered labels kept: a few screens' worth (a label is about 25 KiB at 800x480)."""


@bounded(RENDERED_BYTES, surface_bytes)
def rendered(font: pygame.font.Font, words: str, colour: Colour) -> pygame.Surface:
    """``words`` rendered in ``font`` and ``colour``, once: a frame redraws mostly the same
    labels, and rendering text is most of what drawing them costs. Only ever blitted."""
    return font.render(words, True, colour)


def _colour(colour: Colour) -> Colour:
    """A colour as a plain tuple, the key the rendered text is kept under."""
    return (int(colour[0]), int(colour[1]), int(colour[2]))


def _cut(words: str, font: pygame.font.Font, width: int) -> str:
    """``words`` shortened with an ellipsis until they fit ``width``."""
    while len(words) > 1 and font.size(words + "\N{HORIZONTAL ELLIPSIS}")[0] > width:
        words = words[:-1]
    return words.rstrip() + "\N{HORIZONTAL ELLIPSIS}"


def text(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.INK,
    face: str = "bold",
    align: str = "center",
) -> pygame.Rect:
    """Draw one line of ``words`` inside ``rect``, shrinking it to fit; return its rect.

    It never shrinks below :data:`LEAST`: words that still do not fit are cut
    with an ellipsis, and the ledger says so (a layout test fails on it).
    """
    fitted = fit_size(words, face, size, rect.width)
    font = theme.font(face, fitted)
    cut = width_of(font, words) > rect.width
    shown = _cut(words, font, rect.width) if cut else words
    image = rendered(font, shown, _colour(colour))
    place = image.get_rect()
    if align == "left":
        place.midleft = rect.midleft
    elif align == "right":
        place.midright = rect.midright
    else:
        place.center = rect.center
    surface.blit(image, place)
    _note(Drawn(words, fitted, place, rect, cut))
    return place


def lines_of(words: str, font: pygame.font.Font, width: int) -> list[str]:
    """``words`` broken into lines no wider than ``width`` (breaking at plain spaces only)."""
    return list(_lines(words, font, width))


@bounded(MIB, text_bytes)
def _lines(words: str, font: pygame.font.Font, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if width_of(font, trial) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def wrapped(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.INK,
    face: str = "regular",
) -> int:
    """Draw ``words`` wrapped to ``rect``, shrinking the type (never below
    :data:`LEAST`) until all lines fit. Returns the height used.
    """
    least = min(size, LEAST)
    font = theme.font(face, size)
    lines = lines_of(words, font, rect.width)
    while size - 2 >= least and len(lines) * font.get_linesize() > rect.height:
        size -= 2
        font = theme.font(face, size)
        lines = lines_of(words, font, rect.width)
    y = rect.y
    for number, line in enumerate(lines):
        room = pygame.Rect(rect.x, y, rect.width, font.get_linesize())
        if y + font.get_linesize() > rect.bottom:
            _note(Drawn(" ".join(lines[number:]), size, room, rect, cut=True))
            break
        place = surface.blit(rendered(font, line, _colour(colour)), (rect.x, y))
        _note(Drawn(line, size, place, rect, width_of(font, line) > rect.width))
        y += font.get_linesize()
    return y - rect.y


def two_lines(
    surface: pygame.Surface, words: str, rect: pygame.Rect, size: int, colour: Colour
) -> bool:
    """Draw ``words`` centred on two lines if one line would shrink them below
    :data:`LEAST` and two fit at that size or more; say whether it did."""
    if " " not in words or theme.font("bold", LEAST).size(words)[0] <= rect.width:
        return False
    for each in range(size, LEAST - 1, -2):
        font = theme.font("bold", each)
        lines = lines_of(words, font, rect.width)
        tall = len(lines) * font.get_linesize()
        if len(lines) == 2 and tall <= rect.height + 4:
            fits = all(font.size(line)[0] <= rect.width for line in lines)
            if fits:
                for number, line in enumerate(lines):
                    room = pygame.Rect(rect.x, rect.centery - tall // 2, rect.width, tall // 2)
                    room.y += number * font.get_linesize()
                    text(surface, line, room, each, colour)
                return True
    return False


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
    """A touch target with a label. A disabled one is flat (a thin edge, no fill of its
    own) with soft ink, so it reads as off without colour and without striking its words."""

    rect: pygame.Rect
    label: str
    action: Callable[[], object]
    """What a press does; anything it returns is ignored."""
    enabled: bool = True
    selected: bool = False
    fill: Colour = theme.PARCHMENT
    ink: Colour = theme.INK

    def draw(self, surface: pygame.Surface, size: int) -> None:
        inner, ink = self.frame(surface)
        if not two_lines(surface, self.label, inner, size, ink):
            text(surface, self.label, inner, size, ink)

    def frame(self, surface: pygame.Surface) -> tuple[pygame.Rect, Colour]:
        """Draw the button without its words; return the room for them and their ink."""
        fill = self.fill if self.enabled else theme.WOOD_LIGHT
        edge = theme.CHEESE if self.selected else (theme.EDGE if self.enabled else theme.DISABLED)
        panel(
            surface, self.rect, fill, edge, width=6 if self.selected else (3 if self.enabled else 1)
        )
        inner = self.rect.inflate(-12, -6)
        if self.selected:
            inner = tick(surface, inner, self.ink)
        return inner, self.ink if self.enabled else theme.DISABLED

    def press(self, pos: tuple[int, int]) -> bool:
        """Run the action if ``pos`` is on an enabled button; say whether it was."""
        if self.enabled and self.rect.collidepoint(pos):
            self.action()
            return True
        return False


def press_any(buttons: Sequence[Button], pos: tuple[int, int]) -> bool:
    """Offer a tap to each button in turn; the first that takes it wins."""
    return any(button.press(pos) for button in buttons)
