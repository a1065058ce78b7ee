"""Content packs: heroes, minions and bosses as editable TOML.

The base pack ships only what a public source confirms; every number it
lacks is entered once by the table (``mm.set_stats``) and then lives in the
session's journal. A user pack in the same format adds entries or replaces
base entries with the same id. Play never reads a pack directly: the events
carry the numbers they use, so editing a pack never changes an old replay.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from tablekit.rules.errors import Phrase, Phrases, RuleError
from tablekit.rules.mice_mystics.frozen import replace
from tablekit.rules.mice_mystics.mice import HeroStats
from tablekit.rules.mice_mystics.minions import CardStats, Moves

_E = TypeVar("_E", "HeroEntry", "MinionEntry")


class ContentError(ValueError):
    """A content pack entry with a missing or bad value; the message names both."""


class HeroEntry(msgspec.Struct, frozen=True):
    """A hero as the pack knows it; ``None`` marks a number still to enter."""

    id: str
    name: str
    classes: tuple[str, ...] = ()
    battle: int | None = None
    defense: int | None = None
    lore: int | None = None
    move: int | None = None
    life: int | None = None
    starting_equipment: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    """The hero's ability cards the table has named (a device's box keeps them)."""
    weapons: tuple[tuple[str, str], ...] = ()
    """(card, "melee" or "ranged") for each weapon among the starting equipment."""
    equipment_known: bool = False
    """Whether the starting equipment and its weapons were entered: a ``weapons`` table
    (empty when none of the cards is a weapon); a bare list says nothing of weapons."""

    def stats(self) -> HeroStats:
        """The hero's full numbers, or a RuleError naming the ones to enter."""
        numbers = {n: getattr(self, n) for n in ("battle", "defense", "lore", "move", "life")}
        _require(self.name, self.id, numbers)
        return HeroStats(
            self.id,
            self.name,
            self.classes,
            starting_equipment=self.starting_equipment,
            weapons=self.weapons,
            equipment_known=self.equipment_known,
            **{n: int(v) for n, v in numbers.items()},
        )


class CardEntry(msgspec.Struct, frozen=True):
    """One of a boss's initiative cards."""

    id: str
    name: str
    battle: int | None = None
    defense: int | None = None
    life: int | None = None
    moves: Moves = Moves.DIE


class MinionEntry(msgspec.Struct, frozen=True):
    """A minion type or boss; a boss lists its initiative cards."""

    id: str
    name: str
    battle: int | None = None
    defense: int | None = None
    life: int | None = None
    ranged: bool | None = None
    large: bool = False
    boss: bool = False
    feeds_wheel: bool = True
    roach: bool = False
    fooled_by_disguises: bool = False
    cards: tuple[CardEntry, ...] = ()

    def card_stats(self) -> tuple[CardStats, ...]:
        """The numbers of every initiative card, or a RuleError naming the ones to enter."""
        if not self.boss:
            own = CardEntry(self.id, self.name, self.battle, self.defense, self.life)
            return (self._stats(own, self.id),)
        return tuple(self._stats(card, f"{self.id}:{card.id}") for card in self.cards)

    def _stats(self, card: CardEntry, card_id: str) -> CardStats:
        numbers = {"battle": card.battle, "defense": card.defense, "life": card.life}
        _require(card.name, card_id, {**numbers, "ranged": self.ranged})
        return CardStats(
            card_id,
            self.id,
            card.name,
            int(card.battle or 0),
            int(card.defense or 0),
            int(card.life or 0),
            ranged=bool(self.ranged),
            large=self.large,
            boss=self.boss,
            moves=card.moves,
            feeds_wheel=self.feeds_wheel,
            roach=self.roach,
        )


def _require(name: str, figure: str, values: dict[str, Any]) -> None:
    missing = [key for key, value in values.items() if value is None]
    if missing:
        raise RuleError(
            "{name}'s {numbers} are not entered yet; enter them from the card",
            name=Phrase(name),  # the pack's names are in the catalogue too
            numbers=Phrases([key.capitalize() for key in missing]),  # as the card prints them
        )


class Pack(msgspec.Struct, frozen=True):
    """Every hero and minion the table can bring into play."""

    heroes: tuple[HeroEntry, ...] = ()
    minions: tuple[MinionEntry, ...] = ()

    def hero(self, hero_id: str) -> HeroEntry:
        """The hero ``hero_id``, or a RuleError listing the known ones."""
        for hero in self.heroes:
            if hero.id == hero_id:
                return hero
        known = ", ".join(h.id for h in self.heroes)
        raise RuleError(
            "There is no hero {hero!r}; known heroes: {known}", hero=hero_id, known=known
        )

    def minion(self, minion_id: str) -> MinionEntry:
        """The minion type ``minion_id``, or a RuleError listing the known ones."""
        for minion in self.minions:
            if minion.id == minion_id:
                return minion
        known = ", ".join(m.id for m in self.minions)
        raise RuleError(
            "There is no minion {minion!r}; known minions: {known}", minion=minion_id, known=known
        )

    def with_hero(self, entry: HeroEntry) -> Pack:
        """The pack with ``entry`` added, or replacing the hero with its id."""
        rest = tuple(h for h in self.heroes if h.id != entry.id)
        return replace(self, heroes=_keep_order(self.heroes, rest, entry))

    def with_minion(self, entry: MinionEntry) -> Pack:
        """The pack with ``entry`` added, or replacing the minion with its id."""
        rest = tuple(m for m in self.minions if m.id != entry.id)
        return replace(self, minions=_keep_order(self.minions, rest, entry))

    def extended(self, other: Pack) -> Pack:
        """This pack with every entry of ``other`` added or replacing its namesake."""
        pack = self
        for hero in other.heroes:
            pack = pack.with_hero(hero)
        for minion in other.minions:
            pack = pack.with_minion(minion)
        return pack


def pack_data(pack: Pack) -> dict[str, Any]:
    """``pack`` as the TOML tables :func:`parse_pack` reads, leaving out what is unknown.

    The inverse of :func:`parse_pack`, so a box of numbers entered at the table
    can be written back in the same format as the shipped pack.
    """
    heroes: dict[str, Any] = {}
    for hero in pack.heroes:
        table: dict[str, Any] = {"name": hero.name}
        if hero.classes:
            table["classes"] = list(hero.classes)
        table |= {n: v for n in sorted(_INT_KEYS) if (v := getattr(hero, n)) is not None}
        if hero.equipment_known or hero.starting_equipment:
            table["starting_equipment"] = list(hero.starting_equipment)
        if hero.equipment_known:
            table["weapons"] = dict(hero.weapons)
        if hero.abilities:
            table["abilities"] = list(hero.abilities)
        heroes[hero.id] = table
    minions: dict[str, Any] = {}
    for minion in pack.minions:
        table = {"name": minion.name}
        table |= {
            n: v for n in ("battle", "defense", "life") if (v := getattr(minion, n)) is not None
        }
        if minion.ranged is not None:
            table["ranged"] = minion.ranged
        defaults = {"large": False, "boss": False, "feeds_wheel": True, "roach": False}
        defaults["fooled_by_disguises"] = False
        table |= {n: v for n, d in defaults.items() if (v := getattr(minion, n)) != d}
        if minion.cards:
            table["cards"] = [_card_data(card) for card in minion.cards]
        minions[minion.id] = table
    return {key: value for key, value in (("heroes", heroes), ("minions", minions)) if value}


def _card_data(card: CardEntry) -> dict[str, Any]:
    table: dict[str, Any] = {"id": card.id, "name": card.name}
    table |= {n: v for n in ("battle", "defense", "life") if (v := getattr(card, n)) is not None}
    if card.moves is not Moves.DIE:
        table["moves"] = card.moves.value
    return table


def _keep_order(old: tuple[_E, ...], rest: tuple[_E, ...], entry: _E) -> tuple[_E, ...]:
    ids = [e.id for e in old]
    if entry.id not in ids:
        return old + (entry,)
    at = ids.index(entry.id)
    return rest[:at] + (entry,) + rest[at:]


_INT_KEYS = frozenset({"battle", "defense", "lore", "move", "life"})
_BOOL_KEYS = frozenset({"ranged", "large", "boss", "feeds_wheel", "roach", "fooled_by_disguises"})
_TEXT_LIST_KEYS = frozenset({"classes", "starting_equipment", "abilities"})


def parse_pack(text: str, source: str = "pack") -> Pack:
    """A pack from TOML text; a ContentError names the entry and key of a bad value."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{source}: not valid TOML ({error})") from None
    unknown = set(data) - {"heroes", "minions"}
    if unknown:
        raise ContentError(f"{source}: unknown table(s) {sorted(unknown)}; use heroes, minions")
    heroes = tuple(
        _hero(hero_id, entry, f"{source}: heroes.{hero_id}")
        for hero_id, entry in _tables(data.get("heroes", {}), f"{source}: heroes")
    )
    minions = tuple(
        _minion(minion_id, entry, f"{source}: minions.{minion_id}")
        for minion_id, entry in _tables(data.get("minions", {}), f"{source}: minions")
    )
    return Pack(heroes, minions)


def base_pack() -> Pack:
    """The pack shipped with tablekit."""
    return shipped_pack("base")


def shipped_pack(name: str) -> Pack:
    """The pack ``content/NAME.toml`` shipped inside this package (installed as plain files,
    so found beside this module without :mod:`importlib.resources` and its imports)."""
    text = (Path(__file__).parent / "content" / f"{name}.toml").read_text("utf-8")
    return parse_pack(text, f"{name}.toml")


def _tables(value: Any, where: str) -> list[tuple[str, dict[str, Any]]]:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise ContentError(f"{where}: each entry must be a table like [{where.split()[-1]}.id]")
    return list(value.items())


def _hero(hero_id: str, entry: dict[str, Any], where: str) -> HeroEntry:
    allowed = {"name", "weapons"} | _INT_KEYS | _TEXT_LIST_KEYS
    _check_keys(entry, allowed, where)
    equipment = _text_list(entry, "starting_equipment", where)
    return HeroEntry(
        id=hero_id,
        name=_text(entry, "name", where),
        classes=_text_list(entry, "classes", where),
        starting_equipment=equipment,
        abilities=_text_list(entry, "abilities", where),
        weapons=_weapons(entry, equipment, where),
        equipment_known="weapons" in entry,
        **{key: _count(entry, key, where) for key in sorted(_INT_KEYS)},
    )


WEAPON_KINDS = ("melee", "ranged")
"""A weapon card's range or melee symbol."""


def _weapons(
    entry: dict[str, Any], equipment: tuple[str, ...], where: str
) -> tuple[tuple[str, str], ...]:
    """``weapons = { "Sword" = "melee" }``: each a starting equipment card and its kind."""
    value = entry.get("weapons", {})
    if not isinstance(value, dict):
        raise ContentError(f"{where}: 'weapons' must be a table like {{ Sword = \"melee\" }}")
    for card, kind in value.items():
        if card not in equipment:
            raise ContentError(f"{where}: weapon {card!r} is not in starting_equipment")
        if kind not in WEAPON_KINDS:
            raise ContentError(f'{where}: weapon {card!r} must be "melee" or "ranged"')
    return tuple(value.items())


def _minion(minion_id: str, entry: dict[str, Any], where: str) -> MinionEntry:
    allowed = {"name", "battle", "defense", "life", "cards"} | _BOOL_KEYS
    _check_keys(entry, allowed, where)
    boss = _flag(entry, "boss", where) or False
    raw_cards = entry.get("cards", [])
    if not isinstance(raw_cards, list) or not all(isinstance(c, dict) for c in raw_cards):
        raise ContentError(f"{where}: 'cards' must be a list of [[...cards]] tables")
    cards = tuple(_card(card, f"{where}.cards[{n}]") for n, card in enumerate(raw_cards))
    if boss and not cards:
        raise ContentError(f"{where}: a boss needs at least one [[...cards]] entry")
    if cards and not boss:
        raise ContentError(f"{where}: only a boss (boss = true) lists cards")
    return MinionEntry(
        id=minion_id,
        name=_text(entry, "name", where),
        battle=_count(entry, "battle", where),
        defense=_count(entry, "defense", where),
        life=_count(entry, "life", where),
        ranged=_flag(entry, "ranged", where),
        large=_flag(entry, "large", where) or False,
        boss=boss,
        feeds_wheel=_flag(entry, "feeds_wheel", where) is not False,
        roach=_flag(entry, "roach", where) or False,
        fooled_by_disguises=_flag(entry, "fooled_by_disguises", where) or False,
        cards=cards,
    )


def _card(entry: dict[str, Any], where: str) -> CardEntry:
    _check_keys(entry, {"id", "name", "battle", "defense", "life", "moves"}, where)
    moves = entry.get("moves", Moves.DIE.value)
    if moves not in {m.value for m in Moves}:
        raise ContentError(f"{where}: 'moves' must be one of {[m.value for m in Moves]}")
    return CardEntry(
        id=_text(entry, "id", where),
        name=_text(entry, "name", where),
        battle=_count(entry, "battle", where),
        defense=_count(entry, "defense", where),
        life=_count(entry, "life", where),
        moves=Moves(moves),
    )


def _check_keys(entry: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise ContentError(f"{where}: unknown key(s) {unknown}; allowed: {sorted(allowed)}")


def _text(entry: dict[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value:
        raise ContentError(f"{where}: '{key}' must be a non-empty string, got {value!r}")
    return value


def _text_list(entry: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ContentError(f"{where}: '{key}' must be a list of strings, got {value!r}")
    return tuple(value)


def _count(entry: dict[str, Any], key: str, where: str) -> int | None:
    value = entry.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ContentError(f"{where}: '{key}' must be a whole number 0 or more, got {value!r}")
    return value


def _flag(entry: dict[str, Any], key: str, where: str) -> bool | None:
    value = entry.get(key)
    if value is not None and not isinstance(value, bool):
        raise ContentError(f"{where}: '{key}' must be true or false, got {value!r}")
    return value
