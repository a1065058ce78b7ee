"""The Mouse Guard screen: the patrol, one mouse's sheet, and the test builder.

With no test in progress the screen shows the patrol (or the sheet of the
mouse tapped); a test in progress takes the screen: the pool, the obstacle
and the exact odds on the left, and on the right only the steps the rules
allow now, in the summary's order (:mod:`~tablekit.ui.mg.steps`). A conflict
takes the screen with its own controls (:mod:`~tablekit.ui.mg.conflict_controls`).
Forms take the whole screen while open.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, cast

import pygame

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard.view_types import MouseGuardView
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.form import Form
from tablekit.ui.host import Host
from tablekit.ui.layout import columns, rows
from tablekit.ui.mg import builder, forms, patrol, steps
from tablekit.ui.mg.conflict import volley
from tablekit.ui.mg.conflict_controls import ConflictControls
from tablekit.ui.mg.stage import Slots, even_words, explain, step
from tablekit.ui.parts import Part, Parts, look, paint_all
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

BAR_LINE = 2
"""Rows the bar's line paints below the bar's own rect (it is 3 px wide, on its edge)."""

GUARD_DICE = ("d6", "taught:mouse-guard")
"""The dice a Mouse Guard roll can be read as: pips, or the table's taught Guard dice."""


class MouseGuardScene(Scene):
    """Plays a Mouse Guard session."""

    name = "mouse-guard"
    QUIET = 0.4
    """Seconds in which a second tap on the spot of a form's button that closed the form
    (a double tap) presses nothing: what lies below it on the screen was not aimed at."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.form: Form | None = None
        self.selected: str | None = None
        self.about = False
        """Whether the sheet shows its words (belief, who the mouse is) instead of its ratings."""
        self.readings = False
        """Whether the rules' About page (the ruleset's readings) is shown."""
        self.own_dice = app.settings.camera.backend != "none"
        self.quiet: tuple[pygame.Rect, float] | None = None
        """After a form's button closed it: where and until when a second tap is let fall."""
        self.conflict_controls = ConflictControls(self)
        self.painted = Parts()
        """The parts of the frame last painted by :meth:`redraw`."""

    # -- the contract ----------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.form = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP:
            self._tap(event.pos)
        elif self.form is not None and self.form.typing:
            if event.type == pygame.TEXTINPUT:
                self.form.type(event.text)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.form.type("\b")
            self.dirty = True

    def react(self, events: Sequence[dict[str, Any]]) -> None:
        """A roll or a result is announced with a cue. Undo and Redo close an open form:
        it was filled in for the table as it was, and its choices may be gone."""
        kinds = {event["type"] for event in events}
        if kinds & {"undone", "redone"}:
            self.form = None
        if any(kind.startswith("mg.test_") or kind.endswith("rolled") for kind in kinds):
            self.app.cues.play("reveal")

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        self._forget_gone(view)
        found = self._parts(view)
        if found is not None:
            paint_all(surface, _wood, found)
            return
        layout = self.app.layout
        surface.fill(theme.WOOD)
        chrome.draw_bar(
            surface, layout, self._title(view), self._bar(), self._bar_left(), titled=True
        )
        area = chrome.content(layout)
        if self._open_form() is not None:
            assert self.form is not None
            self.form.draw(surface, layout, area, self.app.tr)
            return
        left, right = self._split(view)
        if view["test"] is not None:
            buttons = self._side(view, right)
            beside = [b.rect.top for b in buttons if b.rect.colliderect(left)]
            left.height = min(beside, default=left.bottom) - layout.gap - left.y
            builder.draw(
                surface, layout, left, view["test"], patrol.ruleset_words(view, self.app.tr)
            )
        elif self.selected is not None:
            draw = patrol.draw_about if self.about else patrol.draw_sheet
            draw = patrol.draw_readings if self.readings else draw
            tr = patrol.ruleset_words(view, self.app.tr)
            draw(surface, layout, left, forms.mouse(view, self.selected), tr, view)
        else:
            top = patrol.draw_phase(surface, layout, right, view, self.app.tr)
            self._draw_result(surface, right.move(0, top), view)
            patrol.draw_patrol(surface, layout, left, view, self.app.tr)
        for button in self._side(view, right):
            button.draw(surface, layout.text("body"))

    def redraw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """A conflict repaints only what changed (a press on a pad: its side's panel); any
        other screen is drawn whole."""
        view = self.view()
        self._forget_gone(view)
        found = self._parts(view)
        if found is None:
            self.painted.forget()
            self.draw(surface)
            return None
        return self.painted.paint(surface, _wood, found)

    def forget(self) -> None:
        self.painted.forget()

    def _parts(self, view: MouseGuardView) -> list[Part] | None:
        """The screen as parts (see :mod:`~tablekit.ui.parts`) while a conflict shows with
        no form open: the bar, then the conflict's; None for any other screen."""
        if view["conflict"] is None or self._open_form() is not None:
            return None
        layout = self.app.layout
        title, bar = self._title(view), self._bar()
        left = self._bar_left(bar)
        room = chrome.bar_rect(layout).unionall([chrome.title_row(layout), *(b.rect for b in bar)])
        room.height += BAR_LINE  # the cheese line under the bar runs past its last row
        key = (title, left, [look(b) for b in bar])
        paint = partial(chrome.draw_bar, layout=layout, title=title, buttons=bar, left=left,
                        titled=True)  # fmt: skip
        return [Part("bar", room, key, paint), *self.conflict_controls.parts(view)]

    def buttons(self) -> list[Button]:
        view = self.view()
        self._forget_gone(view)
        if self._open_form() is not None:
            assert self.form is not None
            area = chrome.content(self.app.layout)
            return self._bar() + self.form.buttons(self.app.layout, area, self.app.tr)
        if view["conflict"] is not None:
            return self._bar() + self.conflict_controls.buttons(view)
        return self._bar() + self._side(view, self._split(view)[1])

    def _tap(self, pos: tuple[int, int]) -> None:
        """A button, or else a mouse's row in the overview, which opens its sheet. A tap on
        a greyed button says why it cannot be used; a second tap of a double tap on a
        form's button that closed the form presses nothing below it."""
        self.dirty = True
        quiet, self.quiet = self.quiet, None
        if quiet is not None and quiet[0].collidepoint(pos) and time.monotonic() < quiet[1]:
            return
        found = self.buttons()
        pressed = next((b for b in found if b.enabled and b.rect.collidepoint(pos)), None)
        if pressed is not None:
            form = self.form
            pressed.action()
            if form is not None and self._open_form() is not form:
                self.quiet = (pressed.rect.copy(), time.monotonic() + self.QUIET)
            return
        if explain(found, pos, self.app):
            return
        view = self.view()
        busy = view["test"] is not None or view["conflict"] is not None
        if self.form is not None or busy or self.selected is not None:
            return
        left = self._split(view)[0]
        mice = view["characters"]
        for rect, sheet in zip(
            patrol.placed_rows(view, self.app.layout, left, self.app.tr), mice, strict=False
        ):
            if rect.collidepoint(pos):
                self.selected, self.about, self.readings = sheet["name"], False, False

    def _split(self, view: MouseGuardView) -> tuple[pygame.Rect, pygame.Rect]:
        """The two halves of the screen; a sheet's ratings get two thirds of the width, and
        upright a test's steps the rows they keep (its six cells and the one apart)."""
        sheet = view["test"] is None and self.selected is not None
        steps_rows = steps.BEFORE_ROLL + 1 if view["test"] is not None else 0
        return builder.split(
            chrome.content(self.app.layout), self.app.layout, 2 / 3 if sheet else 0.5, steps_rows
        )

    # -- what is shown ---------------------------------------------------------------

    def _forget_gone(self, view: MouseGuardView) -> None:
        """A sheet shown for a mouse no longer at the table (Undo took it away) closes."""
        if self.selected is not None and not any(
            c["name"] == self.selected for c in view["characters"]
        ):
            self.selected, self.about, self.readings = None, False, False

    def view(self) -> MouseGuardView:
        """The table's projection of the session's view.

        Projected for the table, each unrevealed action in a team's
        ``actions`` is ``{"hidden": True}`` rather than the
        :class:`~tablekit.rules.secret.Secret` :class:`MouseGuardView` names:
        the screen reads none of them, only each script's counts (``script``).
        """
        assert self.app.session is not None
        return cast(MouseGuardView, dict(self.app.session.table_view()))

    def _open_form(self) -> Form | None:
        if self.form is not None and self.form.closed:
            self.form = None
        return self.form

    def _title(self, view: MouseGuardView) -> tuple[str, ...]:
        """The bar's title, longest first: in a conflict its kind and volley, or as much of
        it as there is room for."""
        if view["conflict"] is not None:
            conflict = view["conflict"]
            title = conflict["title"]
            kind = self.app.tr(title)
            return f"{kind} · {volley(conflict, self.app.tr)}", kind, self.app.tr("Conflict")
        if view["test"] is not None:
            return (self.app.tr("Test"),)
        if self.selected is not None:
            return (self.selected,)
        return (self.app.tr("Patrol"),)

    def _draw_result(
        self, surface: pygame.Surface, area: pygame.Rect, view: MouseGuardView
    ) -> None:
        last = view["last_result"]
        if last is None:
            return
        tr = self.app.tr
        verdict = tr("passed") if last["passed"] else tr("failed")
        words = f"{last['character']}, {tr(last['rating'])}: {verdict}"
        if last["outcome"] == "condition":
            words += f" ({patrol.ruleset_words(view, tr)(last['condition'])})"
        elif last["outcome"] == "twist":
            words += f" ({tr('twist')})"
        rect = pygame.Rect(area.x, area.y, area.width, 2 * self.app.layout.text("body") + 8)
        widgets.wrapped(surface, words, rect, self.app.layout.text("body"), theme.CREAM, "bold")

    # -- the bar -----------------------------------------------------------------------

    def _bar(self) -> list[Button]:
        """Home at the left end, and beside it Patrol while a sheet is shown, or the Log in
        a conflict; from the right Redo, Undo, Our dice (End conflict in its place once the
        conflict is over) and Cancel test… during a test. Each keeps its place: no button
        takes the place of one just tapped."""
        layout = self.app.layout
        tr = self.app.tr
        view = self.view()
        right = chrome.undo_redo(self.app)
        back: list[tuple[str, Callable[[], object], bool]] = [(tr("Home"), self._home, True)]
        if self.selected and view["test"] is None and view["conflict"] is None:
            back.append((tr("Patrol"), self._patrol, True))
        if view["conflict"] is not None:
            back.append(self.conflict_controls.log_button())
        left = chrome.bar_buttons(layout, back, side="left")
        over = view["conflict"] is not None and view["conflict"]["status"] == "over"
        if over:  # nothing is left to roll: the conflict's end takes the dice's place
            dice = chrome.bar_buttons(layout, [self.conflict_controls.end_button()])[0]
            dice.fill = theme.CHEESE
        else:
            dice = chrome.bar_buttons(layout, [(tr("Our dice"), self._toggle_dice, True)])[0]
            dice.selected = self.own_dice
        if layout.portrait:  # the row of buttons has no room for it in every language
            chrome.at_title_end(layout, dice)
        else:
            dice.rect.right = right[-1].rect.left - layout.gap
        found = left + [dice] + right
        if view["test"] is not None:
            cancel = chrome.bar_buttons(layout, [(tr("Cancel test…"), self._cancel_test, True)])
            if layout.portrait:  # beside Our dice, at the title's row's end
                chrome.at_title_end(layout, cancel[0])
                cancel[0].rect.right = dice.rect.left - layout.gap
            else:
                ends = [b.rect.left for b in found if b.rect.top < layout.bar and b not in left]
                cancel[0].rect.right = min(ends) - layout.gap
            found += cancel
        return found

    def _cancel_test(self) -> None:
        """Drop the test, asked once: what it spent stays spent (Undo takes it back)."""
        self.show(forms.cancel_test(self.submit, self.app.tr))

    def _bar_left(self, bar: list[Button] | None = None) -> int:
        """Where the title may begin: after the buttons packed from the left (Home, and
        Patrol or the Log beside it) of ``bar`` (the bar's buttons, made if not given)."""
        tr = self.app.tr
        packed = {tr("Home"), tr("Patrol"), tr("Log")}
        left = [b.rect.right for b in (self._bar() if bar is None else bar) if b.label in packed]
        return max(left, default=0)

    def _home(self) -> None:
        self.app.goto("home")

    def _patrol(self) -> None:
        self.selected = None

    def toggle_about(self) -> None:
        """Show the sheet's words instead of its ratings; then, where the ruleset reads its
        silent text, those readings (the rules' About page); then the ratings again."""
        if self.about and self.view()["ruleset"]["readings"]:
            self.about, self.readings = False, True
        elif self.about or self.readings:
            self.about = self.readings = False
        else:
            self.about = True

    def _toggle_dice(self) -> None:
        self.own_dice = not self.own_dice

    # -- the right side: what can be done now, each in its place ------------------------

    def _side(self, view: MouseGuardView, area: pygame.Rect) -> list[Button]:
        if view["test"] is not None:
            slots, apart = steps.test_steps(self, view)
            found = self._column(area, slots, steps.BEFORE_ROLL)
            if apart is not None:
                found.append(step(self._apart(area), apart, self.primary()))
            layout = self.app.layout
            even_words(found, layout.text("body"), layout.text("small"))
            return found
        if self.selected is not None:
            return self._column(area, list(steps.sheet_actions(self, view)))
        return self._column(self._below_phase(area), list(steps.patrol_actions(self, view)))

    def _below_phase(self, area: pygame.Rect) -> pygame.Rect:
        layout = self.app.layout
        top = layout.text("title") + layout.gap + 2 * layout.text("body") + 8 + layout.gap
        return pygame.Rect(area.x, area.y + top, area.width, area.height - top)

    def _cells(self, area: pygame.Rect, count: int) -> list[pygame.Rect]:
        """``count`` cells down ``area``, in two columns when one would not hold them."""
        layout = self.app.layout
        fit = max(1, (area.height + layout.gap) // (layout.touch + layout.gap))
        across = (count + fit - 1) // fit
        return [
            cell
            for column in columns(area, max(1, across), layout.gap)
            for cell in rows(column, fit, layout.gap, layout.touch)
        ]

    def _column(self, area: pygame.Rect, slots: Slots, least: int = 0) -> list[Button]:
        """The entries as buttons down ``area``, each in the cell of its place (at least
        ``least`` cells are laid out, so a phase's cells never move as entries come and go);
        None leaves its cell empty."""
        cells = self._cells(area, max(least, len(slots)))
        primary = self.primary()
        return [
            step(cell, entry, primary)
            for cell, entry in zip(cells, slots, strict=False)
            if entry is not None
        ]

    def _apart(self, area: pygame.Rect) -> pygame.Rect:
        """A cell apart from the test's steps, level with Roll: on the left under the pool
        lying down, and below the steps upright (the GM's roll in a versus test, Done)."""
        layout = self.app.layout
        roll = self._cells(area, steps.BEFORE_ROLL)[steps.BEFORE_ROLL - 1]
        if layout.portrait:
            return roll.move(0, layout.touch + layout.gap)
        left = self._split(self.view())[0]
        return pygame.Rect(left.x, roll.y, left.width, roll.height)

    def primary(self) -> set[str]:
        """The buttons that move a test or a conflict on, filled like every other "go" button."""
        tr = self.app.tr
        return {tr("Roll"), tr("Roll for the GM"), tr("Done"), tr("Reveal")}

    def show(self, form: Form) -> None:
        """Open ``form`` over the whole screen."""
        self.form = form

    # -- commands and dice -------------------------------------------------------------

    def submit(self, command: Command) -> bool:
        """Submit a command; a roll with the table's own dice goes to the tray first."""
        if self.own_dice and getattr(command, "faces", ()) is None:
            return self.roll(command)
        return self.app.submit(command)

    def roll(self, command: Command) -> bool:
        """Roll virtually, or with "Our dice" on ask the tray for the faces of this roll."""
        if not self.own_dice:
            return self.app.submit(command)
        kind = self.app.settings.camera.dice_kind
        self.app.roll_on_tray(kind if kind in GUARD_DICE else "d6", command)
        return True


def _wood(surface: pygame.Surface) -> None:
    """What every part is painted over."""
    surface.fill(theme.WOOD)
