"""``tablekit export`` / ``tablekit import`` (issue 15, Build 8): a real game's session goes out
to one file and into an empty data folder, and comes out again byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablekit.cli import main

HERO = '{{"type": "mm.set_stats", "figure": "{}", "battle": 2, "defense": 1, "lore": 2, "move": 2, '
HERO += '"life": 5}}\n'
RAT = '{"type": "mm.set_stats", "figure": "rat_warrior", "battle": 2, "defense": 1, "life": 2, '
RAT += '"ranged": false}\n'
STATS = HERO.format("collin") + HERO.format("nez") + RAT
"""The numbers from the cards (the content pack lacks them), so the chapter can start."""

CHAPTER = (
    '{"type": "mm.start_chapter", "chapter": "1: Flight", "end_page": 8, "heroes": '
    '[{"hero": "collin", "ability": "Battle Cry"}, {"hero": "nez", "ability": "Tinker"}], '
    '"minions": [{"minion": "rat_warrior", "count": 2}]}'
)


def state(session: str, capsys: pytest.CaptureFixture[str]) -> object:
    capsys.readouterr()
    assert main(["state", "--session", session, "--view", "gm"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_campaign_round_trips_through_an_empty_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "play.jsonl"
    script.write_text(f"{STATS}{CHAPTER}\n", encoding="utf-8")
    for name in ("Chapter one", "Bølle"):
        assert main(["script", str(script), "--session", name, "--game", "mice-mystics"]) == 0
    before = {name: state(name, capsys) for name in ("Chapter one", "Bølle")}
    first, second = tmp_path / "campaign.json", tmp_path / "again.json"
    assert main(["export", "--all", str(first)]) == 0

    monkeypatch.setenv("TABLEKIT_DATA_DIR", str(tmp_path / "empty"))
    assert main(["import", str(first)]) == 0
    assert main(["export", "--all", str(second)]) == 0
    assert second.read_bytes() == first.read_bytes()
    assert {name: state(name, capsys) for name in before} == before


def test_a_bad_import_is_one_line_exit_2_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "play.jsonl"
    script.write_text(STATS, encoding="utf-8")
    assert main(["script", str(script), "--session", "kept", "--game", "mice-mystics"]) == 0
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not text")
    capsys.readouterr()
    assert main(["import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not UTF-8" in err
    assert main(["sessions"]) == 0
    assert "kept" in capsys.readouterr().out
