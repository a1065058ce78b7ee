"""The Mouse Guard screen: the patrol, one mouse's sheet, and the test builder.

With no test in progress the screen shows the patrol (or the sheet of the
mouse tapped); a test in progress takes the screen: the pool, the obstacle
and the exact odds on the left, and on the right only the steps the rules
allow now, in the summary's order (:mod:`~tablekit.ui.mg.steps`). A conflict
takes the screen with its own controls (:mod:`~tablekit.ui.mg.conflict_controls`).
Forms take the whole screen while open.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from tablekit.ui.mg.stage import Entry
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

GUARD_DICE = ("d6", "taught:mouse-guard")
"""The dice a Mouse Guard roll can be read as: pips, or the table's taught Guard dice."""


class MouseGuardScene(Scene):
    """Plays a Mouse Guard session."""

    name = "mouse-guard"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.form: Form | None = None
        self.selected: str | None = None
        self.about = False
        """Whether the sheet shows its words (belief, who the mouse is) instead of its ratings."""
        self.readings = False
        """Whether the rules' About page (the ruleset's readings) is shown."""
        self.own_dice = app.settings.camera.backend != "none"
        self.conflict_controls = ConflictControls(self)

    # -- the contract ----------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.form = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP:
            self.conflict_controls.opens_at = None  # a new touch: an old hold never counts
            self._tap(event.pos)
        elif event.type in (pygame.MOUSEBUTTONUP, pygame.FINGERUP):
            self.dirty = self.conflict_controls.release() or self.dirty
        elif self.form is not None and self.form.typing:
            if event.type == pygame.TEXTINPUT:
                self.form.type(event.text)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.form.type("\b")
            self.dirty = True

    def react(self, events: Sequence[dict[str, Any]]) -> None:
        """A roll or a result is announced with a cue."""
        kinds = {event["type"] for event in events}
        if any(kind.startswith("mg.test_") or kind.endswith("rolled") for kind in kinds):
            self.app.cues.play("reveal")

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
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
        if view["conflict"] is not None:
            self.conflict_controls.draw(surface, view)
            return
        left, right = self._split(view)
        if view["test"] is not None:
            builder.draw(surface, layout, left, view["test"], self.app.tr)
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

    def buttons(self) -> list[Button]:
        view = self.view()
        if self._open_form() is not None:
            assert self.form is not None
            area = chrome.content(self.app.layout)
            return self._bar() + self.form.buttons(self.app.layout, area, self.app.tr)
        if view["conflict"] is not None:
            return self._bar() + self.conflict_controls.buttons(view)
        return self._bar() + self._side(view, self._split(view)[1])

    def _tap(self, pos: tuple[int, int]) -> None:
        """A button, or else a mouse's row in the overview, which opens its sheet."""
        self.dirty = True
        if widgets.press_any(self.buttons(), pos):
            return
        view = self.view()
        if self.form is not None or view["test"] is not None or self.selected is not None:
            return
        left = self._split(view)[0]
        mice = view["characters"]
        for rect, sheet in zip(
            patrol.mouse_rows(self.app.layout, left, len(mice)), mice, strict=False
        ):
            if rect.collidepoint(pos):
                self.selected, self.about, self.readings = sheet["name"], False, False

    def _split(self, view: MouseGuardView) -> tuple[pygame.Rect, pygame.Rect]:
        """The two halves of the screen; a sheet's ratings get two thirds of the width."""
        sheet = view["test"] is None and self.selected is not None
        return builder.split(
            chrome.content(self.app.layout), self.app.layout, 2 / 3 if sheet else 0.5
        )

    # -- what is shown ---------------------------------------------------------------

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
        layout = self.app.layout
        tr = self.app.tr
        right = chrome.undo_redo(self.app)
        back = (
            (tr("Patrol"), self._patrol, True) if self.selected else (tr("Home"), self._home, True)
        )
        left = chrome.bar_buttons(layout, [back], side="left")
        dice = chrome.bar_buttons(layout, [(tr("Our dice"), self._toggle_dice, True)])[0]
        if layout.portrait:  # the row of buttons has no room for it in every language
            chrome.at_title_end(layout, dice)
        else:
            dice.rect.right = right[-1].rect.left - layout.gap
        dice.selected = self.own_dice
        return left + [dice] + right

    def _bar_left(self) -> int:
        return self._bar()[0].rect.right

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

    # -- the right side: only what can be done now --------------------------------------

    def _side(self, view: MouseGuardView, area: pygame.Rect) -> list[Button]:
        if view["test"] is not None:
            entries = steps.test_steps(self, view)
        elif self.selected is not None:
            entries = steps.sheet_actions(self, view)
        else:
            entries = steps.patrol_actions(self, view)
            area = self._below_phase(area)
        return self._column(area, entries)

    def _below_phase(self, area: pygame.Rect) -> pygame.Rect:
        layout = self.app.layout
        top = layout.text("title") + layout.gap + 2 * layout.text("body") + 8 + layout.gap
        return pygame.Rect(area.x, area.y + top, area.width, area.height - top)

    def _column(self, area: pygame.Rect, entries: list[Entry]) -> list[Button]:
        """The entries as buttons down ``area``, in two columns when one would not hold them."""
        layout = self.app.layout
        fit = max(1, (area.height + layout.gap) // (layout.touch + layout.gap))
        count = (len(entries) + fit - 1) // fit
        cells = [
            cell
            for column in columns(area, max(1, count), layout.gap)
            for cell in rows(column, fit, layout.gap, layout.touch)
        ]
        return [
            Button(
                cell,
                label,
                action,
                enabled,
                fill=theme.CHEESE if label in self.primary() else theme.PARCHMENT,
            )
            for cell, (label, action, enabled) in zip(cells, entries, strict=False)
        ]

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
