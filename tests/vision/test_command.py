"""The ``dice read`` command, run through a parser of our own as the app's CLI would."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tablekit.cli.dice import add_dice_parser

FOLDER = Path(__file__).parent / "frames"


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tablekit")
    add_dice_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


def test_json_has_one_object_per_image_with_the_promised_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    images = [str(FOLDER / "mm_action_101.jpg"), str(FOLDER / "mm_action_102.jpg")]
    assert _run(["dice", "read", *images, "--kind", "mm-action", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    objects = [json.loads(line) for line in lines]
    truth = json.loads((FOLDER / "mm_action_truth.json").read_text())
    assert [o["image"] for o in objects] == images
    for entry in objects:
        assert set(entry) == {"image", "dice", "ms"}
        assert len(entry["dice"]) == len(truth[Path(entry["image"]).name])
        for die in entry["dice"]:
            assert set(die) == {"x", "y", "w", "h", "value", "confidence"}
            assert 0 <= die["confidence"] <= 1


def test_d6_is_the_default_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["dice", "read", str(FOLDER / "mm_action_101.jpg"), "--json"]) == 0
    values = [d["value"] for d in json.loads(capsys.readouterr().out)["dice"]]
    assert all(isinstance(v, int) and 1 <= v <= 6 for v in values)


def test_plain_output_lists_the_faces(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["dice", "read", str(FOLDER / "mm_action_103.jpg"), "--kind", "mm-action"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(str(FOLDER / "mm_action_103.jpg"))
    assert "ms)" in out


def test_a_missing_image_fails_but_the_others_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = _run(
        [
            "dice",
            "read",
            str(tmp_path / "gone.jpg"),
            str(FOLDER / "mm_action_101.jpg"),
            "--kind",
            "mm-action",
            "--json",
        ]
    )
    captured = capsys.readouterr()
    assert status == 1
    assert "cannot read image" in captured.err
    assert len(captured.out.splitlines()) == 1


def test_an_unknown_kind_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["dice", "read", str(FOLDER / "mm_action_101.jpg"), "--kind", "taught:"]) == 2
    assert "Unknown kind" in capsys.readouterr().err


@pytest.mark.slow
def test_teach_then_read_a_taught_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import cv2

    from tablekit.vision.faceart import MM_ACTION_FACES
    from tablekit.vision.synthetic import PlacedDie, render

    for face in MM_ACTION_FACES:
        shown = tmp_path / f"{face}.png"
        cv2.imwrite(str(shown), render([PlacedDie(300, 200, 58, 10.0, face)]))
        assert _run(["dice", "teach", "mine", face, str(shown)]) == 0
    assert "6 faces" in capsys.readouterr().out.splitlines()[-1]
    image = str(FOLDER / "mm_action_102.jpg")
    assert _run(["dice", "read", image, "--kind", "taught:mine", "--json"]) == 0
    read = sorted(d["value"] for d in json.loads(capsys.readouterr().out)["dice"])
    truth = sorted(
        d["face"]
        for d in json.loads((FOLDER / "mm_action_truth.json").read_text())["mm_action_102.jpg"]
    )
    assert read == truth


def test_teaching_from_an_empty_tray_fails_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import cv2

    from tablekit.vision.synthetic import tray

    empty = tmp_path / "empty.png"
    cv2.imwrite(str(empty), tray())
    assert _run(["dice", "teach", "mine", "bow", str(empty)]) == 1
    assert "No die found" in capsys.readouterr().err
