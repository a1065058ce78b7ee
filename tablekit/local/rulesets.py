"""A table's own rulesets for the Mouse Guard engine, read from the data directory.

Each ``rulesets/NAME.toml`` under the data directory is a ruleset in the
format of the shipped ones (see ``docs/rulesets.md``) and becomes a game of
its own in the catalogue (:func:`tablekit.catalog.own_entries`), played on the Mouse
Guard engine and screen. A file that cannot be used is reported with its name and key
and left out; it never stops the others or the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tablekit.local import paths

if TYPE_CHECKING:
    from tablekit.rules.mouse_guard.ruleset import Ruleset


def rulesets_dir() -> Path:
    """Where a table keeps its own rulesets; it need not exist."""
    return paths.data_dir() / "rulesets"


def own_rulesets(folder: Path | None = None) -> tuple[list[Ruleset], list[str]]:
    """The table's rulesets, and one line for each file that could not be used."""
    folder = rulesets_dir() if folder is None else folder
    found: list[Ruleset] = []
    problems: list[str] = []
    if not folder.is_dir():
        return found, problems  # the Mouse Guard engine is imported only for a table's own
    from tablekit.rules.games import SHIPPED
    from tablekit.rules.mouse_guard.ruleset import RulesetError, parse_ruleset

    for file in sorted(folder.glob("*.toml")):
        try:
            ruleset = parse_ruleset(file.read_text(encoding="utf-8"), str(file))
        except (OSError, UnicodeDecodeError) as error:
            problems.append(f"{file}: {error}")
            continue
        except RulesetError as error:
            problems.append(str(error))
            continue
        if ruleset.name in SHIPPED:
            problems.append(f"{file}: name: {ruleset.name!r} is a shipped game's name")
            continue
        found.append(ruleset)
    return found, problems
