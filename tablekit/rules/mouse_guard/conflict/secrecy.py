"""Which fields of a conflict command or event stay secret, and whose they are.

A scripted action and its actor belong to the side that scripted it until
the action is revealed; the session hides those fields from every other
audience, the table's screen and the other pad included.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablekit.rules.game import Command, Event
from tablekit.rules.mouse_guard.conflict.commands import Script
from tablekit.rules.mouse_guard.conflict.events import ActionScripted


def hidden(item: Command | Event) -> Mapping[str, str]:
    """``{field: owner}`` for a scripting command or event; nothing for the rest."""
    if isinstance(item, Script | ActionScripted):
        return {"action": item.side, "actor": item.side}
    return {}
