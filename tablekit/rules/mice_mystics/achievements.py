"""Individual achievements: the first mouse to do a feat earns its token.

Each trigger is checked where the device sees the feat happen (a roll, a
defeat, a capture); each effect is applied where it matters. The rulebook
lists them on its back cover.
"""

from __future__ import annotations

from enum import StrEnum

from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import AchievementEarned, CheeseGained
from tablekit.rules.mice_mystics.hourglass import move_end_marker
from tablekit.rules.mice_mystics.minions import CardStats
from tablekit.rules.mice_mystics.state import State


class Achievement(StrEnum):
    """The individual achievement tokens."""

    CHEESEMASTER = "cheesemaster"
    ROACHMASTER = "roachmaster"
    POISONMASTER = "poisonmaster"
    SCAPER = "scaper"
    CAT_TAMER = "cat_tamer"


EFFECTS: dict[Achievement, str] = {
    Achievement.CHEESEMASTER: (
        "End marker one page further. Cheese on its defence rolls gives every active mouse 1."
    ),
    Achievement.ROACHMASTER: ("End marker one page further. Roaches on its tile are not greedy."),
    Achievement.POISONMASTER: "Its poison wounds are taken as normal wounds.",
    Achievement.SCAPER: (
        "End marker one page further. A third capture is rescued at once, keeping equipment."
    ),
    Achievement.CAT_TAMER: "Large minions roll one die fewer defending against it.",
}
"""What each token does, for the screen."""

_PUSHES_END = (Achievement.CHEESEMASTER, Achievement.ROACHMASTER, Achievement.SCAPER)
BRODIE = "brodie"
"""The content id of the cat whose defeat earns Cat Tamer."""


def earn(d: Draft, achievement: Achievement, hero: str) -> None:
    """Give ``hero`` the token if no mouse holds it yet, with its immediate effect."""
    if d.state.holder(achievement) is not None:
        return
    d.emit(AchievementEarned(hero, achievement))
    if achievement in _PUSHES_END:
        move_end_marker(d, 1, achievement.value)


def after_roll(d: Draft, hero: str, cheese: int, defending: bool) -> None:
    """Cheesemaster: earned by 3 cheese in one roll; its defence cheese feeds every mouse.

    The effect belongs to the mouse holding the token, so the roll that earns it
    pays no bonus: only its holder's later defence rolls do.
    """
    held = d.state.holder(Achievement.CHEESEMASTER) == hero  # before this roll can earn it
    if cheese >= 3:
        earn(d, Achievement.CHEESEMASTER, hero)
    if defending and cheese and held:
        for mouse in d.state.mice:
            if not mouse.captured:
                d.emit(CheeseGained(mouse.stats.id, 1, "cheesemaster"))


def after_roach_defeated(d: Draft, hero: str) -> None:
    """Roachmaster: earned by the fourth roach one mouse defeats in one encounter."""
    if dict(d.state.roaches_defeated).get(hero, 0) >= 4:
        earn(d, Achievement.ROACHMASTER, hero)


def on_capture(d: Draft, hero: str) -> bool:
    """Poisonmaster and Scaper on a capture; whether the Scaper escapes at once."""
    mouse = d.state.mouse(hero)
    escapes = d.state.holder(Achievement.SCAPER) == hero and mouse.captures == 2
    if mouse.poison:
        earn(d, Achievement.POISONMASTER, hero)
    if mouse.captures == 1:
        earn(d, Achievement.SCAPER, hero)
    return escapes


def takes_poison_as_normal(state: State, hero: str) -> bool:
    """Poisonmaster's effect."""
    return state.holder(Achievement.POISONMASTER) == hero


def defence_dice_against(state: State, card: CardStats, attacker: str) -> int:
    """A minion's defence dice against ``attacker``: Cat Tamer takes one off large minions."""
    tamed = card.large and attacker and state.holder(Achievement.CAT_TAMER) == attacker
    return max(0, card.defense - 1) if tamed else card.defense
