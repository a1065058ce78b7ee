"""The ``tablekit`` subcommands by name: the module that runs each and its line of help.

The list is what ``tablekit --help`` shows, in its order. Parsing a command line
imports only the module of the command it names (:func:`register`), so
``tablekit state`` never loads the dice reader, the odds tables or the pygame
side; every other command is registered by its name and help alone, which is
all the top-level help and argparse's "invalid choice" message read, and stands in
argparse's map of commands as a :class:`Listed` parser that is never built.
"""

from __future__ import annotations

import argparse
from importlib import import_module

TYPE_CHECKING = False  # ``tablekit state`` loads this module: typing is not imported for it
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
    """What ``add_subparsers`` returns; each module registers its subcommands on it."""


class Command:
    """Where a subcommand lives: ``module.adder(sub)`` registers it in full. (A plain class:
    a NamedTuple is built by ``exec`` when this module loads, on every command line.)"""

    __slots__ = ("module", "adder", "help")

    def __init__(self, module: str, adder: str, help: str) -> None:
        self.module = module
        self.adder = adder
        self.help = help


COMMANDS = {
    "run": Command("app", "add_run_parser", "start the table app (the default)"),
    "script": Command("sessions", "add_script_parser", "apply JSON-lines commands to a session"),
    "state": Command("state", "add_state_parser", "print a session's view as JSON"),
    "sessions": Command(
        "sessions", "add_sessions_parser", "list the sessions, the last used first"
    ),
    "check": Command(
        "check",
        "add_check_parser",
        "check the journal's steps; with --repair keep the good ones in a new file",
    ),
    "screenshot": Command("app", "add_screenshot_parser", "render a scene headless to a PNG"),
    "dice": Command("dice", "add_dice_parser", "read physical dice from images"),
    "odds": Command("odds", "add_odds_parser", "exact chances of a roll"),
    "box": Command("box", "add_box_parser", "export or import the numbers entered from the cards"),
    "doctor": Command(
        "doctor",
        "add_doctor_parser",
        "check the screen, touch, config, pads and camera; exit 1 if any has a problem",
    ),
    "export": Command(
        "backup", "add_export_parser", "write a session, or all of them, to one JSON file"
    ),
    "import": Command(
        "backup", "add_import_parser", "add the sessions of an exported file; all or nothing"
    ),
}
"""Every subcommand, in the order ``--help`` lists them; modules are under ``tablekit.cli``."""


class Listed(argparse.ArgumentParser):
    """A subcommand that is not being run, as argparse's map of commands holds it. argparse
    reads its name and help apart from it, and parses only with the command the line names,
    so nothing of a parser is built: a real one (its option groups, its ``-h``, a gettext
    look-up for every title) costs a million instructions or more."""

    def __init__(self) -> None:  # not ArgumentParser's: nothing of it is ever read
        pass


def _parser(*, listed_only: bool = False, **options: Any) -> argparse.ArgumentParser:
    """A subcommand's parser: in full, or only :class:`Listed` by its name and help."""
    return Listed() if listed_only else argparse.ArgumentParser(**options)


PARSER_CLASS: type[argparse.ArgumentParser] = _parser  # type: ignore[assignment]
"""``add_subparsers``'s ``parser_class`` for the ``tablekit`` command: each subcommand's
parser is made by :func:`_parser`, given ``add_parser``'s keywords."""


def add(sub: Subparsers, name: str) -> argparse.ArgumentParser:
    """The parser of the subcommand ``name``, registered with its line of help."""
    return sub.add_parser(name, help=COMMANDS[name].help)


def register(sub: Subparsers, chosen: str) -> None:
    """Register every subcommand, in full only ``chosen`` (its module is imported here)."""
    for name, command in COMMANDS.items():
        if name == chosen:
            adder = getattr(import_module(f"tablekit.cli.{command.module}"), command.adder)
            adder(sub)
        else:
            sub.add_parser(name, help=COMMANDS[name].help, listed_only=True)
