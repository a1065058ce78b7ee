"""The times in a damage report: a damaged step's time may be any number SQLite holds, or
text, and the report says it is unknown instead of failing (issue 23, item 6)."""

from __future__ import annotations

import math
import sqlite3
import time

import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter, counter_registered
from hypothesis import given
from hypothesis import strategies as st

from tablekit import cli
from tablekit.local import paths
from tablekit.session import Journal, Session
from tablekit.session.journal import LATEST, Drop

stored_times = st.one_of(
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.text(max_size=5),
    st.binary(max_size=5),
)
"""Anything a damaged REAL column may hand back."""


def readable(at: object) -> bool:
    """Whether ``at`` is a time a step can have been made at (1970 to the year 9999)."""
    return isinstance(at, int | float) and not math.isnan(at) and 0 <= at <= LATEST


@given(first=stored_times, last=stored_times, count=st.integers(0, 10**6))
def test_any_time_is_described_in_one_line(first: object, last: object, count: int) -> None:
    drop = Drop("c", count, first, last, "a step was changed")  # type: ignore[arg-type]
    text = drop.describe(TEST_CLOCK)
    assert len(text.splitlines()) == 1 and text.endswith(" dropped")
    if last is None:
        assert " made " not in text
    elif readable(last) and (first is None or readable(first)):
        assert time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(last)) in text  # type: ignore[arg-type]
        assert "unknown" not in text
    else:
        assert f"{count} change(s) made at an unknown time dropped" in text


def test_a_time_in_range_is_said_as_the_local_time() -> None:
    at = time.mktime((2026, 11, 27, 20, 15, 0, 0, 0, -1))
    text = Drop("c", 2, at, at + 60, "a step was changed").describe(TEST_CLOCK)
    assert "2 change(s) made 2026-11-27 20:15:00 to 2026-11-27 20:16:00 dropped" in text


DAMAGED_TIMES = {"huge": "1e300", "negative": "-1e300", "infinite": "9e999", "text": "'soon'"}


@pytest.mark.slow
@pytest.mark.parametrize("at", DAMAGED_TIMES.values(), ids=DAMAGED_TIMES.keys())
@pytest.mark.parametrize("command", ["state", "check", "script"])
def test_a_damaged_steps_time_is_reported_as_unknown_by_every_command(
    at: str,
    command: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Step 3 of 5 changed, and its time with it (as sqlite3 would change it): state,
    check and script each report the damage in one line and go on."""
    counter_registered(monkeypatch)
    path = paths.journal_file()
    session = Session.create(Journal(path, clock=TEST_CLOCK), "c", Counter())
    for amount in range(1, 6):
        session.apply(Add(amount))
    session.journal.close()
    db = sqlite3.connect(path)
    db.execute(f"UPDATE steps SET command = command || ' ', at = {at} WHERE id = 3")
    db.commit()
    db.close()
    argv = {
        "state": ["state", "--session", "c"],
        "check": ["check"],
        "script": ["script", str(paths.journal_file().with_name("none.jsonl")), "--session", "c"],
    }[command]
    paths.journal_file().with_name("none.jsonl").write_text("", encoding="utf-8")
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code == (0 if command == "state" else 1)  # a script refuses: nothing goes onto it
    report = "the session 'c' was damaged (it, or a step before it, was changed or removed)"
    if command == "script":
        report = "the session 'c' is damaged from step 3 (it, or a step before it, was changed"
    said = [line for line in (out + err).splitlines() if report in line]
    told = "3 change(s) made at an unknown time" + ("" if command == "script" else " dropped")
    assert said and all(told in line for line in said)
    assert "Traceback" not in out + err and "unexpectedly" not in err
