"""The Mouse Card table screen: the deck, the characters and their fate chips, and a task's draw.

With no task under way the screen shows the deck, each character with its
fate chips and the last result; the GM's buttons on the right (below on a
portrait screen) add characters, set a task, award chips and end a chapter.
A task takes the screen: its cards large and face up, each marked bad or a
success in words and shapes, the successes counted, the odds of the next
draw, and only the steps the rules allow now. The pile is only ever a count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tablekit.rules.game import Command
from tablekit.rules.mouse_card import commands as cmd
from tablekit.ui import chrome, theme, widgets
from tablekit.ui.cards import forms
from tablekit.ui.cards.faces import Shown, back, card
from tablekit.ui.form import Form
from tablekit.ui.host import Host
from tablekit.ui.i18n import mark
from tablekit.ui.layout import columns, rows
from tablekit.ui.scene import Scene
from tablekit.ui.touch import TAP
from tablekit.ui.widgets import Button

Entry = tuple[str, Callable[[], object]]
View = dict[str, Any]

RESULTS = {
    "passed": mark("passed"),
    "failed": mark("failed"),
    "continues": mark("goes on next turn"),
    "abandoned": mark("abandoned"),
}

MODE_NAMES = {"cautious": mark("Cautious"), "broke": mark("Going for broke")}


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
            widgets.press_any(self.buttons(), event.pos)
        elif self.form is not None and self.form.typing:
            if event.type == pygame.TEXTINPUT:
                self.form.type(event.text)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.form.type("\b")
            self.dirty = True

    def react(self, events: Sequence[dict[str, Any]]) -> None:
        """A draw is announced with the reveal cue."""
        if any(event["type"] == "mc.drawn" for event in events):
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
        chrome.draw_bar(surface, layout, self._title(view), bar, bar[0].rect.right)
        if self._open_form() is not None:
            assert self.form is not None
            self.form.draw(surface, layout, layout.content(), self.app.tr)
            return
        info, _ = self._split()
        if view["task"] is not None:
            self._draw_task(surface, info, view)
        else:
            self._draw_table(surface, info, view)
        for button in self._side(view):
            button.draw(surface, layout.text("body"))

    def _title(self, view: View) -> str:
        tr = self.app.tr
        if view["task"] is not None:
            return tr("Turn {number}").format(number=view["task"]["turn"])
        return tr("Chapter {number}").format(number=view["chapter"])

    def _line(self, surface: pygame.Surface, area: pygame.Rect, y: int, words: str,
              colour: tuple[int, int, int] = theme.CREAM, size: str = "body") -> int:  # fmt: skip
        """One line of ``words`` at ``y``; return the y below it."""
        height = self.app.layout.text(size) + self.app.layout.gap // 2
        widgets.text(surface, words, pygame.Rect(area.x, y, area.width, height),
                     self.app.layout.text(size), colour, "bold", "left")  # fmt: skip
        return y + height

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, view: View) -> None:
        tr = self.app.tr
        y = self._deck(surface, area, area.y, view)
        if not view["characters"]:
            y = self._line(surface, area, y, tr("Nobody at the table yet."))
        for character in view["characters"]:
            traits = ", ".join(f"{t['name']} {t['level']}" for t in character["traits"])
            y = self._line(surface, area, y, f"{character['name']}: {traits}")
            y = self._chips(surface, area, y, character["fate"])
        last = view["last"]
        if last is not None:
            y = self._line(surface, area, y + self.app.layout.gap, self._result(last),
                           theme.CHEESE)  # fmt: skip
            if last["bad"]:
                self._line(surface, area, y, self._bad_words(len(last["bad"])), theme.CHEESE)

    def _deck(self, surface: pygame.Surface, area: pygame.Rect, y: int, view: View) -> int:
        """The pile as a face-down card with its count, and the discard's count and top card."""
        layout = self.app.layout
        tr = self.app.tr
        height = layout.text("body") + layout.gap // 2
        pile = pygame.Rect(area.x, y, height * 2 // 3, height)
        back(surface, pile)
        deck = view["deck"]
        words = tr("Deck {left} · discard pile {discard}").format(
            left=deck["left"], discard=len(deck["discard"])
        )
        if deck["discard"]:
            words += " " + tr("(top: {card})").format(card=deck["discard"][-1])
        room = pygame.Rect(pile.right + layout.gap, y, area.right - pile.right - layout.gap,
                           height)  # fmt: skip
        widgets.text(surface, words, room, layout.text("body"), theme.CREAM, "bold", "left")
        return y + height + layout.gap // 2

    def _chips(self, surface: pygame.Surface, area: pygame.Rect, y: int, fate: int) -> int:
        """A character's fate chips, as round chips and as a number."""
        layout = self.app.layout
        height = layout.text("body") + layout.gap // 2
        radius = height // 3
        x = area.x + layout.gap
        words = self.app.tr("Fate chips: {chips}").format(chips=fate)
        drawn = widgets.text(surface, words, pygame.Rect(x, y, area.width // 2, height),
                             layout.text("body"), theme.CHEESE, "bold", "left")  # fmt: skip
        x = drawn.right + layout.gap + radius
        for _ in range(min(fate, 8)):
            pygame.draw.circle(surface, theme.CHEESE, (x, y + height // 2), radius)
            pygame.draw.circle(surface, theme.INK, (x, y + height // 2), radius, 2)
            x += 2 * radius + 4
        return y + height

    def _draw_task(self, surface: pygame.Surface, area: pygame.Rect, view: View) -> None:
        layout = self.app.layout
        tr = self.app.tr
        task = view["task"]
        target = tr("{rank} or better").format(rank=task["target"])
        mode = tr(MODE_NAMES[task["mode"]])
        who = f"{task['character']} · {task['trait']} {task['level']} · {mode}"
        y = self._line(surface, area, area.y, who)
        counts = tr("Successes {total} / {needed} · {target}").format(
            total=task["total"], needed=task["needed"], target=target
        )
        y = self._line(surface, area, y, counts, theme.CHEESE, "heading")
        size = max(28, layout.text("heading"))
        below = 4 * (layout.text("body") + layout.gap // 2) + layout.gap
        height = min(area.bottom - y - below, size * 5)
        y = self._cards(surface, pygame.Rect(area.x, y, area.width, height), task, size)
        y += layout.gap
        if task["bad_drawn"]:
            words = self._bad_words(len(task["bad_drawn"]))
            if task["mode"] == "cautious":
                words += " · " + tr("the draw stops")
            y = self._line(surface, area, y, words, theme.CHEESE)
        y = self._odds(surface, area, y, task)
        self._fate_line(surface, area, y, view)

    def _cards(self, surface: pygame.Surface, area: pygame.Rect, task: View, size: int) -> int:
        """The cards on the table in one row, large; return the y below them."""
        layout = self.app.layout
        shown = [Shown(c["card"], c["bad"], c["cancelled"], c["success"]) for c in task["table"]]
        if not shown:
            words = self.app.tr("No card drawn yet this turn.")
            return self._line(surface, area, area.y, words)
        width = min(area.height * 5 // 7, (area.width + layout.gap) // len(shown) - layout.gap)
        for index, face in enumerate(shown):
            rect = pygame.Rect(area.x + index * (width + layout.gap), area.y, width, area.height)
            card(surface, rect, face, size, self.app.tr)
        return area.bottom

    def _odds(self, surface: pygame.Surface, area: pygame.Rect, y: int, task: View) -> int:
        """The chances of the rest of this turn's draw in the task's mode, or why there are none."""
        tr = self.app.tr
        if not task["draws_left"]:
            return self._line(surface, area, y, tr("No more cards this turn."))
        odds = task["odds"][task["mode"]]
        words = tr("Next: {enough} enough, {bad} a bad card").format(
            enough=_percent(odds["success"]), bad=_percent(odds["bad"])
        )
        if not task["odds"]["exact"]:
            words += " " + tr("(an estimate)")
        return self._line(surface, area, y, words)

    def _fate_line(self, surface: pygame.Surface, area: pygame.Rect, y: int, view: View) -> None:
        tr = self.app.tr
        chips = ", ".join(f"{c['name']} {c['fate']}" for c in view["characters"])
        y = self._deck(surface, area, y, view)
        self._line(surface, area, y, tr("Fate chips: {chips}").format(chips=chips))

    def _result(self, last: View) -> str:
        tr = self.app.tr
        result = RESULTS[last["result"]]
        return (
            f"{last['character']}, {last['trait']}: {tr(result)} "
            f"({last['total']} / {last['needed']})"
        )

    def _bad_words(self, count: int) -> str:
        tr = self.app.tr
        if count == 1:
            return tr("1 bad card")
        return tr("{count} bad cards: the trouble is worse").format(count=count)

    # -- buttons ---------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        if self._open_form() is not None:
            assert self.form is not None
            area = self.app.layout.content()
            return self._bar() + self.form.buttons(self.app.layout, area, self.app.tr)
        return self._bar() + self._side(self.view())

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
        left = chrome.bar_buttons(layout, [(tr("Home"), self._home, True)], side="left")
        return left + right

    def _home(self) -> None:
        self.app.goto("home")

    def _split(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The information and the buttons: side by side, or stacked on a portrait screen."""
        layout = self.app.layout
        area = layout.content()
        if layout.portrait:
            top = pygame.Rect(area.x, area.y, area.width, area.height * 3 // 5)
            bottom = pygame.Rect(area.x, top.bottom + layout.gap, area.width,
                                 area.bottom - top.bottom - layout.gap)  # fmt: skip
            return top, bottom
        width = area.width * 2 // 3
        left = pygame.Rect(area.x, area.y, width - layout.gap, area.height)
        right = pygame.Rect(left.right + 2 * layout.gap, area.y,
                            area.right - left.right - 2 * layout.gap, area.height)  # fmt: skip
        return left, right

    def _side(self, view: View) -> list[Button]:
        entries = self._task_steps(view) if view["task"] else self._table_steps(view)
        layout = self.app.layout
        area = self._split()[1]
        fit = max(1, (area.height + layout.gap) // (layout.touch + layout.gap))
        count = (len(entries) + fit - 1) // fit
        cells = [
            cell
            for column in columns(area, max(1, count), layout.gap)
            for cell in rows(column, fit, layout.gap, layout.touch)
        ]
        primary = {self.app.tr("Draw"), self.app.tr("Draw all"), self.app.tr("Task check…")}
        return [
            Button(
                cell, label, action, fill=theme.CHEESE if label in primary else theme.PARCHMENT
            )  # fmt: skip
            for cell, (label, action) in zip(cells, entries, strict=False)
        ]

    def _table_steps(self, view: View) -> list[Entry]:
        tr = self.app.tr
        legal = set(view["legal"])
        steps: list[Entry] = [(tr("New character…"), self._new_character)]
        if "mc.begin_task" in legal:
            steps.append((tr("Task check…"), self._task))
        if view["characters"]:
            steps.append((tr("Award fate…"), self._award))
        if "mc.deus_ex_machina" in legal:
            steps.append((tr("Deus ex machina…"), self._miracle))
        steps.append((tr("End chapter"), lambda: self.submit(cmd.EndChapter())))
        return steps

    def _task_steps(self, view: View) -> list[Entry]:
        tr = self.app.tr
        legal = set(view["legal"])
        task = view["task"]
        steps: list[Entry] = []
        if "mc.draw" in legal:
            label = tr("Draw") if task["mode"] == "cautious" else tr("Draw all")
            steps.append((label, lambda: self.submit(cmd.Draw())))
        bad = [card for card in task["bad_drawn"]]
        if bad and task["aces_left"]:
            steps.append((tr("Ace: cancel"), lambda: self.submit(cmd.Cancel(bad[0], "ace"))))
        fate = next(c["fate"] for c in view["characters"] if c["name"] == task["character"])
        if bad and fate:
            steps.append((tr("Chip: cancel"), lambda: self.submit(cmd.Cancel(bad[0], "fate"))))
        if "mc.spend_fate" in legal:
            steps.append((tr("Chip: +1 success"), lambda: self.submit(cmd.SpendFate())))
        if "mc.end_turn" in legal:
            steps.append((tr("End turn"), lambda: self.submit(cmd.EndTurn())))
        steps.append((tr("Abandon"), lambda: self.submit(cmd.AbandonTask())))
        return steps

    # -- forms -----------------------------------------------------------------------

    def _open_form(self) -> Form | None:
        if self.form is not None and self.form.closed:
            self.form = None
        return self.form

    def submit(self, command: Command) -> bool:
        return self.app.submit(command)

    def _new_character(self) -> None:
        self.form = forms.new_character(self.submit, self.app.tr)

    def _pick(self, title: str, then: Callable[[str], None], fate: bool = False) -> None:
        """Ask who first when more than one character could be meant."""
        view = self.view()
        names = [c["name"] for c in view["characters"] if c["fate"] or not fate]
        if len(names) == 1:
            then(names[0])
        else:
            self.form = forms.who(view, self.app.tr, then, title, fate)

    def _task(self) -> None:
        def then(name: str) -> None:
            self.form = forms.task(self.view(), name, self.submit, self.app.tr)

        self._pick(self.app.tr("Task check"), then)

    def _award(self) -> None:
        def then(name: str) -> None:
            self.form = forms.award(name, self.submit, self.app.tr)

        self._pick(self.app.tr("Award fate chips"), then)

    def _miracle(self) -> None:
        def then(name: str) -> None:
            self.form = forms.miracle(name, self.submit, self.app.tr)

        self._pick(self.app.tr("Deus ex machina"), then, fate=True)


def _percent(chance: float) -> str:
    return f"{chance * 100:.0f}%"
