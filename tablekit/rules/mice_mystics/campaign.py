"""Playing chapters as a campaign: what a mouse carries into the next chapter.

Abilities and story achievements carry over, and each mouse may keep one
search card it held besides its starting equipment. Cheese, party items and
individual achievements stay behind.
"""

from __future__ import annotations

import re

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics.commands import HeroChoice
from tablekit.rules.mice_mystics.events import HeroJoined
from tablekit.rules.mice_mystics.mice import Mouse
from tablekit.rules.mice_mystics.state import Outcome, State

STORY_LIMIT = 100
"""The most story achievements a campaign holds: a story book describes a few dozen, so
more is a script gone wrong, and the list (kept in every snapshot) stays bounded."""

NUMBERED = re.compile(r"Story achievement (\d+)")
"""How the touchscreen names a story achievement: by its number in the story book."""


def story_name(number: int) -> str:
    """The stored name of the story book's achievement ``number``, as the screen records it."""
    return f"Story achievement {number}"


def story_number(name: str) -> int | None:
    """The number in a story achievement stored as "Story achievement N", or None for a
    name a script gave, which is said as it is."""
    found = NUMBERED.fullmatch(name)
    return int(found.group(1)) if found else None


def previous_mice(state: State, campaign: bool) -> dict[str, Mouse]:
    """The mice of the chapter just finished, if this chapter continues a campaign."""
    if not campaign or state.outcome not in (Outcome.VICTORY, Outcome.DEFEAT):
        return {}
    return {mouse.stats.id: mouse for mouse in state.mice}


def joining(
    state: State, choices: tuple[HeroChoice, ...], campaign: bool
) -> tuple[HeroJoined, ...]:
    """Each chosen hero with its numbers, its ability cards and the card it keeps."""
    ids = [choice.hero for choice in choices]
    if not ids or len(set(ids)) != len(ids):
        raise RuleError("Choose one or more heroes, each once")
    before = previous_mice(state, campaign)
    return tuple(_joined(state, choice, before.get(choice.hero)) for choice in choices)


def _joined(state: State, choice: HeroChoice, before: Mouse | None) -> HeroJoined:
    stats = state.pack.hero(choice.hero).stats()
    abilities = before.abilities if before else ()
    if choice.ability.strip():
        abilities += (choice.ability.strip(),)
    if not abilities:
        raise RuleError("Choose an ability card for {hero}", hero=stats.name)
    if not choice.keep:
        return HeroJoined(stats, abilities)
    if before is None or choice.keep not in before.found:
        raise RuleError(
            "{hero} did not hold {card!r} at the end of the last chapter",
            hero=stats.name,
            card=choice.keep,
        )
    return HeroJoined(stats, abilities, (choice.keep,))


def carried_story(state: State, campaign: bool) -> tuple[str, ...]:
    """Story achievements that carry into the next chapter."""
    return state.story if previous_mice(state, campaign) else ()


def new_story(state: State, name: str) -> str:
    """``name`` trimmed, if the mice can earn it now.

    A story achievement is earned once and kept for the rest of the campaign, so
    recording one the mice already hold (in any case or spacing) is the same tap
    made twice and is refused, as is one past :data:`STORY_LIMIT`.
    """
    name = name.strip()
    if not name:
        raise RuleError("Name the achievement")
    same = [held for held in state.story if _compared(held) == _compared(name)]
    if same:
        number = story_number(same[0])
        if number is not None:
            raise RuleError("The mice already hold story achievement {number}", number=number)
        raise RuleError("The mice already hold the story achievement {name!r}", name=same[0])
    if len(state.story) >= STORY_LIMIT:
        raise RuleError("The mice hold at most {limit} story achievements", limit=STORY_LIMIT)
    return name


def _compared(name: str) -> str:
    """A story achievement's name as compared: spaces collapsed, case ignored."""
    return " ".join(name.split()).casefold()
