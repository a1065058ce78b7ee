"""What a scene may ask of the app that shows it.

Scenes talk to the app only through this protocol, so a scene module never
imports the app (which imports scenes): the dependency runs one way, and a
test can host a scene in anything that offers these few things.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from tablekit.catalog.listing import Listing
from tablekit.devices.pads import PadInbox
from tablekit.local.config import Config
from tablekit.rules.game import Command
from tablekit.rules.pads import PadStatus
from tablekit.session.journal import Journal
from tablekit.session.session import Session
from tablekit.ui.layout import Layout
from tablekit.ui.sound import Cues

Translate = Callable[[str], str]


class Host(Protocol):
    """The running app, as scenes see it."""

    settings: Config
    tr: Translate
    layout: Layout
    cues: Cues
    journal: Journal
    session: Session[Any] | None
    games: Mapping[str, Listing]
    pads: PadInbox

    @property
    def pad_status(self) -> Mapping[str, PadStatus]:
        """Each pad's last word on its connection, by name (read only here)."""
        ...

    def goto(self, name: str) -> None:
        """Show the scene ``name`` (a screen such as "home", or a game's name)."""
        ...

    def submit(self, command: Command) -> bool:
        """Apply ``command`` to the session; on refusal show why. Return whether it applied."""
        ...

    def resume(self, name: str) -> bool:
        """Continue the session ``name`` on its game's scene."""
        ...

    def start(self, game: str) -> None:
        """Begin a new session of ``game``."""
        ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def notice(self, text: str) -> None:
        """Show ``text`` to the table for a few seconds, where no button is."""
        ...

    def language(self) -> str:
        """The interface language now: the table's choice, or else the current game's own."""
        ...

    def change_settings(self, settings: Config) -> None:
        """Use and save new settings."""
        ...

    def roll_on_tray(self, kind: str, command: Command) -> None:
        """Let the table roll ``command``'s ``kind`` dice on the tray (camera or taps); the
        confirmed faces are submitted with the command from the screen that asked."""
        ...
