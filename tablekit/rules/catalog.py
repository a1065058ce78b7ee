"""Which games tablekit knows, by their stable name."""

from __future__ import annotations

from typing import Any

from tablekit.rules.game import Game


def games() -> dict[str, Game[Any]]:
    """Every available game, keyed by name. Imported on demand."""
    from tablekit.rules.mice_mystics.game import MiceAndMystics

    found: list[Game[Any]] = [MiceAndMystics()]
    return {game.name: game for game in found}
