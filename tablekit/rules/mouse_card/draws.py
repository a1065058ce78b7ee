"""Drawing the cards of a task check, and what the special cards do.

Drawing cautiously takes one card at a time; going for broke takes every
card left this turn at once. A bad card whose effect stands stops the draw
until the next turn; a king lets one more card be drawn; an ace adds a
success or cancels a bad card's effect, as a fate chip can; every joker
drawn shuffles the discard back into the deck, cancelled or not (the
seed's "How to draw cards" section and the special cards after it).

A draw from the session's own deck takes its cards from a fresh shuffle of
the pile, made as it is drawn, and the draw is journalled as its cards. Its
chances are those of drawing off a shuffled pile, but no order lies in the
pile to be learnt: the table sees a draw that is then undone, so were the
order kept, the next draw would show the same card again (issue 23). Redo
puts back the undone cards exactly, and replay never shuffles.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablekit.rules.cards import Card, afresh, codes, draw, reshuffle
from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card import events as ev
from tablekit.rules.mouse_card.draft import Draft


def draw_cards(draft: Draft, command: cmd.Draw, rng: random.Random) -> None:
    task = draft.task()
    if task.stopped:
        raise RuleError(
            "A bad card stopped {name}'s draw; cancel it or end the turn", name=task.character
        )
    if task.draws_left == 0:
        raise RuleError("{name} has drawn every card this turn allows", name=task.character)
    count = 1 if task.mode == "cautious" else task.draws_left
    if command.cards is None:
        drawn = _from_deck(draft, count, rng)
    else:
        drawn = _named(draft, command.cards, count)
    draft.emit(ev.Drawn(drawn))
    for card in drawn:
        if Card.parse(card).joker:
            deck = draft.state.deck
            draft.emit(ev.Shuffled(reshuffle(deck.pile, deck.discard, rng), "joker"))


def named(given: str) -> str:
    """The code of a card the table names: ``"qh"`` is ``"QH"`` (the schema has refused any
    text that names no card)."""
    return Card.parse(given).code


def _named(draft: Draft, given: Sequence[str], count: int) -> tuple[str, ...]:
    """A physical deck's draw: the cards the table names, which must still be in the pile."""
    cards = codes(given)
    if len(cards) != count:
        raise RuleError("This draw takes {count} cards; {given} were named", count=count,
                        given=len(cards))  # fmt: skip
    pile = draft.state.deck.pile
    for card in cards:
        if cards.count(card) > 1 or card not in pile:
            raise RuleError("{card} is not in the deck to draw", card=card)
    return cards


def _from_deck(draft: Draft, count: int, rng: random.Random) -> tuple[str, ...]:
    """``count`` cards off the top of the pile shuffled afresh now: no order waits in the
    pile, so nothing seen before (an undone draw's cards) tells what comes next. The first
    draw shuffles the deck; a pile too short for the draw is all drawn, with the discard
    shuffled in beneath it for the rest."""
    deck = draft.state.deck
    if len(deck.pile) + len(deck.discard) < count:
        raise RuleError("The deck and the discard hold only {left} cards", left=len(deck.pile)
                        + len(deck.discard))  # fmt: skip
    if not deck.shuffled:
        draft.emit(ev.Shuffled(reshuffle(deck.pile, deck.discard, rng), "first"))
    pile = draft.state.deck.pile
    if len(pile) < count:
        below = afresh(draft.state.deck.discard, rng)
        draft.emit(ev.Shuffled((*afresh(pile, rng), *below), "empty"))
        return draw(draft.state.deck.pile, count)[0]
    return afresh(pile, rng)[:count]


def cancel(draft: Draft, command: cmd.Cancel, rng: random.Random) -> None:
    """An ace on the table, or a fate chip of the drawer's, cancels one bad card's effect."""
    task = draft.task()
    card = named(command.card)
    if card not in task.table:
        raise RuleError("{card} is not on the table this turn", card=card)
    if not task.is_bad(card):
        raise RuleError("Only a bad card's effect can be cancelled, and {card} has none",
                        card=card)  # fmt: skip
    if command.by == "ace":
        if task.aces - task.aces_used < 1:
            raise RuleError("No ace on the table is left to cancel with")
        draft.emit(ev.Cancelled(card, "ace"))
        return
    character = draft.character(task.character)
    if character.fate < 1:
        raise RuleError("{name} has no fate chip to spend", name=character.name)
    draft.emit(ev.FateSpent(character.name, "cancel"), ev.Cancelled(card, "fate"))


def spend_fate(draft: Draft, command: cmd.SpendFate, rng: random.Random) -> None:
    """A fate chip works like an ace kept for later: here, one more success this turn."""
    task = draft.task()
    character = draft.character(task.character)
    if character.fate < 1:
        raise RuleError("{name} has no fate chip to spend", name=character.name)
    draft.emit(ev.FateSpent(character.name, "success"))
