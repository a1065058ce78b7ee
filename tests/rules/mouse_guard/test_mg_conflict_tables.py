"""The conflict tables as data (issue 14's ruleset files): the shipped Mouse Guard file gives
the sheet's conflict pages (action table, skills by conflict and action, sample weapons),
and a bad file is refused in one line naming the file and the key."""

# ruff: noqa: E501

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from rules.mouse_guard.mg_support import Table, patrol

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import tables
from tablekit.rules.mouse_guard.conflict.tables import TablesError, load, named, parse
from tablekit.rules.mouse_guard.ruleset import Ruleset, RulesetError, shipped_ruleset

SHIPPED = (Path(tables.__file__).parent / "tables.toml").read_text(encoding="utf-8")
MOUSE_GUARD = load()
MG_RULES = shipped_ruleset("mouse-guard")


def test_the_shipped_tables_are_the_sheets() -> None:
    """Sheet: the action table, Skills by conflict/action, Sample weapons."""
    assert MOUSE_GUARD.interactions["attack"]["attack"] == "independent"
    assert MOUSE_GUARD.interactions["feint"]["maneuver"] == "independent"
    assert MOUSE_GUARD.interactions["defend"]["feint"] == "feint_vs_defend"
    assert MOUSE_GUARD.actions["defend"].obstacle == 3
    assert MOUSE_GUARD.kinds["fight_animal"].actions()["defend"] == ("Lore", "Nature")
    assert MOUSE_GUARD.kinds["war"].skill == ("Militarist",)
    assert MOUSE_GUARD.weapons["hook_and_line"].bonus["maneuver"] == (1, 1)
    assert MOUSE_GUARD.weapons["halberd"].modes["axe"]["attack"] == (0, 1)
    assert len(MOUSE_GUARD.weapons) == 16


def test_a_file_by_path_loads_the_same_tables(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(SHIPPED, encoding="utf-8")
    assert load(path) == MOUSE_GUARD
    assert load() is MOUSE_GUARD is named("mouse-guard")


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('attack = { obstacle = 0, effect = "damage" }', 'attack = { obstacle = "x", effect = "damage" }', "actions.attack.obstacle"),
        ('feint = { attack = "feint_vs_attack"', 'feint = { attack = "versus"', "interactions.attack.feint: not the same"),
        ('[kinds.war]\ntitle = "War"', '[kinds.war]\ntitel = "War"', "kinds.war: Object contains unknown field `titel`"),
        ('bonus = { defend = [2, 0] }', 'bonus = { parry = [2, 0] }', "weapons.shield.bonus.parry: not an action"),
        ('modes.spear = { maneuver = [1, 0] }\n', '', "weapons.halberd.modes: must give exactly the choices"),
        ('physical = ["fight"', 'physical = ["brawl"', "arms.physical: 'brawl' is not a kind"),
        ('[actions]', '[actions', "not valid TOML"),
        ('[actions]', 'gear_counts = true\n[actions]', "gear_counts: not a conflict table"),
    ],
)  # fmt: skip
def test_a_bad_table_is_refused_naming_the_file_and_key(old: str, new: str, says: str) -> None:
    assert old in SHIPPED
    with pytest.raises(TablesError) as caught:
        parse(SHIPPED.replace(old, new, 1), "house.toml")
    message = str(caught.value)
    assert message.startswith("house.toml: ")
    assert says in message
    assert "\n" not in message


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(TablesError, match="nothing.toml: cannot be read"):
        load(tmp_path / "nothing.toml")


def test_gear_counts_only_where_the_ruleset_says_so() -> None:
    """Sheet, Starting Disposition: "Check gear (like armor) for disposition bonuses";
    Regelhuskeark, Konfliktregler: "ignorerer Gear" (the ruleset's gear_in_conflicts)."""
    table = unrolled()
    table.do(ccmd.RollDisposition("patrol", gear=1, faces=("sword", "snake", "snake")))
    assert table.state.conflict is not None
    assert table.state.conflict.patrol.parts[-1].reason == "gear"
    table = unrolled(msgspec.structs.replace(MG_RULES, gear_in_conflicts=False))
    with pytest.raises(RuleError, match="Gear does not change"):
        table.do(ccmd.RollDisposition("patrol", gear=1, faces=("sword", "snake", "snake")))


def test_a_ruleset_names_only_shipped_tables() -> None:
    with pytest.raises(RulesetError, match=r"conflict_tables: no tables named 'house'"):
        msgspec.structs.replace(MG_RULES, conflict_tables="house")
    with pytest.raises(TablesError, match="house: no such conflict tables"):
        named("house")


def unrolled(rules: Ruleset = MG_RULES) -> Table:
    """Saxon's patrol facing a weasel, no disposition rolled yet, by ``rules``."""
    table = patrol(rules)
    table.do(ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasel", gm_dice=4))
    return table
