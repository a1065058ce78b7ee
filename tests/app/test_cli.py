"""The scripting interface: JSON lines in, one JSON result per line out."""

import io
import json
import os
from pathlib import Path

import pytest
from clocks import TEST_CLOCK
from fakegame import Counter, counter_registered

from tablekit import cli
from tablekit.local import paths
from tablekit.session import Journal, Session, codec


@pytest.fixture(autouse=True)
def counter_only(monkeypatch: pytest.MonkeyPatch) -> None:
    counter_registered(monkeypatch)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict], str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines() if line.startswith("{")], err


def script(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "lines.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def total(name: str) -> int:
    return Session(Journal(paths.journal_file(), clock=TEST_CLOCK), name, Counter()).state.total


def test_script_applies_lines_and_prints_results(tmp_path, capsys) -> None:
    lines = script(tmp_path, '{"type": "t.add", "amount": 2}', "", '{"type": "t.roll", "dice": 2}')
    code, results, _ = run(capsys, "script", lines, "--session", "s", "--game", "test-counter")
    assert code == 0
    assert [r["line"] for r in results] == [1, 3]
    assert results[0]["events"] == [{"type": "t.added", "amount": 2}]
    assert len(results[1]["events"][0]["faces"]) == 2
    assert total("s") == 2


def test_refused_line_stops_names_line_and_keeps_earlier_lines(tmp_path, capsys) -> None:
    lines = script(
        tmp_path,
        '{"type": "t.add", "amount": 2}',
        '{"type": "t.add", "amount": -1}',
        '{"type": "t.add", "amount": 5}',
    )
    code, results, err = run(capsys, "script", lines, "--session", "s", "--game", "test-counter")
    assert code == 1
    assert results[-1] == {"line": 2, "ok": False, "error": "Only positive amounts can be added"}
    assert "line 2" in err
    assert total("s") == 2


def test_malformed_line_is_refused_like_an_illegal_one(tmp_path, capsys) -> None:
    lines = script(tmp_path, '{"type": "t.add", "amount": 1}', '{"type": "t.add", "amount": ')
    code, results, _ = run(capsys, "script", lines, "--session", "s", "--game", "test-counter")
    assert code == 1
    assert "not valid JSON" in results[-1]["error"]
    assert total("s") == 1


def test_stdin_script_and_state_view(capsys, monkeypatch) -> None:
    monkeypatch.setattr(
        "sys.stdin", io.StringIO('{"type": "t.hide", "owner": "gm", "note": "x"}\n')
    )
    code, _, _ = run(capsys, "script", "-", "--session", "s", "--game", "test-counter", "--state")
    assert code == 0
    capsys.readouterr()
    assert cli.main(["state", "--session", "s", "--view", "table"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["notes"][0]["note"] == {"hidden": True}
    assert table["session"] == "s" and table["game"] == "test-counter"
    assert cli.main(["state", "--session", "s", "--view", "gm"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"][0]["note"] == "x"


def test_unknown_game_is_a_usage_error(tmp_path, capsys) -> None:
    lines = script(tmp_path, '{"type": "undo"}')
    code, _, err = run(capsys, "script", lines, "--session", "new", "--game", "chess")
    assert code == 2
    assert "unknown game 'chess'" in err


def test_bad_config_stops_a_new_session_with_file_and_key(tmp_path, capsys) -> None:
    paths.config_dir().mkdir(parents=True)
    paths.config_file().write_text('[ui]\nlanguage = "xx"\n', encoding="utf-8")
    lines = script(tmp_path, '{"type": "t.add", "amount": 2}')
    code, _, err = run(capsys, "script", lines, "--session", "s")  # its game is the config's
    assert code == 2
    assert "config.toml: ui.language" in err
    assert not paths.journal_file().exists()


def test_a_read_does_not_need_the_settings(tmp_path, capsys) -> None:
    """``state`` prints what the journal holds: a settings file it never reads cannot stop it."""
    lines = script(tmp_path, '{"type": "t.add", "amount": 2}')
    assert run(capsys, "script", lines, "--session", "s", "--game", "test-counter")[0] == 0
    paths.config_dir().mkdir(parents=True)
    paths.config_file().write_text('[ui]\nlanguage = "xx"\n', encoding="utf-8")
    assert cli.main(["state", "--session", "s"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 2


def test_screenshot_writes_a_png(tmp_path, capsys) -> None:
    out = tmp_path / "home.png"
    args = ["screenshot", "home", "--size", "800x480", "--out", str(out), "--game", "test-counter"]
    code, _, _ = run(capsys, *args)
    assert code == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_dice_read_is_a_tablekit_command(capsys) -> None:
    frames = Path(__file__).parents[1] / "vision" / "frames"
    frame = frames / "mm_action_101.jpg"
    truth = json.loads((frames / "mm_action_truth.json").read_text())[frame.name]
    code, [reading], _ = run(capsys, "dice", "read", str(frame), "--kind", "mm-action", "--json")
    assert code == 0
    assert reading["image"] == str(frame)
    assert sorted(d["value"] for d in reading["dice"]) == sorted(d["face"] for d in truth)


def test_reading_commands_never_create_sessions(capsys) -> None:
    code, _, err = run(capsys, "state", "--session", "Fridya")
    assert code == 2 and "no session called 'Fridya'" in err
    assert Journal(paths.journal_file(), clock=TEST_CLOCK).sessions() == []


def test_a_game_that_differs_from_the_sessions_is_refused(tmp_path, capsys) -> None:
    lines = script(tmp_path, '{"type": "t.add", "amount": 1}')
    assert run(capsys, "script", lines, "--session", "s", "--game", "test-counter")[0] == 0
    code, _, err = run(capsys, "script", lines, "--session", "s", "--game", "chess")
    assert code == 2 and "plays test-counter, not chess" in err


def test_script_files_with_a_bom_work_and_other_encodings_are_refused(tmp_path, capsys) -> None:
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b'\xef\xbb\xbf{"type": "t.add", "amount": 1}\n')
    assert run(capsys, "script", str(bom), "--session", "s", "--game", "test-counter")[0] == 0
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"type": "t.hide", "owner": "gm", "note": "caf\xe9"}\n')
    code, _, err = run(capsys, "script", str(latin), "--session", "s")
    assert code == 1 and "line 1 refused" in err and "not valid UTF-8" in err
    assert total("s") == 1


def test_an_empty_session_name_is_refused_not_taken_for_the_last(tmp_path, capsys) -> None:
    """Issue 12: `--session ""` used to act on the last session; an undo reached another one."""
    lines = script(tmp_path, '{"type": "t.add", "amount": 2}')
    assert run(capsys, "script", lines, "--session", "s", "--game", "test-counter")[0] == 0
    code, _, err = run(capsys, "script", lines, "--session", "")
    assert code == 2 and "--session needs a name" in err
    assert total("s") == 2


def test_a_bad_byte_is_refused_on_its_line_and_nothing_after_it_runs(tmp_path, capsys) -> None:
    """Issue 12: a bad UTF-8 byte stopped a script without naming the line."""
    path = tmp_path / "lines.jsonl"
    good = b'{"type": "t.add", "amount": 1}\n'
    path.write_bytes(good * 3 + b'{"type": "t.add", "amount": 1, "x": "\xff"}\n' + good)
    code, results, err = run(
        capsys, "script", str(path), "--session", "s", "--game", "test-counter"
    )
    assert code == 1 and "line 4 refused" in err and "UTF-8" in err
    assert [r["ok"] for r in results] == [True, True, True, False]
    assert total("s") == 3


def test_a_byte_order_mark_is_accepted_on_stdin_as_in_a_file(capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO('\ufeff{"type": "t.add", "amount": 4}\n'))
    code, results, _ = run(capsys, "script", "-", "--session", "s", "--game", "test-counter")
    assert code == 0 and results[0]["ok"]
    assert total("s") == 4


def test_an_unexpected_failure_is_one_line_exit_70_and_the_trace_is_logged(
    capsys, monkeypatch
) -> None:
    """Issue 12: nothing escapes as a traceback; the details go to the log file."""
    from tablekit.local import failures

    def boom(args: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("tablekit.cli.sessions.list_sessions", boom)
    code, _, err = run(capsys, "sessions")
    assert code == 70
    assert err.strip().splitlines() == [
        f"tablekit: tablekit sessions failed unexpectedly: ZeroDivisionError; "
        f"details in {failures.log_file()}"
    ]
    assert "ZeroDivisionError: a bug" in failures.log_file().read_text(encoding="utf-8")


def test_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11: --help showed the docstring's reStructuredText markup."""
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "The tablekit command" in out and "``" not in out


@pytest.mark.slow
def test_a_missing_image_and_a_closed_pipe_each_say_only_what_matters(tmp_path: Path) -> None:
    """Issue 11: `dice read` on a missing file printed OpenCV's own [ WARN ] line first, and
    output piped into `head` ended with "Broken pipe"; both run as a shell would run them."""
    import subprocess
    import sys

    tablekit = [sys.executable, "-m", "tablekit"]
    missing = subprocess.run(
        [*tablekit, "dice", "read", str(tmp_path / "gone.jpg")], capture_output=True, text=True
    )
    assert missing.returncode != 0
    assert missing.stderr.splitlines() == [
        f"tablekit dice: cannot read image {tmp_path / 'gone.jpg'}: No such file or directory"
    ]
    script = tmp_path / "start.jsonl"
    script.write_text('{"type": "mm.end_turn"}\n')
    subprocess.run([*tablekit, "script", str(script), "--session", "s", "--game", "mice-mystics"],
                   capture_output=True)  # fmt: skip
    for _ in range(5):  # the race between the reader leaving and the writer is not always lost
        reader = subprocess.Popen([*tablekit, "state", "--session", "s"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)  # fmt: skip
        assert reader.stdout is not None and reader.stderr is not None
        reader.stdout.read(1)
        reader.stdout.close()  # what `head -c 1` does
        assert reader.wait(timeout=60) in (0, 141)
        assert reader.stderr.read() == b""


LONG = '{"type": "t.add", "amount": 1, "pad": "' + "x" * codec.LINE_LIMIT + '"}'


def test_a_line_over_the_limit_is_refused_by_number_and_nothing_after_it_runs(
    tmp_path, capsys
) -> None:
    """Issue 12, Build 3: a script line is read at most ``LINE_LIMIT`` characters far; a
    longer one is refused in one line naming its number and the limit, as a bad byte is."""
    good = '{"type": "t.add", "amount": 1}'
    edge = good + " " * (codec.LINE_LIMIT - len(good))  # exactly at the limit: taken
    lines = script(tmp_path, good, edge, good, LONG, good)
    code, results, err = run(capsys, "script", lines, "--session", "s", "--game", "test-counter")
    assert code == 1 and f"line 4 refused: the line is longer than {codec.LINE_LIMIT}" in err
    assert err.count("\n") == 1
    assert [r["ok"] for r in results] == [True, True, True, False]
    assert total("s") == 3


def test_a_line_over_the_limit_on_stdin_is_refused_the_same(capsys, monkeypatch) -> None:
    good = '{"type": "t.add", "amount": 2}\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(good + LONG + "\n" + good))
    code, results, err = run(capsys, "script", "-", "--session", "s", "--game", "test-counter")
    assert code == 1 and "line 2 refused" in err
    assert results[-1]["line"] == 2 and not results[-1]["ok"]
    assert total("s") == 2


def test_a_script_that_is_no_regular_file_is_refused_at_once(tmp_path, capsys) -> None:
    """Issue 12, Build 3: a FIFO would be waited on for ever; it is refused before opening."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code, results, err = run(
        capsys, "script", str(fifo), "--session", "s", "--game", "test-counter"
    )
    assert code == 2 and results == [] and "not a regular file" in err


def test_a_script_file_over_the_size_limit_is_refused_before_a_line_runs(
    tmp_path, capsys, monkeypatch
) -> None:
    monkeypatch.setattr("tablekit.cli.sessions.SCRIPT_LIMIT", 40)
    lines = script(tmp_path, '{"type": "t.add", "amount": 1}', '{"type": "t.add", "amount": 1}')
    code, results, err = run(capsys, "script", lines, "--session", "s", "--game", "test-counter")
    assert code == 2 and results == [] and "a script holds at most 40" in err


def test_a_script_that_cannot_be_read_leaves_the_journal_alone(tmp_path, capsys) -> None:
    """A typo in the file name made a new empty session the last one used, so the app's
    next start resumed it instead of the campaign."""
    lines = script(tmp_path, '{"type": "t.add", "amount": 2}')
    assert run(capsys, "script", lines, "--session", "campaign", "--game", "test-counter")[0] == 0
    missing = str(tmp_path / "nope.jsonl")
    code, _, err = run(capsys, "script", missing, "--session", "typo", "--game", "test-counter")
    assert code == 2 and "cannot read" in err
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    assert [info.name for info in journal.sessions()] == ["campaign"]
    assert journal.last() is not None and journal.last().name == "campaign"
