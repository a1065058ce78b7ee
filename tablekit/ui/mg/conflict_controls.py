"""The controls of a Mouse Guard conflict: the buttons of the moment, each in its own cell.

Dispositions, the scripting, the reveal, the rolls, the margins to spend and the end.
Every button has a home for the whole conflict (:mod:`~tablekit.ui.mg.conflict_cells`):
a side's buttons sit below its half, the GM's on the left, and one that cannot be used
now stays greyed in its place with its reason a tap away. Nothing takes the place of a
button just tapped: Roll's cell is empty once the side has rolled, and what follows the
last roll (Reveal, the next volley's scripting, a tie) appears where no roll button is.

A table without pad buttons scripts on the screen: "GM scripts" covers the conflict
with the GM's pad (:mod:`~tablekit.ui.mg.scripting`), and Lock hides it again. The
Log in the bar shows every settled pair (:mod:`~tablekit.ui.mg.pairs`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.view_types import (
    ActionTestView,
    ConflictSide,
    ConflictView,
    MouseGuardView,
)
from tablekit.rules.secret import PAD_SIDES
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.i18n import mark
from tablekit.ui.mg import (
    conflict,
    conflict_cells,
    conflict_forms,
    conflict_rolls,
    pairs,
    scripting,
)
from tablekit.ui.mg.conflict_cells import Cell
from tablekit.ui.mg.stage import Entry, Stage, Step, step
from tablekit.ui.parts import Part, button_parts
from tablekit.ui.widgets import Button

SIDES: tuple[ConflictSide, ConflictSide] = ("gm", "patrol")

Placed = list[tuple[pygame.Rect, Entry]]

NO_SHEET = mark("{actor} has no sheet: it rolls the GM's dice as they are")
GM_FIRST = mark("The GM rolls first")
NOTHING_AFTER = mark("No wise or level 3 trait to use on this roll")
NO_FATE = mark("No Fate point, or no axe to explode")
SET_ALREADY = mark("This side's disposition is set")
TEAMS_FIRST = mark("Teams are formed before the first disposition")
OTHER_SCRIPTING = mark("The other side is scripting: it hides its buttons first")
SCRIPTS_LOCKED = mark("Both scripts are locked: the volley is being revealed")


class ConflictControls:
    """The conflict's buttons on ``stage``; which side's pad covers the screen, if any,
    and whether the volley log is open."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.pad: ConflictSide | None = None
        """The side scripting on the screen, its pad covering the conflict."""
        self.locked = False
        """Whether that side's script was locked when last seen: a lock hides the pad."""
        self.log = False
        """Whether the volley log covers the conflict."""
        self.log_page = 0
        """How many pages back from the latest the log shows."""

    # -- drawing ---------------------------------------------------------------------

    def parts(self, view: MouseGuardView) -> list[Part]:
        """The two sides and what is happening, or a cover (a side's pad, the log); then
        each button: as parts (see :mod:`~tablekit.ui.parts`)."""
        now = _conflict(view)
        app = self.stage.app
        layout, tr = app.layout, app.tr
        buttons = self.buttons(view)
        area = chrome.content(layout)
        cover = self._cover(now)
        found: list[Part]
        if self.log:
            paint_log = partial(self._draw_log, now=now, cover=cover)
            found = [Part("log", cover, (now, self.log_page, tr), paint_log)]
        elif self.pad is not None:
            paint = partial(
                scripting.draw, layout=layout, area=cover, conflict=now, side=self.pad, tr=tr
            )
            found = [Part("pad", cover, (now, self.pad, tr), paint)]
        else:
            missing = {
                PAD_SIDES.get(pad, pad): status.detail
                for pad, status in app.pad_status.items()
                if not status.connected
            }
            top = min((b.rect.top for b in buttons if b.rect.top >= area.top), default=area.bottom)
            found = conflict.parts(layout, area, now, missing, tr, top)
        return found + button_parts("button", buttons, layout.text("body"))

    def _cover(self, now: ConflictView) -> pygame.Rect:
        """What a cover (a side's pad, the log) hides: the conflict above the sides' cells."""
        layout = self.stage.app.layout
        area = chrome.content(layout)
        bottom = conflict_cells.top(layout, area) - layout.gap
        return pygame.Rect(area.x, area.y, area.width, bottom - area.y)

    # -- the buttons -------------------------------------------------------------------

    def buttons(self, view: MouseGuardView) -> list[Button]:
        """The buttons of the moment in their cells (a cover's own first), the sides' below."""
        now = _conflict(view)
        self._settle(now)
        primary = self.stage.primary()
        placed = self._placed(now)
        if self.log:
            placed = [(cell, e) for cell, e in placed if cell.top >= self._cover(now).bottom]
            placed += self._log_entries(now)
        elif self.pad is not None:
            cells = scripting.cover(self.stage.app.layout, self._cover(now))[1]
            app = self.stage.app
            placed = [(cell, e) for cell, e in placed if cell.top >= self._cover(now).bottom]
            placed += scripting.pad_entries(now, self.pad, cells, app.pads, app.tr)
        return [step(cell, entry, primary) for cell, entry in placed]

    def _settle(self, now: ConflictView) -> None:
        """A side's pad hides once its script locks, and with the scripting."""
        if now["status"] != "scripting":
            self.pad = None
        if self.pad is not None:
            locked = now["sides"][self.pad]["script"]["locked"]
            if locked and not self.locked:
                self.pad = None
            self.locked = locked

    def _placed(self, now: ConflictView) -> Placed:
        """Each entry of the conflict's status in its home cell."""
        layout = self.stage.app.layout
        area = chrome.content(layout)
        cells = conflict_cells.cells(layout, area)
        middle = conflict_cells.middle(layout, area)
        found: Placed = []
        sides, centre = self._entries(now)
        for (side, cell), entry in sides.items():
            found.append((cells[(side, cell)], entry))
        for index, entry in centre.items():
            found.append((middle[index], entry))
        return found

    def _entries(
        self, now: ConflictView
    ) -> tuple[dict[tuple[ConflictSide, Cell], Entry], dict[int, Entry]]:
        """What the conflict's status allows now: each side's entries by cell, and the
        middle row's by place."""
        status = now["status"]
        if status == "disposition":
            return self._disposition(now)
        if status in ("scripting", "revealing"):
            return self._scripting(now)
        if status == "acting":
            return self._acting(now), {}
        if status == "maneuver":
            return self._maneuver(now), {}
        return {}, {}

    def _disposition(
        self, now: ConflictView
    ) -> tuple[dict[tuple[ConflictSide, Cell], Entry], dict[int, Entry]]:
        stage = self.stage
        tr, submit = stage.app.tr, stage.submit
        view = stage.view()
        gear = view["ruleset"]["gear_in_conflicts"]
        sheets = view["characters"]
        fresh = not any(t["start"] for t in now["teams"])
        sides = {
            ("patrol", "a"): Entry(
                tr("Disposition…"),
                lambda: stage.show(
                    conflict_forms.patrol_disposition(now, submit, tr, gear, sheets)
                ),
                conflict_forms.unset(now, "patrol") is not None,
                tr(SET_ALREADY),
                key="patrol:disposition",
            ),
            ("gm", "a"): Entry(
                tr("Disposition…"),
                lambda: stage.show(conflict_forms.gm_disposition(now, submit, tr)),
                conflict_forms.unset(now, "gm") is not None,
                tr(SET_ALREADY),
                key="gm:disposition",
            ),
        }
        centre = {
            0: Entry(
                tr("New team…"),
                lambda: stage.show(conflict_forms.form_team(now, submit, tr)),
                fresh,
                tr(TEAMS_FIRST),
            ),
            **self._arms(now),
        }
        return sides, centre  # type: ignore[return-value]

    def _scripting(
        self, now: ConflictView
    ) -> tuple[dict[tuple[ConflictSide, Cell], Entry], dict[int, Entry]]:
        """Each side's "scripts" button below its half; Reveal in the middle once both
        are locked, and Weapons… beside it."""
        tr = self.stage.app.tr
        revealing = now["status"] == "revealing"
        sides: dict[tuple[ConflictSide, Cell], Entry] = {}
        for side in SIDES:
            open_now = self.pad == side
            other = self.pad is not None and not open_now
            why = tr(SCRIPTS_LOCKED) if revealing else tr(OTHER_SCRIPTING)
            sides[(side, "a")] = Entry(
                tr(scripting.OPENERS[side]),
                partial(self._toggle_pad, side),
                not revealing and not other,
                why,
                key=f"{side}:scripts",
            )
        centre = dict(self._arms(now))
        if revealing:
            reveal = partial(self.stage.submit, ccmd.Reveal())
            centre[1] = Entry(tr("Reveal"), reveal, True)
        return sides, centre

    def _arms(self, now: ConflictView) -> dict[int, Entry]:
        """Weapons and tactics, taken up between actions (set-up, scripting, before a
        reveal), at the middle row's right; none where the conflict's armoury is empty."""
        if not now["armoury"]:
            return {}
        stage = self.stage
        form = partial(conflict_forms.arms, now, stage.submit, stage.show, stage.app.tr)
        return {2: Entry(stage.app.tr("Weapons…"), lambda: stage.show(form()), True)}

    def _acting(self, now: ConflictView) -> dict[tuple[ConflictSide, Cell], Entry]:
        """Each side's dice pool and roll; after its roll its wise or trait, Fate on axes
        and keeping the roll; then breaking a tie, below both halves."""
        stage = self.stage
        tr = stage.app.tr
        exchange = now["exchange"]
        if exchange is None:
            return {}
        found: dict[tuple[ConflictSide, Cell], Entry] = {}
        gm_waits = exchange["interaction"] == "versus" and not all(
            t["rolled"] for t in exchange["tests"] if t["side"] == "gm"
        )  # in a versus action the GM rolls first: the patrol's roll waits, in its place
        for test in exchange["tests"]:
            side = test["side"]
            if not test["rolled"]:
                form = conflict_rolls.before_roll(stage.view(), test, stage.submit, tr)
                pool = partial(stage.show, form) if form is not None else _nothing
                why = tr(NO_SHEET).format(actor=test["actor"])
                found[(side, "a")] = Entry(
                    tr("Dice pool…"), pool, form is not None, why, key=f"{side}:pool"
                )
                ready = not (gm_waits and side == "patrol")
                roll = partial(stage.roll, ccmd.RollAction(side))
                found[(side, "b")] = Entry(tr("Roll"), roll, ready, tr(GM_FIRST), f"{side}:roll")
            elif test["waits"]:
                found.update(self._after_roll(test))
        if exchange["tied"] and not any(t["waits"] for t in exchange["tests"]):
            tie = partial(
                stage.show, conflict_rolls.tie_ways(stage.view(), stage.submit, stage.show, tr)
            )
            for side in SIDES:  # under both halves: the tie is either side's to break
                found[(side, "a")] = Entry(tr("Break the tie…"), tie, True, key=f"{side}:tie")
        return found

    def _after_roll(self, test: ActionTestView) -> dict[tuple[ConflictSide, Cell], Entry]:
        """After the roll, while the actor may still act on it: a wise or a level 3 trait,
        Fate on axes, or keeping the roll as it is; Roll's cell stays empty."""
        stage, tr, side = self.stage, self.stage.app.tr, test["side"]
        reroll = stage.view()["ruleset"]["level_three"] == "reroll"
        can = bool(test["wise_ways"] or test["level_three"])
        form = (
            conflict_rolls.after_roll(test, stage.roll, stage.submit, tr, reroll) if can else None
        )
        wise = partial(stage.show, form) if form is not None else _nothing
        explode = partial(stage.roll, ccmd.ActionExplode(side))
        keep = partial(stage.submit, ccmd.KeepRoll(side))
        return {
            (side, "a"): Entry(
                tr("Wise or trait…"), wise, can, tr(NOTHING_AFTER), key=f"{side}:after"
            ),
            (side, "c"): Entry(
                tr("Fate on axes"), explode, test["fate_open"], tr(NO_FATE), key=f"{side}:fate"
            ),
            (side, "d"): Entry(tr("Keep the roll"), keep, True, key=f"{side}:keep"),
        }

    def _maneuver(self, now: ConflictView) -> dict[tuple[ConflictSide, Cell], Entry]:
        """A margin to spend below each side that won a maneuver and has not spent it."""
        tr = self.stage.app.tr
        exchange = now["exchange"]
        if not exchange:
            return {}
        bought = {b["side"] for b in exchange["bought"]}
        return {
            (m["side"], "a"): Entry(
                tr("Margin {n}…").format(n=m["margin"]),
                partial(self._show_maneuver, now, m["side"], m["margin"]),
                True,
                key=f"{m['side']}:margin",
            )
            for m in exchange["maneuvers"]
            if m["side"] not in bought
        }

    def _show_maneuver(self, now: ConflictView, side: ConflictSide, margin: int) -> None:
        stage = self.stage
        stage.show(conflict_forms.maneuver(now, side, margin, stage.submit, stage.app.tr))

    def _toggle_pad(self, side: ConflictSide) -> None:
        """Cover the screen with ``side``'s pad, or uncover it: a tap, no hold."""
        if self.pad == side:
            self.pad = None
            return
        self.pad = side
        self.locked = _conflict(self.stage.view())["sides"][side]["script"]["locked"]

    # -- the bar's Log and End conflict ------------------------------------------------

    def log_button(self) -> tuple[str, Callable[[], object], bool]:
        """The bar's Log: the volley log over the conflict, or the conflict again."""
        return (self.stage.app.tr("Log"), self._toggle_log, True)

    def end_button(self) -> tuple[str, Callable[[], object], bool]:
        """The bar's End conflict, once the conflict is over."""
        end = partial(self.stage.submit, ccmd.EndConflict())
        return (self.stage.app.tr("End conflict"), end, True)

    def _toggle_log(self) -> None:
        self.log = not self.log
        self.log_page = 0

    def _log_pages(self, now: ConflictView) -> list[list[int]]:
        """The log's entries a page at a time, the latest page last."""
        app = self.stage.app
        layout = app.layout
        cover = self._cover(now).inflate(-2 * layout.gap, -2 * layout.gap)
        room = cover.height - layout.text("heading") - layout.gap - layout.touch - layout.gap
        pages: list[list[int]] = [[]]
        used = 0
        for index in range(len(now["log"]) - 1, -2, -1):  # -1: the dispositions, first
            if index < 0:
                rolled = sum(1 for t in now["teams"] if t["start"])
                tall = rolled * pairs.line_height(layout) + layout.gap
            else:
                tall = pairs.entry_height(layout, now["log"][index], cover.width, now, app.tr)
                tall += layout.gap
            if pages[-1] and used + tall > room:
                pages.append([])
                used = 0
            pages[-1].insert(0, index)
            used += tall
        return pages[::-1]

    def _log_entries(self, now: ConflictView) -> Placed:
        """Earlier and Later, to page through a long log, at the cover's foot."""
        layout = self.stage.app.layout
        tr = self.stage.app.tr
        cover = self._cover(now).inflate(-2 * layout.gap, -2 * layout.gap)
        pages = len(self._log_pages(now))
        row = pygame.Rect(cover.x, cover.bottom - layout.touch, cover.width, layout.touch)
        earlier, _, later = (row.copy() for row in _thirds(row, layout.gap))
        back = partial(self._page, +1)
        ahead = partial(self._page, -1)
        first = self.log_page >= pages - 1
        if pages < 2:
            return []
        return [
            (earlier, Entry(tr("Earlier"), back, not first, tr(LOG_START), key="log:earlier")),
            (later, Entry(tr("Later"), ahead, self.log_page > 0, tr(LOG_END), key="log:later")),
        ]

    def _page(self, step: int) -> None:
        self.log_page = max(0, self.log_page + step)

    def _draw_log(self, surface: pygame.Surface, now: ConflictView, cover: pygame.Rect) -> None:
        """The volley log over the conflict: every settled pair of a page, oldest first."""
        app = self.stage.app
        layout, tr = app.layout, app.tr
        widgets.panel(surface, cover, theme.WOOD_LIGHT, theme.CHEESE, 4)
        inner = cover.inflate(-2 * layout.gap, -2 * layout.gap)
        pages = self._log_pages(now)
        page = pages[max(0, len(pages) - 1 - self.log_page)]
        title = f"{tr(pairs.LOG_TITLE)} ({len(pages) - self.log_page}/{len(pages)})"
        head = pygame.Rect(inner.x, inner.y, inner.width, layout.text("heading"))
        widgets.text(surface, title, head, layout.text("heading"), theme.CREAM, "title", "left")
        y = head.bottom + layout.gap
        for index in page:
            rect = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
            if index < 0:
                y += pairs.dispositions_row(surface, layout, rect, now["teams"], tr, whole=True)
            else:
                y += pairs.draw_entry(surface, layout, rect, now["log"][index], now, tr)
            y += layout.gap
        if not now["log"]:
            rect = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
            widgets.wrapped(surface, tr(pairs.EMPTY_LOG), rect, layout.text("body"), theme.CREAM)


LOG_START = mark("This is the first page")
LOG_END = mark("This is the latest page")


def _thirds(row: pygame.Rect, gap: int) -> list[pygame.Rect]:
    from tablekit.ui.layout import columns

    return columns(row, 3, gap)


def _nothing() -> None:
    """What a greyed button would do: nothing (a tap on it says why)."""


def _conflict(view: MouseGuardView) -> ConflictView:
    """The conflict in ``view``: the scene shows these controls only while there is one."""
    now = view["conflict"]
    assert now is not None
    return now


__all__ = ["ConflictControls", "Step"]
