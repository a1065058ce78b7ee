"""The lines a game's summary gives Home's session card, as the rules write them.

Each game's summary (``mice_mystics.summary``, ``mouse_card.summary``) is a pure
function of a session's table view; the catalogue, above the rules, points
Home at it.
"""

from __future__ import annotations

from collections.abc import Mapping

Line = tuple[str, Mapping[str, object]]
"""An English sentence with ``{placeholders}`` and their values, translated where shown."""
