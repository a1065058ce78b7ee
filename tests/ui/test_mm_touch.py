"""A Mice and Mystics chapter by touch alone, from an empty data directory and an empty box.

Every step is a tap on a named button, as a table with only the touchscreen
plays: no script commands. The numbers the content pack lacks are entered in
the forms once; a second session on the same device is not asked again.
"""

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK

from tablekit.local import box, paths
from tablekit.local.config import Config, replace
from tablekit.session import Journal
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.form import Form, NumberBox

HEROES = ("Prince Collin", "Lily")
MINIONS = 2
"""Rat warriors and elite rat warriors: the first two minion types of the pack."""


def make(journal: Journal, size: tuple[int, int], language: str) -> Any:
    settings = replace(Config(), ui=replace(Config().ui, language=language))
    app = App(settings, journal, size)
    app.start("mice-mystics")
    app.session.rng = random.Random(5)
    return app


def tap(app: Any, label: str, nth: int = 0) -> None:
    """Tap the ``nth`` enabled button called ``label``, failing if there is none."""
    app.draw()
    found = [b for b in app.scene.buttons() if b.label == label and b.enabled]
    assert len(found) > nth, f"no enabled {label!r} in {[b.label for b in app.scene.buttons()]}"
    pos = found[nth].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(0.0)


def labels(app: Any) -> list[str]:
    app.draw()
    return [b.label for b in app.scene.buttons() if b.enabled]


def form(app: Any) -> Form:
    panel = app.scene._panel(app.scene.view())
    assert isinstance(panel, Form), panel
    return panel


def page_to(app: Any, label: str) -> None:
    """Page on with Next until ``label`` shows."""
    for _ in range(10):
        if label in labels(app):
            return
        tap(app, app.tr("Next"))
    raise AssertionError(f"{label!r} never shows: {labels(app)}")


def key(app: Any, digits: str) -> None:
    """Type ``digits`` on the keypad: its keys come after the fields showing numbers."""
    for digit in digits:
        app.draw()
        found = [b for b in app.scene.buttons() if b.label == digit and b.enabled]
        assert found, f"no keypad key {digit!r} in {labels(app)}"
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=found[-1].rect.center, button=1)
        )
        app.step(0.0)


def focus(app: Any, field: str) -> None:
    """Tap the number ``field``: the keypad types into it."""
    app.draw()
    found = [b for b in app.scene.buttons() if isinstance(b, NumberBox) and b.key == field]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=found[0].rect.center, button=1)
    )
    app.step(0.0)


def type_on_keys(app: Any, word: str) -> None:
    for letter in word:
        tap(app, letter)


def choose_and_start(app: Any) -> list[str]:
    """Heroes, then one figure of each of the first two minion types; the forms that follow."""
    tr = app.tr
    for hero in HEROES:
        tap(app, tr(hero))
    tap(app, tr("Next"))
    key(app, "1")  # the keypad starts on the first minion's count
    focus(app, "min:elite_rat_warrior")
    key(app, "1")
    page_to(app, tr("Start"))
    tap(app, tr("Start"))
    asked = []
    for _ in range(12):
        if app.session.table_view()["outcome"] == "playing":
            return asked
        current = form(app)
        asked.append(current.title)
        if tr("Not now") in labels(app):  # starting equipment: see test_mm_gear_by_touch
            tap(app, tr("Not now"))
        elif current.typing:
            type_on_keys(app, "aim")  # a card's name starts with a capital by itself
            tap(app, tr("OK"))
        elif "Aim" in labels(app):  # the box knows the card typed in an earlier session
            asked[-1] += " (chosen)"
            tap(app, "Aim")
        elif tr("New card…") in labels(app):
            tap(app, tr("New card…"))
        else:
            unknown = [f for f in current.pages[current.page] if current.values[f.key] is None]
            key(app, "2" * len(unknown))  # the keypad goes on to the next unknown by itself
            page_to(app, tr("Save"))
            tap(app, tr("Save"))
    raise AssertionError(f"the chapter never started; asked {asked}")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("language", ["en", "da"])
def test_a_chapter_with_minions_is_set_up_and_fought_by_touch_alone(
    journal: Journal, tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    app = make(journal, size, language)
    tr = app.tr
    asked = choose_and_start(app)
    numbers = [title for title in asked if title.endswith(tr("numbers"))]
    assert [title.split(":")[0] for title in numbers] == [
        tr("Prince Collin"),
        "Lily",
        tr("Rat warrior"),
        tr("Elite rat warrior"),
    ]
    view = app.session.table_view()
    minions = {c["card"]: c["figures"] for c in view["track"] if c["side"] == "minion"}
    assert minions == {"rat_warrior": 1, "elite_rat_warrior": 1}
    collin = next(h for h in view["catalogue"]["heroes"] if h["id"] == "collin")
    assert collin["numbers"]["move"] == 2, "the pack's Move 2 is kept, never set to 1"
    assert box.load().numbers("rat_warrior") == {
        "battle": 2,
        "defense": 2,
        "life": 2,
        "ranged": False,
    }

    heroes = {h["id"] for h in view["heroes"]}
    for _ in range(8):
        view = app.session.table_view()
        if view["current"] in heroes and not view["pending"]:
            break
        if view["pending"]:
            tap(app, form(app).confirm_label)
        else:
            tap(app, tr("End turn"))
    assert app.session.table_view()["current"] in heroes
    tap(app, tr("Attack"))
    tap(app, tr("Roll"))
    roll = app.session.table_view()["last_roll"]
    assert roll is not None and len(roll["faces"]) == 2
    app.scene.exit()

    second = make(Journal(tmp_path / "second.sqlite3", clock=TEST_CLOCK), size, language)
    again = choose_and_start(second)
    assert not [title for title in again if title.endswith(tr("numbers"))]
    cards = [title for title in again if tr("ability card") in title]
    assert cards and all(title.endswith("(chosen)") for title in cards), "never typed again"
    assert box.load().abilities("lily") == ("Aim",)
    assert second.session.table_view()["outcome"] == "playing"
    theme.font.cache_clear()
    pygame.quit()


@pytest.mark.slow
def test_a_damaged_box_says_why_and_the_table_plays_without_it(journal: Journal) -> None:
    paths.data_dir().mkdir(parents=True, exist_ok=True)
    paths.data_dir().joinpath("box.toml").write_text("[minions.rat_warrior]\nbattle = -1\n")
    app = make(journal, (800, 480), "en")
    assert "box.toml: minions.rat_warrior" in app.notice_text
    assert choose_and_start(app)
    assert app.session.table_view()["outcome"] == "playing"
    assert "battle = -1" in paths.data_dir().joinpath("box.toml").read_text()
    theme.font.cache_clear()
    pygame.quit()


def test_the_box_is_exported_and_imported(tmp_path: Path) -> None:
    from tablekit.cli import main

    box.remember("brodie:pounce", "Brodie pounces", {"battle": 4, "defense": 3, "life": 6})
    box.remember("collin", "Prince Collin", {"battle": 3}, hero=True)
    assert main(["box", "export", str(tmp_path / "out.toml")]) == 0
    paths.data_dir().joinpath("box.toml").unlink()
    (tmp_path / "bad.toml").write_text("[heroes.lily]\nname = 'Lily'\nmove = 'x'\n")
    assert main(["box", "import", str(tmp_path / "bad.toml")]) == 2
    assert not paths.data_dir().joinpath("box.toml").exists()
    assert main(["box", "import", str(tmp_path / "out.toml")]) == 0
    assert box.load().numbers("brodie:pounce") == {"battle": 4, "defense": 3, "life": 6}
    assert box.load().numbers("collin") == {"battle": 3}


def test_equipment_abilities_and_bosses_survive_export_and_import(tmp_path: Path) -> None:
    """Every kind of box entry goes out and comes back: numbers, an ability card, starting
    equipment with its weapons (and a hero with none), a boss with three initiative cards."""
    from tablekit.cli import main
    from tablekit.rules.mice_mystics.content import CardEntry

    cards = tuple(CardEntry(f"card{n}", f"Vurst {n}", 3, 2, n) for n in (1, 2, 3))
    box.remember_boss("vurst", "Captain Vurst", cards, ranged=False)
    box.remember_equipment("collin", "Prince Collin", (("Sword", "melee"), ("Shield", "")))
    box.remember_equipment("lily", "Lily", ())
    box.remember_ability("collin", "Prince Collin", "Battle Cry")
    before = box.load()
    assert main(["box", "export", str(tmp_path / "out.toml")]) == 0
    paths.data_dir().joinpath("box.toml").unlink()
    assert box.load().equipment("collin") is None
    assert main(["box", "import", str(tmp_path / "out.toml")]) == 0
    after = box.load()
    assert after == before
    assert after.equipment("collin") == (("Sword", "melee"), ("Shield", ""))
    assert after.equipment("lily") == (), "entered as none: known, not unknown"
    assert [c.life for c in after.bosses()[0].cards] == [1, 2, 3]
    assert after.abilities("collin") == ("Battle Cry",)


def test_nothing_goes_on_with_a_blank_nobody_chose(journal: Journal) -> None:
    """Next needs a hero; an unknown number shows "?" and holds Save; an ability needs a name."""
    app = make(journal, (800, 480), "en")
    assert "Next" not in labels(app), "no hero chosen yet"
    tap(app, "Lily")
    tap(app, "Next")
    page_to(app, "Start")
    tap(app, "Start")
    numbers = form(app)
    assert numbers.title == "Lily: numbers" and None in numbers.values.values()
    app.draw()
    shown = [b.label for b in app.scene.buttons() if isinstance(b, NumberBox)]
    assert "?" in shown and "0" not in shown, "an unknown number is never shown as 0"
    assert "Save" not in labels(app)
    key(app, "11111")
    tap(app, "Save")
    assert "OK" not in labels(app), "an ability card needs choosing"
    tap(app, "New card…")
    assert form(app).typing and "OK" not in labels(app), "a new card needs its name"
    type_on_keys(app, "aim")
    tap(app, "OK")
    tap(app, "Not now")  # the starting equipment
    assert app.session.table_view()["outcome"] == "playing"
    theme.font.cache_clear()
    pygame.quit()
