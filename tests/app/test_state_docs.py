"""docs/state.md against what `tablekit state` really prints, both ways, so the page cannot rot.

A short Mice and Mystics chapter (commands adapted from the examples in
docs/commands.md) fills most fields; every field the page documents must be
in the real output with its documented JSON type, and every field of the
real output must be documented.

For Mouse Guard the session is docs/commands.md's own Mouse Guard examples,
run in order (so they must all be accepted), and the view after every line
counts: a field documented must appear in one of them, with its type in all,
and every field of every one must be documented. The examples end with a
whole conflict, so the views pass through every status of one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablekit import cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "state.md"
COMMANDS_DOC = DOC.with_name("commands.md")

CHAPTER = [
    {"type": "mm.set_stats", "figure": "collin", "battle": 2, "defense": 2, "lore": 1, "move": 2,
     "life": 5},
    {"type": "mm.set_stats", "figure": "nez", "battle": 3, "defense": 1, "lore": 3, "move": 1,
     "life": 6},
    {"type": "mm.set_stats", "figure": "rat_warrior", "battle": 2, "defense": 1, "life": 1,
     "ranged": False},
    {"type": "mm.set_stats", "figure": "roach", "battle": 1, "defense": 1, "life": 1,
     "ranged": False},
    {"type": "mm.set_equipment", "hero": "collin",
     "cards": [{"name": "Sword", "weapon": "melee"}, {"name": "Shield"}]},
    {"type": "mm.start_chapter", "chapter": "1: Flight", "end_page": 8,
     "heroes": [{"hero": "collin", "ability": "Battle Cry"}, {"hero": "nez", "ability": "Tinker"}],
     "minions": [{"minion": "rat_warrior", "count": 2}], "order": ["collin", "rat_warrior", "nez"]},
    {"type": "mm.roll_movement", "faces": ["cheese"]},
    {"type": "mm.explore", "tile_clear": True},
    {"type": "mm.draw_encounter", "name": "Rats in the walls",
     "minions": [{"minion": "rat_warrior", "count": 2}, {"minion": "roach", "count": 1}],
     "ambush": False, "mousetraps": True, "greedy_roaches": False,
     "surge": [{"minion": "roach", "count": 2}], "disguises": False},
    {"type": "mm.story_achievement", "name": "Freed Lily", "pages": 1},
    {"type": "mm.party_item", "item": "Disguises", "held": True},
    {"type": "mm.wound_mouse", "hero": "nez", "amount": 1, "poison": True},
    {"type": "mm.set_marker", "hero": "collin", "marker": "webbed", "on": True},
    {"type": "mm.capture_mouse", "hero": "nez"},
    {"type": "mm.end_turn"},
    {"type": "mm.minion_attack", "targets": ["collin"], "poison": False,
     "faces": ["sword_star", "sword_shield"]},
]  # fmt: skip
"""Set up, a mouse's turn (a roll, an encounter), a capture, then a minion's attack to defend."""

ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|\s*(.*?)\s*\|\s*$")
SEGMENT = re.compile(r"^(\w+)(?:\[(?:(\w+)=(\w+))?\])?$")
SCALARS: dict[str, type] = {"string": str, "boolean": bool, "object": dict}


def section(page: Path, title: str) -> str:
    """The text of the ``## title`` section of ``page``, up to the next ``## ``."""
    sections = re.split(r"^## ", page.read_text(encoding="utf-8"), flags=re.MULTILINE)
    found = [s for s in sections if s.startswith(title + "\n")]
    assert len(found) == 1, f"{page.name} needs one section {title!r}"
    return found[0]


def documented(game_section: str) -> dict[str, str]:
    """Field path -> JSON type, from the header's table and the game's section of the page.

    A game's row may restate a header field the game's view replaces (Mouse
    Guard's ``session``); within one section each field is documented once.
    """
    fields: dict[str, str] = {}
    for title in ("Header", game_section):
        rows: dict[str, str] = {}
        for line in section(DOC, title).splitlines():
            if match := ROW.match(line):
                path, kind, meaning = match.groups()
                assert meaning, f"{path} has no meaning in docs/state.md"
                assert path not in rows, f"{path} is documented twice"
                rows[path] = kind
        fields |= rows
    return fields


def values(view: Any, path: str, strict: bool = True) -> list[Any]:
    """Every value ``path`` reaches in ``view``; KeyError names a missing key.

    Not ``strict``, an object without the key adds nothing: for an object with
    more than one shape, such as Mouse Guard's ``test.chance``.
    """
    found = [view]
    for segment in path.split("."):
        match = SEGMENT.match(segment)
        assert match, f"cannot read the path {path!r}"
        key, field, wanted = match.groups()
        step = []
        for value in found:
            if value is None:
                continue  # an object that may be null, as the row above says
            if key in value:
                step.append(value[key])
            elif strict:
                raise KeyError(f"{path}: no {key!r} in {sorted(value)}")
        if segment.endswith("]"):
            step = [item for items in step for item in items]
            if field:
                step = [item for item in step if item.get(field) == wanted]
        found = step
    return found


def is_a(value: Any, kind: str) -> bool:
    """Whether ``value`` has the JSON type written as ``kind`` ("integer or null")."""
    return any(_is_one(value, one) for one in kind.split(" or "))


def _is_one(value: Any, kind: str) -> bool:
    if kind == "null":
        return value is None
    if kind.startswith("array of "):
        item = kind.removeprefix("array of ").removesuffix("s")
        return isinstance(value, list) and all(_is_one(v, item) for v in value)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, SCALARS[kind])


def real_fields(view: Any, paths: tuple[str, ...] = ("",)) -> Iterator[tuple[str, ...]]:
    """Every key in ``view``, each as the paths the page may write it as.

    An object in an array may be written ``a[]`` or ``a[key=value]`` for any
    of its string values.
    """
    if isinstance(view, dict):
        for key, value in view.items():
            here = tuple(f"{path}.{key}" if path else key for path in paths)
            yield here
            yield from real_fields(value, here)
    elif isinstance(view, list):
        for item in view:
            if isinstance(item, dict):
                filters = ["[]"] + [f"[{k}={v}]" for k, v in item.items() if isinstance(v, str)]
                yield from real_fields(item, tuple(p + f for p in paths for f in filters))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.fixture
def views(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, Any]]:
    """The table, gm and a pad's view of a Mice and Mystics chapter under way."""
    script = tmp_path / "chapter.jsonl"
    script.write_text("\n".join(json.dumps(line) for line in CHAPTER) + "\n", encoding="utf-8")
    run(capsys, "script", str(script), "--session", "Friday", "--game", "mice-mystics")
    return {
        view: json.loads(run(capsys, "state", "--session", "Friday", "--view", view))
        for view in ("table", "gm", "pad:patrol")
    }


def test_the_page_documents_the_header_and_mice_and_mystics() -> None:
    fields = documented("Mice and Mystics")
    assert {"session", "game", "can_undo", "can_redo", "legal"} <= fields.keys()
    assert {"track[side=mouse].wounds", "track[side=minion].wounds", "catalogue"} <= fields.keys()


@pytest.mark.parametrize("audience", ["table", "gm"])
def test_every_documented_field_is_in_the_real_output_with_its_type(
    views: dict[str, dict[str, Any]], audience: str
) -> None:
    view = views[audience]
    wrong = []
    for path, kind in documented("Mice and Mystics").items():
        found = values(view, path)
        if not found:
            wrong.append(f"{path}: no value in this session to check")
        wrong += [f"{path}: {v!r} is not {kind}" for v in found if not is_a(v, kind)]
    assert wrong == []


@pytest.mark.parametrize("audience", ["table", "gm"])
def test_every_field_of_the_real_output_is_documented(
    views: dict[str, dict[str, Any]], audience: str
) -> None:
    fields = documented("Mice and Mystics")
    missing = {names[0] for names in real_fields(views[audience]) if not set(names) & fields.keys()}
    assert missing == set()
    assert set(views[audience]) <= fields.keys()


def test_the_session_under_test_reached_play_with_a_question_waiting(
    views: dict[str, dict[str, Any]],
) -> None:
    table = views["table"]
    assert table["outcome"] == "playing" and table["current"] == "rat_warrior"
    assert table["pending"][0]["ask"] == "defend"
    assert table["encounter"]["name"] == "Rats in the walls"
    assert {c["side"] for c in table["track"]} == {"mouse", "minion"}


def test_mice_and_mystics_shows_every_audience_the_same(
    views: dict[str, dict[str, Any]],
) -> None:
    assert views["table"] == views["gm"] == views["pad:patrol"]


SAME_AS = {
    "test.opponent.": "test.tester.",
    "conflict.sides.patrol.": "conflict.sides.gm.",
    "conflict.teams[].": "conflict.sides.gm.",
    "conflict.history[].": "conflict.exchange.",
}
"""Objects with the fields of another, which the page writes once: a test's opponent has the
tester's, the patrol's team and every team the GM's, and each settled action the action
being tested."""


def mouse_guard_examples() -> list[str]:
    """The JSON lines of docs/commands.md's Mouse Guard section, in the page's order."""
    lines = section(COMMANDS_DOC, "Mouse Guard").splitlines()
    return [line.strip() for line in lines if line.startswith('    {"type": ')]


def as_documented(path: str) -> str:
    """``path`` as the page writes it: an opponent's field as the tester's."""
    for alias, written in SAME_AS.items():
        if path.startswith(alias):
            return written + path.removeprefix(alias)
    return path


@pytest.fixture
def mouse_guard(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """The table view after each Mouse Guard example line, and the last view of each audience."""
    script = tmp_path / "line.jsonl"
    after: list[dict[str, Any]] = []
    for number, line in enumerate(mouse_guard_examples(), start=1):
        script.write_text(line + "\n", encoding="utf-8")
        code = cli.main(["script", str(script), "--session", "Patrol", "--game", "mouse-guard",
                         "--state"])  # fmt: skip
        out, err = capsys.readouterr()
        assert code == 0, f"example {number} of docs/commands.md's Mouse Guard refused: {err}"
        after.append(json.loads(out.splitlines()[-1]))
    last = {
        view: json.loads(run(capsys, "state", "--session", "Patrol", "--view", view))
        for view in ("table", "gm", "pad:patrol")
    }
    return {"after": after, "last": last}


@pytest.mark.slow
def test_every_mouse_guard_test_command_has_an_example_that_runs_in_order(
    mouse_guard: dict[str, Any],
) -> None:
    from tablekit.rules.mouse_guard.commands import COMMANDS

    kinds = {json.loads(line)["type"] for line in mouse_guard_examples()}
    assert {command.kind for command in COMMANDS} <= kinds
    assert len(mouse_guard["after"]) == len(mouse_guard_examples())


def test_the_page_documents_mouse_guard() -> None:
    fields = documented("Mouse Guard")
    assert {"phase", "characters[].ratings[].passes", "test.tester.faces", "test.chance.now"} <= (
        fields.keys()
    )
    assert not [path for path in fields if as_documented(path) != path]


@pytest.mark.slow
def test_every_documented_mouse_guard_field_is_in_the_real_output_with_its_type(
    mouse_guard: dict[str, Any],
) -> None:
    views = mouse_guard["after"]
    wrong = []
    for path, kind in documented("Mouse Guard").items():
        same = [path] + [a + path.removeprefix(w) for a, w in SAME_AS.items() if path.startswith(w)]
        found = [v for view in views for p in same for v in values(view, p, strict=False)]
        if not found:
            wrong.append(f"{path}: no value in any view of the examples to check")
        wrong += [f"{path}: {v!r} is not {kind}" for v in found if not is_a(v, kind)]
    assert wrong == []


@pytest.mark.slow
def test_every_field_of_the_real_mouse_guard_output_is_documented(
    mouse_guard: dict[str, Any],
) -> None:
    fields = documented("Mouse Guard")
    missing = {
        names[0]
        for view in mouse_guard["after"]
        for names in real_fields(view)
        if not {as_documented(name) for name in names} & fields.keys()
    }
    assert missing == set()


@pytest.mark.slow
def test_the_mouse_guard_examples_pass_through_both_shapes_of_a_test(
    mouse_guard: dict[str, Any],
) -> None:
    tests = [view["test"] for view in mouse_guard["after"] if view["test"]]
    assert {test["kind"] for test in tests} == {"independent", "versus"}
    assert any("win" in test["chance"] for test in tests)
    assert any(test["tester"]["helpers"] and test["tester"]["explosion"] for test in tests)
    last = mouse_guard["last"]["table"]
    assert last["test"] is None and last["game"] == "mouse-guard"


@pytest.mark.slow
def test_mouse_guard_without_a_conflict_shows_every_audience_the_same(
    mouse_guard: dict[str, Any],
) -> None:
    last = mouse_guard["last"]
    assert last["table"] == last["gm"] == last["pad:patrol"]


@pytest.mark.slow
def test_every_conflict_command_has_an_example_in_a_whole_conflict(
    mouse_guard: dict[str, Any],
) -> None:
    from tablekit.rules.mouse_guard.conflict.commands import CONFLICT_COMMANDS

    kinds = [json.loads(line)["type"] for line in mouse_guard_examples()]
    conflict = kinds[kinds.index("mg.begin_conflict") :]
    assert {command.kind for command in CONFLICT_COMMANDS} <= set(conflict)
    assert conflict[-1] == "mg.end_conflict" and conflict.count("mg.begin_conflict") == 1
    views = [view["conflict"] for view in mouse_guard["after"]]
    statuses = [view["status"] for view in views if view]
    assert set(statuses) == {"disposition", "scripting", "revealing", "acting", "maneuver", "over"}
    assert statuses[-1] == "over" and views[-1] is None


@pytest.mark.slow
def test_the_table_never_sees_an_unrevealed_action_in_the_examples(
    mouse_guard: dict[str, Any],
) -> None:
    conflicts = [view["conflict"] for view in mouse_guard["after"] if view["conflict"]]
    hidden = 0
    for conflict in conflicts:
        for team in conflict["sides"].values():
            actions = team["actions"]
            assert len(actions) == team["script"]["filled"]
            assert all(action["revealed"] for action in actions[: conflict["revealed"]])
            assert all(action == {"hidden": True} for action in actions[conflict["revealed"] :])
            hidden += len(actions) - conflict["revealed"]
    assert hidden, "the examples never show an unrevealed action to check"


def test_the_mice_and_mystics_set_up_examples_start_a_chapter_on_a_fresh_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: the page's mm.start_chapter example was refused on a fresh session."""
    page = COMMANDS_DOC.read_text(encoding="utf-8")
    lines = page.split("### Setting up\n")[1].split("\n### ")[0].splitlines()
    examples = [line.strip() for line in lines if line.startswith('    {"type": "mm.')]
    script = tmp_path / "set-up.jsonl"
    script.write_text("\n".join(examples) + "\n", encoding="utf-8")
    code = cli.main(["script", str(script), "--session", "Fresh", "--game", "mice-mystics"])
    out, err = capsys.readouterr()
    assert code == 0, err
    view = json.loads(run(capsys, "state", "--session", "Fresh"))
    assert view["outcome"] == "playing" and view["chapter"] == "1: Flight"
