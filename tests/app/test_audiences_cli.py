"""``--view`` names one of a closed set of audiences; anything else is one clear line (issue 12)."""

import json
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import counter_registered

from tablekit import cli
from tablekit.local import config, paths
from tablekit.rules.secret import PAD_SIDES
from tablekit.session import Journal


@pytest.fixture(autouse=True)
def counter_only(monkeypatch: pytest.MonkeyPatch) -> None:
    counter_registered(monkeypatch)


def started(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = tmp_path / "hide.jsonl"
    lines.write_text('{"type": "t.press", "pad": "gm", "button": "feint"}\n', encoding="utf-8")
    assert cli.main(["script", str(lines), "--session", "s", "--game", "test-counter"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("view", ["pad:nobody", "pad:", "pad:table", "pad:gm", "players", "GM"])
def test_an_audience_outside_the_set_is_one_line_and_opens_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], view: str
) -> None:
    started(tmp_path, capsys)
    before = Journal(paths.journal_file(), readonly=True, clock=TEST_CLOCK).version("s")
    assert cli.main(["state", "--session", "s", "--view", view]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    named = f"pad called {view[4:]!r}" if view.startswith("pad:") else f"audience {view!r}"
    assert err.splitlines() == [
        f"tablekit: no {named}; audiences: table, gm, pad:opponents, pad:patrol"
    ]
    assert Journal(paths.journal_file(), readonly=True, clock=TEST_CLOCK).version("s") == before


def test_a_script_with_an_unknown_audience_applies_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = tmp_path / "add.jsonl"
    lines.write_text('{"type": "t.add", "amount": 2}\n', encoding="utf-8")
    args = ["--session", "new", "--game", "test-counter", "--view", "pad:nobody"]
    code = cli.main(["script", str(lines), *args])
    assert code == 2
    assert "no pad called 'nobody'" in capsys.readouterr().err
    assert not paths.journal_file().exists() or not Journal(
        paths.journal_file(), clock=TEST_CLOCK
    ).exists("new")


def test_the_gms_pad_sees_the_gms_secret_and_the_patrols_pad_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    started(tmp_path, capsys)
    seen = {}
    for view in ("table", "gm", "pad:opponents", "pad:patrol"):
        assert cli.main(["state", "--session", "s", "--view", view]) == 0
        seen[view] = json.loads(capsys.readouterr().out)["notes"]
    assert seen["gm"] == seen["pad:opponents"] == [{"owner": "gm", "note": "feint"}]
    assert seen["table"] == seen["pad:patrol"] == [{"owner": "gm", "note": {"hidden": True}}]


@pytest.mark.parametrize("pad", ["table", "left", "nobody"])
def test_the_settings_know_only_the_pads_that_have_an_audience(pad: str) -> None:
    """A pad is configured under its name in ``[buttons]``; no other name is a pad."""
    with pytest.raises(
        config.ConfigError, match=f"unknown key buttons.{pad}; known here: .*opponents, patrol"
    ):
        config.parse({"buttons": {pad: {"port": "/dev/ttyACM0"}}})
    assert set(config.Buttons().pads()) == set(PAD_SIDES)
