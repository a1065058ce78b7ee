"""Battle: attack rolls, defence rolls, and the wounds that get through.

One attack roll is made; each figure it reaches is asked for its own defence
roll, because another player rolls it. Cheese rolled for a mouse is that
mouse's; cheese rolled for a minion goes on the wheel (never Brodie's).
"""

from __future__ import annotations

import random
from collections import Counter

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics import achievements, dice
from tablekit.rules.mice_mystics.acting import taking_action
from tablekit.rules.mice_mystics.captures import wound_mouse
from tablekit.rules.mice_mystics.commands import (
    Attack,
    Defend,
    MinionAttack,
    PlaceBossWounds,
)
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.equipment import check_armed
from tablekit.rules.mice_mystics.events import (
    ActionTaken,
    Answered,
    Asked,
    BossDefeated,
    CardRemoved,
    CheeseGained,
    MinionAttacked,
    MinionDefeated,
    MinionWounded,
    Rolled,
)
from tablekit.rules.mice_mystics.mice import Marker
from tablekit.rules.mice_mystics.minions import MinionCard, Moves, parse_target
from tablekit.rules.mice_mystics.state import Ask, Question, State
from tablekit.rules.mice_mystics.surges import feed_wheel


def attack(d: Draft, command: Attack, rng: random.Random) -> None:
    """A mouse's battle action: roll battle plus bonus dice against one minion, with a
    weapon of the attack's kind equipped (see :mod:`.equipment`)."""
    mouse = taking_action(d.state, "battle")
    check_armed(d.state, mouse, command.ranged)
    card, figure = minion_target(d.state, command.target)
    hero = mouse.stats.id
    faces = dice.take_roll(rng, mouse.stats.battle + command.bonus, command.faces)
    d.emit(ActionTaken(hero, "battle"), Rolled("attack", hero, faces))
    mouse_cheese(d, hero, dice.cheese(faces), "attack roll", defending=False)
    hits = dice.ranged_hits(faces) if command.ranged else dice.melee_hits(faces)
    if hits:
        d.emit(
            Asked(
                Question(
                    Ask.DEFEND,
                    f"{card.stats.name} defends against {hits} hit(s) from {mouse.name}",
                    Defend.kind,
                    card=card.id,
                    figure=figure,
                    hits=hits,
                    attacker=hero,
                )
            )
        )


def minion_attack(d: Draft, command: MinionAttack, rng: random.Random) -> None:
    """The attack of one figure of the card whose turn it is (or of a charmed mouse, as a
    melee minion): each figure attacks once a turn."""
    state = d.state
    current = state.track.current
    if current is None:
        raise RuleError("No card is taking a turn")
    if state.is_mouse(current):
        mouse = state.mouse(current)
        if not mouse.has(Marker.CHARMED):
            raise RuleError(
                "It is {mouse}'s turn; a mouse attacks with its battle action", mouse=mouse.name
            )
        battle, ranged, several = mouse.stats.battle, False, False
        name, figures = mouse.name, 1
    else:
        card = state.card(current)
        battle, ranged = card.stats.battle, card.stats.ranged
        several = card.stats.moves in (Moves.POUNCE, Moves.CHASE)
        name, figures = card.stats.name, card.figures
    figure = attacking_figure(state.turn.attacked, figures, name, command.figure)
    questions = [
        _defence_question(state, target, current, command.poison) for target in command.targets
    ]
    if not questions or len(set(command.targets)) != len(command.targets):
        raise RuleError("Name each attacked figure once")
    if len(questions) > 1 and not several:
        raise RuleError("Only Brodie attacks several figures with one roll")
    if not several and any(q.card for q in questions):
        raise RuleError("Minions attack mice; only Brodie's attack reaches other minions")
    faces = dice.take_roll(rng, battle, command.faces)
    d.emit(MinionAttacked(current, figure), Rolled("attack", current, faces))
    if state.is_mouse(current):
        mouse_cheese(d, current, dice.cheese(faces), "attack roll", defending=False)
    elif state.card(current).stats.feeds_wheel:
        feed_wheel(d, dice.cheese(faces), f"{state.card(current).stats.name} attack roll")
    hits = dice.ranged_hits(faces) if ranged else dice.melee_hits(faces)
    if hits:
        for question in questions:
            d.emit(Asked(_with_hits(question, hits)))


def attacking_figure(attacked: tuple[int, ...], figures: int, name: str, chosen: int | None) -> int:
    """The figure (from 0) that makes this attack: ``chosen`` (from 1) if the table named
    one, else the first that has not attacked this turn. Rulebook, "Taking a Turn with a
    Minion": each figure of the card moves and battles once on its turn."""
    if chosen is None:
        left = [f for f in range(figures) if f not in attacked]
        if not left and figures == 1:
            raise RuleError("{minion} has already attacked this turn", minion=name)
        if not left:
            raise RuleError(
                "Each {minion} attacks once a turn, and all {count} have attacked",
                minion=name,
                count=figures,
            )
        return left[0]
    if chosen > figures:
        raise RuleError("There are only {count} {minion} figure(s)", count=figures, minion=name)
    if chosen - 1 in attacked:
        raise RuleError(
            "{minion} {figure} has already attacked this turn", minion=name, figure=chosen
        )
    return chosen - 1


def _defence_question(state: State, target: str, attacker: str, poison: bool) -> Question:
    if state.is_mouse(target):
        mouse = state.mouse(target)
        if mouse.captured:
            raise RuleError("{mouse} is captured and cannot be attacked", mouse=mouse.name)
        return Question(
            Ask.DEFEND,
            f"{mouse.name} defends",
            Defend.kind,
            hero=target,
            poison=poison,
            attacker=attacker,
        )
    card, figure = minion_target(state, target)
    return Question(
        Ask.DEFEND,
        f"{card.stats.name} defends",
        Defend.kind,
        card=card.id,
        figure=figure,
        attacker=attacker,
    )


def _with_hits(question: Question, hits: int) -> Question:
    return Question(
        question.ask,
        f"{question.text} against {hits} hit(s)",
        question.answer,
        hero=question.hero,
        card=question.card,
        figure=question.figure,
        hits=hits,
        poison=question.poison,
        attacker=question.attacker,
    )


def defend(d: Draft, command: Defend, rng: random.Random) -> None:
    """The defence roll the first pending question asks for; blocks cancel hits."""
    question = d.state.pending[0]
    if question.hero:
        _mouse_defends(d, question, command, rng)
    else:
        _minion_defends(d, question, command, rng)


def _mouse_defends(d: Draft, question: Question, command: Defend, rng: random.Random) -> None:
    hero = question.hero
    faces = dice.take_roll(rng, d.state.mouse(hero).stats.defense + command.bonus, command.faces)
    d.emit(Rolled("defense", hero, faces), Answered())
    mouse_cheese(d, hero, dice.cheese(faces), "defence roll", defending=True)
    wound_mouse(d, hero, max(0, question.hits - dice.blocks(faces)), question.poison)


def _minion_defends(d: Draft, question: Question, command: Defend, rng: random.Random) -> None:
    card = d.state.card(question.card)
    count = achievements.defence_dice_against(d.state, card.stats, question.attacker)
    faces = dice.take_roll(rng, count + command.bonus, command.faces)
    d.emit(Rolled("defense", card.id, faces), Answered())
    if card.stats.feeds_wheel:
        feed_wheel(d, dice.cheese(faces), f"{card.stats.name} defence roll")
    wounds = max(0, question.hits - dice.blocks(faces))
    by = question.attacker if d.state.is_mouse(question.attacker) else ""
    if wounds and card.stats.boss:
        _boss_wounds(d, card, wounds, by)
    elif wounds and not d.over:
        wound_minion(d, card.id, question.figure, wounds, by)


def _boss_wounds(d: Draft, card: MinionCard, wounds: int, by: str) -> None:
    boss_cards = tuple(c.id for c in d.state.minions if c.stats.minion == card.stats.minion)
    if len(boss_cards) == 1:
        wound_minion(d, card.id, 0, wounds, by)
        return
    d.emit(
        Asked(
            Question(
                Ask.BOSS_WOUNDS,
                f"Place {wounds} wound(s) on the boss's initiative cards",
                PlaceBossWounds.kind,
                boss_cards,
                card=card.id,
                hits=wounds,
                attacker=by,
            )
        )
    )


def place_boss_wounds(d: Draft, command: PlaceBossWounds, rng: random.Random) -> None:
    """The table's choice of which boss card takes each wound."""
    question = d.state.pending[0]
    if len(command.cards) != question.hits:
        raise RuleError("Name a boss card for each of the {hits} wound(s)", hits=question.hits)
    unknown = set(command.cards) - set(question.options)
    if unknown:
        raise RuleError("The boss's cards are {cards}", cards=", ".join(question.options))
    room = {c: d.state.card(c).stats.life - d.state.card(c).wounds[0] for c in question.options}
    placed = Counter(command.cards)
    if len(command.cards) < sum(room.values()) and any(placed[c] > room[c] for c in placed):
        raise RuleError("A boss card cannot take more wounds than it has life left")
    d.emit(Answered())
    for card_id, amount in placed.items():
        if card_id in {c.id for c in d.state.minions}:
            wound_minion(d, card_id, 0, amount, question.attacker)


def minion_target(state: State, target: str) -> tuple[MinionCard, int]:
    """The minion card and figure index a target like ``"spider#2"`` names."""
    card_id, figure = parse_target(target)
    card = state.card(card_id)
    if figure is None:
        if len(set(card.wounds)) > 1:
            raise RuleError(
                "Which {minion}? They carry different wounds: name one as {card}#1",
                minion=card.stats.name,
                card=card.id,
            )
        return card, 0
    if figure >= card.figures:
        raise RuleError(
            "There are only {count} {minion} figure(s)", count=card.figures, minion=card.stats.name
        )
    return card, figure


def wound_minion(d: Draft, card_id: str, figure: int, amount: int, by: str) -> None:
    """``amount`` wounds on a minion figure; at its life value it is defeated."""
    card = d.state.card(card_id)
    if card.defeats(figure, amount):
        defeat_figure(d, card_id, figure, by)
    else:
        d.emit(MinionWounded(card_id, figure, amount))


def defeat_figure(d: Draft, card_id: str, figure: int, by: str) -> None:
    """A figure leaves the board; its card leaves the track with the last one."""
    stats = d.state.card(card_id).stats
    d.emit(MinionDefeated(card_id, figure, by))
    if stats.roach and by:
        achievements.after_roach_defeated(d, by)
    if d.state.card(card_id).figures:
        return
    d.emit(CardRemoved(card_id))
    if stats.boss and not any(c.stats.minion == stats.minion for c in d.state.minions):
        d.emit(BossDefeated(stats.minion, by))
        if stats.minion == achievements.BRODIE and by:
            achievements.earn(d, achievements.Achievement.CAT_TAMER, by)


def mouse_cheese(d: Draft, hero: str, amount: int, reason: str, defending: bool) -> None:
    """Cheese a mouse rolled is its own; then the Cheesemaster checks."""
    if amount:
        d.emit(CheeseGained(hero, amount, reason))
    achievements.after_roll(d, hero, amount, defending)
