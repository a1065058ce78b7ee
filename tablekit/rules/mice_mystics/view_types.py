"""The shape of the Mice and Mystics table view, as types mypy checks.

:func:`~tablekit.rules.mice_mystics.view.view` returns a
:class:`MiceMysticsView`; every value in it is plain JSON (str, int, bool,
None, lists and these dicts), and nothing in it is secret, so every audience
sees the same. ``docs/state.md`` describes the same fields for scripts, and a
test holds the two together.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class _Card(TypedDict):
    """What every initiative card on the track shows."""

    slot: int
    """1 at the top of the track."""
    card: str
    """The card's id: a hero id, a minion id, or ``boss:card``."""
    name: str
    current: bool
    """Whether it is this card's turn."""
    acted: bool
    """Whether this card has had its turn this round."""


class MouseCard(_Card):
    """A mouse's initiative card."""

    side: Literal["mouse"]
    captured: bool
    wounds: int
    poison: int
    markers: list[str]
    """stunned, webbed, knocked_down, charmed."""


class MinionCard(_Card):
    """A minion type's (or one boss's) initiative card."""

    side: Literal["minion"]
    figures: int
    """Figures of this type still on the board."""
    wounds: list[int]
    """Wounds of each figure, one entry per figure."""
    life: int
    boss: bool


TrackCard = MouseCard | MinionCard
"""A card on the track; ``side`` tells which."""


class Wheel(TypedDict):
    """The minion cheese wheel."""

    cheese: int
    """0-5: a sixth cheese surges and empties the wheel."""
    surged: bool


class ChapterTrack(TypedDict):
    """The hourglass and the chapter end marker, as page numbers."""

    hourglass: int
    end: int


class MinionGroup(TypedDict):
    """``count`` figures of the minion type ``minion`` (a content id)."""

    minion: str
    count: int


class Encounter(TypedDict):
    """The face-up encounter card's line for its page."""

    minions: list[MinionGroup]
    ambush: bool
    mousetraps: bool
    greedy_roaches: bool
    surge: list[MinionGroup]
    """The minions the next surge brings, unless a room rule says otherwise."""
    page: int
    name: str


class Weapon(TypedDict):
    """A weapon card and the kind of attack it allows."""

    card: str
    kind: str
    """melee or ranged."""


class Hero(TypedDict):
    """A hero in play: the numbers on its card and what lies on it."""

    id: str
    name: str
    classes: list[str]
    battle: int
    defense: int
    lore: int
    move: int
    life: int
    wounds: int
    poison: int
    cheese: int
    level_up: bool
    """Whether it has the cheese to level up."""
    markers: list[str]
    captured: bool
    captures: int
    abilities: list[str]
    starting_equipment: list[str]
    equipment_known: bool
    """Whether the table entered the starting equipment (the weapon rule applies once it has)."""
    kit: list[str]
    """Starting equipment cards equipped."""
    equipped: list[str]
    pack: list[str]
    tricks: list[str]
    searched: list[str]
    """Tiles this mouse has searched successfully."""
    weapons: list[Weapon]
    """Each weapon the mouse holds, equipped or in its pack."""
    achievements: list[str]
    """The individual achievements this hero holds."""


class Turn(TypedDict):
    """What the card whose turn it is has done so far this turn."""

    moved: bool
    movement: int | None
    """Spaces the movement roll gave, None before it."""
    action: str
    """The action taken this turn, "" before one."""
    free_actions: list[str]
    attacked: list[int]
    """The figures (counting from 1) of the minion card whose turn it is that have made
    their one attack this turn; a charmed mouse is figure 1."""


class Tally(TypedDict):
    """Everything a roll can mean."""

    melee_hits: int
    ranged_hits: int
    blocks: int
    stars: int
    cheese: int
    movement: int


class LastRoll(TypedDict):
    """The latest roll, what it was for and who made it."""

    purpose: str
    """attack, defense, movement, scurry, ambush, search, recover, mousetrap, climb_out."""
    actor: str
    faces: list[str]
    movement: int | None
    """Spaces a movement roll gives; None for other rolls."""
    tally: Tally


class Question(TypedDict):
    """A pending question: the table answers it before play goes on."""

    ask: str
    """defend, boss_wounds, surge, search_card or pack_full."""
    text: str
    answer: str
    """The command kind that answers it."""
    options: list[str]
    hero: str
    card: str
    figure: int
    hits: int
    poison: bool


class EarnedAchievement(TypedDict):
    """An individual achievement, who earned it and what it does."""

    achievement: str
    hero: str
    effect: str


class CatalogueHero(TypedDict):
    """A hero of the content pack."""

    id: str
    name: str
    classes: list[str]
    missing: list[str]
    """Numbers still to enter with mm.set_stats."""
    numbers: dict[str, int | bool | None]
    """The numbers the pack or the table already gave, to pre-fill a form."""
    starting_equipment: list[str]
    weapons: list[Weapon]
    """Each weapon among the starting equipment."""
    equipment_known: bool
    """Whether the starting equipment was entered (mm.set_equipment)."""


class CatalogueMinion(TypedDict):
    """A minion type of the content pack."""

    id: str
    name: str
    boss: bool
    missing: list[str]
    """Numbers still to enter with mm.set_stats (a boss's only own one is ranged)."""
    numbers: dict[str, int | bool | None]
    """The numbers the pack or the table already gave, to pre-fill a form."""
    cards: list[CatalogueCard]
    """A boss's initiative cards, each with its own numbers."""


class CatalogueCard(TypedDict):
    """One of a boss's initiative cards; ``id`` is ``boss:card``, as mm.set_stats names it."""

    id: str
    name: str
    missing: list[str]
    numbers: dict[str, int | bool | None]


class Catalogue(TypedDict):
    """What the table can bring into play, for the set-up forms."""

    heroes: list[CatalogueHero]
    minions: list[CatalogueMinion]


class MiceMysticsView(TypedDict):
    """Everything the table screen shows of a Mice and Mystics session."""

    game: Literal["mice-mystics"]
    chapter: str
    outcome: str
    """setup, playing, defeat or victory."""
    outcome_reason: str
    round: int
    """0 before the first turn."""
    track: list[TrackCard]
    """Top (slot 1) to bottom."""
    current: str | None
    """The card whose turn it is."""
    minion_player: str | None
    """The mouse lowest on the track: it plays the minions."""
    wheel: Wheel
    chapter_track: ChapterTrack
    encounter: Encounter | None
    greedy_roaches: bool
    heroes: list[Hero]
    turn: Turn
    last_roll: LastRoll | None
    pending: list[Question]
    """The first must be answered next."""
    reminders: list[str]
    """Rules to keep in mind now, e.g. the minion targeting rule on a minion turn."""
    achievements: list[EarnedAchievement]
    story_achievements: list[str]
    party_items: list[str]
    legal: list[str]
    """Command kinds that can currently succeed."""
    catalogue: Catalogue
