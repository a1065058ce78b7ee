"""Buttons never move under a finger on the Mice and Mystics screen (issue 21, "Buttons stay
where they are"): a property over random taps, the way a table plays it.

Each example seats a table in English or Danish (an empty box on the new chapter's form;
Prince Collin and Lily against rat warriors on Collin's turn, on the rats' turn, or asked
how Collin defends; an armed Collin and a boss on the track; the hourglass a page from the
end marker), pins the random source and makes 30 taps at random: on any button on the
screen (greyed ones too, which say why), the bar's Undo and Redo, every form's fields, keys
and keypad, Next, Back, Cancel and confirm (but Home and Our dice, another screen), on a
card of the track (its panel) or on the tray (the roll put away). After every tap the
screen is drawn and its buttons read, and:

* within a phase no button keeps two places, and no enabled button takes the place of a
  different one, over the whole run: a phase is the scene's own state, which panel takes
  the right side (one page of one open form while it lives, a question's form, a figure's
  panel, the chapter menu, an ending, or the board) and the turn's stage (whose turn, the
  chapter's outcome);
* no enabled button appears in the rectangle of the button just tapped unless it is that
  same button (a second tap of a double tap meets nothing new), whatever the phase, save
  where the tap opened a form or panel, turned its page, or closed it.

A button is named by its words (a keyboard key shown in capitals is the same key), a number
field by its field, a text field as the text box, the second of two buttons of the same
words ("+" of a second stepper) with " #2". 800x480 runs 40 examples.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from buttons_stay import Place, Seen, Watch, named, tap, under_finger
from hypothesis import given, settings
from hypothesis import strategies as st
from mm_screens import NUMBERS, START, make

from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.form import KEYS, WIDE_KEYS, Form, NumberBox
from tablekit.ui.mm.ending import Ending
from tablekit.ui.mm.panels import FigurePanel
from tablekit.ui.widgets import Button

TAPS = 30
EXAMPLES = 40
SIZE = (800, 480)

"""A button as a frame shows it: its name, its rectangle, whether it is enabled."""

Line = dict[str, Any]
GEAR = {"type": "mm.set_equipment", "hero": "collin",
        "cards": [{"name": "Sword", "weapon": "melee"}, {"name": "Shield"}]}  # fmt: skip
BOSS = {"type": "mm.define_boss", "boss": "captain_vurst", "name": "Captain Vurst",
        "cards": [{"id": c, "name": f"Vurst {c}", "battle": 3, "defense": 2, "life": 4}
                  for c in ("strikes", "guards")]}  # fmt: skip
VURST = {"type": "mm.add_minions", "minions": [{"minion": "captain_vurst", "count": 1}],
         "order": ["captain_vurst:strikes", "captain_vurst:guards"]}  # fmt: skip
RATS_TURN = {"type": "mm.end_turn"}
ATTACKED = {"type": "mm.minion_attack", "targets": ["collin"], "faces": ["sword_star"] * 6}
SEATS: list[list[Line]] = [
    [],
    [*NUMBERS, START],
    [*NUMBERS, START, RATS_TURN],
    [*NUMBERS, START, RATS_TURN, ATTACKED],
    [GEAR, *NUMBERS, START, BOSS, VURST],
    [*NUMBERS, {**START, "end_page": 3}],
]
"""The tables an example starts from: an empty box on the new chapter's form; Collin and
Lily against rat warriors on Collin's turn, on the rats' turn, or asked how Collin defends
against a rat's attack; an armed Collin with Captain Vurst on the track; the hourglass a
page from the end marker, so a chapter can end."""


@pytest.fixture(autouse=True, scope="module")
def fonts() -> Iterator[None]:
    yield
    theme.font.cache_clear()
    pygame.quit()


def app_for(language: str, seat: int, seed: int) -> App:
    app = make(SIZE, language)
    assert app.session is not None
    for line in SEATS[seat]:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.session.rng = random.Random(seed)
    app.scene.dirty = True
    app.draw()
    return app


def panel_of(app: App) -> Form | FigurePanel | Ending | None:
    scene: Any = app.scene
    found: Form | FigurePanel | Ending | None = scene._panel(scene.view())
    return found


def phase(app: App) -> tuple[object, ...]:
    """The scene's own state: which panel takes the right side, and the turn's stage."""
    scene: Any = app.scene
    view = scene.view()
    panel = panel_of(app)
    if isinstance(panel, Form):
        shown: tuple[object, ...] = ("form", id(panel), panel.page)
    elif isinstance(panel, FigurePanel):
        shown = ("menu", id(panel)) if panel is scene.form else ("figure", scene.selected)
    elif isinstance(panel, Ending):
        shown = ("ending", panel.title)
    else:
        shown = ("board",)
    current = next((c["side"] for c in view["track"] if c["current"]), None)
    return (*shown, view["outcome"], current)


def opened(before: tuple[object, ...], after: tuple[object, ...]) -> bool:
    """A form or panel opened, turned its page, or closed: the panel is not the same page."""
    return before[:-2] != after[:-2]


def frame(app: App) -> list[Seen]:
    """The buttons on the screen now, each named (see the module's docstring)."""
    scene: Any = app.scene
    app.draw()
    panel = panel_of(app)
    boxes: set[Place] = set()
    if isinstance(panel, Form) and panel.typing:
        area = scene._form_area(scene.view(), panel)
        pairs = zip(panel.pages[panel.page], panel._rows(app.layout, area), strict=False)
        boxes = {tuple(control) for item, (_, control) in pairs if item.kind == "text"}  # type: ignore[misc]

    def label(button: Any, place: Place) -> str:
        if place in boxes:
            return "text box"
        if isinstance(button, NumberBox):
            return f"number {button.key}"
        return str(button.label).casefold()  # a key shown in capitals (shift) is the same key

    return named(scene.buttons(), label)


def choose(data: Any, app: App) -> tuple[str, tuple[int, int], Seen | None]:
    """A tap: on a button, the keys and Undo and Redo each a group as likely as any one
    other button (so a page of keys or an ever-ready Undo does not crowd out the rest), on
    a track card, or on the tray."""
    scene: Any = app.scene
    seen = frame(app)
    skip = {app.tr("Home"), app.tr("Our dice")}
    buttons = [(b, one) for b, one in zip(scene.buttons(), seen, strict=True)
               if b.label not in skip]  # fmt: skip
    bar = {app.tr("Undo"), app.tr("Redo")}
    in_form = isinstance(panel_of(app), Form)
    words = {app.tr(word).casefold() for word, _ in WIDE_KEYS.values()}
    letters = {key for row in KEYS for key in row if key not in WIDE_KEYS}

    def key(b: Button) -> bool:
        """A key of the keyboard or the keypad of a form."""
        return in_form and b.label.casefold() in letters | words

    singles: list[Callable[[], tuple[str, tuple[int, int], Seen | None]]] = []
    keys = [(b, one) for b, one in buttons if key(b)]
    undo = [(b, one) for b, one in buttons if b.label in bar]
    for b, one in buttons:
        if (b, one) not in keys and (b, one) not in undo:
            singles.append(lambda b=b, one=one: (one[0], b.rect.center, one))
    for group in (keys, undo):
        if group:

            def of(group: list[tuple[Button, Seen]] = group) -> Any:
                b, one = group[data.draw(st.integers(0, len(group) - 1), label="of the group")]
                return one[0], b.rect.center, one

            singles.append(of)
    for rect, card in scene.cards:
        singles.append(lambda rect=rect, card=card: (f"card {card['card']}", rect.center, None))
    if scene.tray_rect is not None:
        tray = scene.tray_rect
        singles.append(lambda: ("the tray", (tray.right - 4, tray.bottom - 4), None))
    picked: tuple[str, tuple[int, int], Seen | None] = singles[
        data.draw(st.integers(0, len(singles) - 1), label="tap")
    ]()
    return picked


def check(language: str, seat: int, seed: int, data: Any) -> None:
    app = app_for(language, seat, seed)
    watch = Watch(phase, panel_of)
    try:
        problems = watch.frame(app, frame(app), f"{language} seat {seat} seed {seed}: start")
        for number in range(TAPS):
            was = phase(app)
            what, pos, tapped = choose(data, app)
            tap(app, pos)
            if app.scene.name != "mice-mystics":
                return  # the dice tray or another screen: this example ends here
            app.notice_text = ""  # a reason shown is read; the next tap is a button's
            now, seen = phase(app), frame(app)
            note = f"{language} seat {seat} seed {seed}, tap {number + 1} on {what!r} ({was[0]})"
            problems += watch.frame(app, seen, note)
            if tapped is not None and tapped[2] and not opened(was, now):
                for label in under_finger(seen, tapped):
                    problems.append(f"{note}: {label!r} appeared under the finger in {now}")
            assert not problems, "\n".join(problems)
    finally:
        app.scene.exit()
        app.journal.close()


@pytest.mark.slow
def test_no_button_takes_anothers_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran = []
    made = itertools.count()

    @settings(max_examples=EXAMPLES, deadline=None)
    @given(
        language=st.sampled_from(["en", "da"]),
        seat=st.integers(0, len(SEATS) - 1),
        seed=st.integers(0, 2**16),
        data=st.data(),
    )
    def run(language: str, seat: int, seed: int, data: Any) -> None:
        # Each example on an empty box of its own: what one typed in is not known to the next.
        monkeypatch.setenv("TABLEKIT_DATA_DIR", str(tmp_path / f"data{next(made)}"))
        check(language, seat, seed, data)
        ran.append(seat)

    run()
    assert len(ran) >= EXAMPLES


def places(app: App) -> dict[str, Place]:
    return {label: place for label, place, _ in frame(app)}


def test_a_heros_grid_lies_the_same_for_every_hero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: the hero panel's grid moved from hero to hero: an armed Collin's panel said
    a line less than Lily's, whose starting equipment is not entered yet."""
    monkeypatch.setenv("TABLEKIT_DATA_DIR", str(tmp_path))
    app = app_for("en", 4, 1)
    scene: Any = app.scene
    try:
        said = []
        for hero in ("collin", "lily"):
            scene.selected = hero
            said.append(scene._panel(scene.view()).facts[-1])
        assert said[0].startswith("Equipped: Sword") and said[1].startswith("Gear not entered")
        scene.selected = "collin"
        collin = places(app)
        scene.selected = "lily"
        lily = places(app)
        shared = collin.keys() & lily.keys()
        assert len(shared) > 15
        assert {n: collin[n] for n in shared} == {n: lily[n] for n in shared}
    finally:
        app.scene.exit()
        app.journal.close()


def test_a_minion_cards_buttons_stay_as_its_figures_are_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Removing a rat moved Numbers into the place of the next figure's Wound."""
    monkeypatch.setenv("TABLEKIT_DATA_DIR", str(tmp_path))
    app = app_for("en", 1, 1)
    scene: Any = app.scene
    try:
        scene.selected = "rat_warrior"
        before = places(app)
        tap(app, pygame.Rect(before["remove 1"]).center)
        after = places(app)
        assert "wound 2" not in after  # one figure left
        assert {n: before[n] for n in after} == after
    finally:
        app.scene.exit()
        app.journal.close()
