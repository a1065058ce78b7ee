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
    (sheet("Saxon", identity={"age": "ten"}), "identity age must be a whole number"),
    (sheet("Saxon", identity={"home": 7}), "identity home must be text"),
    (sheet("Saxon", identity={"age": True}), "identity age must be a whole number"),
    (sheet("Saxon", identity=[]), "not a set of fields"),
    (sheet("Saxon", contacts={"friend": 12}), "contacts friend must be text"),
    (sheet("Saxon", wises=[{"name": "Weather-wise", "passed": "yes"}]), "true or false"),
    (sheet("Saxon", wises=[{"passed": True}]), "wise without a name"),
    (sheet("Saxon", wises=[{"name": "  "}]), "wise without a name"),
    (sheet("Saxon", wises=["Weather-wise"]), "not a set of fields"),
    (sheet("Saxon", traits=[{"name": 5}]), "trait name must be text"),
    (sheet("Saxon", traits=[{"name": "Brave", "level": True}]), "Brave level must be a whole"),
    (sheet("Saxon", traits=[{"level": 2}]), "trait without a name"),
    (sheet("Saxon", traits=[{"name": "Brave", "used": 1}]), "true or false"),
    (sheet("Saxon", traits=[{"name": "Brave"}, {"name": "brave"}]), "twice"),
    (sheet("Saxon", ratings=None), "ratings must be a list"),
    (sheet("Saxon", ratings=[{"rating": 3}]), "rating without a name"),
    (sheet("Saxon", ratings=[{"name": 3}]), "rating name must be text"),
    (sheet("Saxon", ratings=[{"name": ""}]), "rating without a name"),
    (sheet("Saxon", ratings=[{"name": "Will", "passes": 2.5}]), "Will passes must be a whole"),
    (sheet("Saxon", ratings=[{"name": "Will"}, {"name": "will"}]), "twice"),
    (sheet("Saxon", gear=5), "gear must be a list"),
    (sheet("Saxon", gear=[5]), "gear must be text"),
    (sheet("Saxon", belief=["brave"]), "belief must be text"),
    (sheet("Saxon", fate=10**30), "fate must be a whole number from 0 to"),
    (sheet("Saxon", conditions=["angry", "angry"]), "condition twice"),
    (sheet("Saxon", conditions=[["angry"]]), "cannot have the condition"),
]


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
