"""docs/commands.md's Mouse Card examples run in order through `tablekit script`, and
docs/state.md's Mouse Card fields match what `tablekit state` prints, both ways.

The examples are one session: two characters, an extended task over two turns
with a joker cancelled by an ace and a fate chip spent, a going-for-broke draw
with two bad cards in the unknown, a task given up, a deus ex machina and a
chapter's end. Every command kind has an example; after every line the table
view counts: a documented field must appear in one of them, with its type in
all, and every field of every one must be documented.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from app.test_state_docs import (
    COMMANDS_DOC,
    DOC,
    documented,
    is_a,
    real_fields,
    run,
    section,
    values,
)

from tablekit import catalog, cli
from tablekit.rules.mouse_card.commands import COMMANDS
from tablekit.rules.secret import HIDDEN


def examples() -> list[str]:
    lines = section(COMMANDS_DOC, "Mouse Card").splitlines()
    return [line.strip() for line in lines if line.startswith('    {"type": ')]


@pytest.fixture
def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """Each example applied with `tablekit script --state`: its events and the view after it."""
    script = tmp_path / "line.jsonl"
    after, events = [], []
    for number, line in enumerate(examples(), start=1):
        script.write_text(line + "\n", encoding="utf-8")
        code = cli.main(["script", str(script), "--session", "Cards", "--game", "mouse-card",
                         "--state"])  # fmt: skip
        out, err = capsys.readouterr()
        assert code == 0, f"example {number} of docs/commands.md's Mouse Card refused: {err}"
        result, view = out.splitlines()
        events += json.loads(result)["events"]
        after.append(json.loads(view))
    last = {
        view: json.loads(run(capsys, "state", "--session", "Cards", "--view", view))
        for view in ("table", "gm", "pad:opponents")
    }
    return {"after": after, "events": events, "last": last}


def test_every_command_has_an_example_that_runs_in_order(played: dict[str, Any]) -> None:
    kinds = {json.loads(line)["type"] for line in examples()}
    assert {command.kind for command in COMMANDS} <= kinds
    assert len(played["after"]) == len(examples())


def test_a_script_drives_a_task_check_to_its_result(played: dict[str, Any]) -> None:
    """Task checks: Kenzie's extended task passes in its second turn; Saxon's in one."""
    ended = [event["result"] for event in played["events"] if event["type"] == "mc.turn_ended"]
    assert ended == ["continues", "passed", "passed"]
    saxon = next(v["last"] for v in played["after"] if v["last"] and v["last"]["character"]
                 == "Saxon")  # fmt: skip
    assert saxon["result"] == "passed" and saxon["bad"] == ["BJ"]
    assert played["last"]["table"]["chapter"] == 2 and played["last"]["table"]["deck"]["left"] == 54


def test_the_order_of_the_pile_never_reaches_a_script(played: dict[str, Any]) -> None:
    shuffles = [event for event in played["events"] if event["type"] == "mc.shuffled"]
    assert {event["why"] for event in shuffles} == {"joker", "chapter"}
    assert all(event["order"] == HIDDEN for event in shuffles)


def test_every_audience_sees_the_same(played: dict[str, Any]) -> None:
    last = played["last"]
    assert last["table"] == last["gm"] == last["pad:opponents"]


def test_every_documented_field_is_in_the_real_output_with_its_type(
    played: dict[str, Any],
) -> None:
    wrong = []
    for path, kind in documented("Mouse Card").items():
        found = [v for view in played["after"] for v in values(view, path, strict=False)]
        if not found:
            wrong.append(f"{path}: no value in any view of the examples to check")
        wrong += [f"{path}: {v!r} is not {kind}" for v in found if not is_a(v, kind)]
    assert wrong == []


def test_every_field_of_the_real_output_is_documented(played: dict[str, Any]) -> None:
    fields = documented("Mouse Card")
    missing = {
        names[0]
        for view in played["after"]
        for names in real_fields(view)
        if not set(names) & fields.keys()
    }
    assert missing == set()


def test_the_header_names_mouse_card_among_the_games(played: dict[str, Any]) -> None:
    """docs/state.md's `game` row lists every shipped game's name, this one among them, and
    the view says it."""
    row = next(line for line in DOC.read_text(encoding="utf-8").splitlines()
               if line.startswith("| `game` |"))  # fmt: skip
    named = set(re.findall(r"`([a-z-]+)`", row.split("|")[3]))
    assert "mouse-card" in named and set(catalog.listings()) <= named
    assert {view["game"] for view in played["after"]} == {"mouse-card"}
