"""The odds the conflict view shows for action tests: the chance that matters before a
roll, and each side's result once it has rolled (the summary's Conflicts step 7b: action
tests follow the test rules, and the sheet's Feint and Maneuver descriptions: Ob 0)."""

from __future__ import annotations

from typing import Any

import pytest
from rules.mouse_guard.conflict_support import fight, hits, script

from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.odds import chance, versus


def _tests(table: Any) -> dict[str, Any]:
    view = table.game.view(table.state)["conflict"]
    exchange = view["exchange"] or view["history"][-1]
    return {t["side"]: t for t in exchange["tests"]}


def test_an_ob_0_action_shows_the_chance_of_one_success_as_its_pass() -> None:
    """Sheet, Maneuver and Feint: "Independent Obstacle: 0"; an action with no success
    does nothing, so its pass is at least one success, not a certainty."""
    table = fight()
    script(table, ("maneuver", "defend", "defend"), ("maneuver", "defend", "defend"))
    table.do(ccmd.Reveal())
    odds = _tests(table)["patrol"]["odds"]  # a fight's Maneuver tests Nature 3
    assert odds["pass"] == pytest.approx(float(chance(3, 1))) == 0.875
    assert odds["margin"] == {"1": 0.875, "2": 0.5, "3": 0.125}
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(2, 3))))  # type: ignore[arg-type]
    odds = _tests(table)["patrol"]["odds"]
    assert odds == {"pass": 1.0, "margin": {"1": 1.0, "2": 1.0, "3": 0.0}}


def test_versus_odds_follow_each_roll_and_end_as_the_result() -> None:
    """Summary, Tests step 6 (the GM rolls first) and Conflicts 7b: the odds of the side
    still to roll are against the successes rolled, and once both have rolled the view
    shows who won, never the chances from before the rolls."""
    table = fight(gm=8)
    script(table, ("attack", "defend", "defend"), ("defend", "defend", "defend"))
    table.do(ccmd.Reveal())
    before = versus(4, 3)
    assert _tests(table)["gm"]["odds"] == {
        "win": float(before.win), "tie": float(before.tie), "lose": float(before.lose)
    }  # fmt: skip
    table.do(ccmd.RollAction("gm", faces=tuple(hits(1, 4))))  # type: ignore[arg-type]
    odds = _tests(table)
    patrol_wins = float(chance(3, 2))
    patrol_ties = float(chance(3, 1)) - patrol_wins
    assert odds["patrol"]["odds"]["win"] == pytest.approx(patrol_wins)
    assert odds["gm"]["odds"]["lose"] == pytest.approx(patrol_wins)
    assert odds["gm"]["odds"]["tie"] == pytest.approx(patrol_ties)
    table.do(ccmd.RollAction("patrol", faces=tuple(hits(3, 3))))  # type: ignore[arg-type]
    odds = _tests(table)
    assert odds["gm"]["odds"] == {"win": 0.0, "tie": 0.0, "lose": 1.0}
    assert odds["patrol"]["odds"] == {"win": 1.0, "tie": 0.0, "lose": 0.0}
