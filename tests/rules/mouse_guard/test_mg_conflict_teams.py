"""Several teams a side (the sheet's Conflict Mechanics: "Determine participants and teams";
"After Action 3, all teams who still have disposition of 1 or more privately choose three
more actions. The process continues until all the teams on the players' side or the GM's
have been reduced to 0 disposition"; "work out a compromise appropriate to the damage done
to the winning team's disposition"), and one team a side as it always was."""

# ruff: noqa: E501

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.mouse_guard.conflict_support import _pool, conflict, fight, hits, keep_rolls
from rules.mouse_guard.mg_support import Table, patrol

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.game import MouseGuard
from tablekit.rules.mouse_guard.pads import pad_lights, press_command
from tablekit.rules.pads import PadLights, PadPressed
from tablekit.rules.secret import HIDDEN, TABLE, project
from tablekit.session import Journal, Session

DATA = Path(__file__).with_name("data")


def two_teams(gm: int = 6, saxon: int = 4, kenzie: int = 3) -> Table:
    """Saxon's team and Kenzie's team against one weasel (4D)."""
    table = patrol()
    table.do(
        ccmd.BeginConflict("fight", ("Saxon", "Kenzie"), "Saxon", "Weasel", gm_dice=4),
        ccmd.FormTeam("patrol", ("Kenzie",), goal="Guard the cart"),
        ccmd.SetDisposition("gm", gm),
        ccmd.SetDisposition("patrol", saxon),
        ccmd.SetDisposition("patrol", kenzie),
    )
    return table


def script_all(table: Table, gm: str = "attack", mice: str = "defend") -> None:
    """Every standing team scripts three of one action and locks, the GM's first."""
    c = conflict(table)
    for side, action in (("gm", gm), ("patrol", mice)):
        for _ in c.standing(side):
            for _ in range(3):
                table.do(ccmd.Script(side, action))  # type: ignore[arg-type]
            table.do(ccmd.Lock(side))  # type: ignore[arg-type]


def roll(table: Table, gm: int, mice: int) -> None:
    """Roll the action in hand: ``gm`` and ``mice`` successes; keep whatever waits."""
    c = conflict(table)
    assert c.exchange is not None
    for side, wins in (("gm", gm), ("patrol", mice)):
        test = c.exchange.test_of(side)
        if test is not None:
            table.do(ccmd.RollAction(side, faces=tuple(hits(wins, _pool(table, side)))))  # type: ignore[arg-type]
    keep_rolls(table)


def test_one_team_a_side_needs_nothing_more() -> None:
    """The common case: no team is formed, and everything reads as before."""
    table = fight(("Saxon", "Kenzie"))
    c = conflict(table)
    assert [t.name for t in c.every_team] == ["Weasel", "Patrol"]
    view = table.game.view(table.state)["conflict"]
    assert view["sides"]["patrol"]["script"]["summary"] == "Patrol: 0 of 3"
    assert [t["index"] for t in view["teams"]] == [0, 0]


def test_a_team_is_formed_before_the_sides_dispositions() -> None:
    """Sheet: determine participants and teams, then roll each team's disposition."""
    table = patrol()
    table.do(
        ccmd.BeginConflict("fight", ("Saxon", "Kenzie", "Lieam"), "Kenzie", "Weasel", gm_dice=4)
    )
    with pytest.raises(RuleError, match="Weasel is not on that side"):
        table.do(ccmd.FormTeam("patrol", ("Weasel",)))
    with pytest.raises(RuleError, match="keeps at least one member"):
        table.do(ccmd.FormTeam("patrol", ("Saxon", "Kenzie", "Lieam")))
    table.do(ccmd.FormTeam("patrol", ("Kenzie", "Lieam"), "lieam", "Scout ahead"))
    first, second = conflict(table).teams("patrol")
    assert first.members == ("Saxon",) and first.captain == "Saxon"  # Kenzie led it: Saxon now
    assert (second.members, second.captain, second.goal, second.name) == (
        ("Kenzie", "Lieam"), "Lieam", "Scout ahead", "Lieam's team",
    )  # fmt: skip
    table.do(
        ccmd.RollDisposition("patrol", team="lieam", helpers=("Kenzie",), faces=tuple(hits(2, 4)))
    )
    assert (
        conflict(table).team("patrol", 1).start > 0 and not conflict(table).team("patrol", 0).start
    )
    with pytest.raises(RuleError, match="before the side's dispositions"):
        table.do(ccmd.FormTeam("patrol", ("Saxon",)))
    with pytest.raises(RuleError, match="No team there is led by Kenzie"):
        table.do(ccmd.SetDisposition("patrol", 3, team="Kenzie"))
    table.do(ccmd.SetDisposition("patrol", 3), ccmd.SetDisposition("gm", 5))
    assert conflict(table).status == "scripting"


def test_each_team_scripts_on_its_sides_pad_in_turn() -> None:
    """Each team chooses its three actions; the pad serves its side's team in play, and the
    table sees each team's counts only."""
    table = two_teams()
    for _ in range(3):
        table.do(ccmd.Script("gm", "attack"))
    table.do(ccmd.Lock("gm"))
    for button in ("defend", "defend", "feint", "lock", "maneuver"):
        command = press_command(table.state, PadPressed("patrol", button))
        assert command is not None
        table.do(command)
    c = conflict(table)
    saxon, kenzie = c.teams("patrol")
    assert saxon.locked and [s.actor for s in saxon.script] == ["Saxon"] * 3
    assert not kenzie.locked and [s.actor for s in kenzie.script] == ["Kenzie"]
    assert pad_lights(table.state, "patrol") == PadLights(1, 3, False)
    view = table.game.view(table.state)["conflict"]
    lines = [t["script"]["summary"] for t in view["teams"]]
    assert lines == [
        "GM: 3 of 3, locked",
        "Patrol (Saxon's team): 3 of 3, locked",
        "Patrol (Kenzie's team): 1 of 3",
    ]
    with pytest.raises(RuleError, match="actor named cannot take"):  # Kenzie's team scripts
        table.do(ccmd.Script("patrol", "attack", "Saxon"))


def test_the_reveal_pairs_each_team_with_the_team_it_faces() -> None:
    """One GM team facing two: its action meets each team's action in the same slot, slot
    by slot, and the margin goes off the team it met."""
    table = two_teams()
    script_all(table, gm="attack", mice="attack")
    table.do(ccmd.Reveal())
    c = conflict(table)
    assert c.exchange is not None and (c.exchange.gm_team, c.exchange.patrol_team) == (0, 0)
    assert c.exchange.patrol.actor == "Saxon"
    roll(table, gm=2, mice=0)
    assert [t.disposition for t in conflict(table).teams("patrol")] == [2, 3]
    table.do(ccmd.Reveal())
    assert conflict(table).exchange.patrol.actor == "Kenzie"  # type: ignore[union-attr]
    roll(table, gm=1, mice=1)
    c = conflict(table)
    assert [t.disposition for t in c.teams("patrol")] == [2, 2] and c.gm.disposition == 5
    assert [x.slot for x in c.history] == [0, 0]


def test_a_beaten_team_stops_and_its_side_fights_on_until_every_team_is_down() -> None:
    """Sheet: the conflict goes on until all the teams of a side are at 0; the compromise
    follows the winners' damage (here the two teams together)."""
    table = two_teams(gm=9, saxon=2, kenzie=3)
    script_all(table, gm="attack", mice="attack")
    table.do(ccmd.Reveal())
    roll(table, gm=2, mice=1)  # Saxon's team is down, the weasel at 8
    c = conflict(table)
    assert not c.over and c.teams("patrol")[0].disposition == 0
    for _ in range(3):  # Saxon's team's meetings are skipped: only Kenzie's remain
        table.do(ccmd.Reveal())
        assert conflict(table).exchange.patrol_team == 1  # type: ignore[union-attr]
        roll(table, gm=0, mice=1)
    c = conflict(table)
    assert c.volley == 2 and c.gm.disposition == 5 and c.status == "scripting"
    script_all(table, gm="attack", mice="attack")  # only Kenzie's team scripts again
    assert [t.locked for t in conflict(table).teams("patrol")] == [False, True]
    table.do(ccmd.Reveal())
    roll(table, gm=3, mice=0)
    c = conflict(table)
    assert c.over and c.winner == "gm"
    assert (c.lost("gm"), c.start("gm")) == (4, 9)
    view = table.game.view(table.state)["conflict"]["compromise"]
    assert view["band"] == "compromise" and view["lost"] == {"gm": 4, "patrol": 5}


def test_a_team_locks_only_after_every_gm_team_and_unlocks_only_before_the_other_side() -> None:
    table = patrol()
    table.do(
        ccmd.BeginConflict("fight", ("Saxon",), "Saxon", "Weasels", gm_members=("Weasel", "Stoat"), gm_dice=3),
        ccmd.FormTeam("gm", ("Stoat",), dice=2),
        ccmd.SetDisposition("gm", 4), ccmd.SetDisposition("gm", 3), ccmd.SetDisposition("patrol", 5),
    )  # fmt: skip
    assert conflict(table).team("gm", 1).dice == 2
    for _ in range(3):
        table.do(ccmd.Script("gm", "defend"), ccmd.Script("patrol", "attack"))
    table.do(ccmd.Lock("gm"))
    with pytest.raises(RuleError, match="GM chooses first"):
        table.do(ccmd.Lock("patrol"))
    table.do(ccmd.Unlock("gm"), ccmd.Lock("gm"))
    for _ in range(3):
        table.do(ccmd.Script("gm", "feint"))
    table.do(ccmd.Lock("gm"), ccmd.Lock("patrol"))
    c = conflict(table)
    assert c.status == "revealing" and c.fronts() == ((0, 0), (1, 0))
    table.do(ccmd.Reveal())
    assert conflict(table).exchange.gm.actor == "Weasel"  # type: ignore[union-attr]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["attack", "defend", "feint", "maneuver"]), min_size=6, max_size=6))
def test_no_team_s_unrevealed_action_reaches_the_table(actions: list[str]) -> None:
    """Secrecy holds for every team: the table sees counts, never an unrevealed action."""
    table = two_teams()
    for _ in range(3):
        table.do(ccmd.Script("gm", "attack"))
    table.do(ccmd.Lock("gm"))
    for index, action in enumerate(actions):
        table.do(ccmd.Script("patrol", action))  # type: ignore[arg-type]
        if index == 2:
            table.do(ccmd.Lock("patrol"))
    view = project(table.game.view(table.state), TABLE)
    for team in view["conflict"]["teams"]:
        assert all(a == HIDDEN for a in team["actions"])
    assert "Saxon" not in str(view["conflict"]["teams"][1]["actions"])


def test_a_journal_from_before_teams_replays(tmp_path: Path) -> None:
    """A journal written when a side had one team (data/build_conflict_journal.py) opens,
    replays to the same state and plays on."""
    for name in ("conflict-one-team.sqlite3", "conflict-one-team.sqlite3-acked"):
        shutil.copy(DATA / name, tmp_path / name)
    journal = Journal(tmp_path / "conflict-one-team.sqlite3", clock=TEST_CLOCK)
    try:
        session = Session(journal, "ambush", MouseGuard())
        view = session.table_view()
        last = view["last_conflict"]
        assert (last["winner"], last["band"], last["lost"]) == (
            "patrol",
            "minor",
            {"gm": 5, "patrol": 1},
        )
        now = view["conflict"]
        assert now["type"] == "chase" and now["status"] == "scripting"
        assert [t["script"]["summary"] for t in now["teams"]] == ["GM: 2 of 3", "Patrol: 1 of 3"]
        assert all(a == HIDDEN for t in now["teams"] for a in t["actions"])
        for line in (
            {"type": "mg.script", "side": "gm", "action": "attack"},
            {"type": "mg.lock", "side": "gm"},
            {"type": "mg.script", "side": "patrol", "action": "defend"},
            {"type": "mg.script", "side": "patrol", "action": "defend"},
            {"type": "mg.lock", "side": "patrol"},
            {"type": "mg.reveal"},
        ):
            session.apply(session.parse(line))
        exchange = session.table_view()["conflict"]["exchange"]
        assert (exchange["gm"]["action"], exchange["patrol"]["action"]) == ("feint", "defend")
    finally:
        journal.close()
