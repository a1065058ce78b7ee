"""The minion cheese wheel in play: cheese in, surges out.

A surge moves the hourglass and empties the wheel at once (so the wheel never
shows 6), then asks the table where its minions come from: a room rule of
the chapter (which the device cannot know), else the face-up encounter card,
else nowhere.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import ResolveSurge
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import (
    Answered,
    Asked,
    EncounterDiscarded,
    Surged,
    WheelFilled,
)
from tablekit.rules.mice_mystics.hourglass import move_hourglass
from tablekit.rules.mice_mystics.placing import place_minions
from tablekit.rules.mice_mystics.state import Ask, Question


def feed_wheel(d: Draft, amount: int, reason: str) -> None:
    """``amount`` cheese on the minion wheel; at 6 or more, a surge."""
    if amount <= 0:
        return
    surges = d.state.wheel.overflows(amount)
    d.emit(WheelFilled(amount, reason))
    if surges:
        surge(d)


def surge(d: Draft) -> None:
    """The hourglass moves one page, the wheel empties, and the table is asked the source."""
    d.emit(Surged())
    move_hourglass(d, "surge")
    options = ("room", "card") if d.state.encounter else ("room", "none")
    card = "the face-up encounter card's surge" if d.state.encounter else "no minions"
    d.emit(
        Asked(
            Question(
                Ask.SURGE,
                f"Surge! Does the chapter have a surge rule for this room? If not: {card}.",
                ResolveSurge.kind,
                options,
            )
        )
    )


def resolve_surge(d: Draft, command: ResolveSurge, rng: random.Random) -> None:
    """Place the surge's minions from the room rule or the face-up card (then discard it).

    The minions the table enters are placed on either path: for a room rule, what the
    chapter says; for the card, what the card shows (the surge entered with the card
    when none are entered now). With neither there is nothing to place.
    """
    question = d.state.pending[0]
    if command.source not in question.options:
        raise RuleError("This surge can come from: {sources}", sources=", ".join(question.options))
    if command.source == "none" and command.minions:
        raise RuleError(
            "With no room rule and no face-up encounter card a surge places no minions; "
            "choose the room rule to place these"
        )
    d.emit(Answered())
    encounter = d.state.encounter
    if command.source == "card" and encounter is not None:
        place_minions(d, command.minions or encounter.surge, rng, order=command.order)
        d.emit(EncounterDiscarded())
    elif command.source == "room":
        place_minions(d, command.minions, rng, order=command.order)
