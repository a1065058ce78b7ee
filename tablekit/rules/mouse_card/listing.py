"""The Mouse Card system in the catalogue: its rules and its scene; it reads no dice."""

from __future__ import annotations

from tablekit.rules.listing import Listing
from tablekit.rules.mouse_card.game import MouseCard

LISTING = Listing(
    name=MouseCard.name,
    title=MouseCard.title,
    rules=MouseCard,
    scene="tablekit.ui.cards.scene:MouseCardScene",
)
