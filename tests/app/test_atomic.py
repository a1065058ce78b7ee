"""Replacing a file leaves the old one or the new one, never a torn one or a stray temp file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekit.local.atomic import replace_file


def test_a_write_that_fails_half_way_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "kit.npz"
    path.write_bytes(b"old")

    def torn(out: object) -> None:
        out.write(b"ne")  # type: ignore[attr-defined]
        raise OSError("power cut")

    with pytest.raises(OSError, match="power cut"):
        replace_file(path, torn)
    assert path.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [path]


def test_a_new_file_and_its_folder_are_made(tmp_path: Path) -> None:
    path = tmp_path / "dice" / "green.npz"
    replace_file(path, lambda out: out.write(b"new"))
    assert path.read_bytes() == b"new"
    assert list(path.parent.iterdir()) == [path]
