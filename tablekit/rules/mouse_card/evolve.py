"""How each event changes a Mouse Card state: pure and deterministic, never random."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tablekit.rules.cards import take
from tablekit.rules.game import Event
from tablekit.rules.mouse_card import events as ev
from tablekit.rules.mouse_card.state import Deck, Miracle, Outcome, State, Task


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    return _STEPS[type(event)](state, event)


def _task(state: State) -> Task:
    assert state.task is not None, "an event of a task arrived with no task under way"
    return state.task


def _added(s: State, e: ev.CharacterAdded) -> State:
    return s.with_character(e.character)


def _fate(s: State, e: ev.FateAwarded) -> State:
    character = s.character(e.character)
    return s.with_character(replace(character, fate=character.fate + e.chips))


def _begun(s: State, e: ev.TaskBegun) -> State:
    return replace(s, task=e.task, last=None)


def _shuffled(s: State, e: ev.Shuffled) -> State:
    return replace(s, deck=Deck(pile=e.order, discard=(), shuffled=True))


def _drawn(s: State, e: ev.Drawn) -> State:
    task = _task(s)
    deck = replace(s.deck, pile=take(s.deck.pile, e.cards))
    return replace(s, deck=deck, task=replace(task, table=(*task.table, *e.cards)))


def _cancelled(s: State, e: ev.Cancelled) -> State:
    task = _task(s)
    used = task.aces_used + (e.by == "ace")
    return replace(s, task=replace(task, cancelled=(*task.cancelled, e.card), aces_used=used))


def _spent(s: State, e: ev.FateSpent) -> State:
    character = s.character(e.character)
    s = s.with_character(replace(character, fate=character.fate - 1))
    if e.on == "success":
        task = _task(s)
        s = replace(s, task=replace(task, fate_successes=task.fate_successes + 1))
    return s


def _turn_ended(s: State, e: ev.TurnEnded) -> State:
    task = _task(s)
    outcome = Outcome(
        character=task.character,
        trait=task.trait,
        cards=task.table,
        successes=e.successes,
        total=task.banked + e.successes,
        needed=task.needed,
        bad=task.bad_drawn,
        result=e.result,
    )
    deck = replace(s.deck, discard=(*s.deck.discard, *task.table))
    after = replace(
        task,
        banked=task.banked + e.successes,
        turn=task.turn + 1,
        table=(),
        cancelled=(),
        aces_used=0,
        fate_successes=0,
    )
    return replace(s, deck=deck, last=outcome, task=after if e.result == "continues" else None)


def _abandoned(s: State, e: ev.TaskAbandoned) -> State:
    task = _task(s)
    outcome = Outcome(
        character=task.character,
        trait=task.trait,
        cards=task.table,
        successes=task.successes,
        total=task.total,
        needed=task.needed,
        bad=task.bad_drawn,
        result="abandoned",
    )
    deck = replace(s.deck, discard=(*s.deck.discard, *task.table))
    return replace(s, deck=deck, task=None, last=outcome)


def _miracle(s: State, e: ev.MiracleGranted) -> State:
    return replace(s, miracles=(*s.miracles, Miracle(e.character, e.what)))


def _chapter(s: State, e: ev.ChapterEnded) -> State:
    return replace(s, chapter=s.chapter + 1)


_STEPS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.CharacterAdded: _added,
    ev.FateAwarded: _fate,
    ev.TaskBegun: _begun,
    ev.Shuffled: _shuffled,
    ev.Drawn: _drawn,
    ev.Cancelled: _cancelled,
    ev.FateSpent: _spent,
    ev.TurnEnded: _turn_ended,
    ev.TaskAbandoned: _abandoned,
    ev.MiracleGranted: _miracle,
    ev.ChapterEnded: _chapter,
}
