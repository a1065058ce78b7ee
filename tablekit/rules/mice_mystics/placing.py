"""New minions arriving: their cards, the initiative order and ambushes.

Encounters, surges and chapter rules all bring minions in the same way: the
figures join their cards, and the cards join the track by the rulebook's
"Determining Initiative Order" (a fresh shuffle of every card if no minion
card is on the track yet, otherwise the new cards shuffled onto the next
free slots), then any ambush moves minion cards up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics import dice
from tablekit.rules.mice_mystics.commands import AddMinions, DrawEncounter
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.encounter import Encounter, MinionGroup, merged, without_types
from tablekit.rules.mice_mystics.events import (
    Arrival,
    CardAmbushed,
    CardsShuffledIn,
    EncounterRevealed,
    MinionsPlaced,
    PartyItemChanged,
    Rolled,
    TrackDealt,
)
from tablekit.rules.mice_mystics.state import State


def arrivals(
    state: State,
    groups: Sequence[MinionGroup],
    rng: random.Random,
    order: Sequence[str] | None = None,
) -> tuple[Arrival, ...]:
    """The cards and figures ``groups`` bring, with a boss's two cards drawn at random.

    If the table pinned the ``order``, a boss brings the cards named in it.
    """
    found: list[Arrival] = []
    for group in merged(tuple(groups)):
        entry = state.pack.minion(group.minion)
        cards = entry.card_stats()
        if not entry.boss:
            found.append(Arrival(cards[0], group.count))
            continue
        if group.count != 1 or any(c.stats.minion == entry.id for c in state.minions):
            raise RuleError("There is only one {boss}, and only once on the board", boss=entry.name)
        if order is not None:
            chosen = [card for card in cards if card.id in order]
            if len(chosen) != min(2, len(cards)):
                raise RuleError(
                    "Name {count} of {boss}'s cards in the order",
                    count=min(2, len(cards)),
                    boss=entry.name,
                )
        else:
            chosen = list(cards) if len(cards) <= 2 else rng.sample(list(cards), 2)
        found.extend(Arrival(card, 1) for card in chosen)
    return tuple(found)


def shuffled(
    cards: Sequence[str], order: Sequence[str] | None, rng: random.Random
) -> tuple[str, ...]:
    """``cards`` in a random order, or in the ``order`` the table pinned."""
    if order is None:
        deck = list(cards)
        rng.shuffle(deck)
        return tuple(deck)
    if sorted(order) != sorted(cards):
        raise RuleError("The order must list exactly these cards: {cards}", cards=", ".join(cards))
    return tuple(order)


def place_minions(
    d: Draft,
    groups: Sequence[MinionGroup],
    rng: random.Random,
    *,
    ambush: bool = False,
    order: Sequence[str] | None = None,
    ambush_faces: Sequence[str] | None = None,
) -> None:
    """Bring ``groups`` onto the board and their cards onto the track."""
    state = d.state
    came = arrivals(state, groups, rng, order)
    if not came:
        return
    had_minions = any(not state.is_mouse(card) for card in state.track.cards)
    new = tuple(dict.fromkeys(a.stats.id for a in came if a.stats.id not in state.track.cards))
    d.emit(MinionsPlaced(came))
    if had_minions:
        placed = shuffled(new, order, rng)
        d.emit(CardsShuffledIn(placed))
    else:
        placed = shuffled(state.track.cards + new, order, rng)
        d.emit(TrackDealt(placed))
    if ambush:
        minion_cards = [c for c in d.state.track.cards if not d.state.is_mouse(c)]
        ambush_cards(d, minion_cards, rng, ambush_faces)
    elif had_minions:
        boss_cards = [c for c in placed if d.state.card(c).stats.boss]
        if len(boss_cards) >= 2:
            ambush_cards(d, boss_cards[:1], rng, ambush_faces)


def ambush_cards(
    d: Draft,
    cards: Sequence[str],
    rng: random.Random,
    faces: Sequence[str] | None,
) -> None:
    """One die per card, one card at a time (top to bottom): each moves up its number."""
    if faces is not None and len(faces) != len(cards):
        if len(faces) > len(cards):
            raise RuleError("There are only {count} minion cards to ambush with", count=len(cards))
        raise RuleError(
            "The ambush needs one die for each of the {count} minion cards", count=len(cards)
        )
    for n, card in enumerate(cards):
        pinned = None if faces is None else (faces[n],)
        face = dice.take_roll(rng, 1, pinned)
        steps = dice.movement(face)
        d.emit(Rolled("ambush", card, face), CardAmbushed(card, steps))


DISGUISES = "Disguises"
"""The party item whose token fools the rat warriors of one encounter."""


def draw_encounter(d: Draft, command: DrawEncounter, rng: random.Random) -> None:
    """The drawn encounter's line for the hourglass's page: its minions arrive, and the
    card lies face up as the next surge. Disguises may turn away its rat warriors."""
    for group in command.minions + command.surge:
        d.state.pack.minion(group.minion)
    groups = command.minions
    if command.disguises:
        if DISGUISES not in d.state.party:
            raise RuleError("The party has no Disguises token to discard")
        fooled = frozenset(m.id for m in d.state.pack.minions if m.fooled_by_disguises)
        groups = without_types(groups, fooled)
        d.emit(PartyItemChanged(DISGUISES, False))
    encounter = Encounter(
        command.minions,
        command.ambush,
        command.mousetraps,
        command.greedy_roaches,
        command.surge,
        d.state.chapter_track.hourglass,
        command.name,
    )
    place_minions(
        d,
        groups,
        rng,
        ambush=command.ambush,
        order=command.order,
        ambush_faces=command.ambush_faces,
    )
    d.emit(EncounterRevealed(encounter))


def add_minions(d: Draft, command: AddMinions, rng: random.Random) -> None:
    """Minions a chapter rule places, outside any encounter card."""
    if not command.minions:
        raise RuleError("Name the minions to place")
    place_minions(
        d,
        command.minions,
        rng,
        ambush=command.ambush,
        order=command.order,
        ambush_faces=command.ambush_faces,
    )
