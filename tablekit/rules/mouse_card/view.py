"""What the table screen shows of a Mouse Card session, as JSON-ready data.

The pile's order is never in it: only how many cards are left. Every card on
the table or in the discard was drawn face up, so nothing here is secret.
``docs/state.md`` describes the fields for scripts.
"""

from __future__ import annotations

from typing import Any

from tablekit.rules.cards import Card, in_deck_order, rank_name
from tablekit.rules.mouse_card.legal import legal_commands
from tablekit.rules.mouse_card.odds import Odds, Question, remembered
from tablekit.rules.mouse_card.state import Character, Outcome, State, Task


def view(state: State) -> dict[str, Any]:
    return {
        "chapter": state.chapter,
        "deck": {
            "left": len(state.deck.pile),
            "discard": list(state.deck.discard),
            "shuffled": state.deck.shuffled,
        },
        "characters": [_character(c) for c in state.characters],
        "task": None if state.task is None else _task(state.task, state),
        "last": None if state.last is None else _outcome(state.last),
        "miracles": [{"character": m.character, "what": m.what} for m in state.miracles],
        "legal": sorted(legal_commands(state)),
    }


def _character(character: Character) -> dict[str, Any]:
    return {
        "name": character.name,
        "creature": character.kind,
        "traits": [{"name": t.name, "level": t.level} for t in character.traits],
        "disadvantages": [{"name": d.name, "level": d.level} for d in character.disadvantages],
        "fate": character.fate,
    }


def _card(card: str, task: Task) -> dict[str, Any]:
    value = Card.parse(card).value
    return {
        "card": card,
        "bad": card in task.bad,
        "cancelled": card in task.cancelled,
        "success": card not in task.bad and value >= task.target,
    }


def _task(task: Task, state: State) -> dict[str, Any]:
    return {
        "character": task.character,
        "trait": task.trait,
        "level": task.level,
        "target": rank_name(task.target),
        "needed": task.needed,
        "mode": task.mode,
        "extended": task.extended,
        "circumstances": list(task.circumstances),
        "physical": task.physical,
        "hindered_by": list(task.hindered_by),
        "bad_cards": list(task.bad),
        "turn": task.turn,
        "banked": task.banked,
        "table": [_card(card, task) for card in task.table],
        "successes": task.successes,
        "total": task.total,
        "aces_left": task.aces - task.aces_used,
        "draws_left": task.draws_left,
        "stopped": task.stopped,
        "bad_drawn": list(task.bad_drawn),
        "odds": _odds(task, state),
    }


def _odds(task: Task, state: State) -> dict[str, Any]:
    found: Odds = remembered(
        Question(
            pile=in_deck_order(state.deck.pile),  # an estimate's deals start from this order
            discard=state.deck.discard,
            draws=task.draws_left,
            needed=task.needed - task.total,
            target=task.target,
            bad=frozenset(task.bad),
        )
    )
    return {
        "cautious": {"success": found.cautious.success, "bad": found.cautious.bad},
        "broke": {"success": found.broke.success, "bad": found.broke.bad},
        "exact": found.exact,
        "samples": found.samples,
    }


def _outcome(outcome: Outcome) -> dict[str, Any]:
    return {
        "character": outcome.character,
        "trait": outcome.trait,
        "cards": list(outcome.cards),
        "successes": outcome.successes,
        "total": outcome.total,
        "needed": outcome.needed,
        "bad": list(outcome.bad),
        "result": outcome.result,
    }
