"""``tablekit odds``: the published Mouse Guard figures, and bad arguments refused in one line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekit import cli


def odds(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    """The JSON ``tablekit odds mouse-guard ARGS --json`` prints."""
    code = cli.main(["odds", "mouse-guard", *args, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return json.loads(out)


def success(capsys: pytest.CaptureFixture[str], dice: int, ob: int, *options: str) -> float:
    answer = odds(capsys, str(dice), "--ob", str(ob), *options)
    assert set(answer) == {"success"}
    value: float = answer["success"]
    return value


@pytest.mark.parametrize(
    ("dice", "ob", "published"), [(6, 4, 0.34375), (6, 3, 21 / 32), (5, 3, 0.5)]
)
def test_the_published_figures(
    capsys: pytest.CaptureFixture[str], dice: int, ob: int, published: float
) -> None:
    assert success(capsys, dice, ob) == published


def test_a_person_reads_one_line_with_the_percentage(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["odds", "mouse-guard", "6", "--ob", "4"]) == 0
    assert capsys.readouterr().out == "6D vs Ob 4: 34.38%\n"
    assert cli.main(["odds", "mouse-guard", "6", "--ob", "4", "--fate", "--of-course"]) == 0
    assert capsys.readouterr().out == "6D vs Ob 4 with Fate and Of Course!: 88.86%\n"


@pytest.mark.parametrize(
    "options",
    [
        ["--fate"],
        ["--deeper-understanding"],
        ["--of-course"],
        ["--fate", "--deeper-understanding", "--of-course"],
    ],
)
def test_every_option_raises_the_chance(
    capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    plain = success(capsys, 6, 4)
    assert plain < success(capsys, 6, 4, *options) < 1


def test_more_options_never_lower_the_chance(capsys: pytest.CaptureFixture[str]) -> None:
    fate = success(capsys, 4, 3, "--fate")
    assert fate < success(capsys, 4, 3, "--fate", "--of-course")
    assert success(capsys, 4, 3, "--fate", "--of-course") < success(
        capsys, 4, 3, "--fate", "--of-course", "--deeper-understanding"
    )


def test_obstacles_at_the_edges(capsys: pytest.CaptureFixture[str]) -> None:
    assert success(capsys, 0, 0) == 1
    assert success(capsys, 0, 1) == 0
    assert success(capsys, 3, 4) == 0
    assert 0 < success(capsys, 3, 4, "--fate") < 0.1
    assert 0 < success(capsys, 30, 30, "--fate", "--deeper-understanding", "--of-course") < 1


@pytest.mark.parametrize(("mine", "theirs"), [(6, 4), (4, 6), (3, 3), (0, 2), (1, 0), (30, 29)])
def test_versus_sums_to_one_and_is_symmetric(
    capsys: pytest.CaptureFixture[str], mine: int, theirs: int
) -> None:
    forward = odds(capsys, str(mine), "--versus", str(theirs))
    backward = odds(capsys, str(theirs), "--versus", str(mine))
    assert set(forward) == {"win", "tie", "lose"}
    assert all(0 <= p <= 1 for p in forward.values())
    assert forward["win"] + forward["tie"] + forward["lose"] == pytest.approx(1, abs=1e-12)
    assert forward["win"] == backward["lose"] and forward["tie"] == backward["tie"]


def test_versus_for_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["odds", "mouse-guard", "2", "--versus", "1"]) == 0
    out = capsys.readouterr().out
    assert out == "2D vs 1D: win 50.00%, tie 37.50%, lose 12.50% (before a tie is broken)\n"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["mouse-guard", "-1", "--ob", "3"], "DICE must be a whole number from 0 to 30"),
        (["mouse-guard", "31", "--ob", "3"], "DICE must be a whole number from 0 to 30"),
        (["mouse-guard", "1" * 5000, "--ob", "3"], "DICE must be a whole number from 0 to 30"),
        (["mouse-guard", "six", "--ob", "3"], "not 'six'"),
        (["mouse-guard", "2.5", "--ob", "3"], "not '2.5'"),
        (["mouse-guard", "6", "--ob", "-2"], "OB must be a whole number from 0 to 30"),
        (["mouse-guard", "6", "--ob", "10000"], "OB must be a whole number from 0 to 30"),
        (["mouse-guard", "6", "--ob", "four"], "not 'four'"),
        (["mouse-guard", "6", "--versus", "-3"], "DICE2 must be a whole number from 0 to 30"),
        (["mouse-guard", "6", "--versus", "99"], "DICE2 must be a whole number from 0 to 30"),
        (["mouse-guard", "6", "--ob", "3", "--versus", "2"], "--ob or --versus, not both"),
        (["mouse-guard", "6"], "give the obstacle (--ob OB) or the opposing pool"),
        (["mouse-guard", "6", "--versus", "2", "--fate"], "go with --ob only"),
        (["mice-mystics", "6", "--ob", "3"], "known games: mouse-guard"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    assert cli.main(["odds", *args, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("tablekit odds: ")
    assert says in err
    assert len(err) < 120


def test_a_missing_pool_is_an_argparse_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["odds", "mouse-guard"])
    assert stopped.value.code == 2
    assert "DICE" in capsys.readouterr().err
