"""Command ids (issue 13, Build 7): a line resent with the id of one already answered is
answered again the same and not applied; docs/commands.md says so, and its example runs.
A racing writer (Build 8) gets a JSON error line and exit status 1."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import killed_scripts
import pytest
from clocks import TEST_CLOCK
from fakegame import Add, Counter

from tablekit import cli
from tablekit.local import paths
from tablekit.rules.errors import RuleError
from tablekit.session import Journal, Session, Undo, codec
from tablekit.session import journal as journal_module

DOC = Path(__file__).resolve().parents[2] / "docs" / "commands.md"


def doc_blocks() -> tuple[list[str], list[dict[str, Any]]]:
    """The example lines of the page's "Command ids" section, and the answers it shows."""
    text = DOC.read_text(encoding="utf-8")
    part = text[text.index("### Command ids") : text.index("### A damaged journal")]
    sent = [line.strip() for line in part.splitlines() if line.startswith('    {"id"')]
    shown = [
        json.loads(line.strip().replace(", ...", "").replace("...", ""))
        for line in part.splitlines()
        if line.startswith('    {"line"')
    ]
    return sent, shown


def test_the_pages_example_answers_each_resend_as_before_and_applies_it_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sent, shown = doc_blocks()
    assert len(sent) == len(shown) == 4
    script = tmp_path / "resend.jsonl"
    script.write_text("\n".join(sent) + "\n", encoding="utf-8")
    assert cli.main(["script", str(script), "--session", "s", "--game", "mice-mystics"]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for answer, page in zip(answers, shown, strict=True):
        assert set(answer) == set(page)  # the page names every field of the answer, no more
        assert {k: answer[k] for k in ("line", "id", "ok")} == {
            k: page[k] for k in ("line", "id", "ok")
        }
        assert [event["type"] for event in answer["events"]] == [
            event["type"] for event in page["events"]
        ]
    assert answers[0]["events"] == answers[1]["events"]
    assert answers[2]["events"] == answers[3]["events"]
    journal = Journal(paths.journal_file(), readonly=True, clock=TEST_CLOCK)
    steps = journal._db.execute("SELECT undone FROM steps").fetchall()
    assert steps == [(1,)]  # set once, undone once: a second undo would have had nothing


def test_an_id_is_answered_the_same_for_any_command_and_a_refusal_keeps_no_id(
    journal: Journal,
) -> None:
    session: Session[Any] = Session.create(journal, "s", Counter())
    first = session.apply(Add(2), "a")
    assert session.apply(Add(2), "a") == first and session.state.total == 2
    assert session.apply(Add(5), "a") == first and session.state.total == 2  # the id decides
    assert session.apply(Undo(), "u") == session.apply(Undo(), "u") and session.state.total == 0
    with pytest.raises(RuleError):
        session.apply(Undo(), "v")  # nothing left to undo: refused, the id not kept
    session.apply(Add(3))
    session.apply(Undo(), "v")
    assert session.state.total == 0 and journal.answer("s", "v") is not None


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "undo", "id": ""}',
        '{"type": "undo", "id": 7}',
        '{"type": "undo", "id": "k\\u00f8"}',
        '{"type": "undo", "id": "tab\\there"}',
        '{"type": "undo", "id": "' + "x" * 65 + '"}',
    ],
)
def test_a_bad_id_is_one_clear_refusal(line: str) -> None:
    with pytest.raises(codec.CommandError, match=r'"id" must be 1 to 64 printable ASCII'):
        codec.split_id(line)


def test_no_command_of_any_game_has_a_field_named_id() -> None:
    from tablekit import catalog

    for game in catalog.games().values():
        for command in game.commands:
            assert "id" not in codec.field_names(command), command


class Racing:
    """Lines for ``tablekit script -`` that let another writer hold the journal before ``at``."""

    def __init__(self, lines: list[str], at: int) -> None:
        self.lines, self.at = lines, at
        self.other: sqlite3.Connection | None = None
        self._reading: Any = None

    def __iter__(self) -> Any:
        for number, line in enumerate(self.lines, start=1):
            if number == self.at:
                self.other = sqlite3.connect(paths.journal_file(), isolation_level=None)
                self.other.execute("BEGIN IMMEDIATE")  # the other writer, mid-transaction
            yield line

    def readline(self, limit: int = -1) -> str:
        """The next line, as ``tablekit script`` reads stdin (each line is far below ``limit``)."""
        if self._reading is None:
            self._reading = iter(self)
        return next(self._reading, "")


@pytest.mark.parametrize("at", [1, 3])
def test_a_writer_that_loses_the_race_gets_a_json_line_and_status_1(
    at: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal_module, "BUSY_SECONDS", 0.05)
    lines = ['{"type": "mm.set_stats", "figure": "lily", "battle": 2}\n'] * 4
    monkeypatch.setattr(sys, "stdin", Racing(lines, at))
    assert cli.main(["script", "-", "--session", "s", "--game", "mice-mystics"]) == 1
    out, err = capsys.readouterr()
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["ok"] for a in answers] == [True] * (at - 1) + [False]
    assert answers[-1]["line"] == at and "busy" in answers[-1]["error"]
    assert "Traceback" not in err


def test_a_busy_journal_at_opening_is_line_0(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["script", "-", "--session", "s", "--game", "mice-mystics"]) == 0
    monkeypatch.setattr(journal_module, "BUSY_SECONDS", 0.05)
    other = sqlite3.connect(paths.journal_file(), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"type": "undo"}\n'))
    capsys.readouterr()
    assert cli.main(["script", "-", "--session", "s"]) == 1
    [answer] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert answer["line"] == 0 and answer["ok"] is False and "busy" in answer["error"]


def test_two_scripts_on_one_session_each_end_in_json_and_status_0_or_1(tmp_path: Path) -> None:
    env = {**os.environ, "TABLEKIT_DATA_DIR": str(tmp_path), "TABLEKIT_CONFIG_DIR": str(tmp_path)}
    base = [sys.executable, "-m", "tablekit", "script", "-", "--session", "race"]
    setup = subprocess.run(
        [*base, "--game", "mice-mystics"],
        input="".join(json.dumps(line) + "\n" for line in killed_scripts.SETUP),  # Lily's chapter
        env=env,
        capture_output=True,
        text=True,
    )
    assert setup.returncode == 0, setup.stdout
    feed = "".join(
        json.dumps({"type": "mm.party_item", "item": f"{who}{n}"}) + "\n"
        for who in "A"
        for n in range(150)
    )
    children = [
        subprocess.Popen(
            base,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
        )
        for _ in range(2)
    ]
    with ThreadPoolExecutor(2) as pool:  # both fed at once, so their commands interleave
        feeds = [feed, feed.replace('"A', '"B')]
        results = list(
            pool.map(lambda pair: pair[0].communicate(pair[1]), zip(children, feeds, strict=True))
        )
    applied = 0
    for child, (out, err) in zip(children, results, strict=True):
        answers = [json.loads(line) for line in out.splitlines()]
        assert child.returncode in (0, 1) and "Traceback" not in err
        assert all(a["ok"] for a in answers[:-1])
        if child.returncode == 1:
            assert answers[-1]["ok"] is False and answers[-1]["error"]
        applied += sum(a["ok"] for a in answers)
    journal = Journal(tmp_path / "journal.sqlite3", readonly=True, clock=TEST_CLOCK)
    assert applied > 0  # lines of a session with a chapter started, not refusals
    assert journal._db.execute("SELECT COUNT(*) FROM steps").fetchone()[0] == applied + 2


@pytest.mark.slow
def test_killed_scripts_resending_by_id_lose_nothing_and_double_nothing(tmp_path: Path) -> None:
    """Kills at random moments; ``run`` raises at the first line lost or applied twice."""
    tally = killed_scripts.run(8, tmp_path, seed=2026)
    assert tally.kills == 8


DIE_AFTER = """
import os, signal, sys
from tablekit import cli
from tablekit.session import Session
apply, left = Session.apply, [int(sys.argv.pop(1))]
def apply_then_die(self, *args, **kwargs):
    events = apply(self, *args, **kwargs)
    left[0] -= 1
    if not left[0]:
        os.kill(os.getpid(), signal.SIGKILL)
    return events
Session.apply = apply_then_die
cli.main(sys.argv[1:])
"""
"""``tablekit script`` that SIGKILLs itself right after its Nth command committed, before its
answer is written: the one moment a random kill only sometimes hits."""


@pytest.mark.slow
def test_a_line_committed_but_killed_before_its_answer_is_answered_by_id_when_resent(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "TABLEKIT_DATA_DIR": str(tmp_path), "TABLEKIT_CONFIG_DIR": str(tmp_path)}
    lines = [*killed_scripts.SETUP, *(killed_scripts.line(n) for n in range(1, 5))]
    script = ["script", "-", "--session", "resend", "--game", "mice-mystics"]

    def send(prefix: list[str], queue: list[dict[str, object]]) -> subprocess.CompletedProcess[str]:
        text = "".join(json.dumps(item) + "\n" for item in queue)
        return subprocess.run(
            [sys.executable, *prefix, *script], input=text, env=env, capture_output=True, text=True
        )

    dying = send(["-c", DIE_AFTER, "4"], lines)
    assert dying.returncode == -signal.SIGKILL
    answered = [json.loads(text)["id"] for text in dying.stdout.splitlines()]
    assert answered == ["setup-1", "setup-2", "S1"]
    assert killed_scripts.party(tmp_path) == ["S1", "S2"]  # S2 committed, unanswered
    again = send(["-m", "tablekit"], [item for item in lines if item["id"] not in answered])
    answers = [json.loads(text) for text in again.stdout.splitlines()]
    assert again.returncode == 0 and [a["id"] for a in answers] == ["S2", "S3", "S4"]
    assert all(answer["ok"] for answer in answers)
    assert killed_scripts.party(tmp_path) == ["S1", "S2", "S3", "S4"]  # S2 once, not twice
