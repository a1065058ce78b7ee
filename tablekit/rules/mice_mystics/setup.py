"""Starting a chapter, and entering what the pack lacks: numbers, equipment, bosses."""

from __future__ import annotations

import random

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mice_mystics import campaign
from tablekit.rules.mice_mystics.commands import DefineBoss, SetEquipment, SetStats, StartChapter
from tablekit.rules.mice_mystics.content import CardEntry
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import (
    BossDefined,
    ChapterStarted,
    EquipmentSet,
    MinionsPlaced,
    StatsSet,
    TrackDealt,
)
from tablekit.rules.mice_mystics.placing import arrivals, shuffled
from tablekit.rules.mice_mystics.state import Outcome
from tablekit.rules.mice_mystics.turns import next_turn


def start_chapter(d: Draft, command: StartChapter, rng: random.Random) -> None:
    """Heroes, the starting minions, the shuffled track, the hourglass on page 1."""
    state = d.state
    if state.outcome is Outcome.PLAYING:
        raise RuleError("Chapter {chapter!r} is still being played", chapter=state.chapter)
    heroes = campaign.joining(state, command.heroes, command.campaign)
    story = campaign.carried_story(state, command.campaign)
    d.emit(ChapterStarted(command.chapter, command.end_page, heroes, story))
    came = arrivals(d.state, command.minions, rng, command.order)
    if came:
        d.emit(MinionsPlaced(came))
    cards = tuple(h.stats.id for h in heroes) + tuple(dict.fromkeys(a.stats.id for a in came))
    d.emit(TrackDealt(shuffled(cards, command.order, rng)))
    next_turn(d)


_HERO_FIELDS = ("battle", "defense", "lore", "move", "life")
_MINION_FIELDS = ("battle", "defense", "life", "ranged", "large")


def set_stats(d: Draft, command: SetStats, rng: random.Random) -> None:
    """Numbers for a hero, a minion type or one boss card, read off the physical card."""
    pack = d.state.pack
    given = {
        name: value
        for name in _HERO_FIELDS + ("ranged", "large")
        if (value := getattr(command, name)) is not None
    }
    if not given:
        raise RuleError("Enter at least one number")
    if command.figure in {h.id for h in pack.heroes}:
        allowed: tuple[str, ...] = _HERO_FIELDS
    else:
        minion_id, _, card_id = command.figure.partition(":")
        entry = pack.minion(minion_id)
        if card_id and card_id not in {c.id for c in entry.cards}:
            raise RuleError(
                "{minion} has no initiative card {card!r}", minion=entry.name, card=card_id
            )
        if entry.boss and not card_id and set(given) & {"battle", "defense", "life"}:
            cards = ", ".join(f"{entry.id}:{c.id}" for c in entry.cards)
            raise RuleError(
                "{boss}'s numbers are on his cards: {cards}", boss=entry.name, cards=cards
            )
        allowed = _MINION_FIELDS
    wrong = sorted(set(given) - set(allowed))
    if wrong:
        raise RuleError(
            "{figure!r} has no {numbers} to set", figure=command.figure, numbers=", ".join(wrong)
        )
    d.emit(StatsSet(command.figure, **given))


def set_equipment(d: Draft, command: SetEquipment, rng: random.Random) -> None:
    """A hero's starting equipment read off its hero card, each weapon with its kind.

    It is equipped at the start of every chapter ("Setup: gather equipment");
    a hero already in play gets it equipped at once, in place of what it had.
    Once it is entered, the weapon rule is followed for that mouse.
    """
    hero = d.state.pack.hero(command.hero)
    names = [card.name.strip() for card in command.cards]
    if not all(names):
        raise RuleError("Name each card of {hero}'s starting equipment", hero=Phrase(hero.name))
    weapons = tuple(
        (name, card.weapon) for name, card in zip(names, command.cards, strict=True) if card.weapon
    )
    if len({name for name, _ in weapons}) != len(weapons):
        raise RuleError("Name each weapon once")
    d.emit(EquipmentSet(hero.id, tuple(names), weapons))


def define_boss(d: Draft, command: DefineBoss, rng: random.Random) -> None:
    """A boss and every one of its initiative cards ("Boss initiative cards"), entered from
    the storybook: it replaces a boss of the same id, but never one on the board."""
    state = d.state
    known = next((m for m in state.pack.minions if m.id == command.boss), None)
    if known is not None and not known.boss:
        raise RuleError("{minion} is a minion type, not a boss", minion=Phrase(known.name))
    if any(card.stats.minion == command.boss for card in state.minions):
        raise RuleError("{boss} is on the board; change him after he leaves", boss=command.name)
    ids = [card.id for card in command.cards]
    if len(set(ids)) != len(ids):
        raise RuleError("Give each of {boss}'s initiative cards its own id", boss=command.name)
    cards = tuple(CardEntry(c.id, c.name, c.battle, c.defense, c.life) for c in command.cards)
    d.emit(BossDefined(command.boss, command.name.strip() or command.boss, cards, command.ranged))
