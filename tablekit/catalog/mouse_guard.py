"""Mouse Guard, and every hack of its engine, in the catalogue: rules, scene and dice.

A game on the Mouse Guard engine is its ruleset: the listing takes its name,
title and language from it and plays it with the same rules and the same
screen. Regelhuskeark is listed in its own module; a table's own rulesets are
listed by :func:`tablekit.catalog.own_entries`.
"""

from __future__ import annotations

from tablekit.catalog.listing import DiceKind, Listing
from tablekit.rules import games
from tablekit.rules.mouse_guard.dice import Face
from tablekit.rules.mouse_guard.pads import pad_lights, press_command
from tablekit.rules.mouse_guard.ruleset import Ruleset, shipped_ruleset

DICE = (
    DiceKind("d6", "Pip dice", ("1", "2", "3", "4", "5", "6")),
    DiceKind("taught:mouse-guard", "Mouse Guard", tuple(face.value for face in Face)),
)
"""The dice every game on the engine reads: pips, or the table's taught Guard dice."""


def ruleset_listing(ruleset: Ruleset) -> Listing:
    """The catalogue's listing of the game ``ruleset`` describes, with the rules' own maker
    (:data:`tablekit.rules.games.SHIPPED` for a shipped one)."""
    return Listing(
        name=ruleset.name,
        title=ruleset.title,
        rules=games.SHIPPED.get(ruleset.name) or games.on_engine(ruleset),
        scene="tablekit.ui.mg.scene:MouseGuardScene",
        dice=DICE,
        language=ruleset.language,
        pads=press_command,
        lights=pad_lights,
        words=tuple(
            (language, english, word)
            for language, words in ruleset.translations.items()
            for english, word in words.items()
        ),
    )


LISTING = ruleset_listing(shipped_ruleset("mouse-guard"))
