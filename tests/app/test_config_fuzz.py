"""Fuzzed settings files and script lines through the command line (issue 12, hypothesis).

A settings file built from the config's declared fields, or mutated as text,
is either used or refused with one ConfigError line that names the file; the
file is never changed. A fuzzed line through ``tablekit script`` ends with
exit 0, 1 or 2, JSON lines on stdout and at most one line on stderr, never a
traceback (exit 70).
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import msgspec
import pytest
import tomli_w
from fuzzing import fields_of, mutated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekit import catalog, cli
from tablekit.local import config
from tablekit.session.codec import registry
from tablekit.session.commands import SESSION_COMMANDS

WORDS = ["auto", "on", "off", "gpio", "serial", "none", "mice-mystics", "en", "da", "file"]


def tomlable(data: object) -> object:
    """TOML has no null: a person writing the file would leave such a key out."""
    if isinstance(data, dict):
        return {str(k): tomlable(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [tomlable(v) for v in data if v is not None]
    return data


DEFAULT = tomli_w.dumps(tomlable(json.loads(json.dumps(msgspec.to_builtins(config.Config())))))  # type: ignore[arg-type]


@st.composite
def settings_texts(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(mutated(DEFAULT))
    data = draw(fields_of(config.Config, WORDS))
    try:
        return tomli_w.dumps(tomlable(data))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return draw(st.text(max_size=40))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=settings_texts())
def test_a_fuzzed_settings_file_is_used_or_refused_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.toml"
    data = text.encode("utf-8", errors="surrogateescape")
    path.write_bytes(data)
    try:
        config.load(path)
    except config.ConfigError as error:
        assert str(error).startswith(str(path)) and "\n" not in str(error).strip()
    assert path.read_bytes() == data


GAMES = catalog.games()


@st.composite
def script_lines(draw: st.DrawFn) -> tuple[str, str]:
    game = draw(st.sampled_from(sorted(GAMES)))
    known = registry([*SESSION_COMMANDS, *GAMES[game].commands])
    kind = draw(st.sampled_from(sorted(known)))
    line = json.dumps({"type": kind, **draw(fields_of(known[kind], []))}, ensure_ascii=False)
    return game, draw(mutated(line))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(drawn=script_lines())
def test_a_fuzzed_script_line_ends_in_a_documented_exit_status(
    tmp_path: Path, drawn: tuple[str, str]
) -> None:
    game, line = drawn
    script = tmp_path / "line.jsonl"
    script.write_bytes(line.encode("utf-8", errors="surrogateescape") + b"\n")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["script", str(script), "--session", game, "--game", game])
    answers = [json.loads(printed) for printed in out.getvalue().splitlines()]
    assert len(answers) <= 1 and "Traceback" not in err.getvalue()
    refused = [answer for answer in answers if not answer["ok"]]
    assert code == (1 if refused else 0), err.getvalue()  # a refusal is one answer and one line
    assert len(err.getvalue().splitlines()) == len(refused)


def test_an_unknown_key_with_a_newline_is_named_in_one_line(tmp_path: Path) -> None:
    """Hypothesis found it: the key was printed as it stood, over two lines."""
    path = tmp_path / "config.toml"
    path.write_text('[display]\n"\\n" = false\n', encoding="utf-8")
    with pytest.raises(config.ConfigError) as refused:
        config.load(path)
    assert str(refused.value) == (
        f"{path}: unknown key 'display.\\n'; known here: fullscreen, window, rotate, fps"
    )
