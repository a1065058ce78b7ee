"""The controls of a Mouse Guard conflict: the buttons of the moment and the on-screen pad.

Dispositions, the pads while the sides script, the reveal, the rolls, the
margins to spend and the end: buttons below the two sides and what is happening.
A table without pad buttons can show one side's pad on the screen instead.
"""

from __future__ import annotations

import time
from functools import partial

import pygame

from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.view_types import (
    ActionTestView,
    ConflictSide,
    ConflictView,
    MouseGuardView,
)
from tablekit.rules.secret import GM_PAD, PAD_SIDES, PATROL_PAD
from tablekit.ui import chrome, theme
from tablekit.ui.layout import columns, rows
from tablekit.ui.mg import conflict, conflict_forms
from tablekit.ui.mg.stage import Entry, Stage
from tablekit.ui.onscreen_pad import pad_buttons
from tablekit.ui.widgets import Button

HOLD_SECONDS = 0.8
"""How long the GM holds "GM's pad" down before it shows on the shared screen."""


class ConflictControls:
    """The conflict's buttons on ``stage``, and which side's pad is on the screen."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.pad: str | None = None
        """The action pad shown on the screen, for a table without buttons."""
        self.opens_at: float | None = None
        """While the GM's finger is down on "GM's pad": the moment a release opens it."""

    def draw(self, surface: pygame.Surface, view: MouseGuardView) -> None:
        """The two sides, what is happening, and the buttons below."""
        now = _conflict(view)
        app = self.stage.app
        layout = app.layout
        missing = {
            PAD_SIDES.get(pad, pad): status.detail
            for pad, status in app.pad_status.items()
            if not status.connected
        }
        conflict.draw(surface, layout, chrome.content(layout), now, missing, app.tr)
        for button in self.buttons(view):
            button.draw(surface, layout.text("body"))

    def buttons(self, view: MouseGuardView) -> list[Button]:
        """The buttons of the moment, then the on-screen pad if a side asked for it."""
        app = self.stage.app
        layout = app.layout
        now = _conflict(view)
        area = self._area(now)
        if now["status"] != "scripting":
            self.pad = None  # the next volley's GM pad needs its hold again
        if self.pad is not None:
            pad_row = pygame.Rect(area.x, area.bottom - layout.touch, area.width, layout.touch)
            area.height -= layout.touch + layout.gap
            pad = pad_buttons(pad_row, self.pad, app.pads, app.tr, layout.gap)
        else:
            pad = []
        entries = self._entries(now)
        count = max(1, len(entries))
        if layout.portrait:
            cells = rows(area, count, layout.gap, layout.touch)
        else:
            font = theme.font("bold", layout.text("body"))
            widest = max((font.size(label)[0] for label, _, _ in entries), default=0)
            cells = _landscape_cells(area, count, widest, layout.touch, layout.gap)
        primary = self.stage.primary()
        found = [
            Button(
                cell,
                label,
                action,
                enabled,
                fill=theme.CHEESE if label in primary else theme.PARCHMENT,
            )
            for cell, (label, action, enabled) in zip(cells, entries, strict=False)
        ]
        return found + pad

    def _area(self, now: ConflictView) -> pygame.Rect:
        """Where the conflict's buttons go: below the two sides and what is happening."""
        layout = self.stage.app.layout
        rest = conflict.panels(layout, chrome.content(layout), now)[2]
        top = conflict.now_height(layout, rest.width, now, self.stage.app.tr)
        return pygame.Rect(rest.x, rest.y + top, rest.width, rest.height - top)

    def _entries(self, now: ConflictView) -> list[Entry]:
        """What the conflict's status allows now, one entry a button."""
        stage = self.stage
        tr, submit = stage.app.tr, stage.submit
        status = now["status"]
        if status == "disposition":
            fresh = not any(t["start"] for t in now["teams"])
            gear = stage.view()["ruleset"]["gear_in_conflicts"]
            sheets = stage.view()["characters"]
            return [
                (
                    tr("Patrol's disposition…"),
                    lambda: stage.show(
                        conflict_forms.patrol_disposition(now, submit, tr, gear, sheets)
                    ),
                    conflict_forms.unset(now, "patrol") is not None,
                ),
                (
                    tr("GM's disposition…"),
                    lambda: stage.show(conflict_forms.gm_disposition(now, submit, tr)),
                    conflict_forms.unset(now, "gm") is not None,
                ),
                (
                    tr("New team…"),
                    lambda: stage.show(conflict_forms.form_team(now, submit, tr)),
                    fresh,
                ),
                *self._arms_entry(now),
            ]
        if status == "scripting":
            return [
                (tr("GM's pad (hold)"), self._hold_gm_pad, True),
                (tr("Patrol's pad"), partial(self._toggle_pad, PATROL_PAD), True),
                *self._arms_entry(now),
            ]
        if status == "revealing":
            return [(tr("Reveal"), lambda: submit(ccmd.Reveal()), True), *self._arms_entry(now)]
        if status == "acting":
            return self._acting_entries(now)
        if status == "maneuver":
            return self._maneuver_entries(now)
        return [(tr("End conflict"), lambda: submit(ccmd.EndConflict()), True)]

    def _arms_entry(self, now: ConflictView) -> list[Entry]:
        """Weapons and tactics, taken up between actions (set-up, scripting, before a
        reveal); none where the conflict's armoury is empty (a fight where gear does not
        count)."""
        if not now["armoury"]:
            return []
        stage = self.stage
        form = partial(conflict_forms.arms, now, stage.submit, stage.show, stage.app.tr)
        return [(stage.app.tr("Weapons…"), lambda: stage.show(form()), True)]

    def _acting_entries(self, now: ConflictView) -> list[Entry]:
        """Each side's dice pool (traits, help, Persona) and roll; then its wise, Fate or
        trait, or keeping the roll; then breaking a tie."""
        stage = self.stage
        tr = stage.app.tr
        exchange = now["exchange"]
        if exchange is None:
            return []
        found: list[Entry] = []
        gm_waits = exchange["interaction"] == "versus" and not all(
            t["rolled"] for t in exchange["tests"] if t["side"] == "gm"
        )  # in a versus action the GM rolls first: the patrol's roll waits, in its place
        for test in exchange["tests"]:
            side = test["side"]
            name = conflict.side_name(side, tr)
            if not test["rolled"]:
                form = conflict_forms.before_roll(stage.view(), test, stage.submit, tr)
                if form is not None:  # traits, help and Persona: one button, one form
                    label = tr("{side}: dice pool…").format(side=name)
                    found.append((label, partial(stage.show, form), True))
                roll = partial(stage.roll, ccmd.RollAction(side))
                ready = not (gm_waits and side == "patrol")
                found.append((tr("Roll for {side}").format(side=name), roll, ready))
            elif test["waits"]:
                found += self._after_roll_entries(test, name)
            elif any(not t["rolled"] for t in exchange["tests"]):
                done = partial(stage.roll, ccmd.RollAction(side))  # greyed: it keeps its place
                found.append((tr("Roll for {side}").format(side=name), done, False))
        if exchange["tied"] and not found:
            tie = partial(stage.show, conflict_forms.break_tie(stage.view(), stage.submit, tr))
            found.append((tr("Break the tie…"), tie, True))
            abilities = conflict_forms.tiebreaker(stage.view(), stage.submit, tr)
            found.append((tr("Tiebreaker"), partial(stage.show, abilities), True))
        return found

    def _after_roll_entries(self, test: ActionTestView, name: str) -> list[Entry]:
        """After the roll, while the actor may still act on it: a wise or a level 3 trait,
        Fate on axes, or keeping the roll as it is."""
        stage, tr, side = self.stage, self.stage.app.tr, test["side"]
        found: list[Entry] = []
        if test["wise_ways"] or test["level_three"]:
            reroll = stage.view()["ruleset"]["level_three"] == "reroll"
            form = conflict_forms.after_roll(test, stage.roll, stage.submit, tr, reroll)
            found.append(
                (tr("{side}: wise or trait…").format(side=name), partial(stage.show, form), True)
            )
        if test["fate_open"]:
            explode = partial(stage.roll, ccmd.ActionExplode(side))
            found.append((tr("{side}: Fate on axes").format(side=name), explode, True))
        keep = partial(stage.submit, ccmd.KeepRoll(side))
        found.append((tr("{side}: keep the roll").format(side=name), keep, True))
        return found

    def _maneuver_entries(self, now: ConflictView) -> list[Entry]:
        """A margin to spend for each side that won a maneuver and has not spent it yet."""
        tr = self.stage.app.tr
        exchange = now["exchange"]
        if not exchange:
            return []
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

    def _show_maneuver(self, now: ConflictView, side: ConflictSide, margin: int) -> None:
        stage = self.stage
        stage.show(conflict_forms.maneuver(now, side, margin, stage.submit, stage.app.tr))

    def _hold_gm_pad(self) -> None:
        """A tap closes the GM's pad; opening it needs a hold, so no player opens it by chance."""
        if self.pad == GM_PAD:
            self.pad = None
        else:
            self.opens_at = time.monotonic() + HOLD_SECONDS

    def release(self, now: float | None = None) -> bool:
        """The finger is lifted: after a hold of :data:`HOLD_SECONDS` the GM's pad shows.

        Return whether the screen changed.
        """
        opens_at, self.opens_at = self.opens_at, None  # any release ends a hold, used or not
        if opens_at is None or (time.monotonic() if now is None else now) < opens_at:
            return False
        self.pad = GM_PAD
        return True

    def _toggle_pad(self, pad: str) -> None:
        """Show ``pad`` on the screen, or hide it: only counts are ever shown above it."""
        self.pad = None if self.pad == pad else pad


PER_ROW = 3
"""The most buttons a landscape row holds."""

PADDING = 12
"""What a button's edge takes of its width (:meth:`Button.draw` insets its label so)."""


def _landscape_cells(
    area: pygame.Rect, count: int, widest: int, touch: int, gap: int
) -> list[pygame.Rect]:
    """``count`` cells along the bottom of ``area``, as many a row (up to :data:`PER_ROW`)
    as hold a label ``widest`` pixels wide at its size; the upper rows the fuller."""
    per_row = next(
        (
            n
            for n in range(min(PER_ROW, count), 1, -1)
            if (area.width - (n - 1) * gap) // n - PADDING >= widest
        ),
        1,
    )
    lines = -(-count // per_row)
    found: list[pygame.Rect] = []
    left = count
    for line in range(lines):
        here = -(-left // (lines - line))
        top = area.bottom - (lines - line) * (touch + gap) + gap
        found += columns(pygame.Rect(area.x, top, area.width, touch), here, gap)
        left -= here
    return found


def _conflict(view: MouseGuardView) -> ConflictView:
    """The conflict in ``view``: the scene shows these controls only while there is one."""
    now = view["conflict"]
    assert now is not None
    return now
