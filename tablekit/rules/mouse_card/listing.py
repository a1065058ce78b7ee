"""The Mouse Card system in the catalogue: its rules, its scene and its line on Home;
it reads no dice."""

from __future__ import annotations

from tablekit.rules.listing import Listing
from tablekit.rules.mouse_card.game import MouseCard
from tablekit.rules.mouse_card.summary import summary

LISTING = Listing(
    name=MouseCard.name,
    title=MouseCard.title,
    rules=MouseCard,
    scene="tablekit.ui.cards.scene:MouseCardScene",
    summary=summary,
)
