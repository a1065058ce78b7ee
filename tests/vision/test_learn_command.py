"""``tablekit dice learn`` / ``forget``: a labelled frame changes what ``read`` says, a bad
image or label file changes nothing, and the store keeps at most its bound of frames."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import cv2
import pytest

from tablekit.cli.dice import add_dice_parser
from tablekit.local import dice_learned
from tablekit.vision.pipdice import read_d6

TRAY = Path(__file__).parent / "frames" / "tray_IMG_20191208_112447.jpg"


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tablekit")
    add_dice_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


def _read(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    capsys.readouterr()
    assert _run(["dice", "read", str(TRAY), "--kind", "d6", "--json"]) == 0
    dice: list[dict[str, object]] = json.loads(capsys.readouterr().out)["dice"]
    return dice


def _labels_all_showing(tmp_path: Path, face: int) -> Path:
    """A label file putting ``face`` on every die the shipped reader finds in :data:`TRAY`."""
    frame = cv2.imread(str(TRAY))
    height, width = frame.shape[:2]
    lines = [
        f"{face - 1} {d.x / width} {d.y / height} {d.w / width} {d.h / height}"
        for d in read_d6(frame).dice
    ]
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "labels.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def _store() -> Path:
    return dice_learned.learned_file("d6")


def test_learn_then_read_uses_it_and_forget_reads_as_shipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = _read(capsys)
    assert {d["value"] for d in shipped} != {6}
    labels = _labels_all_showing(tmp_path, 6)
    for _ in range(3):
        assert _run(["dice", "learn", "--kind", "d6", str(TRAY), str(labels)]) == 0
    assert "3 frames kept" in capsys.readouterr().out
    learned = _read(capsys)
    assert [(d["x"], d["y"]) for d in learned] == [(d["x"], d["y"]) for d in shipped]
    for was, now in zip(shipped, learned, strict=True):
        if was["value"] != 6:  # no surer of any face but the one it was taught (the
            # calibration maps a range of raw scores to one chance, so "no surer", not "less")
            assert now["value"] == 6 or now["confidence"] <= was["confidence"]
    assert learned != shipped
    assert _run(["dice", "forget", "--kind", "d6"]) == 0
    assert "forgot 3 frames" in capsys.readouterr().out
    assert not _store().exists()
    assert _read(capsys) == shipped


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("6 0.5 0.5 0.1 0.1\n", "class '6' is not a face index 0-5"),
        ("0 0.5 0.5 0.1\n", "expected 'class cx cy w h'"),
        ("0 0.5 zero 0.1 0.1\n", "must be numbers"),
        ("0 1.5 0.5 0.1 0.1\n", "must lie in 0..1"),
        ("0 0.5 0.5 0 0.1\n", "must lie in 0..1"),
        ("0 0.5 0.5 nan 0.1\n", "must lie in 0..1"),
        ("-1 0.5 0.5 0.1 0.1\n", "is not a face index"),
        ("\n\n", "no labelled die"),
        (b"\xff\xfe0 0.5", "refused"),
    ],
)
def test_bad_labels_are_refused_in_one_line_and_change_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes, why: str
) -> None:
    good = _labels_all_showing(tmp_path, 6)
    assert _run(["dice", "learn", str(TRAY), str(good)]) == 0
    before = _store().read_bytes()
    capsys.readouterr()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert _run(["dice", "learn", str(TRAY), str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err
    assert _store().read_bytes() == before


def test_a_bad_image_or_missing_file_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = _labels_all_showing(tmp_path, 6)
    assert _run(["dice", "learn", str(TRAY), str(labels)]) == 0
    before = _store().read_bytes()
    capsys.readouterr()
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not an image at all")
    assert _run(["dice", "learn", str(broken), str(labels)]) == 2
    assert _run(["dice", "learn", str(tmp_path / "gone.jpg"), str(labels)]) == 1
    assert _run(["dice", "learn", str(TRAY), str(tmp_path / "gone.txt")]) == 1
    assert _run(["dice", "learn", "--kind", "mm-action", str(TRAY), str(labels)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 4 and all(line.startswith("tablekit dice: ") for line in err)
    assert _store().read_bytes() == before


def test_a_damaged_store_is_reported_not_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _store().parent.mkdir(parents=True)
    _store().write_bytes(b"PK\x03\x04 damaged")
    assert _run(["dice", "read", str(TRAY), "--json"]) == 2
    assert "forget them and learn again" in capsys.readouterr().err
    assert _run(["dice", "forget"]) == 0
    assert _read(capsys)


def test_the_store_keeps_the_newest_frames_up_to_its_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(dice_learned, "MOST_FRAMES", 3)
    labels = [_labels_all_showing(tmp_path / str(face), face) for face in (1, 2, 3, 4, 5)]
    for path in labels:
        assert _run(["dice", "learn", str(TRAY), str(path)]) == 0
    assert "(3 frames kept)" in capsys.readouterr().out.splitlines()[-1]
    examples, features, frames = dice_learned.load(_store())
    assert sorted(set(frames.tolist())) == [2, 3, 4]
    assert set(examples.faces[examples.faces < 6].tolist()) == {2, 3, 4}
    assert len(features) == len(examples)
    assert not [n for n in os.listdir(_store().parent) if n.endswith(".tmp")]


def test_a_store_whose_arrays_do_not_match_is_reported_not_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A readable file whose arrays disagree (a row short, crops of another size) is damage,
    said in one line, never a numpy or OpenCV error from deeper down."""
    import numpy as np

    assert _run(["dice", "learn", str(TRAY), str(_labels_all_showing(tmp_path, 6))]) == 0
    with np.load(_store()) as data:
        arrays = {name: data[name] for name in data.files}
    for changed in ({"faces": arrays["faces"][:-1]}, {"crops": arrays["crops"][:, :20]}):
        np.savez_compressed(_store(), **(arrays | changed))
        capsys.readouterr()
        assert _run(["dice", "read", str(TRAY), "--json"]) == 2
        assert "forget them and learn again" in capsys.readouterr().err


def test_forget_waits_for_a_change_another_process_is_making(tmp_path: Path) -> None:
    """The store is changed by one writer at a time across processes: while another process
    holds it (the app learning a confirmed roll), ``forget`` waits, so the app cannot write
    back what was just forgotten."""
    import subprocess
    import sys
    import threading

    assert _run(["dice", "learn", str(TRAY), str(_labels_all_showing(tmp_path, 6))]) == 0
    lock = _store().with_suffix(".lock")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, sys; f = open(sys.argv[1], 'a');"
         " fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); sys.stdin.read()",
         str(lock)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        forgot: list[int] = []
        forgetting = threading.Thread(target=lambda: forgot.append(dice_learned.forget("d6")))
        forgetting.start()
        forgetting.join(0.5)
        assert forgetting.is_alive() and _store().exists()  # waiting, nothing removed yet
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait()
    forgetting.join()
    assert forgot == [1] and not _store().exists()
