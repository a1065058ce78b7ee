"""Sheets through a real Session and Journal: a sheet the rules accept must replay
(the sheet's Identity, Contacts, Traits, Wises and Rating Advancement boxes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rules.mouse_guard.mg_session import journalled, refused, same_after_replay
from rules.mouse_guard.mg_support import sheet

from tablekit.rules.mouse_guard import commands as cmd

BAD_SHEETS: list[tuple[dict[str, Any], str]] = [
    (sheet("Saxon", identity={"age": "ten"}), "sheet.identity.age: Expected int"),
    (sheet("Saxon", identity={"home": 7}), "sheet.identity.home: Expected str"),
    (sheet("Saxon", identity={"age": True}), "sheet.identity.age: Expected int"),
    (sheet("Saxon", identity=[]), "sheet.identity: Expected object"),
    (sheet("Saxon", contacts={"friend": 12}), "sheet.contacts.friend: Expected str"),
    (sheet("Saxon", wises=[{"name": "Weather-wise", "passed": "yes"}]), "passed: Expected bool"),
    (sheet("Saxon", wises=[{"passed": True}]), "missing required field name"),
    (sheet("Saxon", wises=[{"name": "  "}]), "wises.0..name: Expected str matching"),
    (sheet("Saxon", wises=["Weather-wise"]), "Expected object, got str"),
    (sheet("Saxon", traits=[{"name": 5}]), "traits.0..name: Expected str"),
    (sheet("Saxon", traits=[{"name": "Brave", "level": True}]), "traits.0..level: Expected int"),
    (sheet("Saxon", traits=[{"level": 2}]), "missing required field name"),
    (sheet("Saxon", traits=[{"name": "Brave", "used": 1}]), "traits.0..used: Expected bool"),
    (sheet("Saxon", traits=[{"name": "Brave"}, {"name": "brave"}]), "twice"),
    (sheet("Saxon", ratings=None), "sheet.ratings: Expected array"),
    (sheet("Saxon", ratings=[{"rating": 3}]), "missing required field name"),
    (sheet("Saxon", ratings=[{"name": 3}]), "ratings.0..name: Expected str"),
    (sheet("Saxon", ratings=[{"name": ""}]), "Expected str of length >= 1"),
    (sheet("Saxon", ratings=[{"name": "Will", "passes": 2.5}]), "ratings.0..passes: Expected int"),
    (sheet("Saxon", ratings=[{"name": "Will"}, {"name": "will"}]), "twice"),
    (sheet("Saxon", gear=5), "sheet.gear: Expected array"),
    (sheet("Saxon", gear=[5]), "sheet.gear.0.: Expected str"),
    (sheet("Saxon", belief=["brave"]), "sheet.belief: Expected str"),
    (sheet("Saxon", fate=10**30), "sheet.fate: Expected int <= 999"),
    (sheet("Saxon", conditions=["angry", "angry"]), "condition twice"),
    (sheet("Saxon", belief="b" * 3_000_000), "sheet.belief: Expected str of length <= 200"),
    (sheet("Saxon", goal="g" * 201), "sheet.goal: Expected str of length <= 200"),
    (sheet("Saxon", identity={"home": "h" * 41}), "home: Expected str of length <= 40"),
    (sheet("Saxon", contacts={"friend": "f" * 41}), "friend: Expected str of length <= 40"),
    (sheet("Saxon", gear=["rope"] * 31), "sheet.gear: Expected array of length <= 30"),
    (sheet("Saxon", wises=[{"name": f"w{n}"} for n in range(21)]), "length <= 20"),
    (sheet("Saxon", ratings=[{"name": "Will", "rating": 7}]), "rating: Expected int <= 6"),
    (sheet("Saxon", traits=[{"name": "Brave", "level": 4}]), "level: Expected int <= 3"),
    (sheet("Saxon", cloak="red"), "unknown field cloak"),
    (sheet("  "), "sheet.name: Expected str matching"),
    (sheet("Saxon", conditions=[["angry"]]), "conditions.0.: Expected str"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("data", "message"), BAD_SHEETS)
def test_a_bad_sheet_is_refused_before_it_reaches_the_journal(
    tmp_path: Path, data: dict[str, Any], message: str
) -> None:
    """The sheet's fields each hold one kind of thing (a number, a name, a box ticked
    or not): any other kind is refused, so the journal never holds a sheet it cannot
    replay."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Kenzie")))
    refused(session, cmd.AddCharacter(data, replace=True), message)
    same_after_replay(session)


def test_good_sheets_survive_a_replay(tmp_path: Path) -> None:
    """Every part of the sheet (Identity, Contacts, Gear, Traits, Wises, ratings with
    their pass and fail boxes, conditions) comes back the same after a restart."""
    session = journalled(tmp_path / "journal.sqlite3")
    full = sheet(
        "Saxon",
        identity={"age": 24, "home": "Lockhaven", "fur": "red", "rank": "Guardmouse"},
        contacts={"mentor": "Gwendolyn", "enemy": ""},
        gear=["sword", "cloak"],
        traits=[{"name": "Brave", "level": 3, "used": True, "checks": 2, "charged": False}],
        wises=[{"name": "Weather-wise", "passed": True, "fate": True}],
        conditions=["angry", "tired"],
        belief="A guard protects",
        free_checks=1,
    )
    session.apply(cmd.AddCharacter(full))
    session.apply(cmd.AddCharacter(sheet("Kenzie", ratings=[{"name": "fighter", "rating": 2}])))
    view = same_after_replay(session)
    assert [c["name"] for c in view["characters"]] == ["Saxon", "Kenzie"]


def test_rating_names_take_the_sheets_spelling(tmp_path: Path) -> None:
    """The sheet prints NATURE, WILL, HEALTH and the skills once each: a lowercase
    "nature" is the same rating, and still sets Nature's maximum (the summary's
    Character Advancement counts Nature as an ability)."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.AddCharacter(sheet("Saxon", ratings=[{"name": " nature ", "rating": 4}])))
    saxon = session.state.character("Saxon")
    assert saxon.rating("Nature") is not None and saxon.rating("Nature").name == "Nature"
    assert [r.name for r in saxon.ratings].count("Nature") == 1
    assert saxon.nature_max == 4
    session.apply(cmd.SetRating("Saxon", "nature", 5))
    saxon = session.state.character("Saxon")
    assert saxon.nature_max == 5
    assert [r.name for r in saxon.ratings].count("Nature") == 1
    same_after_replay(session)


def test_the_view_keeps_the_sessions_name(tmp_path: Path) -> None:
    """The summary's Game Structure counts sessions (each begins with a prologue);
    that count must not hide the name of the session the table opened."""
    session = journalled(tmp_path / "journal.sqlite3")
    session.apply(cmd.SetPhase("prologue"))
    view = same_after_replay(session)
    assert view["session"] == "patrol"
    assert view["sessions_begun"] == 1
