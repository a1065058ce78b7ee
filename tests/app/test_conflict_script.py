"""A whole Mouse Guard conflict through `tablekit script`: the table never sees a secret.

Every line runs as its own `tablekit script --view table --state`, so both
the events each line prints and the table's view after it are checked: no
scripted action (with its actor) may appear in them before its slot is
revealed, whichever side scripted it. The GM's own pad (`--view pad:opponents`)
does see the GM's scripted actions, and only those.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablekit import cli

SESSION = ["--session", "Ambush", "--game", "mouse-guard"]

GM_SCRIPT = [("attack", "Weasel"), ("defend", "Stoat"), ("feint", "Weasel")]
PATROL_SCRIPT = [("defend", "Saxon"), ("maneuver", "Kenzie"), ("attack", "Saxon")]
TAKEN_BACK = [("maneuver", "Weasel"), ("feint", "Kenzie")]
"""Scripted, then taken back with Back or a cleared script: never to be shown at all."""


def script(side: str, action: str, actor: str) -> dict[str, Any]:
    return {"type": "mg.script", "side": side, "action": action, "actor": actor}


SET_UP = [
    {"type": "mg.add_character", "sheet": {"name": "Saxon", "ratings": [
        {"name": "Nature", "rating": 3}, {"name": "Health", "rating": 4},
        {"name": "Fighter", "rating": 3}]}},
    {"type": "mg.add_character", "sheet": {"name": "Kenzie", "ratings": [
        {"name": "Nature", "rating": 4}, {"name": "Health", "rating": 3},
        {"name": "Fighter", "rating": 2}]}},
    {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Saxon", "Kenzie"],
     "captain": "Saxon", "opponent": "Weasels", "gm_members": ["Weasel", "Stoat"], "gm_dice": 3},
    {"type": "mg.set_disposition", "side": "patrol", "disposition": 5},
    {"type": "mg.set_disposition", "side": "gm", "disposition": 3},
]  # fmt: skip

SCRIPTING = [
    script("gm", *TAKEN_BACK[0]),
    {"type": "mg.unscript", "side": "gm"},
    script("gm", *GM_SCRIPT[0]),
    {"type": "undo"},
    {"type": "redo"},
    script("gm", *GM_SCRIPT[1]),
    script("gm", *GM_SCRIPT[2]),
    script("patrol", *PATROL_SCRIPT[0]),
    script("patrol", *TAKEN_BACK[1]),
    {"type": "mg.clear_script", "side": "patrol"},
    *(script("patrol", *slot) for slot in PATROL_SCRIPT),
    {"type": "mg.lock", "side": "gm"},
    {"type": "mg.lock", "side": "patrol"},
]

PLAY = [
    # Weasel's Attack against Saxon's Defend: a versus test Saxon wins by 1.
    {"type": "mg.reveal"},
    {"type": "mg.roll_action", "side": "gm", "faces": [1, 2, 3]},
    {"type": "mg.roll_action", "side": "patrol", "faces": [4, 1, 1]},
    # Stoat's Defend against Kenzie's Maneuver: the Stoat wins by 1.
    {"type": "mg.reveal"},
    {"type": "mg.roll_action", "side": "gm", "faces": [6, 5, 1]},
    {"type": "mg.roll_action", "side": "patrol", "faces": [4, 1, 1, 1]},
    # Weasel's Feint against Saxon's Attack: only the attack tests, and ends the fight.
    {"type": "mg.reveal"},
    {"type": "mg.roll_action", "side": "patrol", "faces": [6, 5, 4]},
    {"type": "mg.end_conflict"},
]


def shown(data: Any) -> Iterator[tuple[str, str]]:
    """Every (action, actor) pair ``data`` shows, in JSON text inside it too (an undone command)."""
    if isinstance(data, dict):
        if isinstance(data.get("action"), str) and "actor" in data:
            yield data["action"], data["actor"]
        for value in data.values():
            yield from shown(value)
    elif isinstance(data, list):
        for value in data:
            yield from shown(value)
    elif isinstance(data, str) and data.startswith("{"):
        yield from shown(json.loads(data))


def scripted_events(data: Any) -> Iterator[dict[str, Any]]:
    """Every ``mg.action_scripted`` event in ``data``, in JSON text inside it too."""
    if isinstance(data, dict):
        if data.get("type") in ("mg.action_scripted", "mg.script"):
            yield data
        for value in data.values():
            yield from scripted_events(value)
    elif isinstance(data, list):
        for value in data:
            yield from scripted_events(value)
    elif isinstance(data, str) and data.startswith("{"):
        yield from scripted_events(json.loads(data))


class Table:
    """The CLI run one line at a time into one session, as the table sees it."""

    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.file = tmp_path / "line.jsonl"
        self.capsys = capsys

    def script(self, command: dict[str, Any], view: str = "table") -> list[Any]:
        """Apply ``command``; every JSON line printed: its result, then the view."""
        self.file.write_text(json.dumps(command) + "\n", encoding="utf-8")
        code = cli.main(["script", str(self.file), *SESSION, "--view", view, "--state"])
        out, err = self.capsys.readouterr()
        assert code == 0, f"{command} refused: {err}"
        return [json.loads(line) for line in out.splitlines()]

    def state(self, view: str) -> dict[str, Any]:
        assert cli.main(["state", "--session", "Ambush", "--view", view]) == 0
        view_json: dict[str, Any] = json.loads(self.capsys.readouterr().out)
        return view_json


def test_a_whole_conflict_never_shows_the_table_an_unrevealed_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secrets = set(GM_SCRIPT) | set(PATROL_SCRIPT) | set(TAKEN_BACK)
    assert len(secrets) == len(GM_SCRIPT) + len(PATROL_SCRIPT) + len(TAKEN_BACK)
    table = Table(tmp_path, capsys)
    revealed = 0
    seen: set[tuple[str, str]] = set()
    statuses = []
    for command in SET_UP + SCRIPTING + PLAY:
        if command["type"] == "mg.reveal":
            revealed += 1
        public = set(GM_SCRIPT[:revealed]) | set(PATROL_SCRIPT[:revealed])
        printed = table.script(command)
        assert printed[0]["ok"] and len(printed) == 2
        for line in printed:
            pairs = set(shown(line))
            assert pairs <= public, f"after {command}: {pairs - public} shown unrevealed"
            seen |= pairs
            for event in scripted_events(line):
                assert event["action"] == event["actor"] == {"hidden": True}
        if printed[1]["conflict"]:
            statuses.append(printed[1]["conflict"]["status"])
        if command == {"type": "mg.lock", "side": "patrol"}:
            check_the_pads(table)
    assert seen == set(GM_SCRIPT) | set(PATROL_SCRIPT)  # each shown once revealed, and only then
    assert statuses[-1] == "over" and revealed == 3
    assert printed[1]["conflict"] is None


def check_the_pads(table: Table) -> None:
    """Both scripts locked, nothing revealed: each pad sees its own actions only."""
    gm = table.state("pad:opponents")["conflict"]["sides"]
    assert [(a["action"], a["actor"]) for a in gm["gm"]["actions"]] == GM_SCRIPT
    assert gm["patrol"]["actions"] == [{"hidden": True}] * 3
    assert set(shown(gm)) == set(GM_SCRIPT)
    patrol = table.state("pad:patrol")["conflict"]["sides"]
    assert [(a["action"], a["actor"]) for a in patrol["patrol"]["actions"]] == PATROL_SCRIPT
    assert patrol["gm"]["actions"] == [{"hidden": True}] * 3
    everyone = table.state("table")["conflict"]["sides"]
    assert [t["actions"] for t in everyone.values()] == [[{"hidden": True}] * 3] * 2
    assert set(shown(everyone)) == set()


def test_the_gm_pad_sees_its_own_scripted_action_as_the_script_prints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table(tmp_path, capsys)
    for command in SET_UP:
        table.script(command)
    own = table.script(script("gm", "feint", "Stoat"), view="pad:opponents")
    assert own[0]["events"] == [
        {"type": "mg.action_scripted", "side": "gm", "action": "feint", "actor": "Stoat"}
    ]
    assert own[1]["conflict"]["sides"]["gm"]["actions"] == [{"action": "feint", "actor": "Stoat"}]
    other = table.script(script("patrol", "attack", "Kenzie"), view="pad:opponents")
    assert set(shown(other)) == {("feint", "Stoat")}  # the GM's own, never the patrol's
    assert table.state("table")["conflict"]["sides"]["gm"]["actions"] == [{"hidden": True}]


def test_a_line_without_an_actor_undoes_redoes_and_is_answered_again_by_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``mg.script`` as the documentation writes it, without ``actor``: its undo and redo
    print the command with its secrets hidden, and the whole script sent again is
    answered from its ids, changing nothing."""
    table = Table(tmp_path, capsys)
    for command in SET_UP:
        table.script(command)
    lines = [
        {"id": "gm-1", "type": "mg.script", "side": "gm", "action": "attack"},
        {"id": "undo-1", "type": "undo"},
        {"id": "redo-1", "type": "redo"},
        {"id": "gm-1", "type": "mg.script", "side": "gm", "action": "attack"},
    ]
    table.file.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    answers = []
    for _ in range(2):
        code = cli.main(["script", str(table.file), *SESSION, "--view", "table"])
        out, err = capsys.readouterr()
        assert (code, err) == (0, "")
        answers.append([json.loads(line) for line in out.splitlines()])
    assert answers[0] == answers[1]
    undone, redone = (json.loads(answers[0][n]["events"][0]["command"]) for n in (1, 2))
    assert undone == redone == {
        "type": "mg.script", "side": "gm", "action": {"hidden": True}, "actor": {"hidden": True}
    }  # fmt: skip
    assert answers[0][3] == {**answers[0][0], "line": 4}
    assert table.state("pad:opponents")["conflict"]["sides"]["gm"]["actions"] == [
        {"action": "attack", "actor": "Weasel"}
    ]
