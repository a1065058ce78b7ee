"""The volley log (issue 21, "every roll stays in view"): every settled pair of a conflict,
its two actions, both rolls with their margins, who won, and the dispositions it left, as
``conflict.log`` in the view (``tablekit state``)."""

from __future__ import annotations

from rules.mouse_guard.conflict_support import act, fight, script

from tablekit.rules.mouse_guard.conflict.view import conflict_view


def test_each_settled_pair_is_logged_with_both_rolls_the_margin_and_the_change() -> None:
    table = fight(gm=8, patrol_start=8)
    script(table, ("attack", "defend", "feint"), ("attack", "attack", "attack"))
    act(table, 1, 3)  # Attack against Attack: each on its own, at Ob 0
    act(table, 2, 1)  # Defend against Attack: versus, the weasel wins by 1
    view = conflict_view(table.state)
    assert view is not None
    first, second = view["log"]
    assert (first["gm"]["action"], first["patrol"]["action"]) == ("attack", "attack")
    assert first["interaction"] == "independent" and first["winner"] == ""
    assert [(r["side"], r["successes"], r["margin"]) for r in first["rolls"]] == [
        ("gm", 1, 1),
        ("patrol", 3, 3),
    ]
    assert sorted((c["side"], c["amount"]) for c in first["changes"]) == [
        ("gm", -3),
        ("patrol", -1),
    ]
    assert first["dispositions"] == {"gm": 5, "patrol": 7}
    assert second["interaction"] == "versus" and second["winner"] == "gm"
    assert [(r["side"], r["margin"]) for r in second["rolls"]] == [("gm", 1), ("patrol", -1)]
    assert all(len(r["faces"]) >= r["successes"] for e in view["log"] for r in e["rolls"])


def test_the_log_keeps_only_settled_pairs_and_names_no_unrevealed_action() -> None:
    table = fight()
    script(table, ("attack", "defend", "feint"), ("defend", "attack", "maneuver"))
    view = conflict_view(table.state)
    assert view is not None and view["log"] == []
    act(table, 3, 1)
    view = conflict_view(table.state)
    assert view is not None and len(view["log"]) == 1
    logged = {view["log"][0]["gm"]["action"], view["log"][0]["patrol"]["action"]}
    assert logged == {"attack", "defend"}  # the first pair only: nothing still scripted
