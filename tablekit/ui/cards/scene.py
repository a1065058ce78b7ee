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
from tablekit.ui.cards.faces import VERDICTS, Shown, back, card, key, least_size, worded
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

KEY = 28
"""At 800x480 the cards' ranks and verdicts are read across the table: never under this."""

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
            if event.type == pygame.TEXTINPUT and event.text.isprintable():
                self.form.type(event.text)  # a command's texts hold no control characters
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
        chrome.draw_bar(surface, layout, self._title(view), bar, bar[0].rect.right, titled=True)
        if self._open_form() is not None:
            assert self.form is not None
            self.form.draw(surface, layout, chrome.content(layout), self.app.tr)
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
        tr = self.app.tr
        y = self._deck(surface, area, area.y, self._deck_words(view))
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

    def _deck_words(self, view: View) -> str:
        deck = view["deck"]
        words = self.app.tr("Deck {left} · discard pile {discard}").format(
            left=deck["left"], discard=len(deck["discard"])
        )
        if deck["discard"]:
            words += " " + self.app.tr("(top: {card})").format(card=deck["discard"][-1])
        return words

    def _deck(self, surface: pygame.Surface, area: pygame.Rect, y: int, words: str) -> int:
        """The pile as a face-down card beside ``words`` (its count, the discard's)."""
        layout = self.app.layout
        height = layout.text("body") + layout.gap // 2
        pile = pygame.Rect(area.x, y, height * 2 // 3, height)
        back(surface, pile)
        room = pygame.Rect(pile.right + layout.gap, y, area.right - pile.right - layout.gap,
                           area.bottom - y)  # fmt: skip
        return self._line(surface, room, y, words) + layout.gap // 2

    def _chips(self, surface: pygame.Surface, area: pygame.Rect, y: int, fate: int) -> int:
        """A character's fate chips, as a number and as round chips beside it (when they fit)."""
        layout = self.app.layout
        height = layout.text("body") + layout.gap // 2
        radius = height // 3
        x = area.x + layout.gap
        words = self.app.tr("Fate chips: {chips}").format(chips=fate)
        drawn = widgets.text(surface, words, pygame.Rect(x, y, area.right - x, height),
                             layout.text("body"), theme.CHEESE, "bold", "left")  # fmt: skip
        x = drawn.right + layout.gap + radius
        for _ in range(min(fate, 8)):
            if x + radius > area.right:
                break
            pygame.draw.circle(surface, theme.CHEESE, (x, drawn.centery), radius)
            pygame.draw.circle(surface, theme.INK, (x, drawn.centery), radius, 2)
            x += 2 * radius + 4
        return y + height

    def _draw_task(self, surface: pygame.Surface, area: pygame.Rect, view: View) -> None:
        """Who draws and the count at the top; the cards as large as the room below allows,
        with their key; then the bad cards or the odds; last the deck and everyone's chips."""
        layout = self.app.layout
        tr = self.app.tr
        task = view["task"]
        target = tr("{rank} or better").format(rank=task["target"])
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
        y = self._cards(surface, pygame.Rect(area.x, y, area.width, area.bottom - y - below),
                        task)  # fmt: skip
        y = self._line(surface, area, y + layout.gap // 2, after, theme.CHEESE)
        self._flow(surface, area, y, view)

    def _flow(self, surface: pygame.Surface | None, area: pygame.Rect, y: int, view: View) -> int:
        """The pile, its count and the discard's, then each character's name, a chip and their
        chips' count, one after another and onto the next line whole; return the height (and
        draw only when given a ``surface``)."""
        layout = self.app.layout
        px = layout.text("body")
        font = theme.font("bold", px)
        height = px + layout.gap // 2
        radius = px * 2 // 5
        pieces = [(self._deck_words(view), 0, "")]
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

    def card_size(self) -> int:
        """The px of a card's rank and verdict: the body's size, and never under 28."""
        return max(KEY, self.app.layout.text("body"))

    def _cards(self, surface: pygame.Surface, area: pygame.Rect, task: View) -> int:
        """This turn's cards in rows, each as large as the room allows at its 5:7 shape or
        squatter, their rank and verdict at :meth:`card_size` whatever their number; the
        verdicts' words on the cards if they fit, else in a key below them. Return the y
        below it all."""
        tr = self.app.tr
        shown = [Shown(c["card"], c["bad"], c["cancelled"], c["success"]) for c in task["table"]]
        if not shown:
            return self._line(surface, area, area.y, tr("No card drawn yet this turn."))
        size = self.card_size()
        verdicts = [v for v in VERDICTS if any(s.verdict == v for s in shown)]
        key_height = key(None, area, 0, verdicts, size, tr, theme.CREAM)
        places = self._widened(area, self._grid(area, shown, size), shown, size)
        words = worded(shown, places[0].width, size, tr)
        if verdicts and not words:
            short = pygame.Rect(area.x, area.y, area.width, area.height - key_height)
            places = self._grid(short, shown, size)
            words = worded(shown, places[0].width, size, tr)
        for rect, face in zip(places, shown, strict=True):
            card(surface, rect, face, size, tr, words)
        y = max(rect.bottom for rect in places) + self.app.layout.gap // 2
        if verdicts and not words:
            y = key(surface, area, y, verdicts, size, tr, theme.CREAM)
        return y

    def _widened(self, area: pygame.Rect, places: list[pygame.Rect], shown: list[Shown],
                 size: int) -> list[pygame.Rect]:  # fmt: skip
        """The cards made wider, if the row has the room, so their verdicts' words fit on them."""
        gap = self.app.layout.gap
        across = len({rect.x for rect in places})
        wide = places[0].width
        room = area.width + gap
        while not worded(shown, wide, size, self.app.tr) and across * (wide + 2 + gap) <= room:
            wide += 2
        if not worded(shown, wide, size, self.app.tr):
            return places
        return [
            pygame.Rect(area.x + (i % across) * (wide + gap), rect.y, wide, rect.height)
            for i, rect in enumerate(places)
        ]

    def _grid(self, area: pygame.Rect, shown: list[Shown], size: int) -> list[pygame.Rect]:
        """Where each card goes: the count of columns that gives the largest cards."""
        gap = self.app.layout.gap
        least_w, least_h = least_size(shown, size, self.app.tr)
        count = len(shown)
        best: tuple[int, int, int] = (0, count, 1)
        for across in range(1, count + 1):
            down = -(-count // across)
            width = (area.width - (across - 1) * gap) // across
            height = (area.height - (down - 1) * gap) // down
            wide = min(width, max(least_w, height * 5 // 7))
            tall = min(height, wide * 7 // 5)
            if wide >= least_w and tall >= least_h and wide * tall > best[0]:
                best = (wide * tall, across, down)
        _, across, down = best
        wide = max(least_w, min((area.width - (across - 1) * gap) // across,
                                (area.height - (down - 1) * gap) // down * 5 // 7))  # fmt: skip
        tall = max(least_h, min((area.height - (down - 1) * gap) // down, wide * 7 // 5))
        return [
            pygame.Rect(
                area.x + (i % across) * (wide + gap),
                area.y + (i // across) * (tall + gap),
                wide,
                tall,
            )  # fmt: skip
            for i in range(count)
        ]

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
            area = chrome.content(self.app.layout)
            return self._bar() + self.form.buttons(self.app.layout, area, self.app.tr)
        return self._bar() + self._side(self.view())

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
