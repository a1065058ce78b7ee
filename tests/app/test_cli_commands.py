"""The command line registers every subcommand but builds and imports only the one it runs."""

import os
import subprocess
import sys

import pytest
from clocks import TEST_CLOCK

from tablekit import cli
from tablekit.cli.commands import COMMANDS
from tablekit.local import paths
from tablekit.rules import games
from tablekit.session import Journal, Session


@pytest.mark.parametrize("chosen", ["run", *COMMANDS])
def test_the_top_level_help_is_the_same_whichever_command_is_built(chosen: str) -> None:
    assert cli.build_parser(chosen).format_help() == cli.build_parser("run").format_help()


def test_the_top_level_help_lists_every_command_with_its_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert stop.value.code == 0
    for name, command in COMMANDS.items():
        assert f"{name} {command.help}" in out


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_has_its_own_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main([name, "--help"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: tablekit {name} ")


STATE_LOADS = """
import contextlib, io, sys
from tablekit import cli
with contextlib.redirect_stdout(io.StringIO()):
    code = cli.main(["state"])
print(code, sorted(m for m in sys.modules if m.startswith(("tablekit.cli.", "tablekit.vision"))))
"""


def test_state_imports_no_other_commands_module() -> None:
    """``tablekit state`` prints a view: the dice reader, the odds tables and the app's
    side are not loaded for it. (A development tree keeps no views, so this is the full
    read: ``test_kept_views`` shows the kept view's path.)"""
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    Session.create(journal, "s", games.rules_named("mice-mystics"))
    journal.close()
    shown = subprocess.run(
        [sys.executable, "-c", STATE_LOADS],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=True,
    ).stdout.split()
    assert shown == [
        "0",
        "['tablekit.cli.commands',",
        "'tablekit.cli.sessions',",
        "'tablekit.cli.state']",
    ]
