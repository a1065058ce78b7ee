"""The Mice and Mystics table screen.

Left: the initiative track, biggest thing on screen, the current turn marked
with an arrow, a thick border and "NOW". Right: the cheese wheel and the
hourglass, the dice tray, and the actions the rules allow right now. A
pending question or an open form takes the right side; the track stays in
view. Tapping a card opens that hero's or minion's panel, where every change
is one tap. Undo is always in the top bar.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, cast

import pygame

from tablekit.local import box
from tablekit.local.config import replace
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.view_types import LastRoll, MiceMysticsView, TrackCard
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.form import Form
from tablekit.ui.i18n import refusal
from tablekit.ui.layout import columns, rows
from tablekit.ui.mm import board, ending, forms, names, places, results
from tablekit.ui.mm.ending import Ending
from tablekit.ui.mm.panels import FigurePanel, chapter_menu, figure_panel, setup_form
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

SURGE_SECONDS = 2.5


class MiceMysticsScene(Scene):
    """Plays a Mice and Mystics session."""

    name = "mice-mystics"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.form: Form | FigurePanel | None = None
        self.trail: list[Form | FigurePanel] = []
        """The forms the open one was reached through: Cancel goes back one step."""
        self.answering: tuple[str, Form | None] | None = None
        self.starting: Form | None = None
        self.spoken = app.language()
        """The language the kept set-up and question forms were built in."""
        self.selected: str | None = None
        self.surge = 0.0
        self.cards: list[tuple[pygame.Rect, TrackCard]] = []
        chosen = app.settings.play.own_dice
        self.own_dice = chosen if chosen is not None else app.settings.camera.backend != "none"
        self.result = ""
        """What the last change did, in words (see :mod:`.results`)."""
        self.roll_words = ""
        """What the roll in view did, in words, said when it was rolled."""
        self.roll_hidden = False
        """The roll was put away by a tap on the tray; the next roll shows again."""
        self.tray_rect: pygame.Rect | None = None
        """Where the tray was last drawn (a tap there puts the roll away)."""
        self.defeat_taken: tuple[object, ...] | None = None
        """The ended chapter whose defeat the table has taken (asked once)."""
        self.summed_up: tuple[object, ...] | None = None
        """The ended chapter whose summary the table has read; the next chapter follows."""
        kept = box.load()
        if kept.problem:
            why = app.tr("The box of card numbers cannot be read; playing without it")
            app.notice(f"{why}: {kept.problem}")

    # -- the contract ----------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.form = None
        self.trail = []
        self.selected = None
        if self.spoken != self.app.language():  # the table changed language in Settings
            self.starting = self.answering = None
            self.spoken = self.app.language()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP:
            self._tap(event.pos)
            return
        panel = self._panel(self.view())
        if not (isinstance(panel, Form) and panel.takes_keys):
            return
        if event.type == pygame.TEXTINPUT:
            panel.type(event.text)
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            panel.type("\b")
            self.dirty = True

    def react(self, events: Sequence[dict[str, Any]]) -> None:
        """Sound, say and show what the table must notice; after exploring, ask for the card.

        A roll stays in the tray, with what it did in words, until the next roll
        or a tap on the tray puts it away; a turn passing (the track shows whose
        it is) leaves its words in place. Undo and Redo close an open form or menu:
        it was built from the state they left, and a question they bring back
        takes the side in its place.
        """
        kinds = {event["type"] for event in events}
        view = self.view()
        said = results.result_line(events, view, self.app.tr)
        if "mm.rolled" in kinds:
            self.roll_hidden, self.roll_words, self.result = False, said, said
        elif kinds & {"undone", "redone"}:
            self.roll_hidden, self.roll_words, self.result = False, "", said
            self.form, self.trail = None, []  # built from the state Undo or Redo left
        elif not (results.passes_turn(events) and self.tray_roll(view) is not None):
            self.result = said
        if "mm.surged" in kinds:
            self.surge = SURGE_SECONDS
            self.app.cues.play("surge")
        elif "mm.chapter_ended" in kinds:
            self.app.cues.play("defeat")
        elif "mm.turn_started" in kinds:
            self.app.cues.play("turn")
        if any(event.get("action") == "explore" for event in events):
            self.trail = []
            self.form = forms.encounter(self.view(), self.submit, self.app.tr, self._show)

    def update(self, dt: float) -> None:
        if self.surge > 0:
            self.surge = max(0.0, self.surge - dt)
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        layout = self.app.layout
        surface.fill(theme.WOOD)
        chrome.draw_bar(
            surface, layout, self._title(view), self._bar(), self._bar_left(), titled=True
        )
        panel = self._panel(view)
        self.tray_rect = None
        if panel is None:
            track, side = self._areas()
            self._draw_tray(surface, view, asking=False)
            self.cards = board.draw_track(surface, layout, track, view, self.app.tr)
            self._draw_board(surface, side, view)
        else:
            area = self._form_area(view, panel)
            full = area == chrome.content(self.app.layout)
            asking = self._asking(view, panel)
            track, side = self._areas(asking)
            self.cards = []
            if not full:
                self._draw_tray(surface, view, asking)
                self.cards = board.draw_track(surface, layout, track, view, self.app.tr)
            if asking:
                self._draw_status(surface, side, view)
            panel.draw(surface, layout, area, self.app.tr)
        if self.surge > 0:
            self._draw_surge(surface)

    def buttons(self) -> list[Button]:
        view = self.view()
        panel = self._panel(view)
        found = self._bar()
        if panel is not None:
            area = self._form_area(view, panel)
            return found + panel.buttons(self.app.layout, area, self.app.tr)
        return found + self._action_buttons(view)

    # -- commands and dice ----------------------------------------------------------

    def submit(self, command: Command) -> bool:
        """Submit ``command``; a roll with the table's own dice first goes to the dice tray.

        With "own dice" on, the camera scene (or, without a camera, its face
        picker) supplies the faces, and the same command is submitted with them.
        """
        if not (self.own_dice and getattr(command, "faces", ()) is None):
            return self.app.submit(command)
        self.app.roll_on_tray("mm-action", command)
        return True

    def _toggle_dice(self) -> None:
        """Our dice on or off, kept in the settings so a restart keeps it."""
        self.own_dice = not self.own_dice
        settings = self.app.settings
        play = replace(settings.play, own_dice=self.own_dice)
        self.app.change_settings(replace(settings, play=play))

    # -- what is shown ---------------------------------------------------------------

    def view(self) -> MiceMysticsView:
        """The table's view of the session, in the shape the rules declare, its names in
        the table's language (see :mod:`.names`)."""
        assert self.app.session is not None
        return names.in_language(cast(MiceMysticsView, self.app.session.table_view()), self.app.tr)

    def _panel(self, view: MiceMysticsView) -> Form | FigurePanel | Ending | None:
        """What takes the right side: a question, an open form, a card's panel, the set-up."""
        if self.form is not None and self.form.closed:
            self.form = self._back(self.form)
        if view["pending"]:
            return self._answer(view)
        if self.form is not None:
            return self.form
        if self.selected:
            panel = figure_panel(
                view, self.selected, self.submit, self._deselect, self.app.tr, self._show
            )
            if panel is not None:
                return panel
        if view["outcome"] != "playing":
            said = self._ending(view)
            if said is not None:
                return said
            if self.starting is None or self.starting.closed:
                self.starting = setup_form(self.view, self.submit, self.app.tr, self._show)
            return self.starting
        return None

    def _ending(self, view: MiceMysticsView) -> Ending | None:
        """A chapter's end, asked once (a defeat; victory was asked before it was given),
        then summed up, until the table goes on to the next chapter."""
        if view["outcome"] not in ("victory", "defeat"):
            return None
        key = (
            view["chapter"],
            view["round"],
            view["outcome"],
            view["outcome_reason"],
            view["chapter_track"]["hourglass"],
        )
        if key == self.summed_up:
            return None
        if view["outcome"] == "defeat" and key != self.defeat_taken:
            return ending.defeat(view, self.app.undo, lambda: self._mark("defeat_taken", key),
                                 self.app.tr)  # fmt: skip
        return ending.summary(view, lambda: self._mark("summed_up", key), self.app.tr)

    def _mark(self, stage: str, key: tuple[object, ...]) -> None:
        setattr(self, stage, key)
        self.starting = None  # the next chapter's form is built from the chapter just ended

    def _answer(self, view: MiceMysticsView) -> Form | FigurePanel | None:
        """The form for the first pending question, kept while that question stands."""
        question = repr(view["pending"][0])
        if self.form is not None:
            return self.form
        if (
            self.answering is None
            or self.answering[0] != question
            or (self.answering[1] is not None and self.answering[1].closed)
        ):
            self.answering = (question, forms.answer(view, self.submit, self.app.tr, self._show))
        return self.answering[1]

    def _show(self, form: Form | FigurePanel) -> None:
        """Open ``form`` from the one open now, which Cancel on it goes back to."""
        if self.form is not None and not self.form.closed:
            self.trail.append(self.form)
        self.form = form

    def _back(self, closed: Form | FigurePanel) -> Form | FigurePanel | None:
        """After ``closed``: the form it was reached from if it was cancelled, else none (a
        confirmed step ends the chain of forms it was in)."""
        if not (isinstance(closed, Form) and closed.cancelled and self.trail):
            self.trail = []
            return None
        back = self.trail.pop()
        back.closed = False
        if isinstance(back, Form):
            back.cancelled = False
        return back

    def _title(self, view: MiceMysticsView) -> tuple[str, ...]:
        """The bar's title, longest first: the chapter where there is room for it beside the
        round, which is always said while the chapter is played."""
        tr = self.app.tr
        if view["outcome"] == "setup":
            return (tr("New chapter"),)
        chapter = view["chapter"] or tr("Chapter")
        if view["outcome"] != "playing":
            return (f"{chapter}: {tr(view['outcome'].upper())}", chapter)
        round_ = f"{tr('Round')} {view['round']}"
        return f"{chapter} · {round_}", round_

    def _bar(self) -> list[Button]:
        layout = self.app.layout
        right = chrome.undo_redo(self.app)
        left = chrome.bar_buttons(layout, [(self.app.tr("Home"), self._home, True)], side="left")
        dice = self._dice_button()
        if not layout.portrait:
            dice.rect.right = right[-1].rect.left - layout.gap
        return left + [dice] + right

    def _dice_button(self) -> Button:
        """ "Our dice": in the bar, or upright (where the bar is full) at the title line's end."""
        layout = self.app.layout
        dice = chrome.bar_buttons(layout, [(self.app.tr("Our dice"), self._toggle_dice, True)])[0]
        dice.selected = self.own_dice
        if layout.portrait:
            chrome.at_title_end(layout, dice)
        return dice

    def _bar_left(self) -> int:
        return chrome.bar_buttons(
            self.app.layout, [(self.app.tr("Home"), self._home, True)], side="left"
        )[0].rect.right

    def _home(self) -> None:
        self.app.goto("home")

    def _deselect(self) -> None:
        self.selected = None

    # -- layout ----------------------------------------------------------------------

    def _areas(self, asking: bool = False) -> tuple[pygame.Rect, pygame.Rect]:
        """(track, side): see :func:`.places.areas`."""
        cards = len(self.view()["track"]) if asking else 0
        return places.areas(self.app.layout, asking, cards)

    def _form_area(self, view: MiceMysticsView, form: Form | FigurePanel | Ending) -> pygame.Rect:
        """Full width for typing or setting up; below the wheel and hourglass for a question."""
        if form.wide or view["outcome"] != "playing":
            return chrome.content(self.app.layout)
        side = self._areas()[1]
        if self._asking(view, form):
            side = self._areas(asking=True)[1]
            top = places.status_height(self.app.layout, compact=True) + self.app.layout.gap
            return pygame.Rect(side.x, side.y + top, side.width, side.height - top)
        return side

    def _asking(self, view: MiceMysticsView, panel: Form | FigurePanel | Ending) -> bool:
        """A question is asked with the wheel, the hourglass and the roll in sight."""
        return bool(view["pending"]) and not panel.wide

    # -- playing ---------------------------------------------------------------------

    def _draw_board(
        self, surface: pygame.Surface, side: pygame.Rect, view: MiceMysticsView
    ) -> None:
        layout = self.app.layout
        wheel, _ = self._draw_status(surface, side, view)
        if not self._minion_turn(view):
            note = pygame.Rect(
                side.x, wheel.bottom, side.width, places.status_height(layout) - wheel.height
            )
            said = self._encounter_line(view)
            widgets.text(surface, said, note, layout.text("small"), theme.CREAM, "bold", "left")
        reminder = self._reminder_area(view)
        if reminder is not None:
            widgets.panel(surface, reminder, theme.WOOD_LIGHT, theme.CHEESE, 2)
            words = reminder.inflate(-layout.gap, -layout.gap)
            widgets.wrapped(
                surface, self._minion_note(view), words, layout.text("small"), theme.CREAM, "bold"
            )
        for button in self._action_buttons(view):
            button.draw(surface, layout.text("body"))

    def _draw_status(
        self, surface: pygame.Surface, side: pygame.Rect, view: MiceMysticsView
    ) -> tuple[pygame.Rect, pygame.Rect]:
        """The cheese wheel and the hourglass; return where they are."""
        layout = self.app.layout
        tr = self.app.tr
        wheel, hourglass = places.status_areas(layout, side)
        board.draw_wheel(surface, layout, wheel, view["wheel"]["cheese"], self._pulse(), tr)
        board.draw_hourglass(surface, layout, hourglass, view["chapter_track"], tr)
        return wheel, hourglass

    def _draw_tray(self, surface: pygame.Surface, view: MiceMysticsView, asking: bool) -> None:
        """The roll in view and what it did, and what the last change did, in words.

        Beside the track while a question is asked, only who rolled is left out
        of the roll's counts: the question says the rest.
        """
        self.tray_rect = places.tray(self.app.layout, asking)
        roll = self.tray_roll(view)
        said = self.tray_words(view)
        if asking and roll is not None:
            said = [board.short_tally(roll, results.name_of(view, roll["actor"]), self.app.tr)]
            font = theme.font("bold", max(board.KEY_TEXT, self.app.layout.text("body")))
            if font.size(said[0])[0] > self.tray_rect.width - self.app.layout.gap:
                said = [board.short_tally(roll, "", self.app.tr)]
        board.draw_tray(surface, self.app.layout, self.tray_rect, roll, self.app.tr, said)

    def tray_roll(self, view: MiceMysticsView) -> LastRoll | None:
        """The roll the tray shows: the last one, until a tap on the tray puts it away."""
        return None if self.roll_hidden else view["last_roll"]

    def tray_words(self, view: MiceMysticsView) -> list[str]:
        """The tray's sentences, the latest last: what the roll in view did, and what a
        later change did (the roll then said by who rolled and what counted)."""
        roll = self.tray_roll(view)
        if roll is None:
            return [self.result] if self.result else []
        tally = board.short_tally(roll, results.name_of(view, roll["actor"]), self.app.tr)
        if self.result and self.result != self.roll_words:
            return [tally, self.result]
        return [self.roll_words or tally]

    def _put_away(self) -> None:
        """A tap on the tray: the roll and the words go, until the next roll or change."""
        self.roll_hidden = True
        self.result = self.roll_words = ""

    def _minion_turn(self, view: MiceMysticsView) -> bool:
        return any(c["current"] and c["side"] == "minion" for c in view["track"])

    def _reminder_area(self, view: MiceMysticsView) -> pygame.Rect | None:
        """On a minion turn, room above the actions for who moves them and whom they attack."""
        if not self._minion_turn(view):
            return None
        area = places.actions_area(self.app.layout, self._areas()[1], self._minion_turn(view))
        cells, _ = self._action_cells()
        return pygame.Rect(area.x, area.y, area.width, cells[-1].top - 4 - area.y)

    def _minion_note(self, view: MiceMysticsView) -> str:
        player = next((h["name"] for h in view["heroes"] if h["id"] == view["minion_player"]), "")
        lead = f"{player}: {self.app.tr('you play the minions.')} " if player else ""
        return lead + " ".join(self.app.tr(note) for note in view["reminders"])

    def _encounter_line(self, view: MiceMysticsView) -> str:
        tr = self.app.tr
        if view["reminders"] and not self._minion_turn(view):
            note = view["reminders"][0]
            return self.app.tr(note)
        found = view["encounter"]
        if not found:
            return tr("No face-up encounter card")
        groups = found["surge"]
        surge = ", ".join(f"{g['count']} {results.name_of(view, g['minion'])}" for g in groups)
        label = tr("Card's surge")
        return f"{label}: {surge or tr('none')}"

    def _action_cells(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """(the nine cells of a mouse's turn, End turn below them): one grid on every turn,
        so a button never moves as the turn passes (see :meth:`_action_buttons`)."""
        layout = self.app.layout
        side = self._areas()[1]
        top = side.y + places.status_height(layout) + layout.gap
        area = pygame.Rect(side.x, top, side.width, side.bottom - top)
        lines = 3
        step = (area.height + 4) // (lines + 1)
        end_turn = pygame.Rect(area.x, area.bottom - step + 4, area.width, step - 4)
        grid = pygame.Rect(area.x, area.y, area.width, end_turn.y - area.y - 4)
        cells = [cell for row in rows(grid, lines, 4) for cell in columns(row, 3, 4)]
        return cells, end_turn

    def _action_buttons(self, view: MiceMysticsView) -> list[Button]:
        """The turn's actions. A mouse's turn fills the grid; a minion turn has Move, Attack
        and Chapter… in the bottom row, where a mouse's turn has them too, the reminder
        above. End turn stays below: a tap on it never lands on another turn's button."""
        legal = set(view["legal"])
        submit, tr = self.submit, self.app.tr
        shared: list[tuple[str, str, Callable[[], object]]] = [
            (cmd.RollMovement.kind, tr("Move"), lambda: submit(cmd.RollMovement()) and None),
            (cmd.Attack.kind, tr("Attack"), self._open(forms.attack)),
            (cmd.DrawEncounter.kind, tr("Chapter…"), self._chapter_menu),
        ]
        entries: list[tuple[str, str, Callable[[], object]]] = []
        if self._mouse_turn(view):
            entries += [
                (cmd.Scurry.kind, tr("Scurry"), lambda: submit(cmd.Scurry()) and None),
                (cmd.Search.kind, tr("Search"), self._open(forms.search)),
                (cmd.Recover.kind, tr("Recover"), lambda: submit(cmd.Recover()) and None),
                (cmd.Explore.kind, tr("Explore"), self._explore),
                (cmd.Mousetrap.kind, tr("Mousetrap"), lambda: submit(cmd.Mousetrap()) and None),
                (cmd.ClimbOut.kind, tr("Water"), self._open(lambda v, s, t: forms.climb_out(s, t))),
            ]
        else:
            shared[1] = (cmd.MinionAttack.kind, tr("Attack"), self._open(forms.minion_attack))
        cells, end_turn = self._action_cells()
        offered = entries + shared
        placed = zip(cells[len(cells) - len(offered) :], offered, strict=True)
        found = [Button(cell, label, act, kind in legal) for cell, (kind, label, act) in placed]
        found.append(
            Button(
                end_turn,
                tr("End turn"),
                lambda: submit(cmd.EndTurn()) and None,
                cmd.EndTurn.kind in legal,
                fill=theme.CHEESE,
            )
        )
        return found

    def _why_not(self, pos: tuple[int, int]) -> bool:
        """A tap on a greyed action says the rules' reason it cannot be taken now (asked of
        the rules alone: nothing is applied or journalled)."""
        view = self.view()
        found = next(
            (b for b in self._action_buttons(view) if not b.enabled and b.rect.collidepoint(pos)),
            None,
        )
        session = self.app.session
        if found is None or session is None:
            return False
        command = self._trial(view).get(found.label)
        if command is None:
            return False
        try:
            session.game.decide(session.state, command, random.Random(0))
        except RuleError as error:
            self.app.notice(refusal(self.app.tr, error))
            return True
        return False

    def _trial(self, view: MiceMysticsView) -> dict[str, Command]:
        """For each action's label, a command that stands for it when asking the rules why not."""
        tr = self.app.tr
        target = (forms.targets(view) or [("none#1", "")])[0][0]
        mice = tuple(h["id"] for h in view["heroes"] if not h["captured"])[:1]
        return {
            tr("Move"): cmd.RollMovement(),
            tr("Scurry"): cmd.Scurry(),
            tr("Search"): cmd.Search("Tile 1"),
            tr("Recover"): cmd.Recover(),
            tr("Explore"): cmd.Explore(tile_clear=True),
            tr("Mousetrap"): cmd.Mousetrap(),
            tr("Water"): cmd.ClimbOut(),
            tr("End turn"): cmd.EndTurn(),
            tr("Attack"): cmd.Attack(target) if self._mouse_turn(view) else cmd.MinionAttack(mice),
        }

    def _mouse_turn(self, view: MiceMysticsView) -> bool:
        return any(c["current"] and c["side"] == "mouse" for c in view["track"])

    def _explore(self) -> None:
        """Explore at once with no minion on the board; else ask whether the tile is clear."""
        view = self.view()
        if any(card["side"] == "minion" for card in view["track"]):
            self.trail = []
            self.form = forms.explore(view, self.submit, self.app.tr)
        else:
            self.submit(cmd.Explore())

    def _chapter_menu(self) -> None:
        """Encounters and the chapter's own events, kept off the main grid."""
        self.trail = []
        self.form = chapter_menu(self.view(), self.submit, self.app.tr, self._show)

    def _open(
        self,
        build: Callable[[MiceMysticsView, Callable[[Command], bool], Callable[[str], str]], Form],
    ) -> Callable[[], None]:
        def opening() -> None:
            self.trail = []
            self.form = build(self.view(), self.submit, self.app.tr)

        return opening

    # -- taps and the surge ----------------------------------------------------------

    def _tap(self, pos: tuple[int, int]) -> None:
        if widgets.press_any(self.buttons(), pos):
            self.dirty = True
            return
        if self.tray_rect is not None and self.tray_rect.collidepoint(pos):
            self._put_away()
            self.dirty = True
            return
        if self._panel(self.view()) is None and self._why_not(pos):
            self.dirty = True
            return
        for rect, card in self.cards:
            if rect.collidepoint(pos):
                self.selected = None if self.selected == card["card"] else card["card"]
                self.dirty = True
                return

    def _pulse(self) -> float:
        return (
            abs(pygame.math.clamp(self.surge, 0, SURGE_SECONDS) % 0.5 - 0.25) * 4
            if self.surge
            else 0.0
        )

    def _draw_surge(self, surface: pygame.Surface) -> None:
        """A banner across the screen that nobody at the table can miss."""
        layout = self.app.layout
        height = layout.px(12)
        band = pygame.Rect(0, (layout.height - height) // 2, layout.width, height)
        pygame.draw.rect(surface, theme.WAX, band)
        pygame.draw.rect(surface, theme.CHEESE, band, 6)
        size = int(layout.text("huge") * (1 + 0.1 * self._pulse()))
        widgets.text(surface, self.app.tr("SURGE!"), band, size, theme.CREAM, "title")
