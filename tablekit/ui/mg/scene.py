"""The Mouse Guard screen: the patrol, one mouse's sheet, and the test builder.

With no test in progress the screen shows the patrol (or the sheet of the
mouse tapped); a test in progress takes the screen: the pool, the obstacle
and the exact odds on the left, and on the right only the steps the rules
allow now, in the summary's order. Forms take the whole screen while open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from tablekit.rules.game import Command
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.form import Form
from tablekit.ui.host import Host
from tablekit.ui.layout import columns, rows
from tablekit.ui.mg import builder, conflict, forms, patrol
from tablekit.ui.onscreen_pad import pad_buttons
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

View = dict[str, Any]
Entry = tuple[str, Callable[[], object], bool]
"""A button on the right: (label, action, enabled)."""

GUARD_DICE = ("d6", "taught:mouse-guard")
"""The dice a Mouse Guard roll can be read as: pips, or the table's taught Guard dice."""


class MouseGuardScene(Scene):
    """Plays a Mouse Guard session."""

    name = "mouse-guard"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.form: Form | None = None
        self.selected: str | None = None
        self.pad: str | None = None
        """The side whose action pad is shown on the screen, for a table without buttons."""
        self.own_dice = app.settings.camera.backend != "none"

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
        """A roll or a result is announced with a cue."""
        kinds = {event["type"] for event in events}
        if any(kind.startswith("mg.test_") or kind.endswith("rolled") for kind in kinds):
            self.app.cues.play("reveal")

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        layout = self.app.layout
        surface.fill(theme.WOOD)
        chrome.draw_bar(surface, layout, self._title(view), self._bar(), self._bar_left())
        area = layout.content()
        if self._open_form() is not None:
            assert self.form is not None
            self.form.draw(surface, layout, area, self.app.tr)
            return
        if view["conflict"] is not None:
            self._draw_conflict(surface, view)
            return
        left, right = self._split(view)
        if view["test"] is not None:
            builder.draw(surface, layout, left, view["test"], self.app.tr)
        elif self.selected is not None:
            patrol.draw_sheet(surface, layout, left, forms.mouse(view, self.selected), self.app.tr)
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
            area = self.app.layout.content()
            return self._bar() + self.form.buttons(self.app.layout, area, self.app.tr)
        if view["conflict"] is not None:
            return self._bar() + self._conflict_buttons(view)
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
                self.selected = sheet["name"]

    def _split(self, view: View) -> tuple[pygame.Rect, pygame.Rect]:
        """The two halves of the screen; a sheet's ratings get two thirds of the width."""
        sheet = view["test"] is None and self.selected is not None
        return builder.split(self.app.layout.content(), self.app.layout, 2 / 3 if sheet else 0.5)

    # -- what is shown ---------------------------------------------------------------

    def view(self) -> View:
        assert self.app.session is not None
        return dict(self.app.session.table_view())

    def _open_form(self) -> Form | None:
        if self.form is not None and self.form.closed:
            self.form = None
        return self.form

    def _title(self, view: View) -> str:
        if view["conflict"] is not None:
            conflict = view["conflict"]
            return (
                f"{self.app.tr(conflict['title'])} · {self.app.tr('Volley')} {conflict['volley']}"
            )
        if view["test"] is not None:
            return self.app.tr("Test")
        if self.selected is not None:
            return self.selected
        return self.app.tr("Patrol")

    def _draw_result(self, surface: pygame.Surface, area: pygame.Rect, view: View) -> None:
        last = view["last_result"]
        if last is None:
            return
        tr = self.app.tr
        verdict = tr("passed") if last["passed"] else tr("failed")
        words = f"{last['character']}, {tr(last['rating'])}: {verdict}"
        if last["outcome"] == "condition":
            words += f" ({tr(last['condition'].capitalize())})"
        elif last["outcome"] == "twist":
            words += f" ({tr('twist')})"
        rect = pygame.Rect(area.x, area.y, area.width, 2 * self.app.layout.text("body") + 8)
        widgets.wrapped(surface, words, rect, self.app.layout.text("body"), theme.CREAM, "bold")

    # -- the bar -----------------------------------------------------------------------

    def _bar(self) -> list[Button]:
        layout = self.app.layout
        session = self.app.session
        assert session is not None
        tr = self.app.tr
        right = chrome.bar_buttons(
            layout,
            [
                (tr("Undo"), self.app.undo, session.can_undo),
                (tr("Redo"), self.app.redo, session.can_redo),
            ],
        )
        back = (
            (tr("Patrol"), self._patrol, True) if self.selected else (tr("Home"), self._home, True)
        )
        left = chrome.bar_buttons(layout, [back], side="left")
        dice = chrome.bar_buttons(layout, [(tr("Our dice"), self._toggle_dice, True)])[0]
        dice.rect.right = right[-1].rect.left - layout.gap
        dice.selected = self.own_dice
        return left + [dice] + right

    def _bar_left(self) -> int:
        return self._bar()[0].rect.right

    def _home(self) -> None:
        self.app.goto("home")

    def _patrol(self) -> None:
        self.selected = None

    def _toggle_dice(self) -> None:
        self.own_dice = not self.own_dice

    # -- the right side: only what can be done now --------------------------------------

    def _side(self, view: View, area: pygame.Rect) -> list[Button]:
        if view["test"] is not None:
            entries = self._test_steps(view)
        elif self.selected is not None:
            entries = self._sheet_actions(view)
        else:
            entries = self._patrol_actions(view)
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
                fill=theme.CHEESE if label in self._primary() else theme.PARCHMENT,
            )
            for cell, (label, action, enabled) in zip(cells, entries, strict=False)
        ]

    def _primary(self) -> set[str]:
        """The buttons that move the test on, filled like every other "go" button."""
        tr = self.app.tr
        return {tr("Roll"), tr("Roll for the GM"), tr("Done"), tr("Reveal")}

    def _patrol_actions(self, view: View) -> list[Entry]:
        tr = self.app.tr
        return [
            (tr("New mouse"), lambda: self._show(forms.new_mouse(self.submit, tr)), True),
            (
                tr("Conflict…"),
                lambda: self._show(forms.begin_conflict(view, self.submit, tr)),
                "mg.begin_conflict" in view["legal"] and bool(view["characters"]),
            ),
            (tr("Next phase"), self._next_phase, "mg.set_phase" in view["legal"]),
        ]

    def _sheet_actions(self, view: View) -> list[Entry]:
        tr, submit = self.app.tr, self.submit
        sheet = forms.mouse(view, self.selected or "")
        legal = set(view["legal"])
        found: list[Entry] = [
            (
                tr("Test…"),
                lambda: self._show(forms.begin_test(sheet, submit, tr)),
                "mg.begin_test" in legal,
            ),
            (tr("Ratings…"), lambda: self._show(forms.edit_ratings(sheet, submit, tr)), True),
            (tr("Conditions…"), lambda: self._show(forms.edit_conditions(sheet, submit, tr)), True),
            (tr("Recover"), partial(submit, cmd.Recover(sheet["name"])), "mg.recover" in legal),
            (tr("More…"), lambda: self._show(self._more(view, sheet)), True),
        ]
        for rating in sheet["advances_due"]:
            label = f"{tr('Advance')} {tr(rating)}"
            found.append((label, partial(submit, cmd.Advance(sheet["name"], rating)), True))
        return found

    def _more(self, view: View, sheet: dict[str, Any]) -> Form:
        """The sheet's less frequent changes, one tap away: traits, wises, rewards, checks."""
        tr, submit = self.app.tr, self.submit
        legal = set(view["legal"])
        menu: list[tuple[str, str, Callable[[], object], bool]] = [
            (
                "trait",
                tr("Trait…"),
                lambda: self._show(forms.add_trait(sheet, submit, tr)),
                "mg.set_trait" in legal,
            ),
            (
                "wise",
                tr("Wise…"),
                lambda: self._show(forms.add_wise(sheet, submit, tr)),
                "mg.set_wise" in legal,
            ),
            (
                "reward",
                tr("Reward…"),
                lambda: self._show(forms.reward(sheet, submit, tr)),
                "mg.reward" in legal,
            ),
            (
                "prologue",
                tr("Prologue…"),
                lambda: self._show(forms.prologue(sheet, submit, tr)),
                "mg.prologue" in legal,
            ),
            (
                "check",
                tr("Spend a check"),
                partial(submit, cmd.SpendCheck(sheet["name"])),
                "mg.spend_check" in legal and sheet["checks"] > 0,
            ),
        ]
        open_now = [(key, label) for key, label, _, allowed in menu if allowed]
        actions = {key: action for key, _, action, _ in menu}
        fields = forms.choice("what", tr("Change"), open_now, open_now[0][0] if open_now else "")

        def confirm(values: dict[str, Any]) -> bool:
            action = actions.get(values["what"])
            if action is not None:
                action()
            return True

        return Form(sheet["name"], [fields], confirm, tr("Open"))

    def _test_steps(self, view: View) -> list[Entry]:
        test = view["test"]
        tr, submit = self.app.tr, self.submit
        legal = set(view["legal"])
        sheet = forms.mouse(view, test["tester"]["actor"])
        versus = test["kind"] == "versus"
        if test["to_roll"] is not None:
            who = tr("Roll for the GM") if test["to_roll"] == "opponent" else tr("Roll")
            return [
                (
                    tr("Trait against"),
                    lambda: self._show(forms.trait(sheet, submit, tr, True, versus)),
                    "mg.use_trait_against" in legal and not test["tester"]["rolled"],
                ),
                (
                    tr("Trait for"),
                    lambda: self._show(forms.trait(sheet, submit, tr, False, versus)),
                    "mg.use_trait_for" in legal,
                ),
                (
                    tr("Helpers"),
                    lambda: self._show(forms.helper(view, sheet["name"], submit, tr)),
                    "mg.add_helper" in legal,
                ),
                (
                    tr("Add Nature (Persona)"),
                    lambda: submit(cmd.TapNature(sheet["name"])),
                    "mg.tap_nature" in legal,
                ),
                (who, lambda: self.roll(cmd.Roll()), True),
                (tr("Cancel test"), lambda: submit(cmd.CancelTest()), True),
            ]
        return self._after_roll(view, sheet)

    def _after_roll(self, view: View, sheet: dict[str, Any]) -> list[Entry]:
        test = view["test"]
        tr, submit = self.app.tr, self.submit
        chance, open_now = test["chance"], test["options"]
        found: list[Entry] = []
        if test["tied"]:
            found += [
                (
                    tr("Level 3 breaks the tie"),
                    lambda: self._show(forms.level_three(sheet, submit, tr, True)),
                    "mg.break_tie" in view["legal"],
                ),
                (
                    tr("Give the GM the tie"),
                    lambda: self._show(forms.concede_tie(sheet, submit, tr)),
                    "mg.break_tie" in view["legal"],
                ),
                (
                    tr("Tiebreaker"),
                    lambda: self._show(forms.tiebreaker(submit, tr)),
                    "mg.tiebreaker" in view["legal"],
                ),
            ]
        for name in builder.OPTIONS:
            if open_now.get(name):
                label = builder.option_label(name, chance.get(name), tr)
                found.append((label, self._option(name, sheet), True))
        if test["passed"] is not None:
            found.append((tr("Done"), self._finish(test["passed"]), True))
        return found

    def _option(self, name: str, sheet: dict[str, Any]) -> Callable[[], object]:
        tr, submit = self.app.tr, self.submit
        if name == "explode":
            return lambda: self.roll(cmd.Explode(sheet["name"]))
        if name == "level_three":
            return lambda: self._show(forms.level_three(sheet, submit, tr, False))
        return lambda: self._show(forms.wise_option(sheet, submit, tr, name))

    def _finish(self, passed: bool) -> Callable[[], object]:
        if passed:
            return lambda: self.submit(cmd.Resolve())
        return lambda: self._show(forms.failure(self.submit, self.app.tr))

    def _next_phase(self) -> None:
        order = list(patrol.PHASES)
        now = self.view()["phase"]
        following = "prologue" if now in ("players_turn", "winter") else order[order.index(now) + 1]
        self.submit(cmd.SetPhase(following))  # type: ignore[arg-type]

    def _show(self, form: Form) -> None:
        self.form = form

    # -- a conflict ----------------------------------------------------------------------

    def _draw_conflict(self, surface: pygame.Surface, view: View) -> None:
        layout = self.app.layout
        missing = {
            pad: status.detail
            for pad, status in self.app.pad_status.items()
            if not status.connected
        }
        conflict.draw(surface, layout, layout.content(), view["conflict"], missing, self.app.tr)
        for button in self._conflict_buttons(view):
            button.draw(surface, layout.text("body"))

    def _conflict_buttons(self, view: View) -> list[Button]:
        """The buttons of the moment, then the on-screen pad if a side asked for it."""
        layout = self.app.layout
        now = view["conflict"]
        area = self._conflict_area(view)
        if now["status"] == "scripting" and self.pad is not None:
            pad_row = pygame.Rect(area.x, area.bottom - layout.touch, area.width, layout.touch)
            area.height -= layout.touch + layout.gap
            pad = pad_buttons(pad_row, self.pad, self.app.pads, self.app.tr, layout.gap)
        else:
            pad = []
        entries = self._conflict_entries(now)
        count = max(1, len(entries))
        row = pygame.Rect(area.x, area.bottom - layout.touch, area.width, layout.touch)
        cells = (
            columns(row, count, layout.gap)
            if not layout.portrait
            else rows(area, count, layout.gap, layout.touch)
        )
        found = [
            Button(
                cell,
                label,
                action,
                enabled,
                fill=theme.CHEESE if label in self._primary() else theme.PARCHMENT,
            )
            for cell, (label, action, enabled) in zip(cells, entries, strict=False)
        ]
        return found + pad

    def _conflict_area(self, view: View) -> pygame.Rect:
        """Where the conflict's buttons go: below the two sides and what is happening."""
        layout = self.app.layout
        rest = conflict.panels(layout, layout.content())[2]
        lines = 1 + (
            len(view["conflict"]["exchange"]["tests"]) if view["conflict"]["exchange"] else 0
        )
        if view["conflict"]["status"] == "over":
            lines = 5
        top = lines * (layout.text("heading") + layout.gap) + layout.gap
        return pygame.Rect(rest.x, rest.y + top, rest.width, rest.height - top)

    def _conflict_entries(self, now: dict[str, Any]) -> list[Entry]:
        tr, submit = self.app.tr, self.submit
        status = now["status"]
        sides = now["sides"]
        if status == "disposition":
            return [
                (
                    tr("Patrol's disposition…"),
                    lambda: self._show(forms.patrol_disposition(now, submit, tr)),
                    not sides["patrol"]["start"],
                ),
                (
                    tr("GM's disposition…"),
                    lambda: self._show(forms.gm_disposition(submit, tr)),
                    not sides["gm"]["start"],
                ),
            ]
        if status == "scripting":
            return [
                (tr("GM's pad"), partial(self._toggle_pad, "gm"), True),
                (tr("Patrol's pad"), partial(self._toggle_pad, "patrol"), True),
            ]
        if status == "revealing":
            return [(tr("Reveal"), lambda: submit(ccmd.Reveal()), True)]
        if status == "acting":
            tests = now["exchange"]["tests"] if now["exchange"] else []
            return [
                (
                    tr("Roll for {side}").format(side=conflict.side_name(t["side"], tr)),
                    partial(self.roll, ccmd.RollAction(t["side"])),
                    True,
                )
                for t in tests
                if not t["rolled"]
            ]
        if status == "maneuver":
            return self._maneuver_entries(now)
        return [(tr("End conflict"), lambda: submit(ccmd.EndConflict()), True)]

    def _maneuver_entries(self, now: dict[str, Any]) -> list[Entry]:
        tr = self.app.tr
        exchange = now["exchange"] or {"maneuvers": [], "bought": []}
        bought = {b["side"] for b in exchange["bought"]}
        return [
            (
                tr("Spend margin {n}…").format(n=m["margin"]),
                partial(self._show_maneuver, now, m["side"], m["margin"]),
                True,
            )
            for m in exchange["maneuvers"]
            if m["side"] not in bought
        ]

    def _show_maneuver(self, now: dict[str, Any], side: str, margin: int) -> None:
        self._show(forms.maneuver(now, side, margin, self.submit, self.app.tr))

    def _toggle_pad(self, side: str) -> None:
        """Show ``side``'s pad on the screen, or hide it: only counts are ever shown above it."""
        self.pad = None if self.pad == side else side

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
        kind = kind if kind in GUARD_DICE else "d6"

        def with_faces(faces: list[int | str]) -> bool:
            self.app.goto(self.name)
            rolled: Any = command  # every rolling command has a ``faces`` field
            return self.app.submit(replace(rolled, faces=tuple(str(face) for face in faces)))

        self.app.ask_dice(kind, with_faces, return_to=self.name)
        return True
