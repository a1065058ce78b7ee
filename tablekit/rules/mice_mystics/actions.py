"""A mouse's turn: movement, its one action, and its free actions.

Movement is the move value plus the die's number. The actions here are the
ones whose outcome the device can keep: scurry, search, recover and explore
(battle lives in :mod:`battle`). Mousetraps and water are rolled during
movement and cost no action.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mice_mystics import dice
from tablekit.rules.mice_mystics.acting import (
    RESCUE,
    acting_mouse,
    taking_action,
    taking_free_action,
)
from tablekit.rules.mice_mystics.captures import wound_mouse
from tablekit.rules.mice_mystics.commands import (
    ClimbOut,
    DiscardCard,
    Equip,
    Explore,
    LevelUp,
    Mousetrap,
    Recover,
    RollMovement,
    Scurry,
    Search,
    Share,
    TakeSearchCard,
    UseAbility,
)
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import (
    AbilityGained,
    AbilityUsed,
    ActionTaken,
    Answered,
    Asked,
    CardDiscarded,
    CardGained,
    CardsEquipped,
    CheeseGained,
    FreeActionTaken,
    MarkerSet,
    PartyItemChanged,
    Rolled,
    TileSearched,
)
from tablekit.rules.mice_mystics.mice import LEVEL_UP_COST, PACK_LIMIT, Marker, Mouse
from tablekit.rules.mice_mystics.minions import Moves
from tablekit.rules.mice_mystics.state import Ask, Question
from tablekit.rules.mice_mystics.turns import end_turn


def roll_movement(d: Draft, command: RollMovement, rng: random.Random) -> None:
    """The movement roll of the card whose turn it is.

    A mouse moves its move value plus the die, once a turn (a webbed mouse
    cannot move; a knocked-down one spends the whole move getting up). A
    minion (or a charmed mouse) moves the die's number, one roll per figure;
    Brodie chasing moves the total of two dice, and pouncing rolls nothing.
    """
    current = d.state.track.current
    if current is None:
        raise RuleError("No card is taking a turn")
    if d.state.is_mouse(current):
        _mouse_movement(d, d.state.mouse(current), command, rng)
        return
    card = d.state.card(current)
    if card.stats.moves is Moves.POUNCE:
        raise RuleError(
            "{minion}: he pounces onto the fullest space, with no roll", minion=card.stats.name
        )
    faces = dice.take_roll(rng, 2 if card.stats.moves is Moves.CHASE else 1, command.faces)
    d.emit(Rolled("movement", current, faces, dice.movement(faces)))


def _mouse_movement(d: Draft, mouse: Mouse, command: RollMovement, rng: random.Random) -> None:
    hero = mouse.stats.id
    if mouse.captured:
        raise RuleError("{mouse} is captured and cannot move", mouse=mouse.name)
    if d.state.turn.action == RESCUE:
        raise RuleError("{mouse} was rescued: that takes its whole turn", mouse=mouse.name)
    if d.state.turn.moved:
        raise RuleError(
            "{mouse} has already rolled for movement; scurry to move again", mouse=mouse.name
        )
    faces = dice.take_roll(rng, 1, command.faces)
    charmed = mouse.has(Marker.CHARMED)
    movement = dice.movement(faces) + (0 if charmed else mouse.stats.move)
    stuck = mouse.has(Marker.WEBBED) or mouse.has(Marker.KNOCKED_DOWN)
    d.emit(Rolled("movement", hero, faces, 0 if stuck else movement))
    if mouse.has(Marker.KNOCKED_DOWN):
        d.emit(MarkerSet(hero, Marker.KNOCKED_DOWN, False))


def scurry(d: Draft, command: Scurry, rng: random.Random) -> None:
    """Move again: a new die plus the move value, as the turn's action."""
    mouse = taking_action(d.state, "scurry")
    if mouse.has(Marker.WEBBED):
        raise RuleError("{mouse} is webbed and cannot scurry", mouse=mouse.name)
    if not d.state.turn.moved:
        raise RuleError(
            "{mouse} scurries only after it has moved; roll movement first", mouse=mouse.name
        )
    faces = dice.take_roll(rng, 1, command.faces)
    hero = mouse.stats.id
    movement = mouse.stats.move + dice.movement(faces)
    d.emit(ActionTaken(hero, "scurry"), Rolled("scurry", hero, faces, movement))


def search(d: Draft, command: Search, rng: random.Random) -> None:
    """One die: a star draws a search card, and the tile is searched for this mouse."""
    mouse = taking_action(d.state, "search")
    tile = command.tile.strip()
    if not tile:
        raise RuleError("Name the tile being searched")
    if tile in mouse.searched:
        raise RuleError(
            "{mouse} has already searched {tile} successfully", mouse=mouse.name, tile=tile
        )
    hero = mouse.stats.id
    faces = dice.take_roll(rng, 1, command.faces)
    d.emit(ActionTaken(hero, "search"), Rolled("search", hero, faces))
    if dice.stars(faces):
        d.emit(
            TileSearched(hero, tile),
            Asked(
                Question(
                    Ask.SEARCH_CARD,
                    f"{mouse.name} draws a search card: keep it, keep it as a trick, "
                    "discard it for 1 cheese, follow an event, or add a party item?",
                    TakeSearchCard.kind,
                    ("keep", "trick", "cheese", "event", "party"),
                    hero=hero,
                )
            ),
        )


def take_search_card(d: Draft, command: TakeSearchCard, rng: random.Random) -> None:
    """What becomes of the drawn search card."""
    hero = d.state.pending[0].hero
    card = command.card.strip()
    if command.choice in ("keep", "trick", "party") and not card:
        raise RuleError("Name the card that was drawn")
    if command.weapon and command.choice != "keep":
        raise RuleError("Only a card kept in the pack can be a weapon")
    d.emit(Answered())
    if command.choice == "keep":
        d.emit(CardGained(hero, card, "pack", command.weapon))
        ask_pack_room(d, hero)
    elif command.choice == "trick":
        d.emit(CardGained(hero, card, "tricks"))
    elif command.choice == "cheese":
        d.emit(CheeseGained(hero, 1, "search card discarded"))
    elif command.choice == "party":
        d.emit(PartyItemChanged(card, True))


def ask_pack_room(d: Draft, hero: str) -> None:
    """Over the pack limit, the mouse's player must choose a card to discard."""
    mouse = d.state.mouse(hero)
    if len(mouse.pack) > PACK_LIMIT:
        d.emit(
            Asked(
                Question(
                    Ask.PACK_FULL,
                    f"{mouse.name} carries more than {PACK_LIMIT} cards: discard one",
                    DiscardCard.kind,
                    mouse.pack,
                    hero=hero,
                )
            )
        )


def discard_card(d: Draft, command: DiscardCard, rng: random.Random) -> None:
    """A mouse discards a found card (a used scroll, or one over the pack limit)."""
    mouse = d.state.mouse(command.hero)
    if command.card not in mouse.found:
        raise RuleError("{mouse} holds no {card!r}", mouse=mouse.name, card=command.card)
    pending = d.state.pending
    if pending and pending[0].ask is Ask.PACK_FULL:
        if pending[0].hero != command.hero or command.card not in mouse.pack:
            raise RuleError("Discard one of: {cards}", cards=", ".join(pending[0].options))
        d.emit(Answered())
    d.emit(CardDiscarded(command.hero, command.card))


def recover(d: Draft, command: Recover, rng: random.Random) -> None:
    """Lose the stun, or roll a star to break free of a web."""
    mouse = taking_action(d.state, "recover")
    marked = [m for m in (Marker.STUNNED, Marker.WEBBED) if mouse.has(m)]
    if not marked:
        raise RuleError("{mouse} is neither stunned nor webbed", mouse=mouse.name)
    if command.marker is None and len(marked) > 1:
        raise RuleError(
            "{mouse} is stunned and webbed: say which to recover from", mouse=mouse.name
        )
    marker = Marker(command.marker) if command.marker else marked[0]
    if marker not in marked:
        raise RuleError("{mouse} is not {marker}", mouse=mouse.name, marker=Phrase(marker.value))
    hero = mouse.stats.id
    d.emit(ActionTaken(hero, "recover"))
    if marker is Marker.WEBBED:
        faces = dice.take_roll(rng, 1, command.faces)
        d.emit(Rolled("recover", hero, faces))
        if not dice.stars(faces):
            return
    d.emit(MarkerSet(hero, marker, False))


def explore(d: Draft, command: Explore, rng: random.Random) -> None:
    """The explore action, allowed only with no minions on the mice's room tile.

    The device knows whether minions are on the board, not on which tile: with
    none on the board the tile is clear; otherwise the table says whether it is.
    """
    mouse = taking_action(d.state, "explore")
    if command.tile_clear is False:
        raise RuleError(
            "{mouse} cannot explore while minions are on its room tile", mouse=mouse.name
        )
    if command.tile_clear is None and d.state.minions_on_board:
        raise RuleError(
            "Minions are on the board: say whether any is on {mouse}'s room tile (tile_clear)",
            mouse=mouse.name,
        )
    d.emit(ActionTaken(mouse.stats.id, "explore"))


def mousetrap(d: Draft, command: Mousetrap, rng: random.Random) -> None:
    """Dice equal to move (or lore, for a tinkerer): no star springs the trap.

    The trap is rolled for as the mouse moves onto it, so only once its movement
    roll (or a scurry) has given it spaces to move. A sprung trap wounds the
    mouse, gives it 1 cheese, knocks it down and ends its turn.
    """
    mouse = acting_mouse(d.state, "cross a mousetrap")
    if not d.state.turn.moved:
        raise RuleError(
            "{mouse} has not moved yet: a mousetrap is rolled for as the mouse moves onto it",
            mouse=mouse.name,
        )
    if not d.state.turn.movement:
        raise RuleError(
            "{mouse} has no spaces to move this turn, so it crosses no mousetrap",
            mouse=mouse.name,
        )
    if command.use_lore and "tinkerer" not in mouse.stats.classes:
        raise RuleError(
            "Only a tinkerer rolls lore at a mousetrap; {mouse} is not one", mouse=mouse.name
        )
    hero = mouse.stats.id
    count = mouse.stats.lore if command.use_lore else mouse.stats.move
    faces = dice.take_roll(rng, count, command.faces)
    d.emit(Rolled("mousetrap", hero, faces))
    if dice.stars(faces):
        return
    wound_mouse(d, hero, 1, poison=False)
    if not d.state.mouse(hero).captured:
        d.emit(CheeseGained(hero, 1, "sprung mousetrap"))
        d.emit(MarkerSet(hero, Marker.KNOCKED_DOWN, True))
    end_turn(d)


def climb_out(d: Draft, command: ClimbOut, rng: random.Random) -> None:
    """One die for the climbing mouse and one per mouse on the destination: a star succeeds."""
    mouse = acting_mouse(d.state, "climb out of the water")
    faces = dice.take_roll(rng, 1 + command.mice_on_destination, command.faces)
    d.emit(Rolled("climb_out", mouse.stats.id, faces))


def level_up(d: Draft, command: LevelUp, rng: random.Random) -> None:
    """Exchange 6 cheese for a new ability card (of the mouse's class)."""
    mouse = taking_free_action(d.state, "level up")
    if not mouse.can_level_up:
        raise RuleError(
            "{mouse} needs {cost} cheese to level up; it has {cheese}",
            mouse=mouse.name,
            cost=LEVEL_UP_COST,
            cheese=mouse.cheese,
        )
    if not command.ability.strip():
        raise RuleError("Name the new ability card")
    hero = mouse.stats.id
    d.emit(
        FreeActionTaken(hero, "level up"),
        CheeseGained(hero, -LEVEL_UP_COST, "level up"),
        AbilityGained(hero, command.ability.strip()),
    )


def share(d: Draft, command: Share, rng: random.Random) -> None:
    """Exchange cheese and search cards with a mouse on the same or an adjacent space."""
    mouse = taking_free_action(d.state, "share")
    other = d.state.mouse(command.other)
    hero, friend = mouse.stats.id, other.stats.id
    if friend == hero or other.captured:
        raise RuleError("{mouse} can share only with another mouse on the board", mouse=mouse.name)
    if command.give_cheese > mouse.cheese or command.take_cheese > other.cheese:
        raise RuleError("A mouse cannot hand over more cheese than it has")
    _check_held(mouse, command.give)
    _check_held(other, command.take)
    d.emit(FreeActionTaken(hero, "share"))
    net = command.take_cheese - command.give_cheese
    if net:
        d.emit(CheeseGained(hero, net, "share"), CheeseGained(friend, -net, "share"))
    for card in command.give:
        _hand_over(d, mouse, friend, card)
    for card in command.take:
        _hand_over(d, other, hero, card)
    ask_pack_room(d, hero)
    ask_pack_room(d, friend)


def _check_held(mouse: Mouse, cards: tuple[str, ...]) -> None:
    for card in cards:
        if cards.count(card) > mouse.found.count(card):
            raise RuleError("{mouse} holds no {card!r} to hand over", mouse=mouse.name, card=card)


def _hand_over(d: Draft, giver: Mouse, taker: str, card: str) -> None:
    place = "tricks" if card in giver.tricks else "pack"
    d.emit(CardDiscarded(giver.stats.id, card), CardGained(taker, card, place))


def equip(d: Draft, command: Equip, rng: random.Random) -> None:
    """Move cards between the pack and the equipment slots (starting equipment too)."""
    mouse = taking_free_action(d.state, "equip")
    if not command.equip and not command.unequip:
        raise RuleError("Name a card to equip or to put in the pack")
    _check_equip(mouse, command)
    hero = mouse.stats.id
    d.emit(FreeActionTaken(hero, "equip"), CardsEquipped(hero, command.equip, command.unequip))
    ask_pack_room(d, hero)


def _check_equip(mouse: Mouse, command: Equip) -> None:
    """Refuse a card the mouse does not hold where the command takes it from, and a card
    named more often than it holds copies of it there: each name moves one card."""
    for card in command.equip:
        held = mouse.pack.count(card)
        if not held:
            raise RuleError("{card!r} is not in {mouse}'s pack", card=card, mouse=mouse.name)
        if (named := command.equip.count(card)) > held:
            raise RuleError(
                "{card!r} is named {named} times, but {mouse}'s pack holds {held}",
                card=card,
                named=named,
                mouse=mouse.name,
                held=held,
            )
    for card in command.unequip:
        held = mouse.wielded.count(card)
        if not held:
            raise RuleError("{mouse} has no card {card!r} equipped", mouse=mouse.name, card=card)
        if (named := command.unequip.count(card)) > held:
            raise RuleError(
                "{card!r} is named {named} times, but {mouse} has {held} equipped",
                card=card,
                named=named,
                mouse=mouse.name,
                held=held,
            )


def use_ability(d: Draft, command: UseAbility, rng: random.Random) -> None:
    """Use an ability card, paying its cheese; one ability card per mouse per turn."""
    mouse = d.state.mouse(command.hero)
    if mouse.captured:
        raise RuleError("{mouse} is captured and cannot use abilities", mouse=mouse.name)
    if command.ability not in mouse.abilities:
        raise RuleError(
            "{mouse} has no ability card {ability!r}", mouse=mouse.name, ability=command.ability
        )
    if command.hero in d.state.turn.abilities:
        raise RuleError("{mouse} has already used an ability card this turn", mouse=mouse.name)
    if command.cost > mouse.cheese:
        raise RuleError(
            "{mouse} has {cheese} cheese; the ability costs {cost}",
            mouse=mouse.name,
            cheese=mouse.cheese,
            cost=command.cost,
        )
    d.emit(AbilityUsed(command.hero, command.ability))
    if command.cost:
        d.emit(CheeseGained(command.hero, -command.cost, command.ability))
