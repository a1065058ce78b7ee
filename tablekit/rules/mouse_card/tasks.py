"""A task check from the GM's setting to its result (the seed's "Task checks" section).

The GM names the trait, the target rank and the successes needed; an
extended task banks each turn's successes until they are enough.
"""

from __future__ import annotations

import random

from tablekit.rules.cards import rank_value
from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card import events as ev
from tablekit.rules.mouse_card.bad import bad_cards
from tablekit.rules.mouse_card.draft import Draft
from tablekit.rules.mouse_card.state import Character, Task

AGED = "aged"
"""The disadvantage that hinders every physical task, level by level."""


def begin_task(draft: Draft, command: cmd.BeginTask, rng: random.Random) -> None:
    if draft.state.task is not None:
        raise RuleError("A task check is already under way; end or abandon it first")
    character = draft.character(command.character)
    trait = character.trait(command.trait)
    if trait is None:
        raise RuleError("{name} has no trait {trait}", name=character.name, trait=command.trait)
    widened = _widened(character, command)
    task = Task(
        character=character.name,
        trait=trait.name,
        level=trait.level,
        target=rank_value(command.target),
        needed=command.needed,
        mode=command.mode,
        extended=command.extended,
        circumstances=tuple(command.circumstances),
        physical=command.physical,
        hindered_by=tuple(command.hindered_by),
        bad=bad_cards(character.kind, tuple(command.circumstances), widened),
    )
    draft.emit(ev.TaskBegun(task))


def _widened(character: Character, command: cmd.BeginTask) -> int:
    """Ranks the bad range grows by: Aged's level on a physical task, plus each hindrance named."""
    aged = character.disadvantage(AGED)
    widened = aged.level if aged is not None and command.physical else 0
    for name in command.hindered_by:
        if name.lower() == AGED:
            raise RuleError("Aged hinders physical tasks: mark the task physical instead")
        found = character.disadvantage(name)
        if found is None:
            raise RuleError("{name} has no disadvantage {what}", name=character.name, what=name)
        widened += found.level
    return widened


def end_turn(draft: Draft, command: cmd.EndTurn, rng: random.Random) -> None:
    """The turn's successes count; bad cards never take away a success already drawn."""
    task = draft.task()
    if not task.table:
        raise RuleError("Draw at least one card before ending the turn")
    total = task.total
    if total >= task.needed:
        result = "passed"
    elif task.extended:
        result = "continues"
    else:
        result = "failed"
    draft.emit(ev.TurnEnded(task.successes, result))


def abandon_task(draft: Draft, command: cmd.AbandonTask, rng: random.Random) -> None:
    draft.task()
    draft.emit(ev.TaskAbandoned())
