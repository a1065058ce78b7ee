"""Wises and level 3 traits in action tests: action tests follow the test rules (the summary's
Conflicts, step 7b), so after the roll a mouse may use a wise (Tests, step 7: Deeper
Understanding for a Fate point, Of Course! for a Persona point), then Fate on axes (step 8),
then a level 3 trait (step 9: "A level 3 Trait adds +1s")."""

# ruff: noqa: E501

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules.mouse_guard.conflict_support import conflict, fight, hits, keep_rolls, script

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import after_roll, wises
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.state import ActionTest

FACES = ("snake", "sword", "axe")


def _attack(
    members: tuple[str, ...] = ("Saxon",), faces: tuple[str, ...] = ("sword", "snake", "snake")
) -> Any:
    """Attack against Attack (independent, Ob 0): the weasel misses, the mouse rolls ``faces``."""
    table = fight(members)
    script(table, ("attack",) * 3, ("attack",) * 3)
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(ccmd.RollAction("patrol", faces=faces))
    return table


def _test(table: Any) -> ActionTest:
    """The patrol's test of the action in hand, or of the last one settled."""
    exchange = conflict(table).exchange or conflict(table).history[-1]
    test = exchange.test_of("patrol")
    assert test is not None
    return test


def test_deeper_understanding_rerolls_one_failed_die_for_a_fate_point() -> None:
    """Summary, Tests step 7: "Spend 1 Fate to reroll one failed die (Deeper Understanding)";
    the action waits for the choice, and the wise is checked for the Fate point."""
    table = _attack()
    assert conflict(table).status == "acting" and after_roll.waits(table.state, _test(table))
    table.do(ccmd.ActionWise("patrol", "Weather-wise", "deeper_understanding", faces=("axe",)))
    assert _test(table).faces == ("sword", "axe", "snake")
    saxon = table.mouse("Saxon")
    assert saxon.fate == 1 and saxon.wise("Weather-wise").fate == 1
    with pytest.raises(RuleError, match="already been done"):
        table.do(ccmd.ActionWise("patrol", "Weather-wise", "deeper_understanding"))
    table.do(ccmd.ActionExplode("patrol", faces=("sword",)))  # the reroll's axe explodes too
    keep_rolls(table)
    assert conflict(table).gm.disposition == 8 - 3


def test_of_course_rerolls_every_failed_die_for_a_persona_point() -> None:
    """Summary, Tests step 7: "1 Persona to reroll all failed (Of Course!)"."""
    table = _attack()
    table.do(ccmd.ActionWise("patrol", "weather-wise", "of_course", faces=("sword", "snake")))
    assert _test(table).faces == ("sword", "sword", "snake")
    saxon = table.mouse("Saxon")
    assert saxon.persona == 1 and saxon.wise("Weather-wise").persona == 1
    keep_rolls(table)
    assert conflict(table).gm.disposition == 8 - 2


def test_a_wise_comes_before_axes_and_needs_a_wise_a_snake_and_a_point() -> None:
    """Summary, Tests: wises (step 7) come before exploding sixes (step 8). Lieam's level 3
    trait keeps the action waiting after his axes."""
    table = _attack(("Lieam",), faces=("axe", "snake", "snake"))
    with pytest.raises(RuleError, match="Lieam has no wise Grain-wise"):
        table.do(ccmd.ActionWise("patrol", "Grain-wise", "of_course"))
    table.do(ccmd.ActionExplode("patrol", faces=("snake",)))
    with pytest.raises(RuleError, match="too late"):
        table.do(ccmd.ActionWise("patrol", "Weather-wise", "of_course"))
    table = _attack(faces=("sword", "sword", "axe"))
    with pytest.raises(RuleError, match="no failed die"):
        table.do(ccmd.ActionWise("patrol", "Weather-wise", "of_course"))
    with pytest.raises(RuleError, match="Weasel has no character sheet"):
        table.do(ccmd.ActionWise("gm", "Weather-wise", "of_course"))


def test_a_level_three_trait_adds_a_success_last() -> None:
    """Summary, Tests step 9: "A level 3 Trait adds +1s"; it comes after the axes."""
    table = _attack(("Lieam",), faces=("sword", "snake", "snake"))
    test = _test(table)
    assert after_roll.level_three_traits(table.state, test) == ("Fearless",)
    with pytest.raises(RuleError, match="Lieam has no level 3 trait Brave"):
        table.do(ccmd.ActionLevelThree("patrol", "Brave"))
    table.do(ccmd.ActionLevelThree("patrol", "fearless"))
    assert _test(table).successes == 2
    assert conflict(table).exchange is None  # last of the three: the action settles
    assert conflict(table).gm.disposition == 8 - 2


def test_a_disarmed_trait_cannot_add_its_success() -> None:
    """Sheet, Maneuver: Disarm can "disable a trait for the remainder of the conflict"."""
    table = fight(("Lieam",))
    script(table, ("maneuver", "attack", "attack"), ("maneuver", "attack", "attack"))
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(3, 4))))
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(0, 3))))
    keep_rolls(table)
    table.do(ccmd.Maneuver("gm", ("disarm",), "Lieam", "Fearless"))
    table.do(ccmd.Reveal(), ccmd.RollAction("gm", faces=tuple(hits(0, 4))))
    table.do(ccmd.RollAction("patrol", faces=("sword", "snake", "snake")))
    assert after_roll.level_three_traits(table.state, _test(table)) == ()
    with pytest.raises(RuleError, match="Fearless was disarmed"):
        table.do(ccmd.ActionLevelThree("patrol", "Fearless"))


def test_the_sheets_reading_rerolls_failures_once_a_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the table reads the sheet (a level 3 trait rerolls failures, once a session)."""
    monkeypatch.setattr(wises, "adds_success", lambda state: False)
    monkeypatch.setattr(after_roll, "adds_success", lambda state: False)
    table = _attack(("Lieam",), faces=("sword", "snake", "snake"))
    table.do(ccmd.ActionLevelThree("patrol", "Fearless", faces=("sword", "axe")))
    assert table.mouse("Lieam").trait("Fearless").used
    assert conflict(table).history[-1].test_of("patrol").successes == 3  # type: ignore[union-attr]


def test_a_creature_without_a_sheet_never_waits() -> None:
    table = _attack()
    exchange = conflict(table).exchange
    assert exchange is not None
    gm = exchange.test_of("gm")
    assert gm is not None and not after_roll.waits(table.state, gm)


@given(
    faces=st.lists(st.sampled_from(FACES), min_size=3, max_size=3),
    new=st.lists(st.sampled_from(FACES), min_size=3, max_size=3),
    way=st.sampled_from(["deeper_understanding", "of_course"]),
)
def test_a_wise_never_loses_a_success_nor_changes_the_pool(
    faces: list[str], new: list[str], way: Any
) -> None:
    """Only failed dice are rerolled, so successes never go down and the dice stay three."""
    table = _attack(faces=tuple(faces))
    before = _test(table)
    failed = faces.count("snake")
    if not failed:
        assert after_roll.wise_ways(table.state, before) == ()
        return
    given_faces = tuple(new[: 1 if way == "deeper_understanding" else failed])
    table.do(ccmd.ActionWise("patrol", "Weather-wise", way, faces=given_faces))
    after = _test(table)
    assert len(after.faces) == 3 and after.successes >= before.successes
    kept = [f for f in after.faces if f != "snake"]
    assert (
        kept[: 3 - failed] == [f for f in faces if f != "snake"]
        or after.successes > before.successes
    )
