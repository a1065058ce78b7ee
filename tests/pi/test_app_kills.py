"""The real app, SIGKILLed at random moments while taps and pad presses play (issue 15, Build 5).

After each kill: every acknowledged command is in the journal (see
tests/killed_app.py for what "acknowledged" means), SQLite finds the file
intact, and every fifth time the reopened app draws the same screen as an app
on a journal rebuilt from the steps. 30 kills here; ``make bench`` does 1,000.
"""

from __future__ import annotations

from pathlib import Path

import killed_app
import pytest


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed"), [("mice-mystics", 11), ("test-counter", 12)])
def test_killed_app_loses_nothing_acknowledged_and_reopens_as_a_replay(
    tmp_path: Path, game: str, seed: int
) -> None:
    """On a busy machine a kill can land before the app has done anything, so rounds go on,
    each batch in a new folder, until more than 15 commands were acknowledged (a count of
    work, never of time)."""
    kills = acked = 0
    while acked <= 15:
        assert kills < 300, "300 kills and the app never got to play: it does not start"
        tally = killed_app.rounds(
            tmp_path / str(kills), game, kills=15, seed=seed + kills, screens_every=5
        )
        assert tally.kills == 15 and tally.screens == 3
        kills, acked = kills + tally.kills, acked + tally.acked


def test_the_check_catches_a_lost_acknowledged_command(tmp_path: Path) -> None:
    """The harness can fail: an ack the journal does not hold is reported."""
    killed_app.prepare(tmp_path, "test-counter")
    state = killed_app.state_now(tmp_path)
    lost = {"v": state["v"] + 1, "ids": [*state["ids"], 999]}
    (tmp_path / "acks.jsonl").write_text(
        f'{{"v": {state["v"]}, "ids": {state["ids"]}}}\n'
        f'{{"pending": "t.press"}}\n'
        f'{{"v": {lost["v"]}, "ids": {lost["ids"]}}}\n'
    )
    with pytest.raises(AssertionError):
        killed_app.check(tmp_path)
