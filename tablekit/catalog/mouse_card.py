"""The Mouse Card system in the catalogue: its rules, its scene and its line on Home;
it reads no dice."""

from __future__ import annotations

from tablekit.catalog.listing import Listing
from tablekit.rules import games
from tablekit.rules.mouse_card.summary import summary

LISTING = Listing(
    name="mouse-card",
    title="Mouse Card",
    rules=games.SHIPPED["mouse-card"],
    scene="tablekit.ui.cards.scene:MouseCardScene",
    summary=summary,
)
