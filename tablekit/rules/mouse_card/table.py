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


def add_character(draft: Draft, command: cmd.AddCharacter, rng: random.Random) -> None:
    """A character joins under a name nobody at the table has (the schema bounds the rest)."""
    name = command.name.strip()
    if draft.state.has(name):
        raise RuleError("{name} is already at the table", name=name)
    traits = _rated(command.traits)
    disadvantages = _rated(command.disadvantages)
    draft.emit(
        ev.CharacterAdded(Character(name, command.creature, traits, disadvantages, command.fate))
    )


def _rated(levels: dict[str, int]) -> tuple[Rated, ...]:
    """Traits or disadvantages with the spaces around their names dropped; a name given
    twice in another case ("Aged" and "aged ") is refused, as it would be one trait."""
    found: list[Rated] = []
    for name, level in levels.items():
        if any(r.name.lower() == name.strip().lower() for r in found):
            raise RuleError("{name} is named twice", name=name.strip())
        found.append(Rated(name.strip(), level))
    return tuple(found)


def award_fate(draft: Draft, command: cmd.AwardFate, rng: random.Random) -> None:
    character = draft.character(command.character)
    if character.fate + command.chips > cmd.MAX_FATE:
        raise RuleError("{name} cannot hold more than {top} chips", name=character.name,
                        top=cmd.MAX_FATE)  # fmt: skip
    draft.emit(ev.FateAwarded(character.name, command.chips))


def deus_ex_machina(draft: Draft, command: cmd.DeusExMachina, rng: random.Random) -> None:
    character = draft.character(command.character)
    if character.fate < 1:
        raise RuleError("{name} has no fate chip to spend", name=character.name)
    draft.emit(
        ev.FateSpent(character.name, "deus_ex_machina"),
        ev.MiracleGranted(character.name, command.what.strip()),
    )


def end_chapter(draft: Draft, command: cmd.EndChapter, rng: random.Random) -> None:
    """The chapter ends and the whole deck is shuffled; never with cards still on the table."""
    task = draft.state.task
    if task is not None and task.table:
        raise RuleError("Finish the turn first: its cards are still on the table")
    deck = draft.state.deck
    draft.emit(ev.ChapterEnded(), ev.Shuffled(reshuffle(deck.pile, deck.discard, rng), "chapter"))
