"""The content pack: what ships, how a user pack extends it, and how bad values are named."""

from __future__ import annotations

import pytest
from rules.mice_mystics.mm_support import Table

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import HeroChoice, SetStats, StartChapter
from tablekit.rules.mice_mystics.content import ContentError, base_pack, parse_pack
from tablekit.rules.mice_mystics.game import MiceAndMystics


def test_the_base_pack_names_the_heroes_minions_and_bosses() -> None:
    pack = base_pack()
    assert [h.id for h in pack.heroes] == ["collin", "tilda", "maginos", "nez", "filch", "lily"]
    assert pack.hero("collin").move == 2
    assert pack.hero("collin").battle is None
    brodie = pack.minion("brodie")
    assert brodie.boss and not brodie.feeds_wheel
    assert [c.id for c in brodie.cards] == ["pounce", "chase"]
    assert pack.minion("spider").large


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[heroes.nez]\nname = 'Nez'\nbattle = 'three'", "heroes.nez: 'battle' must be a whole"),
        ("[heroes.nez]\nname = 'Nez'\nbatle = 3", r"heroes.nez: unknown key\(s\) \['batle'\]"),
        ("[minions.rat]\nname = 'Rat'\nranged = 1", "minions.rat: 'ranged' must be true or false"),
        ("[minions.cat]\nname = 'Cat'\nboss = true", "minions.cat: a boss needs"),
        (
            "[minions.cat]\nname = 'Cat'\nboss = true\n[[minions.cat.cards]]\nid = 'x'\n"
            "name = 'X'\nmoves = 'fly'",
            r"minions.cat.cards\[0\]: 'moves'",
        ),
        ("[heroes.x]\nclasses = []", "heroes.x: 'name'"),
        ("heroes = 3", "heroes: each entry"),
        ("[heroes", "not valid TOML"),
    ],
)
def test_a_bad_value_is_named_with_its_entry_and_key(text: str, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        parse_pack(text, "mine.toml")


def test_a_user_pack_adds_and_replaces_entries() -> None:
    extra = parse_pack(
        "[heroes.collin]\nname = 'Collin'\nlife = 5\n"
        "[minions.snake]\nname = 'Snake'\nlarge = true\n"
    )
    pack = base_pack().extended(extra)
    assert pack.hero("collin").life == 5
    assert [h.id for h in pack.heroes][0] == "collin"
    assert pack.minion("snake").large


def test_numbers_missing_from_the_pack_are_entered_once_at_the_table() -> None:
    """Events carry the numbers used, so a later pack edit cannot change a replay."""
    table = Table()
    table.state = MiceAndMystics().start()
    choice = (HeroChoice("nez", ability="Tinker"),)
    with pytest.raises(RuleError, match="Battle, Defense, Lore, Move, Life are not entered"):
        table.do(StartChapter("one", 5, choice))
    table.do(SetStats("nez", battle=3, defense=1, lore=3, move=1, life=6))
    events = table.do(StartChapter("one", 5, choice))
    assert events[0].heroes[0].stats.life == 6  # type: ignore[attr-defined]
    with pytest.raises(RuleError, match="no lore"):
        table.do(SetStats("rat_warrior", lore=2))
    with pytest.raises(RuleError, match="numbers are on his cards"):
        table.do(SetStats("brodie", battle=2))
    table.do(SetStats("brodie:chase", battle=3, defense=2, life=3))
    assert table.state.pack.minion("brodie").cards[1].battle == 3
