"""The table around the tasks: characters join, the GM awards fate chips, approves a
deus ex machina and ends chapters (the seed's "Fate Chips" section and its word on
reshuffling at a chapter's end)."""

from __future__ import annotations

import random

from tablekit.rules.cards import reshuffle
from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card import events as ev
from tablekit.rules.mouse_card.draft import Draft
from tablekit.rules.mouse_card.state import Character, Rated

MAX_LEVEL = 6
"""The highest level of a trait or a disadvantage."""

MAX_FATE = 99
MAX_TEXT = 80


def add_character(draft: Draft, command: cmd.AddCharacter, rng: random.Random) -> None:
    name = command.name.strip()
    if not 1 <= len(name) <= 40:
        raise RuleError("A character needs a name of 1 to 40 letters")
    if draft.state.has(name):
        raise RuleError("{name} is already at the table", name=name)
    if not command.traits:
        raise RuleError("{name} needs at least one trait to draw with", name=name)
    traits = _rated(command.traits)
    disadvantages = _rated(command.disadvantages)
    if not 0 <= command.fate <= MAX_FATE:
        raise RuleError("Fate chips go from 0 to {top}", top=MAX_FATE)
    draft.emit(
        ev.CharacterAdded(Character(name, command.creature, traits, disadvantages, command.fate))
    )


def _rated(levels: dict[str, int]) -> tuple[Rated, ...]:
    found: list[Rated] = []
    for name, level in levels.items():
        if not name.strip() or len(name) > 40:
            raise RuleError("A trait or disadvantage needs a name of 1 to 40 letters")
        if not 1 <= level <= MAX_LEVEL:
            raise RuleError(
                "{name} must be at a level from 1 to {top}", name=name.strip(), top=MAX_LEVEL
            )
        if any(r.name.lower() == name.strip().lower() for r in found):
            raise RuleError("{name} is named twice", name=name.strip())
        found.append(Rated(name.strip(), level))
    return tuple(found)


def award_fate(draft: Draft, command: cmd.AwardFate, rng: random.Random) -> None:
    character = draft.character(command.character)
    if not 1 <= command.chips <= 10:
        raise RuleError("The GM awards 1 to 10 fate chips at a time")
    if character.fate + command.chips > MAX_FATE:
        raise RuleError("{name} cannot hold more than {top} chips", name=character.name,
                        top=MAX_FATE)  # fmt: skip
    draft.emit(ev.FateAwarded(character.name, command.chips))


def deus_ex_machina(draft: Draft, command: cmd.DeusExMachina, rng: random.Random) -> None:
    character = draft.character(command.character)
    what = command.what.strip()
    if not 1 <= len(what) <= MAX_TEXT:
        raise RuleError("Say what happens in 1 to {top} letters", top=MAX_TEXT)
    if character.fate < 1:
        raise RuleError("{name} has no fate chip to spend", name=character.name)
    draft.emit(
        ev.FateSpent(character.name, "deus_ex_machina"), ev.MiracleGranted(character.name, what)
    )


def end_chapter(draft: Draft, command: cmd.EndChapter, rng: random.Random) -> None:
    """The chapter ends and the whole deck is shuffled; never with cards still on the table."""
    task = draft.state.task
    if task is not None and task.table:
        raise RuleError("Finish the turn first: its cards are still on the table")
    deck = draft.state.deck
    draft.emit(ev.ChapterEnded(), ev.Shuffled(reshuffle(deck.pile, deck.discard, rng), "chapter"))
