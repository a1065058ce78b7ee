"""Half the set-up taps (issue 21 item 5): from an empty box to the first turn, by taps.

Four heroes and two minion types (three rat warriors and a roach), on an empty
data directory, so every number the content pack lacks is typed: on a keypad,
one tap a number, the next number taking the keypad by itself; each hero's form
keeps the same places for its numbers (the pack's Move for Prince Collin filled
in); the ability card is one tap on a list; "Not now" for the starting
equipment is one tap. The screens as they were took 133 taps for the same
chapter (+ and - for each number, names typed letter by letter, OK after each
choice); at most 60 now.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK
from mm_tapping import Table

from tablekit.local import paths
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.form import NumberBox

HEROES = ("Prince Collin", "Tilda", "Nez", "Lily")
NUMBERS = {
    "Prince Collin": "3326",  # battle, defense, lore, life: the pack knows his Move
    "Tilda": "22335",
    "Nez": "32227",
    "Lily": "22235",
    "Rat warrior": "222",
    "Roach": "221",
}
MOST = 60
BEFORE = 133
"""The same set-up on the screens of commit de08f1e (tools: +/- steppers, typed names)."""


def set_up(table: Table) -> list[str]:
    """The chapter, by taps alone; returns the titles of the forms that asked."""
    tr = table.tr
    table.app.start("mice-mystics")
    for hero in HEROES:
        table.tap(tr(hero))
    table.tap(tr("Next"))
    table.key("3")  # three rat warriors: the keypad starts on the first minion's count
    table.number("min:roach")
    table.key("1")
    table.page_to(tr("Start"))
    table.tap(tr("Start"))
    asked = []
    for _ in range(20):
        if table.view()["outcome"] == "playing":
            return asked
        form = table.form()
        asked.append(form.title)
        if tr("Not now") in table.labels():
            table.tap(tr("Not now"))
        elif tr("New card…") in table.labels():
            table.tap(form.pages[form.page][0].options[0][1])  # the first card listed
        else:
            who = next(name for name in NUMBERS if form.title.startswith(tr(name) + ":"))
            table.key(NUMBERS[who])
            table.tap(tr("Save"))
    raise AssertionError(f"the chapter never started: {asked}")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "da"])
def test_an_empty_box_to_the_first_turn_in_sixty_taps(tmp_path: Path, language: str) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), (800, 480), language)
    set_up(table)
    view = table.view()
    heroes = {h["name"]: h for h in view["heroes"]}
    assert [heroes[n]["life"] for n in HEROES] == [6, 5, 7, 5]  # the session keeps English
    assert heroes["Prince Collin"]["move"] == 2, "the pack's Move kept"
    assert heroes["Nez"]["abilities"] == [
        table.tr("{kind} card").format(kind=table.tr("tinkerer").capitalize())
    ]
    minions = {c["card"]: c["figures"] for c in view["track"] if c["side"] == "minion"}
    assert minions == {"rat_warrior": 3, "roach": 1}
    print(f"SET-UP TAPS {language}: {table.taps} (before: {BEFORE})")
    assert table.taps <= MOST
    table.app.scene.exit()
    theme.font.cache_clear()
    pygame.quit()


def test_each_hero_s_numbers_keep_their_places(tmp_path: Path) -> None:
    """The stat layout stays the same from hero to hero (issue 21): a number the pack knows
    is shown filled in, not left out."""
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), (800, 480), "en")
    table.app.start("mice-mystics")
    for hero in ("Prince Collin", "Tilda"):
        table.tap(hero)
    table.tap("Next")
    table.tap("Start")
    places: list[dict[str, Any]] = []
    for _ in range(2):
        boxes = [b for b in table.buttons() if isinstance(b, NumberBox)]
        places.append({b.key: (b.rect.topleft, b.label) for b in boxes})
        table.key("22222")
        table.tap("Save")
    collin, tilda = places
    assert [k for k in collin] == ["battle", "defense", "lore", "move", "life"] == list(tilda)
    assert {k: v[0] for k, v in collin.items()} == {k: v[0] for k, v in tilda.items()}
    assert collin["move"][1] == "2" and tilda["move"][1] == "?"


def test_cancel_goes_back_one_step(tmp_path: Path) -> None:
    """Cancel on the ability card goes back to the form before it, not to the minions."""
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), (800, 480), "en")
    table.app.start("mice-mystics")
    table.tap("Lily")
    table.tap("Next")
    table.tap("Start")
    table.key("22235")
    table.tap("Save")
    assert table.form().title == "Lily: ability card"
    table.tap("New card…")
    assert table.form().typing
    table.tap("Cancel")
    assert table.form().title == "Lily: ability card", "back to the list, one step"
    table.tap("Cancel")
    assert table.form().title == "Lily: numbers", "back to the numbers, one step"
    assert table.form().values["life"] == 5
    table.tap("Cancel")
    assert table.form().title.startswith("New chapter"), "back to the chapter's set-up"
