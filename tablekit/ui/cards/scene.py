"""The Mouse Card table screen: the deck, the characters and their fate chips, and a task's draw.

With no task under way the screen shows the deck, each character with its
fate chips and the last result; the GM's buttons on the right (below on a
portrait screen) add characters, set a task, award chips and end a chapter.
A task takes the screen: its cards large and face up, each marked bad or a
success in words and shapes, the successes counted and the odds of the next
draw. The pile is only ever a count. A turn's cards stay in view with its
result in words until the next draw: on the next turn of an extended task
until its first card, and on the table once the task is over until the next
task is set.

Buttons never move under a finger: each phase (the table, a task) has its
buttons in fixed places; one that cannot be used now stays there greyed, and
a tap on it says why. A form opens beside them and leaves them greyed in
their places, unless its page types: the keys need the whole screen, and New
character…, whose form starts typing, sits where that form has only its
title. The cell below the side's buttons, under a full-width form's confirm,
holds End turn in a task (greyed until a card is drawn) and nothing on the
table: End turn, which may end the task, leaves nothing in its place, and a
second tap on such a confirm meets nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from tablekit.rules.cards import Card, rank_value
from tablekit.rules.game import Command
from tablekit.rules.mouse_card import commands as cmd
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.cards import forms, spread
from tablekit.ui.cards.faces import Shown, back, card_words, rank_letter
from tablekit.ui.form import Form
from tablekit.ui.host import Host
from tablekit.ui.i18n import mark
from tablekit.ui.layout import columns, rows
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

Entry = tuple[str, Callable[[], object], str]
"""A side button: its label, its action, and why it cannot be used now ("" when it can)."""
View = dict[str, Any]

RESULTS = {
    "passed": mark("passed"),
    "failed": mark("failed"),
    "continues": mark("goes on next turn"),
    "abandoned": mark("abandoned"),
}

MODE_NAMES = {"cautious": mark("Cautious"), "broke": mark("Going for broke")}

SIDE = 5
"""The most buttons a phase has in the side's cells clear of a form's navigation row."""

MOST_COLUMNS = 4
"""The side's columns at most, on a screen too short for its buttons in fewer."""


@dataclass
class Step(Button):
    """A side button; greyed, it keeps its place, and a tap on it shows ``why``."""

    why: str = ""


class MouseCardScene(Scene):
    """Plays a Mouse Card session."""

    name = "mouse-card"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.form: Form | None = None

    def enter(self) -> None:
        super().enter()
        self.form = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == TAP:
            self.dirty = True
            found = self.buttons()
            if not widgets.press_any(found, event.pos):
                self._explain(found, event.pos)
        elif self.form is not None and self.form.typing:
            if event.type == pygame.TEXTINPUT and event.text.isprintable():
                self.form.type(event.text)  # a command's texts hold no control characters
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.form.type("\b")
            self.dirty = True

    def _explain(self, found: list[Button], pos: tuple[int, int]) -> None:
        """A tap on a greyed side button says why it cannot be used now."""
        for button in found:
            if isinstance(button, Step) and button.why and button.rect.collidepoint(pos):
                self.app.notice(button.why)
                return

    def react(self, events: Sequence[dict[str, Any]]) -> None:
        """A draw is announced with the reveal cue. Undo and Redo close an open form: it
        was filled in for the phase they left (a Deus ex machina begun on the table, then
        approved inside the task an Undo brought back, would leave End turn under the
        finger)."""
        kinds = {event["type"] for event in events}
        if kinds & {"undone", "redone"}:
            self.form = None
        if "mc.drawn" in kinds:
            self.app.cues.play("reveal")

    def view(self) -> View:
        assert self.app.session is not None
        return dict(self.app.session.table_view())

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        layout = self.app.layout
        surface.fill(theme.WOOD)
        bar = self._bar()
        chrome.draw_bar(surface, layout, self._title(view), bar, bar[0].rect.right, titled=True)
        form = self._open_form()
        if form is not None:
            form.draw(surface, layout, self._form_area(form), self.app.tr)
        elif view["task"] is not None:
            self._draw_task(surface, self._split()[0], view)
        else:
            self._draw_table(surface, self._split()[0], view)
        for button in self._side(view, form):
            button.draw(surface, layout.text("body"))

    def _title(self, view: View) -> str:
        tr = self.app.tr
        if view["task"] is not None:
            return tr("Turn {number}").format(number=view["task"]["turn"])
        return tr("Chapter {number}").format(number=view["chapter"])

    def _line(self, surface: pygame.Surface, area: pygame.Rect, y: int, words: str,
              colour: tuple[int, int, int] = theme.CREAM, size: str = "body") -> int:  # fmt: skip
        """``words`` from ``y``, broken onto as many lines as they need at the style's own
        size (never smaller); return the y below them."""
        px = self.app.layout.text(size)
        height = px + self.app.layout.gap // 2
        for line in widgets.lines_of(words, theme.font("bold", px), area.width):
            widgets.text(surface, line, pygame.Rect(area.x, y, area.width, height), px, colour,
                         "bold", "left")  # fmt: skip
            y += height
        return y

    def _tall(self, words: str, width: int, size: str = "body") -> int:
        """How tall :meth:`_line` draws ``words`` in ``width``."""
        px = self.app.layout.text(size)
        lines = widgets.lines_of(words, theme.font("bold", px), width)
        return len(lines) * (px + self.app.layout.gap // 2)

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, view: View) -> None:
        """The deck; the last task's result in words and its last turn's cards, until the
        next task is set; then everyone at the table with their traits and fate chips. When
        the cards would not fit beside it all, the deck and the characters' names and chips
        follow them on a line or two, as in a task, and the traits wait for the task form."""
        tr = self.app.tr
        layout = self.app.layout
        last = view["last"]
        said = [] if last is None else [self._result(last)]
        if last is not None and last["bad"]:
            said.append(self._bad_words(len(last["bad"])))
        shown = [] if last is None else self._last_shown(last, None)
        deck = self._deck(None, area, 0, self._deck_words(view))
        people = self._people(None, area, 0, view)
        above = sum(self._tall(words, area.width) for words in said)
        least = spread.least_height(shown, area.width, layout, tr) if shown else 0
        full = not shown or area.height - deck - above - people - layout.gap >= least
        y = self._deck(surface, area, area.y, self._deck_words(view)) if full else area.y
        for words in said:
            y = self._line(surface, area, y, words, theme.CHEESE)
        if shown:
            below = people if full else self._flow(None, area, 0, view)
            room = pygame.Rect(area.x, y, area.width, area.bottom - below - layout.gap // 2 - y)
            y = spread.lay_out(surface, room, shown, layout, tr) + layout.gap // 2
        if not full:
            self._flow(surface, area, y, view)
            return
        if not view["characters"]:
            self._line(surface, area, y, tr("Nobody at the table yet."))
        self._people(surface, area, y, view)

    def _people(self, surface: pygame.Surface | None, area: pygame.Rect, y: int,
                view: View) -> int:  # fmt: skip
        """Each character's name and traits, and their fate chips after them (on the same line
        if they fit there); return the y below (the height, drawing nothing, without a
        ``surface``)."""
        layout = self.app.layout
        px = layout.text("body")
        height = px + layout.gap // 2
        font = theme.font("bold", px)
        top = y
        for character in view["characters"]:
            traits = ", ".join(f"{t['name']} {t['level']}" for t in character["traits"])
            words = f"{character['name']}: {traits}"
            lines = widgets.lines_of(words, font, area.width)
            if surface is not None:
                self._line(surface, area, y, words)
            y += len(lines) * height
            chips = self._chips(None, area, 0, character["fate"])
            dot = font.size(" · ")[0]
            after = area.x + font.size(lines[-1])[0] + dot
            if after + chips <= area.right:
                if surface is not None:
                    between = pygame.Rect(after - dot, y - height, dot, height)
                    widgets.text(surface, "·", between, px, theme.CREAM)
                    self._chips(surface, area, y - height, character["fate"], after)
            else:
                if surface is not None:
                    self._chips(surface, area, y, character["fate"], area.x + layout.gap)
                y += height
        return y - top

    def _deck_words(self, view: View, top: bool = True) -> str:
        """The pile's count and the discard's, and (if ``top``) the discard's top card."""
        deck = view["deck"]
        words = self.app.tr("Deck {left} · discard pile {discard}").format(
            left=deck["left"], discard=len(deck["discard"])
        )
        if top and deck["discard"]:
            named = card_words(deck["discard"][-1], self.app.tr).replace(" ", "\u00a0")  # one piece
            words += " " + self.app.tr("(top: {card})").format(card=named)
        return words

    def _deck(self, surface: pygame.Surface | None, area: pygame.Rect, y: int, words: str) -> int:
        """The pile as a face-down card beside ``words`` (its count, the discard's); return the
        y below (without a ``surface``, only measure)."""
        layout = self.app.layout
        height = layout.text("body") + layout.gap // 2
        pile = pygame.Rect(area.x, y, height * 2 // 3, height)
        room = pygame.Rect(pile.right + layout.gap, y, area.right - pile.right - layout.gap,
                           area.bottom - y)  # fmt: skip
        if surface is None:
            return y + self._tall(words, room.width) + layout.gap // 2
        back(surface, pile)
        return self._line(surface, room, y, words) + layout.gap // 2

    def _chips(self, surface: pygame.Surface | None, area: pygame.Rect, y: int, fate: int,
               x: int | None = None) -> int:  # fmt: skip
        """A character's fate chips from ``x``, as a number and as round chips beside it (as
        many as fit, up to 8); return how wide (drawing nothing without a ``surface``)."""
        layout = self.app.layout
        px = layout.text("body")
        height = px + layout.gap // 2
        radius = height // 3
        start = area.x + layout.gap if x is None else x
        words = self.app.tr("Fate chips: {chips}").format(chips=fate)
        width = theme.font("bold", px).size(words)[0]
        if surface is not None:
            room = pygame.Rect(start, y, area.right - start, height)
            widgets.text(surface, words, room, px, theme.CHEESE, "bold", "left")
        right = start + width
        at = right + layout.gap + radius
        for _ in range(min(fate, 8)):
            if at + radius > area.right:
                break
            if surface is not None:
                pygame.draw.circle(surface, theme.CHEESE, (at, y + height // 2), radius)
                pygame.draw.circle(surface, theme.INK, (at, y + height // 2), radius, 2)
            right = at + radius
            at += 2 * radius + 4
        return right - start

    def _draw_task(self, surface: pygame.Surface, area: pygame.Rect, view: View) -> None:
        """Who draws and the count at the top; the cards as large as the room below allows,
        with their key (before this turn's first card, the last turn's, under its result);
        then the bad cards or the odds; last the deck and everyone's chips."""
        layout = self.app.layout
        tr = self.app.tr
        task = view["task"]
        target = tr("{rank} or better").format(rank=rank_letter(task["target"], tr))
        named = MODE_NAMES[task["mode"]]
        mode = tr(named)
        who = f"{task['character']} · {task['trait']} {task['level']} · {mode}"
        y = self._line(surface, area, area.y, who)
        counts = tr("Successes {total} / {needed} · {target}").format(
            total=task["total"], needed=task["needed"], target=target
        )
        y = self._line(surface, area, y, counts, theme.CHEESE, "heading")
        after = self._after_cards(task)
        below = self._tall(after, area.width) + self._flow(None, area, 0, view) + layout.gap
        shown = self._shown(task)
        last = view["last"]
        if not shown and last is not None and last["cards"]:
            turn = tr("Turn {number}").format(number=task["turn"] - 1)
            y = self._line(surface, area, y, f"{turn}: {self._said(last)}", theme.CHEESE)
            shown = self._last_shown(last, task)
        if shown:
            room = pygame.Rect(area.x, y, area.width, area.bottom - y - below)
            y = spread.lay_out(surface, room, shown, layout, tr)
        else:
            y = self._line(surface, area, y, tr("No card drawn yet this turn."))
        y = self._line(surface, area, y + layout.gap // 2, after, theme.CHEESE)
        self._flow(surface, area, y, view)

    def _shown(self, task: View) -> list[Shown]:
        return [Shown(c["card"], c["bad"], c["cancelled"], c["success"]) for c in task["table"]]

    def _last_shown(self, last: View, task: View | None) -> list[Shown]:
        """The last turn's cards: in a task that goes on, each with its verdict; once the task
        is over, its bad cards whose effect stood (all the view keeps of which were what)."""
        stood = set(last["bad"])
        if task is None:
            return [Shown(code, bad=code in stood) for code in last["cards"]]
        bad, target = set(task["bad_cards"]), rank_value(task["target"])
        return [
            Shown(
                code,
                code in bad,
                code in bad and code not in stood,
                code not in bad and Card.parse(code).value >= target,
            )
            for code in last["cards"]
        ]

    def _flow(self, surface: pygame.Surface | None, area: pygame.Rect, y: int, view: View) -> int:
        """The pile, its count and the discard's, then each character's name, a chip and their
        chips' count, one after another and onto the next line whole; return the height (and
        draw only when given a ``surface``)."""
        layout = self.app.layout
        px = layout.text("body")
        font = theme.font("bold", px)
        height = px + layout.gap // 2
        radius = px * 2 // 5
        pieces = [(self._deck_words(view, top=False), 0, "")]
        pieces += [(c["name"], 2 * radius + layout.gap // 2, str(c["fate"]))
                   for c in view["characters"]]  # fmt: skip
        x, top = area.x + height * 2 // 3 + layout.gap, y
        if surface is not None:
            back(surface, pygame.Rect(area.x, y, height * 2 // 3, height))
        for number, (name, chip, count) in enumerate(pieces):
            words = name if not count else f"{name} "
            width = font.size(words)[0] + chip + font.size(count)[0]
            if number and x + width > area.right:
                x, y = area.x, y + height
            elif number and surface is not None:
                dot = pygame.Rect(x - font.size(" · ")[0], y, font.size(" · ")[0], height)
                widgets.text(surface, "·", dot, px, theme.CREAM)
            if surface is not None:
                room = pygame.Rect(x, y, area.right - x, height)
                drawn = widgets.text(surface, words, room, px, theme.CREAM, "bold", "left")
                if chip:
                    centre = (drawn.right + radius + 2, drawn.centery)
                    pygame.draw.circle(surface, theme.CHEESE, centre, radius)
                    pygame.draw.circle(surface, theme.INK, centre, radius, 2)
                    room = pygame.Rect(drawn.right + chip, y, area.right - drawn.right - chip,
                                       height)  # fmt: skip
                    widgets.text(surface, count, room, px, theme.CHEESE, "bold", "left")
            x += width + font.size(" · ")[0]
        return y + height - top

    def _after_cards(self, task: View) -> str:
        """Below the cards: the bad cards that stopped the draw, or the next draw's odds."""
        tr = self.app.tr
        if task["bad_drawn"]:
            return self._bad_words(len(task["bad_drawn"])) + " · " + tr("the draw stops")
        if not task["draws_left"]:
            return tr("No more cards this turn.")
        odds = task["odds"][task["mode"]]
        words = tr("Next: {enough} enough, {bad} a bad card").format(
            enough=_percent(odds["success"]), bad=_percent(odds["bad"])
        )
        if not task["odds"]["exact"]:
            words += " " + tr("(an estimate)")
        return words

    def _result(self, last: View) -> str:
        """Who drew with what, and how it went in words: "Saxon, Scout: passed (1 / 1)"."""
        return f"{last['character']}, {last['trait']}: {self._said(last)}"

    def _said(self, last: View) -> str:
        result = RESULTS[last["result"]]
        return f"{self.app.tr(result)} ({last['total']} / {last['needed']})"

    def _bad_words(self, count: int) -> str:
        tr = self.app.tr
        if count == 1:
            return tr("1 bad card")
        return tr("{count} bad cards: the trouble is worse").format(count=count)

    # -- buttons ---------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        form = self._open_form()
        side = self._side(self.view(), form)
        if form is None:
            return [*self._bar(), *side]
        area = self._form_area(form)
        return [*self._bar(), *form.buttons(self.app.layout, area, self.app.tr), *side]

    def _form_area(self, form: Form) -> pygame.Rect:
        """A page that types takes the whole screen below the bar, for the keys; any other
        takes the information's place and leaves the side's buttons where they were, greyed,
        so nothing of the form opens under the finger that opened it."""
        if form.typing:
            return chrome.content(self.app.layout)
        return self._split()[0]

    def _bar(self) -> list[Button]:
        layout = self.app.layout
        tr = self.app.tr
        right = chrome.undo_redo(self.app)
        left = chrome.bar_buttons(layout, [(tr("Home"), self._home, True)], side="left")
        return left + right

    def _home(self) -> None:
        self.app.goto("home")

    def _split(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The information and the buttons: side by side, or stacked on a portrait screen."""
        layout = self.app.layout
        area = chrome.content(layout)
        if layout.portrait:
            top = pygame.Rect(area.x, area.y, area.width, area.height * 2 // 3)
            bottom = pygame.Rect(area.x, top.bottom + layout.gap, area.width,
                                 area.bottom - top.bottom - layout.gap)  # fmt: skip
            return top, bottom
        width = area.width * 2 // 3
        left = pygame.Rect(area.x, area.y, width - layout.gap, area.height)
        right = pygame.Rect(left.right + 2 * layout.gap, area.y,
                            area.right - left.right - 2 * layout.gap, area.height)  # fmt: skip
        return left, right

    def _side(self, view: View, form: Form | None = None) -> list[Step]:
        """The phase's buttons, each in its own cell whatever can be used now; End turn in
        the cell under a form's confirm button (see :meth:`_cells`). Beside an open ``form``
        they are all greyed; none while a page types across the whole screen."""
        if form is not None:
            if form.typing:
                return []
            busy = self.app.tr("First finish the form, or cancel it")
            return [replace(b, enabled=False, why=busy) for b in self._side(view)]
        clear, spare = self._cells()
        task = view["task"]
        placed = list(zip(clear, self._task_steps(view) if task else self._table_steps(view),
                          strict=False))  # fmt: skip
        if task is not None and spare is not None:
            placed.append((spare, self._end_turn(view)))
        primary = {self.app.tr("Draw"), self.app.tr("Draw all"), self.app.tr("Task check…")}
        return [
            Step(
                cell,
                label,
                action,
                enabled=not why,
                why=why,
                fill=theme.CHEESE if label in primary else theme.PARCHMENT,
            )
            for cell, (label, action, why) in placed
        ]

    def _cells(self) -> tuple[list[pygame.Rect], pygame.Rect | None]:
        """The side's cells clear of a full-width form's navigation row, in order, and the
        one cell kept for End turn: under that form's confirm button, where a second tap on
        it lands once the form is gone, else the next clear cell; the table leaves it empty.
        The fewest columns that hold both."""
        layout = self.app.layout
        area = self._split()[1]
        navigation = Form("", [[]], lambda values: True).buttons(
            layout, chrome.content(layout), self.app.tr
        )
        confirm = navigation[-1].rect
        row = navigation[0].rect.union(confirm)
        fit = max(1, (area.height + layout.gap) // (layout.touch + layout.gap))
        for count in range(1, MOST_COLUMNS + 1):
            cells = [
                cell
                for column in columns(area, count, layout.gap)
                for cell in rows(column, fit, layout.gap, layout.touch)
            ]
            clear = [cell for cell in cells if not cell.colliderect(row)]
            under = [cell for cell in cells if cell.colliderect(confirm)]
            spare = under[0] if under else (clear[SIDE] if len(clear) > SIDE else None)
            if len(clear) >= SIDE and spare is not None:
                break
        return clear[:SIDE], spare

    def _table_steps(self, view: View) -> list[Entry]:
        tr = self.app.tr
        legal = set(view["legal"])
        nobody = tr("Nobody at the table yet: add a character first")
        return [
            (tr("New character…"), self._new_character, ""),
            (tr("Task check…"), self._task, "" if cmd.BeginTask.kind in legal else nobody),
            (tr("Award fate…"), self._award, "" if cmd.AwardFate.kind in legal else nobody),
            (tr("Deus ex machina…"), self._miracle,
             "" if cmd.DeusExMachina.kind in legal else tr("Nobody has a fate chip to spend")),
            (tr("End chapter"), lambda: self.submit(cmd.EndChapter()), ""),
        ]  # fmt: skip

    def _task_steps(self, view: View) -> list[Entry]:
        """Draw, the two ways to cancel a bad card, a chip for a success, and Abandon…"""
        tr = self.app.tr
        legal = set(view["legal"])
        task = view["task"]
        name = task["character"]
        bad = list(task["bad_drawn"])
        fate = next(c["fate"] for c in view["characters"] if c["name"] == name)
        no_bad = tr("No bad card to cancel")
        no_chip = tr("{name} has no fate chip to spend").format(name=name)
        no_ace = tr("No ace on the table is left to cancel with")
        label = tr("Draw") if task["mode"] == "cautious" else tr("Draw all")
        return [
            (label, lambda: self.submit(cmd.Draw()),
             "" if cmd.Draw.kind in legal else self._no_draw(view)),
            (tr("Ace: cancel"), lambda: self.submit(cmd.Cancel(bad[0], "ace")),
             "" if bad and task["aces_left"] else (no_ace if bad else no_bad)),
            (tr("Chip: cancel"), lambda: self.submit(cmd.Cancel(bad[0], "fate")),
             "" if bad and fate else (no_chip if bad else no_bad)),
            (tr("Chip: +1 success"), lambda: self.submit(cmd.SpendFate()),
             "" if cmd.SpendFate.kind in legal else no_chip),
            (tr("Abandon…"), self._abandon, ""),
        ]  # fmt: skip

    def _end_turn(self, view: View) -> Entry:
        why = (
            ""
            if cmd.EndTurn.kind in view["legal"]
            else self.app.tr("Draw at least one card before ending the turn")
        )
        return self.app.tr("End turn"), lambda: self.submit(cmd.EndTurn()), why

    def _no_draw(self, view: View) -> str:
        """Why no card can be drawn now, in the rules' own words."""
        tr = self.app.tr
        task = view["task"]
        if task["bad_drawn"]:
            return tr("A bad card stopped {name}'s draw; cancel it or end the turn").format(
                name=task["character"]
            )
        if not task["draws_left"]:
            return tr("{name} has drawn every card this turn allows").format(name=task["character"])
        left = view["deck"]["left"] + len(view["deck"]["discard"])
        return tr("The deck and the discard hold only {left} cards").format(left=left)

    # -- forms -----------------------------------------------------------------------

    def _open_form(self) -> Form | None:
        if self.form is not None and self.form.closed:
            self.form = None
        return self.form

    def submit(self, command: Command) -> bool:
        return self.app.submit(command)

    def _new_character(self) -> None:
        self.form = forms.new_character(self.submit, self.app.tr)

    def _task(self) -> None:
        """The task check for the only character, or for the one the GM picks first."""

        def then(name: str) -> None:
            now = self.view()
            known = [c["name"] for c in now["characters"]]
            if name in known:
                self.form = forms.task(now, name, self.submit, self.app.tr)
            else:  # Undo took them away while the question was open
                missing = self.app.tr("There is no {name} at the table ({known})")
                self.app.notice(missing.format(name=name, known=", ".join(known)))

        view = self.view()
        names = [c["name"] for c in view["characters"]]
        if len(names) == 1:
            then(names[0])
        else:
            self.form = forms.who(view, self.app.tr, then, self.app.tr("Task check"))

    def _award(self) -> None:
        self.form = forms.award(self.view(), self.submit, self.app.tr)

    def _miracle(self) -> None:
        self.form = forms.miracle(self.view(), self.submit, self.app.tr)

    def _abandon(self) -> None:
        task = self.view()["task"]
        self.form = forms.abandon(task["character"], self.submit, self.app.tr)


def _percent(chance: float) -> str:
    return f"{chance * 100:.0f}%"
