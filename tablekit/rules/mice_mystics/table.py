"""What the table applies by hand: effects of cards, abilities and chapter rules.

The device cannot read an event card or a minion's ability text, so these
commands let the table put the result on the right card. They still follow
the rules' consequences (a wound can capture, a stolen cheese can surge).
"""

from __future__ import annotations

import random

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mice_mystics import achievements, campaign
from tablekit.rules.mice_mystics.battle import defeat_figure, minion_target, wound_minion
from tablekit.rules.mice_mystics.captures import capture, wound_mouse
from tablekit.rules.mice_mystics.commands import (
    CaptureMouse,
    DeclareVictory,
    EndTurn,
    GainCheese,
    HealMouse,
    PartyItem,
    RemoveMinion,
    RoachSteal,
    SetMarker,
    StoryAchievement,
    WoundMinion,
    WoundMouse,
)
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import (
    ChapterEnded,
    CheeseGained,
    MarkerSet,
    MouseHealed,
    PartyItemChanged,
    StoryAchieved,
)
from tablekit.rules.mice_mystics.hourglass import move_end_marker
from tablekit.rules.mice_mystics.mice import Marker, Mouse
from tablekit.rules.mice_mystics.state import Outcome
from tablekit.rules.mice_mystics.surges import feed_wheel
from tablekit.rules.mice_mystics.turns import end_turn


def _on_board(d: Draft, hero: str) -> Mouse:
    mouse = d.state.mouse(hero)
    if mouse.captured:
        raise RuleError("{mouse} is captured", mouse=mouse.name)
    return mouse


def ending_turn(d: Draft, command: EndTurn, rng: random.Random) -> None:
    """The current card's turn is over."""
    end_turn(d)


def wounding_mouse(d: Draft, command: WoundMouse, rng: random.Random) -> None:
    """Wounds from a card or an ability; they can capture."""
    _on_board(d, command.hero)
    wound_mouse(d, command.hero, command.amount, command.poison)


def capturing_mouse(d: Draft, command: CaptureMouse, rng: random.Random) -> None:
    """A capture by a rule outside battle, e.g. a water current carrying a mouse off its tile."""
    _on_board(d, command.hero)
    capture(d, command.hero)


def healing_mouse(d: Draft, command: HealMouse, rng: random.Random) -> None:
    """Healing; poison wounds need an antidote or a cure, so say ``poison`` for those."""
    mouse = _on_board(d, command.hero)
    has = mouse.poison if command.poison else mouse.wounds
    if not has:
        if command.poison:
            raise RuleError("{mouse} has no poison wounds", mouse=mouse.name)
        raise RuleError("{mouse} has no wounds", mouse=mouse.name)
    d.emit(MouseHealed(command.hero, min(has, command.amount), command.poison))


def setting_marker(d: Draft, command: SetMarker, rng: random.Random) -> None:
    """Stunned, webbed, knocked down or charmed, placed or removed."""
    mouse = _on_board(d, command.hero)
    marker = Marker(command.marker)
    if mouse.has(marker) == command.on:
        if command.on:
            raise RuleError(
                "{mouse} is already {marker}", mouse=mouse.name, marker=Phrase(marker.value)
            )
        raise RuleError("{mouse} is not {marker}", mouse=mouse.name, marker=Phrase(marker.value))
    d.emit(MarkerSet(command.hero, marker, command.on))


def gaining_cheese(d: Draft, command: GainCheese, rng: random.Random) -> None:
    """Cheese gained (or, negative, lost) by a card's effect."""
    mouse = _on_board(d, command.hero)
    if command.amount == 0 or mouse.cheese + command.amount < 0:
        raise RuleError("{mouse} has {cheese} cheese", mouse=mouse.name, cheese=mouse.cheese)
    d.emit(CheeseGained(command.hero, command.amount, "by hand"))


def wounding_minion(d: Draft, command: WoundMinion, rng: random.Random) -> None:
    """Wounds on one minion figure (or one boss card) from a card or an ability."""
    card, figure = minion_target(d.state, command.target)
    by = d.state.track.current or ""
    wound_minion(d, card.id, figure, command.amount, by if d.state.is_mouse(by) else "")


def removing_minion(d: Draft, command: RemoveMinion, rng: random.Random) -> None:
    """A minion figure (or boss card) leaves the board by a rule outside battle."""
    card, figure = minion_target(d.state, command.target)
    defeat_figure(d, card.id, figure, "")


def roach_steal(d: Draft, command: RoachSteal, rng: random.Random) -> None:
    """A roach steals a cheese; a greedy roach puts it on the wheel.

    Roaches on the Roachmaster's tile are not greedy, and only the table
    knows the tiles, so with a Roachmaster the table must say.
    """
    mouse = _on_board(d, command.hero)
    if not any(c.stats.roach for c in d.state.minions):
        raise RuleError("There are no roaches on the board")
    if not mouse.cheese:
        raise RuleError("{mouse} has no cheese to steal", mouse=mouse.name)
    greedy = d.state.greedy
    if greedy and d.state.holder(achievements.Achievement.ROACHMASTER):
        if command.near_roachmaster is None:
            raise RuleError("Is the roach on the Roachmaster's tile? Say near_roachmaster")
        greedy = not command.near_roachmaster
    d.emit(CheeseGained(command.hero, -1, "stolen by a roach"))
    if greedy:
        feed_wheel(d, 1, "greedy roach")


def party_item(d: Draft, command: PartyItem, rng: random.Random) -> None:
    """A party item found or given up."""
    if (command.item in d.state.party) == command.held:
        if command.held:
            raise RuleError("The party already holds {item}", item=command.item)
        raise RuleError("The party has no {item}", item=command.item)
    d.emit(PartyItemChanged(command.item, command.held))


def story_achievement(d: Draft, command: StoryAchievement, rng: random.Random) -> None:
    """A story achievement, which may push the chapter end marker further."""
    name = campaign.new_story(d.state, command.name)
    d.emit(StoryAchieved(name))
    if command.pages:
        move_end_marker(d, command.pages, name)


def declare_victory(d: Draft, command: DeclareVictory, rng: random.Random) -> None:
    """The table has met the story book's victory conditions."""
    d.emit(ChapterEnded(Outcome.VICTORY, "The mice met the chapter's victory conditions"))
