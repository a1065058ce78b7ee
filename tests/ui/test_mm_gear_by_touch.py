"""Starting equipment, a three-card boss and the weapon rule, by touch alone (issue 11, item 1).

From an empty data directory and an empty box: set-up defines a boss with
three initiative cards ("New boss…"), enters Prince Collin's starting
equipment (a sword, a melee weapon) and Lily's (a cloak, no weapon), and
starts the chapter. Two of the boss's cards are on the track. Lily's attack
is refused in words, Collin's goes ahead. A second session on the same
device is asked for neither.

Rulebook sections: "Hero Cards" item 8 and "Setup: Gather equipment"
(starting equipment is equipped at the start of a chapter), "Search Cards"
item 5 (no attack without a weapon equipped), "Boss initiative cards" (two of
a boss's cards, chosen at random, go on the track; a turn for each).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from ui.test_mm_chapter_by_touch import SIZES, Table, turn_of

from tablekit.local import box, paths
from tablekit.session import Journal

BOSS = "Vurst"
CARDS = ("Strikes", "Rallies", "Guards")
"""As typed: small letters, a name's first a capital by itself."""


def type_word(table: Table, word: str) -> None:
    for letter in word.lower():
        table.tap(letter)


def define_boss(table: Table) -> None:
    """The boss's name, not ranged, then three cards: name, battle 3, defense 2, life 2."""
    tr = table.tr
    assert table.form().title == tr("New boss")
    type_word(table, BOSS)
    table.tap(tr("Next"))
    table.tap(tr("OK"))
    for number, card in enumerate(CARDS, start=1):
        assert table.form().title.endswith(f"{tr('initiative card')} {number}")
        type_word(table, card)
        table.tap(tr("Next"))
        table.key("322")  # battle 3, defense 2, life 2: the keypad goes on by itself
        table.tap(tr("Yes") if number < len(CARDS) else tr("No"))  # another card follows?
        table.tap(tr("Add"))


def equipment(table: Table, card: str, kind: str) -> None:
    """One card on the hero's starting equipment list, then Done."""
    tr = table.tr
    table.tap(tr("Add a card…"))  # one tap: the choice goes on at once
    type_word(table, card)
    table.tap(tr("Next"))
    table.tap(tr(kind))
    table.tap(tr("Add"))
    table.tap(tr("Done"))


def set_up(table: Table) -> list[str]:
    """Both heroes, one rat warrior and the new boss; every form that follows, by its title."""
    tr = table.tr
    table.app.start("mice-mystics")
    table.app.session.rng = random.Random(3)
    table.tap(tr("Prince Collin"))
    table.tap(tr("Lily"))
    table.tap(tr("Next"))
    table.key("1")  # a rat warrior: the keypad starts on the first minion's count
    table.tap(tr("Yes"))  # the toggle "New boss…", the page's only one
    table.page_to(tr("Start"))
    table.tap(tr("Start"))
    define_boss(table)
    asked = []
    for _ in range(12):
        if table.view()["outcome"] == "playing":
            return asked
        form = table.form()
        asked.append(form.title)
        if form.title.endswith(tr("starting equipment")):
            collin = form.title.startswith(tr("Prince Collin"))
            equipment(table, "sword" if collin else "cloak", "Melee" if collin else "Not a weapon")
        elif form.typing:
            type_word(table, "aim")
            table.tap(tr("OK"))
        elif tr("New card…") in table.labels():
            table.tap(tr("New card…"))
        else:
            unknown = [f for f in form.pages[form.page] if form.values[f.key] is None]
            table.key("2" * len(unknown))  # the keypad goes on to the next unknown by itself
            table.page_to(tr("Save"))
            table.tap(tr("Save"))
    raise AssertionError(f"the chapter never started; asked {asked}")


def attack(table: Table, hero: str) -> None:
    """On ``hero``'s turn (an id): Attack, the first target, Roll (the device rolls)."""
    tr = table.tr
    for _ in range(8):
        if turn_of(table, "mouse")["card"] == hero:
            break
        table.tap(tr("End turn"))
    table.tap(tr("Attack"))
    table.page_to(tr("Roll"))
    table.tap(tr("Roll"))


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "da"])
def test_equipment_a_boss_and_the_weapon_rule_by_touch(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    assert not paths.data_dir().joinpath("box.toml").exists()
    table = Table(Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK), size, language)
    tr = table.tr
    asked = set_up(table)
    assert sum(title.endswith(tr("starting equipment")) for title in asked) == 2

    kept = box.load()
    assert kept.equipment("collin") == (("Sword", "melee"),)
    assert kept.equipment("lily") == (("Cloak", ""),)
    assert [len(b.cards) for b in kept.bosses()] == [3]
    view = table.view()
    bosses = [c for c in view["track"] if c["side"] == "minion" and c["boss"]]
    assert len(bosses) == 2, "two of the boss's three cards on the track"
    assert {c["name"] for c in bosses} < set(CARDS)
    table.app.draw()
    names = [card["name"] for _, card in table.app.scene.cards if card["side"] == "minion"]
    assert set(names) >= {c["name"] for c in bosses}, "the track shows each boss card"
    heroes = {h["id"]: h for h in view["heroes"]}
    assert heroes["collin"]["kit"] == ["Sword"]
    assert heroes["collin"]["weapons"] == [{"card": "Sword", "kind": "melee"}]

    attack(table, "lily")
    assert table.view()["turn"]["action"] == "", "no weapon: no attack"
    said = table.app.notice_text
    assert tr("Lily") in said and {"en": "no weapon", "da": "våben"}[language] in said, said
    assert "{" not in said and "mm." not in said
    table.tap(tr("Cancel"))  # the refused form stays open until the table closes it
    attack(table, "collin")
    assert table.view()["turn"]["action"] == "battle", "a sword: the attack goes ahead"
    print(f"TAPS {size[0]}x{size[1]} {language}: {table.taps}")
    table.app.scene.exit()

    again = Table(Journal(tmp_path / "second.sqlite3", clock=TEST_CLOCK), size, language)
    asked = set_up_known(again)
    assert not any(t.endswith(tr("starting equipment")) for t in asked), "the box knew them"
    again.app.scene.exit()


def set_up_known(table: Table) -> list[str]:
    """A second session: the boss is offered as a count, equipment and numbers come from the box."""
    tr = table.tr
    table.app.start("mice-mystics")
    table.tap(tr("Prince Collin"))
    table.tap(tr("Lily"))
    table.tap(tr("Next"))
    labels = [f.label for f in table.form().pages[1]]
    assert BOSS in labels, "the box's boss is offered beside the pack's minions"
    table.page_to(tr("Start"))
    table.tap(tr("Start"))
    asked = []
    for _ in range(6):
        if table.view()["outcome"] == "playing":
            return asked
        form = table.form()
        asked.append(form.title)
        table.tap("Aim")  # the name typed in the first session, a capital first
    raise AssertionError(f"the chapter never started; asked {asked}")
