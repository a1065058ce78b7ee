"""Touch forms: a few fields, big steppers and toggles, and one confirm button.

Typing is slow on a touchscreen, so every field is a choice: a count with
minus and plus, a number typed on a keypad, a yes/no toggle, one of several
options, or several of them. A form can have pages (Next/Back) when its
fields do not fit one screen. The form never changes game state itself:
confirm hands its values to a callback that builds a command for the app to
submit.
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

NAV_CELL = 2.5
"""Cancel, Back, Next and the confirm share one row where each gets this many touch
heights of width ("Annullér" reads whole), else Cancel goes to the title's end."""

KEYS = [
    [*"1234567890", "DEL"],
    [*"qwertyuiopå", "'"],
    list("asdfghjklæø"),
    ["SHIFT", *"zxcvbnm-", " "],
]
"""The on-screen keys, Danish letters included."""

WIDE_KEYS = {"DEL": (mark("delete"), 2), " ": (mark("space"), 3), "SHIFT": (mark("shift"), 2)}
"""Keys with a word on them: (label, how many key widths they take)."""

PAD = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["DEL", "0"]]
"""The keypad beside a page of numbers; its delete key takes two widths."""


@dataclass
class Field:
    """One question of a form.

    ``kind`` is "count" (``low``..``high``, stepped with minus and plus),
    "number" (``low``..``high``, typed on the keypad the page then shows),
    "toggle", "choice" (one of ``options``), "multi" (any of them) or "text"
    (typed on the keyboard or on the on-screen keys; give it a page of its
    own, the keys need the room). Options are (value, label) pairs.
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
    submits: bool = False
    """Picking one of a choice's options confirms the form at once (one tap, no OK)."""
    capitals: bool = False
    """A text starts with a capital letter, as a name does, without the shift key."""


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
    cancelled: bool = False
    """Closed by Cancel rather than confirmed: the screen goes back one step."""
    focus: str | None = None
    """The number field the keypad types into."""

    def __post_init__(self) -> None:
        self._given = [list(page) for page in self.pages]
        self._capacity: tuple[int, ...] = ()
        self._fresh = True
        """The focused number was just reached: the next digit starts it afresh."""
        self._shift = False
        for page in self.pages:
            for item in page:
                self.values.setdefault(item.key, item.value)
        self._focus_first()

    @property
    def typing(self) -> bool:
        """Whether the current page has a text field (and so shows the keys)."""
        return any(item.kind == "text" for item in self.pages[self.page])

    @property
    def wide(self) -> bool:
        """Whether any page types, so the form wants the whole width for the keys."""
        return any(item.kind == "text" for page in self._given for item in page)

    @property
    def takes_keys(self) -> bool:
        """Whether a keyboard's keys reach the page: its text, or the focused number."""
        return self.typing or self.focus is not None

    def type(self, text: str) -> None:
        """Add typed ``text`` to the page's text field; a backspace removes one letter.

        On a page of numbers, digits go to the focused number and a backspace
        takes its last digit off."""
        if not self.typing:
            for digit in text:
                if digit == "\b" or digit.isdigit():
                    self._digit(digit)
            return
        for item in self.pages[self.page]:
            if item.kind == "text":
                value = self.values[item.key]
                shifted = self._shifted(item)
                if text != "\b":
                    text = text.upper() if shifted and len(text) == 1 else text
                    self._shift = False
                longer = (value + text)[: item.longest]
                self.values[item.key] = value[:-1] if text == "\b" else longer

    def _shifted(self, item: Field | None = None) -> bool:
        """Whether the next letter is a capital: shift pressed, or a name's first letter."""
        if item is None:
            item = next((i for i in self.pages[self.page] if i.kind == "text"), None)
        starts = item is not None and item.capitals and not self.values[item.key]
        return self._shift != starts

    def buttons(self, layout: Layout, area: pygame.Rect, tr: Callable[[str], str]) -> list[Button]:
        """Every touch target of the current page, plus the navigation row."""
        found: list[Button] = []
        rows = self._rows(layout, area)
        if self.focus not in {item.key for item in self._numbers(self.pages[self.page])}:
            self._focus_first()  # the page was turned from outside
        for item, (_, control) in zip(self.pages[self.page], rows, strict=False):
            found += self._controls(item, control, layout, tr)
        if self.typing and rows:
            found += self._keys(layout, area, rows[-1][1].bottom + layout.gap, tr)
        if self._numbers(self.pages[self.page]):
            found += self._keypad(layout, area, tr)
        return found + self._navigation(layout, area, tr)

    def _keypad(self, layout: Layout, area: pygame.Rect, tr: Callable[[str], str]) -> list[Button]:
        """Digits for the focused number, right of the fields: 1 to 9, delete and 0."""
        pad = self._pad_rect(layout, area)
        height = (pad.height - 3 * 4) // len(PAD)
        found = []
        for number, keys in enumerate(PAD):
            row = pygame.Rect(pad.x, pad.y + number * (height + 4), pad.width, height)
            cells = columns(row, 3, 4)
            spans = [cells[0].union(cells[1]), cells[2]] if len(keys) == 2 else cells
            for key, cell in zip(keys, spans, strict=True):
                label = tr(WIDE_KEYS[key][0]) if key in WIDE_KEYS else key
                typed = "\b" if key == "DEL" else key
                ready = self.focus is not None
                found.append(Button(cell, label, partial(self._digit, typed), ready))
        return found

    def _pad_rect(self, layout: Layout, area: pygame.Rect) -> pygame.Rect:
        """Where the keypad goes: the right of the field area, three keys wide."""
        grid, _, _ = self._grid(layout, area, numbers=False)
        width = 3 * layout.touch + 2 * 4
        height = min(grid.height, 4 * layout.touch + 3 * 4)
        return pygame.Rect(grid.right - width, grid.y, width, height)

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
                if key == "SHIFT":  # on: in capitals, on cheese yellow
                    on = self._shifted()
                    label = tr(WIDE_KEYS[key][0])
                    fill = theme.CHEESE if on else theme.PARCHMENT
                    found.append(Button(cell, label.upper() if on else label, self._toggle_shift,
                                        fill=fill))  # fmt: skip
                    continue
                typed = "\b" if key == "DEL" else key
                label = tr(WIDE_KEYS[key][0]) if key in WIDE_KEYS else key
                found.append(Button(cell, label, partial(self.type, typed)))
        return found

    def _toggle_shift(self) -> None:
        """The shift key: the next letter the other way (a capital, or small at a name's start)."""
        self._shift = not self._shift

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
        if self._cancel_aside(layout, area):
            title.width = self._title_end(layout, area).left - layout.gap - title.x
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

    def _grid(
        self, layout: Layout, area: pygame.Rect, numbers: bool | None = None
    ) -> tuple[pygame.Rect, int, int]:
        """The field area, how many rows fit in it, and how many columns; beside the keypad
        on a page of numbers (``numbers``, else the current page's)."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        top = inner.y + self._title_height(layout)
        bottom = inner.bottom - layout.touch - layout.gap
        if numbers is None:
            numbers = bool(self._numbers(self.pages[self.page]))
        if numbers:
            inner.width -= 3 * layout.touch + 2 * 4 + 2 * layout.gap
        fit = max(1, (bottom - top) // (layout.touch + layout.gap))
        split = 2 if inner.width >= 2 * MIN_COLUMN * layout.touch else 1
        return pygame.Rect(inner.x, top, inner.width, bottom - top), fit, split

    def _fit(self, layout: Layout, area: pygame.Rect) -> None:
        """Cut pages that hold more fields than fit into several, once per screen size."""
        capacity = tuple(
            fit * split
            for numbers in (False, True)
            for _, fit, split in [self._grid(layout, area, numbers)]
        )
        if capacity == self._capacity:
            return
        self._capacity = capacity
        self.pages = []
        for page in self._given:
            typed = any(item.kind == "text" for item in page)
            step = len(page) if typed else capacity[bool(self._numbers(page))]
            starts = range(0, max(len(page), 1), max(step, 1))
            self.pages += [page[start : start + step] for start in starts]
        self.page = min(self.page, len(self.pages) - 1)
        self._focus_first()

    @staticmethod
    def _numbers(page: list[Field]) -> list[Field]:
        return [item for item in page if item.kind == "number"]

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
        """Two fifths of a column, or up to half of it if a label needs that to be read; on
        a page of numbers, whose boxes are narrow, up to all but a box."""
        font = theme.font("bold", layout.text("body"))
        longest = max((font.size(item.label)[0] for item in fields if not item.wide), default=0)
        most = width // 2
        if self._numbers(fields):
            most = max(most, width - 2 * layout.touch - layout.gap)
        return min(most, max(width * 2 // 5, longest + layout.gap))

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
        if item.kind == "number":
            box = pygame.Rect(rect.x, rect.y, min(rect.width, 2 * layout.touch), rect.height)
            value = values[item.key]
            shown = "?" if value is None else str(value)
            focused = self.focus == item.key
            action = partial(self._focus, item)
            return [NumberBox(box, shown, action, selected=focused, key=item.key)]
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
        """Cancel at the left end, the confirm at the right. A form of pages also has Back
        and Next, each in a place of its own, greyed where there is no page to turn to, and
        its confirm greyed until the last page: a double tap on Next never confirms. Where
        the four are too narrow side by side (a question beside the track), Cancel goes to
        the title's right end."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        row = pygame.Rect(inner.x, inner.bottom - layout.touch, inner.width, layout.touch)
        paged = len(self.pages) > 1
        aside = self._cancel_aside(layout, area)
        cells = columns(row, 4 if paged and not aside else 3, layout.gap)
        last = self.page == len(self.pages) - 1
        found = []
        if self.cancellable:
            cancel = self._title_end(layout, area) if aside else cells[0]
            found.append(Button(cancel, tr("Cancel"), self._close))
        given = not self._missing(self.pages[self.page])
        if paged:
            back, forward = cells[-3:-1]
            found.append(Button(back, tr("Back"), lambda: self._turn(-1), self.page > 0))
            found.append(Button(forward, tr("Next"), lambda: self._turn(+1), given and not last))
        ready = last and given and not any(self._missing(page) for page in self.pages)
        found.append(Button(cells[-1], self.confirm_label, self._confirm, ready, fill=theme.CHEESE))
        return found

    def _cancel_aside(self, layout: Layout, area: pygame.Rect) -> bool:
        """Whether Cancel sits at the title's end: a form of pages too narrow for Cancel,
        Back, Next and the confirm in one row."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        narrow = inner.width < 4 * NAV_CELL * layout.touch + 3 * layout.gap
        return narrow and self.cancellable and len(self.pages) > 1

    def _title_end(self, layout: Layout, area: pygame.Rect) -> pygame.Rect:
        """Cancel's place at the title's right end, a third of the row wide."""
        inner = area.inflate(-2 * layout.gap, -2 * layout.gap)
        width = columns(inner, 3, layout.gap)[0].width
        return pygame.Rect(inner.right - width, inner.y, width, layout.touch)

    def _missing(self, page: list[Field]) -> list[Field]:
        """The required fields of ``page`` not given yet (a text of only spaces is none), and
        the numbers typed out of their range."""
        return [
            item
            for item in page
            if (item.required and _blank(self.values[item.key]))
            or (item.kind == "number" and not _within(item, self.values[item.key]))
        ]

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
            last = self.page == len(self.pages) - 1
            if item.submits and last and not any(self._missing(page) for page in self.pages):
                self._confirm()

    def _focus(self, item: Field) -> None:
        """A tap on a number: the keypad types into it, its next digit afresh."""
        self.focus, self._fresh = item.key, True

    def _focus_first(self) -> None:
        """The page's first number still unknown, else its first number, takes the keypad."""
        numbers = self._numbers(self.pages[self.page]) if self.pages else []
        unknown = [item for item in numbers if self.values[item.key] is None]
        first = (unknown or numbers)[:1]
        self.focus, self._fresh = (first[0].key if first else None), True

    def _digit(self, digit: str) -> None:
        """A keypad key: a digit ends the focused number, or starts it afresh once it is just
        reached or no longer fits; once no further digit could fit, the next number still
        unknown (else the next) takes the keypad. Delete takes the last digit off."""
        numbers = self._numbers(self.pages[self.page])
        item = next((i for i in numbers if i.key == self.focus), None)
        if item is None:
            return
        value = self.values[item.key]
        if digit == "\b":
            value = None if self._fresh or value is None or value < 10 else value // 10
            self.values[item.key] = item.low if value is None and not item.required else value
            self._fresh = False
            return
        longer = int(digit) if self._fresh or value is None else value * 10 + int(digit)
        self.values[item.key] = longer if longer <= item.high else int(digit)
        self._fresh = False
        if self.values[item.key] * 10 > item.high:
            later = numbers[numbers.index(item) + 1 :]
            unknown = [i for i in later if self.values[i.key] is None]
            if unknown or later:
                self._focus((unknown or later)[0])

    def _turn(self, delta: int) -> None:
        self.page += delta
        self._focus_first()

    def _close(self) -> None:
        self.closed = True
        self.cancelled = True

    def _confirm(self) -> None:
        if self.confirm(dict(self.values)):
            self.closed = True


@dataclass
class NumberBox(Button):
    """A number field's value: a tap gives it the keypad. ``key`` names its field."""

    key: str = ""


def _within(item: Field, value: object) -> bool:
    """Whether a typed number is in its field's range (an unknown one is left to
    ``required``)."""
    return value is None or (isinstance(value, int) and item.low <= value <= item.high)


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
