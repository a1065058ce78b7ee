"""Home: resume a session or start a new one, and reach the settings.

Each session is a card that says what the table needs to pick it up again:
its name, the game, where the game stands and who plays (from the game's
own summary in its listing, so any game can say it), and when it was last
played. A card's "…" renames it on the on-screen keys or deletes it after a
deliberate second tap; a deleted session waits in the trash, restorable from
here, for :data:`~tablekit.session.store.TRASH_DAYS` days.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from tablekit import catalog
from tablekit.rules.errors import RuleError
from tablekit.session import store
from tablekit.session.codec import CommandError
from tablekit.session.journal import JournalError, SessionInfo
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import localized, mark
from tablekit.ui.layout import columns, rows
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

Card = tuple[str, list[str]]
"""(game title, the lines under it), untranslated lines already filled."""


class HomeScene(Scene):
    """The first screen: a card per session to continue and a button per game."""

    name = "home"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.form: Form | None = None
        self.first = 0
        """The first session card shown (cards page on with More)."""
        self._cards: dict[tuple[str, int], list[tuple[str, dict[str, object]]]] = {}
        self.sessions: list[SessionInfo] = []
        """The journal's sessions, read when Home shows and after each change made here."""
        self.trash: list[store.Trashed] = []
        """The sessions in the trash, read with :attr:`sessions`."""

    def enter(self) -> None:
        super().enter()
        self.form = None
        self._reload()
        self._to_current()

    def _to_current(self) -> None:
        """Open on the page of cards that holds the session just played (else the first)."""
        self.first = 0
        current = self.app.session.name if self.app.session else None
        names = [info.name for info in self.sessions]
        per_page = len(self._shown())
        if current in names and per_page:
            self.first = names.index(current) // per_page * per_page

    def _reload(self) -> None:
        """Read the sessions and the trash once, not on every frame or tap."""
        self.sessions = self.app.journal.sessions()
        self.trash = self._trashed()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP and widgets.press_any(self.buttons(), event.pos):
            self.dirty = True
        elif self.form is not None and self.form.typing:
            if event.type == pygame.TEXTINPUT:
                self.form.type(event.text)
                self.dirty = True
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.form.type("\b")
                self.dirty = True

    def buttons(self) -> list[Button]:
        if self._open() is not None:
            assert self.form is not None
            return self._bar() + self.form.buttons(self.app.layout, self._form_area(), self.app.tr)
        return self._bar() + self._resume_buttons() + self._new_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.fill(theme.WOOD)
        chrome.draw_bar(surface, layout, "tablekit", self._bar())
        form = self._open()
        if form is not None:
            form.draw(surface, layout, self._form_area(), self.app.tr)
            return
        resume, new = self._areas()
        size = layout.text("heading")
        tr = self.app.tr
        for area, heading in ((resume, tr("Continue")), (new, tr("New session"))):
            top = pygame.Rect(area.x, area.y, area.width, layout.touch)
            widgets.text(surface, heading, top, size, theme.CHEESE, "title", "left")
        if not self.sessions:
            below = pygame.Rect(resume.x, resume.y + layout.touch + layout.gap, resume.width, 200)
            widgets.wrapped(
                surface, tr("No sessions yet."), below, layout.text("body"), theme.CREAM
            )
        for slot, info in self._shown():
            self._draw_card(surface, slot, info)
        for button in self._resume_buttons() + self._new_buttons():
            button.draw(surface, layout.text("body"))

    # -- the bar and the areas -----------------------------------------------------------

    def _open(self) -> Form | None:
        if self.form is not None and self.form.closed:
            self.form = None
        return self.form

    def _bar(self) -> list[Button]:
        go, tr = self.app.goto, self.app.tr
        return chrome.bar_buttons(
            self.app.layout,
            [
                (tr("Settings"), lambda: go("settings"), True),
                (tr("Trash"), self._trash_form, bool(self.trash)),
            ],
        )

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        layout = self.app.layout
        area = layout.content()
        if layout.portrait:
            resume, new = rows(area, 2, layout.gap)
        else:
            resume, new = columns(area, 2, 2 * layout.gap)
            resume.width, new.x = area.width * 3 // 5, area.x + area.width * 3 // 5 + layout.gap
            new.width = area.right - new.x
        return resume, new

    def _form_area(self) -> pygame.Rect:
        return self.app.layout.content()

    def _slots(self, area: pygame.Rect, tall: int) -> list[pygame.Rect]:
        layout = self.app.layout
        below = area.copy()
        below.top += layout.touch + layout.gap
        below.height -= layout.touch + layout.gap
        count = max(1, (below.height + layout.gap) // (tall + layout.gap))
        return rows(below, count, layout.gap, tall)

    # -- session cards -------------------------------------------------------------------

    def _card_height(self) -> int:
        layout = self.app.layout
        return layout.touch + 2 * theme.font("bold", widgets.LEAST).get_linesize() + layout.gap

    def _shown(self) -> list[tuple[pygame.Rect, SessionInfo]]:
        """The cards on screen: as many as fit, from :attr:`first` on (one slot left for More)."""
        sessions = self.sessions
        slots = self._slots(self._areas()[0], self._card_height())
        if len(sessions) > len(slots):
            slots = slots[:-1]
        self.first = self.first if self.first < len(sessions) else 0
        return list(zip(slots, sessions[self.first :], strict=False))

    def _resume_buttons(self) -> list[Button]:
        layout = self.app.layout
        current = self.app.session.name if self.app.session else None
        found = []
        for slot, info in self._shown():
            more = pygame.Rect(0, slot.y, layout.touch * 3 // 2, layout.touch)
            more.right = slot.right
            name = pygame.Rect(slot.x, slot.y, more.x - layout.gap - slot.x, layout.touch)
            button = Button(name, info.name, partial(self.app.resume, info.name))
            button.selected = info.name == current
            found += [button, Button(more, "…", partial(self._card_menu, info.name))]
        sessions = self.sessions
        if len(sessions) > len(found) // 2:
            slots = self._slots(self._areas()[0], self._card_height())
            rest = len(sessions) - self.first - len(found) // 2
            label = self.app.tr("More") + f" ({rest})" if rest > 0 else self.app.tr("Back to top")
            found.append(Button(slots[-1].copy(), label, self._page))
            found[-1].rect.height = layout.touch
        return found

    def _page(self) -> None:
        shown = len(self._shown())
        total = len(self.sessions)
        self.first = self.first + shown if self.first + shown < total else 0

    def _draw_card(self, surface: pygame.Surface, slot: pygame.Rect, info: SessionInfo) -> None:
        """Under the name: the game and where it stands, then who plays and when."""
        layout, tr = self.app.layout, self.app.tr
        widgets.panel(surface, slot, theme.WOOD_LIGHT, theme.EDGE, 2)
        titles = {entry.name: entry.title for entry in catalog.listed(self.app.games)}
        title = titles.get(info.game, info.game)
        lines = [
            localized(tr, template, values, template) for template, values in self._summary(info)
        ]
        first = " · ".join([title, *lines[:1]])
        second = " · ".join([*lines[1:], self._when(info.touched)])
        line = theme.font("bold", widgets.LEAST).get_linesize()
        words = pygame.Rect(
            slot.x + layout.gap, slot.y + layout.touch + 2, slot.width - 2 * layout.gap, line
        )
        widgets.text(surface, first, words, widgets.LEAST, theme.CREAM, "bold", "left")
        words.y += line
        widgets.text(surface, second, words, widgets.LEAST, theme.CHEESE, "bold", "left")

    def _summary(self, info: SessionInfo) -> list[tuple[str, dict[str, object]]]:
        """The game's summary of the session, worked out once per change to it."""
        listing = self.app.games.get(info.game)
        if listing is None or listing.summary is None:
            return []
        key = (info.name, self.app.journal.version(info.name))
        if key not in self._cards:
            try:
                rules = catalog.Rules(self.app.games)
                session = store.open_session(
                    self.app.journal, info.name, None, rules, create=False, touch=False
                )
                lines = listing.summary(session.table_view())
            except (RuleError, JournalError, CommandError):
                lines = [(mark("Cannot be read"), {})]
            self._cards[key] = [(template, dict(values)) for template, values in lines]
        return self._cards[key]

    def _when(self, touched: float) -> str:
        """When a session was last played, as a table says it: by the clock its journal
        keeps time with, which stamped ``touched``."""
        tr = self.app.tr
        clock = self.app.journal.clock
        now = clock.now()
        ago = now - touched
        if ago < 90:
            return tr("just now")
        if ago < 3600:
            return tr("{minutes} min ago").format(minutes=round(ago / 60))
        _, month, day, hour, minute = clock.local(touched)[:5]
        if ago < 86400 and clock.local(now)[:3] == clock.local(touched)[:3]:
            return tr("today {time}").format(time=f"{hour:02d}:{minute:02d}")
        return f"{day:02d}/{month:02d} {hour:02d}:{minute:02d}"

    # -- rename, delete, restore ---------------------------------------------------------

    def _card_menu(self, name: str) -> None:
        """A session's menu: Rename or Delete, each going on at its tap. With an OK to
        confirm the choice, Delete's question put its own Delete where OK had been, so a
        double tap on OK deleted the session."""
        tr = self.app.tr
        choices = [("rename", tr("Rename")), ("delete", tr("Delete"))]
        field = Field("do", "", "choice", None, choices, wide=True, required=True, submits=True)
        self.form = Form(name, [[field]], partial(self._chosen, name), tr("OK"))

    def _chosen(self, name: str, values: dict[str, Any]) -> bool:
        tr = self.app.tr
        if values["do"] == "rename":
            typed = Field("name", tr("New name"), "text", name)
            self.form = Form(tr("Rename"), [[typed]], partial(self._rename, name), tr("Rename"))
        else:
            days = tr("It stays in the trash for {days} days.").format(days=store.TRASH_DAYS)
            title = f"{tr('Delete')} “{name}”? {days}"
            self.form = Form(title, [[]], partial(self._delete, name), tr("Delete"))
        return False

    def _rename(self, old: str, values: dict[str, Any]) -> bool:
        new, tr = values["name"].strip(), self.app.tr
        if not new:
            self.app.notice(tr("A session needs a name"))
            return False
        if new != old and self.app.journal.exists(new):
            self.app.notice(tr("There is already a session called {name}").format(name=new))
            return False
        return self._store(lambda: store.rename(self.app.journal, old, new), old)

    def _delete(self, name: str, values: dict[str, Any]) -> bool:
        return self._store(lambda: store.delete(self.app.journal, name), name)

    def _store(self, change: Any, name: str) -> bool:
        """Make ``change``; the session it touches is no longer the open one."""
        try:
            change()
        except JournalError as error:
            self.app.notice(str(error))
            return False
        if self.app.session is not None and self.app.session.name == name:
            self.app.session = None
        self.first = 0
        self._reload()
        return True

    def _trashed(self) -> list[store.Trashed]:
        try:
            return store.trashed(self.app.journal)
        except JournalError:
            return []

    def _trash_form(self) -> None:
        tr = self.app.tr
        options = [(t.name, t.name) for t in self.trash[:8]]
        fields = [
            Field("name", "", "choice", options[0][0], options[i : i + 2], wide=True)
            for i in range(0, len(options), 2)
        ]
        self.form = Form(tr("Trash"), [fields], self._restore, tr("Restore"))

    def _restore(self, values: dict[str, Any]) -> bool:
        try:
            store.restore(self.app.journal, values["name"])
        except JournalError as error:
            self.app.notice(str(error))
            return False
        self._reload()
        return True

    def _new_buttons(self) -> list[Button]:
        known = sorted(catalog.listed(self.app.games), key=lambda g: g.title)
        slots = self._slots(self._areas()[1], self.app.layout.touch)
        return [
            Button(slot, game.title, partial(self.app.start, game.name), fill=theme.CHEESE)
            for slot, game in zip(slots, known, strict=False)
        ]
