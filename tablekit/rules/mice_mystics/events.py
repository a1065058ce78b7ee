"""What happened, as decided by the rules. Every roll and shuffle is in here.

Events carry the numbers they use (hero and minion stats), so replaying an
old journal never depends on today's content pack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tablekit.rules.game import Event
from tablekit.rules.mice_mystics.content import CardEntry
from tablekit.rules.mice_mystics.encounter import Encounter
from tablekit.rules.mice_mystics.mice import HeroStats, Marker
from tablekit.rules.mice_mystics.minions import CardStats
from tablekit.rules.mice_mystics.state import Outcome, Question


@dataclass(frozen=True)
class HeroJoined:
    """A hero as it starts a chapter: its numbers and what it carries in."""

    stats: HeroStats
    abilities: tuple[str, ...]
    kept: tuple[str, ...] = ()


@dataclass(frozen=True)
class Arrival:
    """``count`` new figures for one minion initiative card."""

    stats: CardStats
    count: int


@dataclass(frozen=True)
class ChapterStarted(Event):
    kind: ClassVar[str] = "mm.chapter_started"
    chapter: str
    end_page: int
    heroes: tuple[HeroJoined, ...]
    story: tuple[str, ...] = ()


@dataclass(frozen=True)
class StatsSet(Event):
    kind: ClassVar[str] = "mm.stats_set"
    figure: str
    battle: int | None = None
    defense: int | None = None
    lore: int | None = None
    move: int | None = None
    life: int | None = None
    ranged: bool | None = None
    large: bool | None = None


@dataclass(frozen=True)
class EquipmentSet(Event):
    """A hero's starting equipment as the table entered it; weapons with their kind."""

    kind: ClassVar[str] = "mm.equipment_set"
    hero: str
    cards: tuple[str, ...]
    weapons: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class BossDefined(Event):
    """A boss and all its initiative cards, as the table entered them."""

    kind: ClassVar[str] = "mm.boss_defined"
    boss: str
    name: str
    cards: tuple[CardEntry, ...]
    ranged: bool = False


@dataclass(frozen=True)
class MinionsPlaced(Event):
    kind: ClassVar[str] = "mm.minions_placed"
    arrivals: tuple[Arrival, ...]


@dataclass(frozen=True)
class TrackDealt(Event):
    """The whole track laid out afresh in this (shuffled) order."""

    kind: ClassVar[str] = "mm.track_dealt"
    order: tuple[str, ...]


@dataclass(frozen=True)
class CardsShuffledIn(Event):
    """New cards on the next free slots, in this (shuffled) order."""

    kind: ClassVar[str] = "mm.cards_shuffled_in"
    order: tuple[str, ...]


@dataclass(frozen=True)
class CardAmbushed(Event):
    kind: ClassVar[str] = "mm.card_ambushed"
    card: str
    steps: int


@dataclass(frozen=True)
class CardRemoved(Event):
    kind: ClassVar[str] = "mm.card_removed"
    card: str


@dataclass(frozen=True)
class TurnStarted(Event):
    """``card``'s turn begins; a round number above the current one starts a round."""

    kind: ClassVar[str] = "mm.turn_started"
    card: str
    round: int


@dataclass(frozen=True)
class TurnSkipped(Event):
    kind: ClassVar[str] = "mm.turn_skipped"
    card: str
    reason: str


@dataclass(frozen=True)
class Rolled(Event):
    kind: ClassVar[str] = "mm.rolled"
    purpose: str
    actor: str
    faces: tuple[str, ...]
    movement: int | None = None


@dataclass(frozen=True)
class ActionTaken(Event):
    kind: ClassVar[str] = "mm.action_taken"
    hero: str
    action: str


@dataclass(frozen=True)
class FreeActionTaken(Event):
    kind: ClassVar[str] = "mm.free_action_taken"
    hero: str
    action: str


@dataclass(frozen=True)
class CheeseGained(Event):
    """A mouse's cheese changes by ``amount`` (negative when spent or lost)."""

    kind: ClassVar[str] = "mm.cheese_gained"
    hero: str
    amount: int
    reason: str


@dataclass(frozen=True)
class WheelFilled(Event):
    kind: ClassVar[str] = "mm.wheel_filled"
    amount: int
    reason: str


@dataclass(frozen=True)
class Surged(Event):
    """The wheel filled: it empties, and the surge is asked about."""

    kind: ClassVar[str] = "mm.surged"


@dataclass(frozen=True)
class HourglassMoved(Event):
    kind: ClassVar[str] = "mm.hourglass_moved"
    page: int
    reason: str


@dataclass(frozen=True)
class EndMarkerMoved(Event):
    kind: ClassVar[str] = "mm.end_marker_moved"
    page: int
    reason: str


@dataclass(frozen=True)
class Asked(Event):
    kind: ClassVar[str] = "mm.asked"
    question: Question


@dataclass(frozen=True)
class Answered(Event):
    """The first pending question is settled."""

    kind: ClassVar[str] = "mm.answered"


@dataclass(frozen=True)
class EncounterRevealed(Event):
    kind: ClassVar[str] = "mm.encounter_revealed"
    encounter: Encounter


@dataclass(frozen=True)
class EncounterDiscarded(Event):
    kind: ClassVar[str] = "mm.encounter_discarded"


@dataclass(frozen=True)
class MinionAttacked(Event):
    """Figure ``figure`` (from 0) of ``card``, whose turn it is, made its one attack."""

    kind: ClassVar[str] = "mm.minion_attacked"
    card: str
    figure: int


@dataclass(frozen=True)
class MinionWounded(Event):
    kind: ClassVar[str] = "mm.minion_wounded"
    card: str
    figure: int
    wounds: int


@dataclass(frozen=True)
class MinionDefeated(Event):
    """A figure (or a boss card's life) is gone; ``by`` is the mouse that did it, if any."""

    kind: ClassVar[str] = "mm.minion_defeated"
    card: str
    figure: int
    by: str = ""


@dataclass(frozen=True)
class BossDefeated(Event):
    kind: ClassVar[str] = "mm.boss_defeated"
    minion: str
    by: str = ""


@dataclass(frozen=True)
class MouseWounded(Event):
    kind: ClassVar[str] = "mm.mouse_wounded"
    hero: str
    amount: int
    poison: bool = False


@dataclass(frozen=True)
class MouseHealed(Event):
    kind: ClassVar[str] = "mm.mouse_healed"
    hero: str
    amount: int
    poison: bool = False


@dataclass(frozen=True)
class MouseCaptured(Event):
    kind: ClassVar[str] = "mm.mouse_captured"
    hero: str
    keep_equipped: bool = False


@dataclass(frozen=True)
class MouseRescued(Event):
    kind: ClassVar[str] = "mm.mouse_rescued"
    hero: str


@dataclass(frozen=True)
class MarkerSet(Event):
    kind: ClassVar[str] = "mm.marker_set"
    hero: str
    marker: Marker
    on: bool


@dataclass(frozen=True)
class TileSearched(Event):
    kind: ClassVar[str] = "mm.tile_searched"
    hero: str
    tile: str


@dataclass(frozen=True)
class CardGained(Event):
    """A search card comes to a mouse: into its pack, its tricks, or equipped."""

    kind: ClassVar[str] = "mm.card_gained"
    hero: str
    card: str
    place: str
    weapon: str = ""


@dataclass(frozen=True)
class CardDiscarded(Event):
    kind: ClassVar[str] = "mm.card_discarded"
    hero: str
    card: str


@dataclass(frozen=True)
class CardsEquipped(Event):
    kind: ClassVar[str] = "mm.cards_equipped"
    hero: str
    equip: tuple[str, ...]
    unequip: tuple[str, ...]


@dataclass(frozen=True)
class AbilityGained(Event):
    kind: ClassVar[str] = "mm.ability_gained"
    hero: str
    ability: str


@dataclass(frozen=True)
class AbilityUsed(Event):
    kind: ClassVar[str] = "mm.ability_used"
    hero: str
    ability: str


@dataclass(frozen=True)
class AchievementEarned(Event):
    kind: ClassVar[str] = "mm.achievement_earned"
    hero: str
    achievement: str


@dataclass(frozen=True)
class StoryAchieved(Event):
    kind: ClassVar[str] = "mm.story_achieved"
    name: str


@dataclass(frozen=True)
class PartyItemChanged(Event):
    kind: ClassVar[str] = "mm.party_item_changed"
    item: str
    held: bool


@dataclass(frozen=True)
class ChapterEnded(Event):
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
