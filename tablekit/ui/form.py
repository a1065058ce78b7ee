"""Touch forms: a few fields, big steppers and toggles, and one confirm button.

Typing is slow on a touchscreen, so every field is a choice: a count with
minus and plus, a yes/no toggle, one of several options, or several of them.
A form can have pages (Next/Back) when its fields do not fit one screen.
The form never changes game state itself: confirm hands its values to a
callback that builds a command for the app to submit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from tablekit.ui import theme, widgets
from tablekit.ui.i18n import mark
from tablekit.ui.layout import Layout, columns
from tablekit.ui.widgets import Button

MIN_COLUMN = 5.5
"""A column of fields is at least this many touch heights wide (label + stepper)."""

KEYS = [[*"1234567890", "DEL"], list("qwertyuiopå"), list("asdfghjklæø"), [*"zxcvbnm-'", " "]]
"""The on-screen keys, Danish letters included."""

WIDE_KEYS = {"DEL": (mark("delete"), 2), " ": (mark("space"), 3)}
"""Keys with a word on them: (label, how many key widths they take)."""


@dataclass
class Field:
    """One question of a form.

    ``kind`` is "count" (``low``..``high``), "toggle", "choice" (one of
    ``options``), "multi" (any of them) or "text" (typed on the keyboard or
    on the on-screen keys; give it a page of its own, the keys need the room).
    Options are (value, label) pairs.
    """

    key: str
    label: str
    kind: str
    value: Any
    options: Sequence[tuple[str, str]] = ()
    low: int = 0
    high: int = 99
    wide: bool = False
    """The control takes the whole row (options with long names) and shows no label:
    the form's title says what is chosen."""
    required: bool = False
    """The page cannot be left forward, nor the form confirmed, until this is given: a
    count that is None (shown as "?": nobody knows it yet), or no text, or no choice."""
    longest: int = 40
    """The most letters a text takes (a name's 40; a belief's sentence more), so the keys
    stop where the command's schema would refuse."""


@dataclass
class Form:
    """A modal panel of fields in pages, confirmed with one tap."""

    title: str
    pages: list[list[Field]]
    confirm: Callable[[dict[str, Any]], bool]
    confirm_label: str = "OK"
    page: int = 0
    closed: bool = False
    cancellable: bool = True
    values: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._given = [list(page) for page in self.pages]
        self._capacity = 0
        for page in self.pages:
            for item in page:
                self.values.setdefault(item.key, item.value)

    @property
    def typing(self) -> bool:
        """Whether the current page has a text field (and so shows the keys)."""
        return any(item.kind == "text" for item in self.pages[self.page])

    @property
    def wide(self) -> bool:
        """Whether any page types, so the form wants the whole width for the keys."""
        return any(item.kind == "text" for page in self._given for item in page)

    def type(self, text: str) -> None:
        """Add typed ``text`` to the page's text field; a backspace removes one letter."""
        for item in self.pages[self.page]:
            if item.kind == "text":
                value = self.values[item.key]
                longer = (value + text)[: item.longest]
                self.values[item.key] = value[:-1] if text == "\b" else longer

    def buttons(self, layout: Layout, area: pygame.Rect, tr: Callable[[str], str]) -> list[Button]:
        """Every touch target of the current page, plus the navigation row."""
        found: list[Button] = []
        rows = self._rows(layout, area)
        for item, (_, control) in zip(self.pages[self.page], rows, strict=False):
            found += self._controls(item, control, layout, tr)
        if self.typing and rows:
            found += self._keys(layout, area, rows[-1][1].bottom + layout.gap, tr)
        return found + self._navigation(layout, area, tr)

    def _keys(
        self, layout: Layout, area: pygame.Rect, top: int, tr: Callable[[str], str]
    ) -> list[Button]:
        """An on-screen keyboard between the fields and the navigation row."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        bottom = inner.bottom - layout.touch - layout.gap
        height = min(layout.touch, (bottom - top) // len(KEYS) - 4)
        found = []
        for number, keys in enumerate(KEYS):
            row = pygame.Rect(inner.x, top + number * (height + 4), inner.width, height)
            spans = [WIDE_KEYS.get(key, (key, 1))[1] for key in keys]
            cells = columns(row, sum(spans), 4)
            at = 0
            for key, span in zip(keys, spans, strict=True):
                cell = cells[at].union(cells[at + span - 1])
                at += span
                typed = "\b" if key == "DEL" else key
                label = tr(WIDE_KEYS[key][0]) if key in WIDE_KEYS else key
                found.append(Button(cell, label, partial(self.type, typed)))
        return found

    def draw(
        self, surface: pygame.Surface, layout: Layout, area: pygame.Rect, tr: Callable[[str], str]
    ) -> None:
        self._fit(layout, area)
        widgets.panel(surface, area, theme.PARCHMENT, theme.CHEESE, 4)
        title = pygame.Rect(
            area.x + layout.gap,
            area.y + layout.gap // 2,
            area.width - 2 * layout.gap,
            self._title_height(layout),
        )
        heading = (
            self.title
            if len(self.pages) == 1
            else f"{self.title} ({self.page + 1}/{len(self.pages)})"
        )
        if theme.font("title", layout.text("heading")).size(heading)[0] <= title.width:
            widgets.text(
                surface, heading, title, layout.text("heading"), theme.INK, "title", "left"
            )
        else:
            widgets.wrapped(surface, heading, title, layout.text("small"), theme.INK, "bold")
        size = layout.text("body")
        for item, (label, control) in zip(
            self.pages[self.page], self._rows(layout, area), strict=False
        ):
            if label.width:
                widgets.text(surface, item.label, label, size, theme.INK, "bold", "left")
            if item.kind == "count":
                middle = columns(control, 3, layout.gap)[1]
                value = self.values[item.key]
                widgets.text(
                    surface,
                    "?" if value is None else str(value),
                    middle,
                    layout.text("heading"),
                    theme.INK,
                    "black",
                )
        for button in self.buttons(layout, area, tr):
            button.draw(surface, size)

    # -- building ------------------------------------------------------------------

    def _title_height(self, layout: Layout) -> int:
        """Room for the title: two lines of small text fit when it wraps."""
        return max(layout.touch, 2 * theme.font("bold", layout.text("small")).get_linesize())

    def _grid(self, layout: Layout, area: pygame.Rect) -> tuple[pygame.Rect, int, int]:
        """The field area, how many rows fit in it, and how many columns."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        top = inner.y + self._title_height(layout)
        bottom = inner.bottom - layout.touch - layout.gap
        fit = max(1, (bottom - top) // (layout.touch + layout.gap))
        split = 2 if inner.width >= 2 * MIN_COLUMN * layout.touch else 1
        return pygame.Rect(inner.x, top, inner.width, bottom - top), fit, split

    def _fit(self, layout: Layout, area: pygame.Rect) -> None:
        """Cut pages that hold more fields than fit into several, once per screen size."""
        _, fit, split = self._grid(layout, area)
        capacity = fit * split
        if capacity == self._capacity:
            return
        self._capacity = capacity
        self.pages = []
        for page in self._given:
            typed = any(item.kind == "text" for item in page)
            step = len(page) if typed else capacity
            starts = range(0, max(len(page), 1), max(step, 1))
            self.pages += [page[start : start + step] for start in starts]
        self.page = min(self.page, len(self.pages) - 1)

    def _rows(self, layout: Layout, area: pygame.Rect) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(label, control) rectangles, in one or two columns as the width allows."""
        self._fit(layout, area)
        grid, fit, split = self._grid(layout, area)
        step = layout.touch + layout.gap
        fields = self.pages[self.page]
        if not fields:
            return []
        split = min(split, -(-len(fields) // fit))
        cells = columns(grid, split, 2 * layout.gap)
        found = []
        for index in range(len(fields)):
            cell = cells[index // fit]
            y = cell.y + (index % fit) * step
            if fields[index].wide:
                found.append(
                    (pygame.Rect(cell.x, y, 0, 0), pygame.Rect(cell.x, y, cell.width, layout.touch))
                )
                continue
            label_width = self._label_width(layout, fields, cell.width)
            found.append(
                (
                    pygame.Rect(cell.x, y, label_width - layout.gap, layout.touch),
                    pygame.Rect(cell.x + label_width, y, cell.width - label_width, layout.touch),
                )
            )
        return found

    def _label_width(self, layout: Layout, fields: list[Field], width: int) -> int:
        """Two fifths of a column, or up to half of it if a label needs that to be read."""
        font = theme.font("bold", layout.text("body"))
        longest = max((font.size(item.label)[0] for item in fields if not item.wide), default=0)
        return min(width // 2, max(width * 2 // 5, longest + layout.gap))

    def _controls(
        self, item: Field, rect: pygame.Rect, layout: Layout, tr: Callable[[str], str]
    ) -> list[Button]:
        values = self.values
        if item.kind == "count":
            minus, _, plus = columns(rect, 3, layout.gap)
            return [
                Button(minus, "−", lambda: self._step(item, -1), self._below(item)),
                Button(plus, "+", lambda: self._step(item, +1), self._above(item)),
            ]
        if item.kind == "text":
            text = _tail(values[item.key], rect.inflate(-12, -6).width, layout.text("body"))
            return [Button(rect, text or "…", lambda: None, selected=True)]
        if item.kind == "toggle":
            yes, no = columns(rect, 2, layout.gap)
            return [
                Button(yes, tr("Yes"), lambda: self._set(item, True), selected=values[item.key]),
                Button(no, tr("No"), lambda: self._set(item, False), selected=not values[item.key]),
            ]
        cells = columns(rect, max(1, len(item.options)), layout.gap)
        chosen = values[item.key]
        return [
            Button(
                cell,
                label,
                partial(self._pick, item, value),
                selected=(value in chosen) if item.kind == "multi" else value == chosen,
            )
            for cell, (value, label) in zip(cells, item.options, strict=False)
        ]

    def _navigation(
        self, layout: Layout, area: pygame.Rect, tr: Callable[[str], str]
    ) -> list[Button]:
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        row = pygame.Rect(inner.x, inner.bottom - layout.touch, inner.width, layout.touch)
        cancel, back, forward = columns(row, 3, layout.gap)
        last = self.page == len(self.pages) - 1
        found = [Button(cancel, tr("Cancel"), self._close)] if self.cancellable else []
        if self.page:
            found.append(Button(back, tr("Back"), lambda: self._turn(-1)))
        given = not self._missing(self.pages[self.page])
        if last:
            ready = given and not any(self._missing(page) for page in self.pages)
            found.append(
                Button(forward, self.confirm_label, self._confirm, ready, fill=theme.CHEESE)
            )
        else:
            found.append(Button(forward, tr("Next"), lambda: self._turn(+1), given))
        return found

    def _missing(self, page: list[Field]) -> list[Field]:
        """The required fields of ``page`` not given yet (a text of only spaces is none)."""
        return [item for item in page if item.required and _blank(self.values[item.key])]

    def _below(self, item: Field) -> bool:
        value = self.values[item.key]
        return value is None or value > item.low

    def _above(self, item: Field) -> bool:
        value = self.values[item.key]
        return value is None or value < item.high

    # -- actions ---------------------------------------------------------------------

    def _step(self, item: Field, delta: int) -> None:
        """One up or down; an unknown count ("?") counts from its lowest: + gives one above
        it, − the lowest itself."""
        value = self.values[item.key]
        start = item.low if value is None else value
        self.values[item.key] = min(item.high, max(item.low, start + delta))

    def _set(self, item: Field, value: object) -> None:
        self.values[item.key] = value

    def _pick(self, item: Field, value: str) -> None:
        if item.kind == "multi":
            chosen = list(self.values[item.key])
            chosen.remove(value) if value in chosen else chosen.append(value)
            self.values[item.key] = tuple(chosen)
        else:
            self.values[item.key] = value

    def _turn(self, delta: int) -> None:
        self.page += delta

    def _close(self) -> None:
        self.closed = True

    def _confirm(self) -> None:
        if self.confirm(dict(self.values)):
            self.closed = True


def _blank(value: object) -> bool:
    """Nothing given: an unknown count, no choice, or a text of only spaces."""
    return value is None or value == () or (isinstance(value, str) and not value.strip())


def _tail(typed: str, width: int, size: int) -> str:
    """What a text field shows: all of ``typed`` if it fits one line at ``size``, else
    "…" and the end being typed, like a text box scrolled to its cursor."""
    font = theme.font("bold", size)
    if font.size(typed)[0] <= width:
        return typed
    start = 0
    while start < len(typed) and font.size("…" + typed[start:])[0] > width:
        start += 1
    return "…" + typed[start:]
