"""What the table can ask for. Each command's JSON form is ``{"type": kind, **fields}``.

Commands that roll take optional ``faces`` so a camera reading or a test can
pin the result; without them the injected random source rolls.

Each field's type, range and length is declared here once (``msgspec.Meta``);
the session holds every command to it, from a script line, a touch form or a
pad alike, and a refusal names the field, the value given and what is allowed.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from msgspec import Meta, Struct

from tablekit.rules.game import Command
from tablekit.rules.mice_mystics.chapter import MAX_PAGE
from tablekit.rules.mice_mystics.dice import MAX_DICE
from tablekit.rules.mice_mystics.encounter import MAX_FIGURES, MinionGroup
from tablekit.rules.mice_mystics.mice import Marker

Id = Annotated[str, Meta(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_:-]+$")]
"""A content id (a hero, a minion type, a boss card as ``minion:card``): short ASCII."""
Target = Annotated[
    str, Meta(min_length=1, max_length=44, pattern=r"^[A-Za-z0-9_:-]+(#[1-9][0-9]{0,2})?$")
]
"""A minion card, or one of its figures as ``spider#2`` (figures count from 1)."""
Text = Annotated[str, Meta(max_length=80)]
"""A name read off a card or typed at the table (a chapter, an ability, a search card)."""
Face = Annotated[str, Meta(min_length=1, max_length=20)]
Faces = Annotated[tuple[Face, ...], Meta(max_length=2 * MAX_DICE)] | None
"""The faces a roll showed; at most the most dice any roll can have."""
Dice = Annotated[int, Meta(ge=0, le=MAX_DICE)]
"""Extra dice from a weapon or an ability."""
Amount = Annotated[int, Meta(ge=1, le=99)]
"""Wounds or healing at once: 1 or more."""
Cheese = Annotated[int, Meta(ge=0, le=99)]
"""Cheese handed over or spent: counted from 0 up."""
MAX_NUMBER = 20
"""The largest number a figure's card can carry, with room to spare."""
Number = Annotated[int, Meta(ge=0, le=MAX_NUMBER)] | None
"""A number read off a figure's card."""
Many = 20
"""The most entries a list in a command has (heroes, groups, cards, targets)."""


class HeroChoice(Struct, frozen=True):
    """A hero joining a chapter, the ability card chosen for it, and (in a
    campaign) the one found search card it keeps from the last chapter."""

    hero: Id
    ability: Text = ""
    keep: Text = ""


class StartChapter(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.start_chapter"
    chapter: Text
    end_page: Annotated[int, Meta(ge=2, le=MAX_PAGE)]
    heroes: Annotated[tuple[HeroChoice, ...], Meta(max_length=Many)]
    minions: Annotated[tuple[MinionGroup, ...], Meta(max_length=Many)] = ()
    order: Annotated[tuple[Id, ...], Meta(max_length=2 * Many)] | None = None
    campaign: bool = True


class SetStats(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.set_stats"
    figure: Id
    battle: Number = None
    defense: Number = None
    lore: Number = None
    move: Number = None
    life: Number = None
    ranged: bool | None = None
    large: bool | None = None


WeaponKind = Literal["", "melee", "ranged"]
"""Whether a card is a weapon, and which: "" for armour, accessories and items."""
Name = Annotated[str, Meta(min_length=1, max_length=40)]
"""A card's name as the table types it."""
Life = Annotated[int, Meta(ge=1, le=MAX_NUMBER)]
Value = Annotated[int, Meta(ge=0, le=MAX_NUMBER)]


class EquipmentCard(Struct, frozen=True):
    """One starting equipment card and, if it is a weapon, its kind."""

    name: Name
    weapon: WeaponKind = ""


class SetEquipment(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.set_equipment"
    hero: Id
    cards: Annotated[tuple[EquipmentCard, ...], Meta(max_length=8)]


class BossCard(Struct, frozen=True):
    """One of a boss's initiative cards, with the numbers printed on it."""

    id: Id
    name: Name
    battle: Value
    defense: Value
    life: Life


class DefineBoss(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.define_boss"
    boss: Id
    name: Name
    cards: Annotated[tuple[BossCard, ...], Meta(min_length=1, max_length=Many)]
    ranged: bool = False


class EndTurn(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.end_turn"


class RollMovement(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.roll_movement"
    faces: Faces = None


class Scurry(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.scurry"
    faces: Faces = None


class Attack(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.attack"
    target: Target
    ranged: bool = False
    bonus: Dice = 0
    faces: Faces = None


class MinionAttack(Command, Struct, frozen=True):
    """One figure's attack on its card's turn; ``figure`` counts from 1 and defaults to the
    first figure that has not attacked yet (each attacks once a turn)."""

    kind: ClassVar[str] = "mm.minion_attack"
    targets: Annotated[tuple[Id, ...], Meta(max_length=Many)]
    poison: bool = False
    faces: Faces = None
    figure: Annotated[int, Meta(ge=1, le=MAX_FIGURES)] | None = None


class Defend(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.defend"
    bonus: Dice = 0
    faces: Faces = None


class PlaceBossWounds(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.place_boss_wounds"
    cards: Annotated[tuple[Id, ...], Meta(max_length=Many)]


class Search(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.search"
    tile: Text
    faces: Faces = None


class TakeSearchCard(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.take_search_card"
    choice: Literal["keep", "trick", "cheese", "event", "party"]
    card: Text = ""
    weapon: WeaponKind = ""


class DiscardCard(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.discard_card"
    hero: Id
    card: Text


class Recover(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.recover"
    marker: Literal["stunned", "webbed"] | None = None
    faces: Faces = None


class Explore(Command, Struct, frozen=True):
    """The explore action; with minions on the board, ``tile_clear`` is the table's word
    that none of them is on the exploring mouse's room tile (the device cannot see it)."""

    kind: ClassVar[str] = "mm.explore"
    tile_clear: bool | None = None


class Mousetrap(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.mousetrap"
    use_lore: bool = False
    faces: Faces = None


class ClimbOut(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.climb_out"
    mice_on_destination: Annotated[int, Meta(ge=0, le=3)] = 0
    faces: Faces = None


class LevelUp(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.level_up"
    ability: Text


class Share(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.share"
    other: Id
    give_cheese: Cheese = 0
    take_cheese: Cheese = 0
    give: Annotated[tuple[Text, ...], Meta(max_length=Many)] = ()
    take: Annotated[tuple[Text, ...], Meta(max_length=Many)] = ()


class Equip(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.equip"
    equip: Annotated[tuple[Text, ...], Meta(max_length=Many)] = ()
    unequip: Annotated[tuple[Text, ...], Meta(max_length=Many)] = ()


class UseAbility(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.use_ability"
    hero: Id
    ability: Text
    cost: Cheese = 0


class DrawEncounter(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.draw_encounter"
    minions: Annotated[tuple[MinionGroup, ...], Meta(max_length=Many)]
    ambush: bool = False
    mousetraps: bool = False
    greedy_roaches: bool = False
    surge: Annotated[tuple[MinionGroup, ...], Meta(max_length=Many)] = ()
    name: Text = ""
    disguises: bool = False
    order: Annotated[tuple[Id, ...], Meta(max_length=2 * Many)] | None = None
    ambush_faces: Faces = None


class AddMinions(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.add_minions"
    minions: Annotated[tuple[MinionGroup, ...], Meta(max_length=Many)]
    ambush: bool = False
    order: Annotated[tuple[Id, ...], Meta(max_length=2 * Many)] | None = None
    ambush_faces: Faces = None


class ResolveSurge(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.resolve_surge"
    source: Literal["room", "card", "none"]
    minions: Annotated[tuple[MinionGroup, ...], Meta(max_length=Many)] = ()
    order: Annotated[tuple[Id, ...], Meta(max_length=2 * Many)] | None = None


class WoundMouse(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.wound_mouse"
    hero: Id
    amount: Amount = 1
    poison: bool = False


class CaptureMouse(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.capture_mouse"
    hero: Id


class HealMouse(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.heal_mouse"
    hero: Id
    amount: Amount = 1
    poison: bool = False


class SetMarker(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.set_marker"
    hero: Id
    marker: Marker
    on: bool = True


class GainCheese(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.gain_cheese"
    hero: Id
    amount: Annotated[int, Meta(ge=-99, le=99)]


class WoundMinion(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.wound_minion"
    target: Target
    amount: Amount = 1


class RemoveMinion(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.remove_minion"
    target: Target


class RoachSteal(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.roach_steal"
    hero: Id
    near_roachmaster: bool | None = None


class PartyItem(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.party_item"
    item: Text
    held: bool = True


class StoryAchievement(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.story_achievement"
    name: Annotated[str, Meta(min_length=1, max_length=80)]
    pages: Annotated[int, Meta(ge=0, le=MAX_PAGE)] = 0


class DeclareVictory(Command, Struct, frozen=True):
    kind: ClassVar[str] = "mm.declare_victory"


COMMANDS: tuple[type[Command], ...] = (
    StartChapter,
    SetStats,
    SetEquipment,
    DefineBoss,
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
