"""What happened, as decided by the rules. Every roll and shuffle is in here.

Events carry the numbers they use (hero and minion stats), so replaying an
old journal never depends on today's content pack.
"""

from __future__ import annotations

from typing import ClassVar

from msgspec import Struct

from tablekit.rules.game import Event
from tablekit.rules.mice_mystics.content import CardEntry
from tablekit.rules.mice_mystics.encounter import Encounter
from tablekit.rules.mice_mystics.mice import HeroStats, Marker
from tablekit.rules.mice_mystics.minions import CardStats
from tablekit.rules.mice_mystics.state import Outcome, Question


class HeroJoined(Struct, frozen=True):
    """A hero as it starts a chapter: its numbers and what it carries in."""

    stats: HeroStats
    abilities: tuple[str, ...]
    kept: tuple[str, ...] = ()


class Arrival(Struct, frozen=True):
    """``count`` new figures for one minion initiative card."""

    stats: CardStats
    count: int


class ChapterStarted(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.chapter_started"
    chapter: str
    end_page: int
    heroes: tuple[HeroJoined, ...]
    story: tuple[str, ...] = ()


class StatsSet(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.stats_set"
    figure: str
    battle: int | None = None
    defense: int | None = None
    lore: int | None = None
    move: int | None = None
    life: int | None = None
    ranged: bool | None = None
    large: bool | None = None


class EquipmentSet(Event, Struct, frozen=True):
    """A hero's starting equipment as the table entered it; weapons with their kind."""

    kind: ClassVar[str] = "mm.equipment_set"
    hero: str
    cards: tuple[str, ...]
    weapons: tuple[tuple[str, str], ...] = ()


class BossDefined(Event, Struct, frozen=True):
    """A boss and all its initiative cards, as the table entered them."""

    kind: ClassVar[str] = "mm.boss_defined"
    boss: str
    name: str
    cards: tuple[CardEntry, ...]
    ranged: bool = False


class MinionsPlaced(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.minions_placed"
    arrivals: tuple[Arrival, ...]


class TrackDealt(Event, Struct, frozen=True):
    """The whole track laid out afresh in this (shuffled) order."""

    kind: ClassVar[str] = "mm.track_dealt"
    order: tuple[str, ...]


class CardsShuffledIn(Event, Struct, frozen=True):
    """New cards on the next free slots, in this (shuffled) order."""

    kind: ClassVar[str] = "mm.cards_shuffled_in"
    order: tuple[str, ...]


class CardAmbushed(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.card_ambushed"
    card: str
    steps: int


class CardRemoved(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.card_removed"
    card: str


class TurnStarted(Event, Struct, frozen=True):
    """``card``'s turn begins; a round number above the current one starts a round."""

    kind: ClassVar[str] = "mm.turn_started"
    card: str
    round: int


class TurnSkipped(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.turn_skipped"
    card: str
    reason: str


class Rolled(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.rolled"
    purpose: str
    actor: str
    faces: tuple[str, ...]
    movement: int | None = None


class ActionTaken(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.action_taken"
    hero: str
    action: str


class FreeActionTaken(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.free_action_taken"
    hero: str
    action: str


class CheeseGained(Event, Struct, frozen=True):
    """A mouse's cheese changes by ``amount`` (negative when spent or lost)."""

    kind: ClassVar[str] = "mm.cheese_gained"
    hero: str
    amount: int
    reason: str


class WheelFilled(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.wheel_filled"
    amount: int
    reason: str


class Surged(Event, Struct, frozen=True):
    """The wheel filled: it empties, and the surge is asked about."""

    kind: ClassVar[str] = "mm.surged"


class HourglassMoved(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.hourglass_moved"
    page: int
    reason: str


class EndMarkerMoved(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.end_marker_moved"
    page: int
    reason: str


class Asked(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.asked"
    question: Question


class Answered(Event, Struct, frozen=True):
    """The first pending question is settled."""

    kind: ClassVar[str] = "mm.answered"


class EncounterRevealed(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.encounter_revealed"
    encounter: Encounter


class EncounterDiscarded(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.encounter_discarded"


class MinionAttacked(Event, Struct, frozen=True):
    """Figure ``figure`` (from 0) of ``card``, whose turn it is, made its one attack."""

    kind: ClassVar[str] = "mm.minion_attacked"
    card: str
    figure: int


class MinionWounded(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.minion_wounded"
    card: str
    figure: int
    wounds: int


class MinionDefeated(Event, Struct, frozen=True):
    """A figure (or a boss card's life) is gone; ``by`` is the mouse that did it, if any."""

    kind: ClassVar[str] = "mm.minion_defeated"
    card: str
    figure: int
    by: str = ""


class BossDefeated(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.boss_defeated"
    minion: str
    by: str = ""


class MouseWounded(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.mouse_wounded"
    hero: str
    amount: int
    poison: bool = False


class MouseHealed(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.mouse_healed"
    hero: str
    amount: int
    poison: bool = False


class MouseCaptured(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.mouse_captured"
    hero: str
    keep_equipped: bool = False


class MouseRescued(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.mouse_rescued"
    hero: str


class MarkerSet(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.marker_set"
    hero: str
    marker: Marker
    on: bool


class TileSearched(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.tile_searched"
    hero: str
    tile: str


class CardGained(Event, Struct, frozen=True):
    """A search card comes to a mouse: into its pack, its tricks, or equipped."""

    kind: ClassVar[str] = "mm.card_gained"
    hero: str
    card: str
    place: str
    weapon: str = ""


class CardDiscarded(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.card_discarded"
    hero: str
    card: str


class CardsEquipped(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.cards_equipped"
    hero: str
    equip: tuple[str, ...]
    unequip: tuple[str, ...]


class AbilityGained(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.ability_gained"
    hero: str
    ability: str


class AbilityUsed(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.ability_used"
    hero: str
    ability: str


class AchievementEarned(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.achievement_earned"
    hero: str
    achievement: str


class StoryAchieved(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.story_achieved"
    name: str


class PartyItemChanged(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.party_item_changed"
    item: str
    held: bool


class ChapterEnded(Event, Struct, frozen=True):
    kind: ClassVar[str] = "mm.chapter_ended"
    outcome: Outcome
    reason: str


EVENTS: tuple[type[Event], ...] = (
    ChapterStarted,
    StatsSet,
    EquipmentSet,
    BossDefined,
    MinionsPlaced,
    TrackDealt,
    CardsShuffledIn,
    CardAmbushed,
    CardRemoved,
    TurnStarted,
    TurnSkipped,
    Rolled,
    ActionTaken,
    FreeActionTaken,
    CheeseGained,
    WheelFilled,
    Surged,
    HourglassMoved,
    EndMarkerMoved,
    Asked,
    Answered,
    EncounterRevealed,
    EncounterDiscarded,
    MinionAttacked,
    MinionWounded,
    MinionDefeated,
    BossDefeated,
    MouseWounded,
    MouseHealed,
    MouseCaptured,
    MouseRescued,
    MarkerSet,
    TileSearched,
    CardGained,
    CardDiscarded,
    CardsEquipped,
    AbilityGained,
    AbilityUsed,
    AchievementEarned,
    StoryAchieved,
    PartyItemChanged,
    ChapterEnded,
)
