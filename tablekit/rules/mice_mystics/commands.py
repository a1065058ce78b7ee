"""What the table can ask for. Each command's JSON form is ``{"type": kind, **fields}``.

Commands that roll take optional ``faces`` so a camera reading or a test can
pin the result; without them the injected random source rolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from tablekit.rules.game import Command
from tablekit.rules.mice_mystics.encounter import MinionGroup
from tablekit.rules.mice_mystics.mice import Marker

Faces = tuple[str, ...] | None


@dataclass(frozen=True)
class HeroChoice:
    """A hero joining a chapter, the ability card chosen for it, and (in a
    campaign) the one found search card it keeps from the last chapter."""

    hero: str
    ability: str = ""
    keep: str = ""


@dataclass(frozen=True)
class StartChapter(Command):
    kind: ClassVar[str] = "mm.start_chapter"
    chapter: str
    end_page: int
    heroes: tuple[HeroChoice, ...]
    minions: tuple[MinionGroup, ...] = ()
    order: tuple[str, ...] | None = None
    campaign: bool = True


@dataclass(frozen=True)
class SetStats(Command):
    kind: ClassVar[str] = "mm.set_stats"
    figure: str
    battle: int | None = None
    defense: int | None = None
    lore: int | None = None
    move: int | None = None
    life: int | None = None
    ranged: bool | None = None
    large: bool | None = None


@dataclass(frozen=True)
class EndTurn(Command):
    kind: ClassVar[str] = "mm.end_turn"


@dataclass(frozen=True)
class RollMovement(Command):
    kind: ClassVar[str] = "mm.roll_movement"
    faces: Faces = None


@dataclass(frozen=True)
class Scurry(Command):
    kind: ClassVar[str] = "mm.scurry"
    faces: Faces = None


@dataclass(frozen=True)
class Attack(Command):
    kind: ClassVar[str] = "mm.attack"
    target: str
    ranged: bool = False
    bonus: int = 0
    faces: Faces = None


@dataclass(frozen=True)
class MinionAttack(Command):
    kind: ClassVar[str] = "mm.minion_attack"
    targets: tuple[str, ...]
    poison: bool = False
    faces: Faces = None


@dataclass(frozen=True)
class Defend(Command):
    kind: ClassVar[str] = "mm.defend"
    bonus: int = 0
    faces: Faces = None


@dataclass(frozen=True)
class PlaceBossWounds(Command):
    kind: ClassVar[str] = "mm.place_boss_wounds"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Search(Command):
    kind: ClassVar[str] = "mm.search"
    tile: str
    faces: Faces = None


@dataclass(frozen=True)
class TakeSearchCard(Command):
    kind: ClassVar[str] = "mm.take_search_card"
    choice: Literal["keep", "trick", "cheese", "event", "party"]
    card: str = ""


@dataclass(frozen=True)
class DiscardCard(Command):
    kind: ClassVar[str] = "mm.discard_card"
    hero: str
    card: str


@dataclass(frozen=True)
class Recover(Command):
    kind: ClassVar[str] = "mm.recover"
    marker: Literal["stunned", "webbed"] | None = None
    faces: Faces = None


@dataclass(frozen=True)
class Explore(Command):
    kind: ClassVar[str] = "mm.explore"


@dataclass(frozen=True)
class Mousetrap(Command):
    kind: ClassVar[str] = "mm.mousetrap"
    use_lore: bool = False
    faces: Faces = None


@dataclass(frozen=True)
class ClimbOut(Command):
    kind: ClassVar[str] = "mm.climb_out"
    mice_on_destination: int = 0
    faces: Faces = None


@dataclass(frozen=True)
class LevelUp(Command):
    kind: ClassVar[str] = "mm.level_up"
    ability: str


@dataclass(frozen=True)
class Share(Command):
    kind: ClassVar[str] = "mm.share"
    other: str
    give_cheese: int = 0
    take_cheese: int = 0
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()


@dataclass(frozen=True)
class Equip(Command):
    kind: ClassVar[str] = "mm.equip"
    equip: tuple[str, ...] = ()
    unequip: tuple[str, ...] = ()


@dataclass(frozen=True)
class UseAbility(Command):
    kind: ClassVar[str] = "mm.use_ability"
    hero: str
    ability: str
    cost: int = 0


@dataclass(frozen=True)
class DrawEncounter(Command):
    kind: ClassVar[str] = "mm.draw_encounter"
    minions: tuple[MinionGroup, ...]
    ambush: bool = False
    mousetraps: bool = False
    greedy_roaches: bool = False
    surge: tuple[MinionGroup, ...] = ()
    name: str = ""
    disguises: bool = False
    order: tuple[str, ...] | None = None
    ambush_faces: Faces = None


@dataclass(frozen=True)
class AddMinions(Command):
    kind: ClassVar[str] = "mm.add_minions"
    minions: tuple[MinionGroup, ...]
    ambush: bool = False
    order: tuple[str, ...] | None = None
    ambush_faces: Faces = None


@dataclass(frozen=True)
class ResolveSurge(Command):
    kind: ClassVar[str] = "mm.resolve_surge"
    source: Literal["room", "card", "none"]
    minions: tuple[MinionGroup, ...] = ()
    order: tuple[str, ...] | None = None


@dataclass(frozen=True)
class WoundMouse(Command):
    kind: ClassVar[str] = "mm.wound_mouse"
    hero: str
    amount: int = 1
    poison: bool = False


@dataclass(frozen=True)
class CaptureMouse(Command):
    kind: ClassVar[str] = "mm.capture_mouse"
    hero: str


@dataclass(frozen=True)
class HealMouse(Command):
    kind: ClassVar[str] = "mm.heal_mouse"
    hero: str
    amount: int = 1
    poison: bool = False


@dataclass(frozen=True)
class SetMarker(Command):
    kind: ClassVar[str] = "mm.set_marker"
    hero: str
    marker: Marker
    on: bool = True


@dataclass(frozen=True)
class GainCheese(Command):
    kind: ClassVar[str] = "mm.gain_cheese"
    hero: str
    amount: int


@dataclass(frozen=True)
class WoundMinion(Command):
    kind: ClassVar[str] = "mm.wound_minion"
    target: str
    amount: int = 1


@dataclass(frozen=True)
class RemoveMinion(Command):
    kind: ClassVar[str] = "mm.remove_minion"
    target: str


@dataclass(frozen=True)
class RoachSteal(Command):
    kind: ClassVar[str] = "mm.roach_steal"
    hero: str
    near_roachmaster: bool | None = None


@dataclass(frozen=True)
class PartyItem(Command):
    kind: ClassVar[str] = "mm.party_item"
    item: str
    held: bool = True


@dataclass(frozen=True)
class StoryAchievement(Command):
    kind: ClassVar[str] = "mm.story_achievement"
    name: str
    pages: int = 0


@dataclass(frozen=True)
class DeclareVictory(Command):
    kind: ClassVar[str] = "mm.declare_victory"


COMMANDS: tuple[type[Command], ...] = (
    StartChapter,
    SetStats,
    EndTurn,
    RollMovement,
    Scurry,
    Attack,
    MinionAttack,
    Defend,
    PlaceBossWounds,
    Search,
    TakeSearchCard,
    DiscardCard,
    Recover,
    Explore,
    Mousetrap,
    ClimbOut,
    LevelUp,
    Share,
    Equip,
    UseAbility,
    DrawEncounter,
    AddMinions,
    ResolveSurge,
    WoundMouse,
    CaptureMouse,
    HealMouse,
    SetMarker,
    GainCheese,
    WoundMinion,
    RemoveMinion,
    RoachSteal,
    PartyItem,
    StoryAchievement,
    DeclareVictory,
)
