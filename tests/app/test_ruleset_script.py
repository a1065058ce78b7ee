"""`tablekit script` and `tablekit state` play the rabbit hack and a table's own rulesets
(docs/rulesets.md), as the app does: a ruleset file in the data directory's `rulesets/`
is a game a script can start with `--game NAME`."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from tablekit import cli
from tablekit.local import rulesets

MOUSE_GUARD = (
    resources.files("tablekit.rules.mouse_guard")
    .joinpath("rulesets/mouse-guard.toml")
    .read_text(encoding="utf-8")
)

Run = tuple[int, list[dict[str, Any]], str]


def run(capsys: pytest.CaptureFixture[str], *args: str, lines: tuple[Any, ...] = ()) -> Run:
    """Run ``tablekit ARGS``, a script's file of ``lines`` first for ``script``: its exit
    code, the JSON it printed (a line each, or the view ``state`` prints) and its errors."""
    if args[0] == "script":
        path = rulesets.rulesets_dir().parent / "lines.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        args = (args[0], str(path), *args[1:])
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    if args[0] == "state":
        return code, [json.loads(out)] if code == 0 else [], err
    return code, [json.loads(line) for line in out.splitlines() if line.startswith("{")], err


def own(name: str, *changes: tuple[str, str]) -> None:
    """A table's own ruleset ``name``: Mouse Guard's file with ``changes`` made."""
    text = MOUSE_GUARD.replace('name = "mouse-guard"', f'name = "{name}"')
    for old, new in changes:
        text = text.replace(old, new)
    rulesets.rulesets_dir().mkdir(parents=True, exist_ok=True)
    (rulesets.rulesets_dir() / f"{name}.toml").write_text(text, encoding="utf-8")


def test_a_script_starts_a_regelhuskeark_session(capsys: pytest.CaptureFixture[str]) -> None:
    """Regelhuskeark, Conditions and Rewards: a rabbit starts with 2 Fate and 1 Persona, and
    a script may name a condition by the text's word."""
    lines = (
        {"type": "mg.add_character", "sheet": {"name": "Hazel"}},
        {"type": "mg.set_condition", "character": "Hazel", "condition": "Bange"},
    )
    code, results, _ = run(capsys, "script", "--session", "Warren", "--game", "regelhuskeark",
                        "--state", lines=lines)  # fmt: skip
    assert code == 0 and all(r["ok"] for r in results[:-1])
    view = results[-1]
    assert view["game"] == "regelhuskeark" and not view["ruleset"]["gear_in_conflicts"]
    hazel = view["characters"][0]
    assert (hazel["fate"], hazel["persona"], hazel["conditions"]) == (2, 1, ["afraid"])


def test_a_tables_own_ruleset_is_a_game_for_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    own("house", ("start_fate = 0", "start_fate = 3"))
    lines = ({"type": "mg.add_character", "sheet": {"name": "Saxon"}},)
    code, results, _ = run(capsys, "script", "--session", "Ours", "--game", "house", lines=lines)
    assert code == 0 and results[0]["ok"]
    code, results, _ = run(capsys, "state", "--session", "Ours")
    assert code == 0
    assert results[0]["game"] == "house" and results[0]["characters"][0]["fate"] == 3


def test_an_unknown_game_is_refused_naming_the_tables_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    own("house")
    code, _, err = run(capsys, "script", "--session", "X", "--game", "nope")
    assert code != 0
    assert "unknown game 'nope'" in err and "house" in err and "regelhuskeark" in err


def test_the_documented_regelhuskeark_examples_run_in_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/commands.md's Regelhuskeark section: its examples are one script that runs, and
    Bange (Conditions: "-1 disposition") costs the warren its point."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "commands.md").read_text("utf-8")
    part = page.split("\n## Regelhuskeark\n", 1)[1].split("\n## ", 1)[0]
    assert "--game regelhuskeark" in part and "--game NAME" in part
    lines = tuple(json.loads(line) for line in part.splitlines() if line.startswith('    {"'))
    assert len(lines) == 4
    code, results, _ = run(
        capsys, "script", "--session", "W", "--game", "regelhuskeark", "--state", lines=lines
    )
    assert code == 0 and all(r["ok"] for r in results[:-1])
    patrol = results[-1]["conflict"]["sides"]["patrol"]
    assert patrol["disposition"] == 4
