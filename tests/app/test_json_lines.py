"""JSON lines stay lines: a refusal or a name holding U+2028, U+2029 or U+0085 (or any other
character ``str.splitlines()`` splits at) is written escaped, so a reader that splits the
output with ``str.splitlines()`` gets one line per answer (issue 23, item 11)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fakegame import Counter, Tally, counter_registered
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekit import cli
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command
from tablekit.session.lines import json_text

BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Every character ``str.splitlines()`` splits at."""

plain = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
texts = plain | st.tuples(plain, st.sampled_from(BREAKS), plain).map("".join)
"""Any text, half of it holding a line break of some kind."""


@pytest.fixture(autouse=True)
def counter_only(monkeypatch: pytest.MonkeyPatch) -> None:
    counter_registered(monkeypatch)


def test_every_character_splitlines_splits_at_is_listed() -> None:
    found = {chr(n) for n in range(0x110000) if len(f"a{chr(n)}b".splitlines()) == 2}
    assert found == set(BREAKS)


@pytest.mark.slow
@given(st.dictionaries(texts, texts | st.lists(texts, max_size=3), max_size=4))
def test_a_json_line_is_one_line_and_reads_back(data: dict[str, Any]) -> None:
    text = json_text(data)
    assert len(text.splitlines()) == 1 and json.loads(text) == data
    assert not set(text) & set(BREAKS)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(refusal=texts)
def test_a_scripts_refusal_round_trips_on_one_line(
    refusal: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two answers, an applied line and a refused one, then the view: three lines."""
    original = Counter.decide

    def refuse(self: Counter, state: Tally, command: Command, rng: Any) -> Any:
        if command.kind == "t.reveal":
            raise RuleError(refusal)
        return original(self, state, command, rng)

    monkeypatch.setattr(Counter, "decide", refuse)
    path = tmp_path / "lines.jsonl"
    path.write_text('{"type": "t.add", "amount": 1}\n{"type": "t.reveal", "owner": "gm"}\n')
    code = cli.main(["script", str(path), "--session", "s", "--game", "test-counter", "--state"])
    out, _ = capsys.readouterr()
    assert code == 1
    added, refused, view = (json.loads(line) for line in out.splitlines())
    assert added["ok"] and refused == {"line": 2, "ok": False, "error": refusal}
    assert view["session"] == "s"


def test_a_name_with_a_line_separator_is_escaped_in_events_and_views(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A text the journal stores as it is (U+2028 is no control character) comes out escaped,
    in the events a script prints and in the view ``state`` prints, and reads back whole."""
    note = "first\u2028second\u2029third"
    path = tmp_path / "lines.jsonl"
    path.write_text(json.dumps({"type": "t.hide", "owner": "gm", "note": note}) + "\n")
    argv = ["script", str(path), "--session", "s", "--game", "test-counter", "--view", "gm"]
    assert cli.main(argv) == 0
    out, _ = capsys.readouterr()
    [answer] = out.splitlines()
    assert "\\u2028" in answer and json.loads(answer)["events"][0]["note"] == note
    assert cli.main(["state", "--session", "s", "--view", "gm"]) == 0
    out, _ = capsys.readouterr()
    assert not set(out) & set(BREAKS) - {"\n"} and json.loads(out)["notes"][0]["note"] == note
