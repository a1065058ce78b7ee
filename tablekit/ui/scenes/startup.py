"""The start-up checks screen: shown first when a check failed, instead of a black screen.

It lists each problem (the config, the screen, touch, the pads, the camera)
with what to do, in the table's language, as many to a screen as fit at full size (More
shows the rest), and one button to play on with what works: the touch pads stand in
for missing pads, manual entry for the camera.

A journal that cannot be used cannot be played around: instead of Play on the table
gets Fresh journal, and a second tap to confirm, which sets the file aside (renamed
beside it, never deleted) and plays on with a new, empty journal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tablekit.devices.checks import Check
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.host import Host
from tablekit.ui.i18n import mark
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

NAMES = {
    "config": mark("Settings file"),
    "display": mark("Screen"),
    "card": mark("Graphics card"),
    "input": mark("Touch and keys"),
    "pads": mark("Action pads"),
    "camera": mark("Camera"),
    "journal": mark("Journal"),
}
"""What each check is called on screen."""


class StartupScene(Scene):
    """The checks that failed, and a way on to the screen the table was going to."""

    name = "startup"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.problems: list[Check] = []
        self.then = "home"
        self.page = 0
        self.fresh: Callable[[], object] | None = None
        self.confirming = False

    def show(
        self, problems: Sequence[Check], then: str, fresh: Callable[[], object] | None = None
    ) -> None:
        """List ``problems``; Play on goes to the scene ``then``.

        ``fresh`` sets a journal that cannot be used aside and makes a new one; when
        given, it replaces Play on, behind a second tap.
        """
        self.problems = list(problems)
        self.then = then
        self.page = 0
        self.fresh = fresh
        self.confirming = False
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP and widgets.press_any(self.buttons(), event.pos):
            self.dirty = True

    def buttons(self) -> list[Button]:
        tr = self.app.tr
        labels = self._choices()
        pages = self._pages()
        if pages > 1:
            more = tr("More ({page}/{pages})").format(page=self.page + 1, pages=pages)
            labels.append((more, self._next_page, True))
        return chrome.bar_buttons(self.app.layout, labels)

    def _choices(self) -> list[tuple[str, Callable[[], object], bool]]:
        """Play on; or, for a journal that cannot be used, Fresh journal and its confirmation."""
        tr = self.app.tr
        if self.fresh is None:
            return [(tr("Play on"), lambda: self.app.goto(self.then), True)]
        if not self.confirming:
            return [(tr("Fresh journal"), lambda: self._confirm(True), True)]
        return [
            (tr("Yes, set it aside"), self.fresh, True),
            (tr("Back"), lambda: self._confirm(False), True),
        ]

    def _confirm(self, asking: bool) -> None:
        self.confirming = asking

    def _next_page(self) -> None:
        self.page = (self.page + 1) % self._pages()

    def _pages(self) -> int:
        return len(self._paged())

    def _paged(self) -> list[list[tuple[Check, int]]]:
        """The problems with each card's height, in pages that fit below the bar.

        A card is as tall as its name and its wrapped sentence at body size:
        the text never shrinks, a page holds fewer cards instead.
        """
        layout = self.app.layout
        room = layout.content().height
        pages: list[list[tuple[Check, int]]] = [[]]
        used = 0
        for check in self.problems:
            height = self._card_height(check)
            if pages[-1] and used + height > room:
                pages.append([])
                used = 0
            pages[-1].append((check, height))
            used += height + layout.gap
        return pages

    def _card_height(self, check: Check) -> int:
        layout = self.app.layout
        font = theme.font("regular", layout.text("body"))
        width = layout.content().width - 2 * layout.gap
        lines = widgets.lines_of(self._sentence(check, width), font, width)
        return self._heading() + len(lines) * font.get_linesize() + layout.gap

    def _heading(self) -> int:
        return self.app.layout.text("heading") * 5 // 4 + self.app.layout.gap // 2

    def _sentence(self, check: Check, width: int) -> str:
        template = check.template or check.text
        words = self.app.tr(template).format(**check.params)
        return breakable(words, self.app.layout.text("body"), width)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        tr = self.app.tr
        surface.fill(theme.WOOD)
        title = tr("Set the file aside?") if self.confirming else tr("Before you play")
        chrome.draw_bar(surface, layout, title, self.buttons())
        area = layout.content()
        y = area.y
        for check, height in self._paged()[min(self.page, self._pages() - 1)]:
            card = pygame.Rect(area.x, y, area.width, height)
            y = card.bottom + layout.gap
            widgets.panel(surface, card, theme.PARCHMENT, theme.EDGE)
            inner = card.inflate(-2 * layout.gap, -layout.gap)
            name = NAMES.get(check.name, check.name)
            top = pygame.Rect(inner.x, inner.y, inner.width, self._heading() - layout.gap // 2)
            widgets.text(surface, tr(name), top, layout.text("heading"), theme.INK, "bold", "left")
            below = pygame.Rect(inner.x, top.bottom, inner.width, inner.bottom - top.bottom)
            words = self._sentence(check, inner.width)
            widgets.wrapped(surface, words, below, layout.text("body"), theme.INK)


def breakable(words: str, size: int, width: int) -> str:
    """``words`` with any word wider than ``width`` (a long device path) cut into pieces
    that fit, so it wraps onto the next line instead of running off the card."""
    font = theme.font("regular", size)
    pieces = []
    for word in words.split(" "):
        while font.size(word)[0] > width:
            fits = [i for i in range(len(word) - 1, 0, -1) if font.size(word[:i])[0] <= width]
            cut = fits[0] if fits else 1
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
    return " ".join(pieces)
