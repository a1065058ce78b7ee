"""The box: Mice and Mystics numbers entered once on this device, offered to every session.

The shipped content pack lacks most numbers on the physical cards. What the
table enters from a card is kept here, in ``box.toml`` in the data directory,
in the same format as the shipped pack (``[heroes.ID]``, ``[minions.ID]``,
``[[minions.ID.cards]]``, ``starting_equipment``), so a box can be read,
edited, exported and imported like any pack. Besides numbers it keeps each
hero's ability cards and starting equipment (with its weapons), and bosses
with all their initiative cards.

The rules never read this file. The screen reads it and, when a chapter is
set up or minions arrive, sends the numbers a figure still lacks as
``mm.set_stats`` commands: the session journals the numbers it used, so an
old replay never changes when the box does. A damaged box never stops the
app: :func:`load` says why and gives an empty box.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import msgspec
from msgspec.structs import replace

from tablekit.local.atomic import replace_file
from tablekit.local.paths import data_dir
from tablekit.rules.mice_mystics.content import (
    CardEntry,
    ContentError,
    HeroEntry,
    MinionEntry,
    Pack,
    pack_data,
    parse_pack,
)

Numbers = dict[str, int | bool]
"""A figure's numbers by name: battle, defense, lore, move, life, ranged."""
Equipment = tuple[tuple[str, str], ...]
"""Starting equipment cards, each with "melee", "ranged" or "" (not a weapon)."""


def box_file() -> Path:
    """The device's box of entered numbers; it need not exist."""
    return data_dir() / "box.toml"


class Box(msgspec.Struct, frozen=True):
    """The entered numbers, and why the box file could not be read if it could not."""

    pack: Pack = Pack()
    problem: str = ""

    def numbers(self, figure: str) -> Numbers:
        """What the box knows of ``figure``: a hero, a minion type or ``boss:card``."""
        minion_id, _, card_id = figure.partition(":")
        for hero in self.pack.heroes:
            if hero.id == figure:
                return _known(hero, ("battle", "defense", "lore", "move", "life"))
        for minion in self.pack.minions:
            if minion.id != minion_id:
                continue
            if not card_id:
                return _known(minion, ("battle", "defense", "life", "ranged"))
            for card in minion.cards:
                if card.id == card_id:
                    return _known(card, ("battle", "defense", "life"))
        return {}

    def abilities(self, hero: str) -> tuple[str, ...]:
        """The ability cards the table has named for ``hero`` on this device."""
        return next((h.abilities for h in self.pack.heroes if h.id == hero), ())

    def equipment(self, hero: str) -> Equipment | None:
        """``hero``'s starting equipment as (card, weapon kind or ""), None if never entered."""
        entry = next((h for h in self.pack.heroes if h.id == hero), None)
        if entry is None or not entry.equipment_known:
            return None
        kinds = dict(entry.weapons)
        return tuple((card, kinds.get(card, "")) for card in entry.starting_equipment)

    def bosses(self) -> tuple[MinionEntry, ...]:
        """The bosses defined on this device whose every initiative card has its numbers."""
        return tuple(m for m in self.pack.minions if m.boss and m.cards and _complete(m))


def remember_ability(hero: str, name: str, card: str, path: Path | None = None) -> bool:
    """Keep the ability card ``card`` among ``hero``'s (named ``name`` if new to the box);
    False, writing nothing, if the box is damaged."""

    def add(pack: Pack) -> Pack | None:
        known = _hero(pack, hero, name)
        if card in known.abilities:
            return None
        return pack.with_hero(replace(known, abilities=(*known.abilities, card)))

    return _change(add, path)


def _change(change: Callable[[Pack], Pack | None], path: Path | None) -> bool:
    """Write the box ``change`` makes of the kept one (nothing if it makes None); False,
    writing nothing, if the box is damaged: it is left for a person to look at."""
    box = load(path)
    if box.problem:
        return False
    changed = change(box.pack)
    if changed is not None:
        save(changed, path)
    return True


def _hero(pack: Pack, hero: str, name: str) -> HeroEntry:
    """The box's entry for ``hero``, or a new one called ``name``."""
    return next((h for h in pack.heroes if h.id == hero), None) or HeroEntry(hero, name)


def _complete(boss: MinionEntry) -> bool:
    """Whether every initiative card of ``boss`` has its numbers."""
    return all(None not in (c.battle, c.defense, c.life) for c in boss.cards)


def remember_equipment(hero: str, name: str, cards: Equipment, path: Path | None = None) -> bool:
    """Keep ``cards`` as ``hero``'s starting equipment (``name`` names a hero new to the box);
    False, writing nothing, if the box is damaged."""

    def keep(pack: Pack) -> Pack:
        entry = replace(
            _hero(pack, hero, name),
            starting_equipment=tuple(card for card, _ in cards),
            weapons=tuple((card, kind) for card, kind in cards if kind),
            equipment_known=True,
        )
        return pack.with_hero(entry)

    return _change(keep, path)


def remember_boss(
    boss: str, name: str, cards: tuple[CardEntry, ...], ranged: bool, path: Path | None = None
) -> bool:
    """Keep the boss ``boss`` with all its initiative ``cards``, replacing one of the same id;
    False, writing nothing, if the box is damaged."""
    entry = MinionEntry(boss, name, ranged=ranged, boss=True, cards=cards)
    return _change(lambda pack: pack.with_minion(entry), path)


def _known(entry: object, names: tuple[str, ...]) -> Numbers:
    return {n: v for n in names if (v := getattr(entry, n)) is not None}


def read(path: Path) -> Pack:
    """The pack in ``path``; a ContentError names the file and the bad key."""
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as error:
        raise ContentError(f"{path}: not UTF-8 text ({error.reason})") from None
    return parse_pack(text, str(path))


def load(path: Path | None = None) -> Box:
    """The box on this device: empty if there is none, empty with the reason if it is damaged."""
    path = path or box_file()
    if not path.exists():
        return Box()
    try:
        return Box(read(path))
    except ContentError as error:
        return Box(problem=str(error))
    except OSError as error:
        return Box(problem=f"{path}: {error.strerror or error}")


def save(pack: Pack, path: Path | None = None) -> None:
    """Write ``pack`` as the box, atomically: a pulled plug leaves the old box or the new."""
    import tomli_w  # a start only reads the box, with tomllib

    data = tomli_w.dumps(pack_data(pack)).encode("utf-8")

    def write(out: IO[bytes]) -> None:
        out.write(data)

    replace_file(path or box_file(), write)


def remember(
    figure: str, name: str, numbers: Numbers, hero: bool = False, path: Path | None = None
) -> bool:
    """Keep ``numbers`` for ``figure`` (a hero id, a minion id or ``boss:card``).

    ``name`` names a figure the box does not know yet; ``hero`` says it is a
    hero rather than a minion type. A damaged
    box is left alone for a person to look at: nothing is written and False
    is returned.
    """
    return _change(lambda pack: _with_numbers(pack, figure, name, numbers, hero), path)


def _with_numbers(pack: Pack, figure: str, name: str, numbers: Numbers, hero: bool) -> Pack:
    """``pack`` with ``numbers`` kept for ``figure`` (see :func:`remember`)."""
    minion_id, _, card_id = figure.partition(":")
    known = next((h for h in pack.heroes if h.id == figure), None)
    minion = next((m for m in pack.minions if m.id == minion_id), None)
    if hero or known is not None:
        base = known or HeroEntry(figure, name)
        pack = pack.with_hero(replace(base, **_only(numbers, "battle defense lore move life")))
    elif card_id:
        boss = minion or MinionEntry(minion_id, minion_id.replace("_", " ").capitalize(), boss=True)
        cards = list(boss.cards)
        at = next((n for n, c in enumerate(cards) if c.id == card_id), None)
        card = cards[at] if at is not None else CardEntry(card_id, name)
        card = replace(card, **_only(numbers, "battle defense life"))
        if at is None:
            cards.append(card)
        else:
            cards[at] = card
        pack = pack.with_minion(replace(boss, boss=True, cards=tuple(cards)))
    else:
        base_minion = minion or MinionEntry(figure, name)
        pack = pack.with_minion(
            replace(base_minion, **_only(numbers, "battle defense life ranged large"))
        )
    return pack


def _only(numbers: Numbers, names: str) -> dict[str, Any]:
    return {n: v for n, v in numbers.items() if n in names.split()}


def export(target: Path, path: Path | None = None) -> int:
    """Copy the box to ``target``; the number of entries copied. A damaged box is refused."""
    box = load(path)
    if box.problem:
        raise ContentError(box.problem)
    save(box.pack, target)
    return len(box.pack.heroes) + len(box.pack.minions)


def import_(source: Path, path: Path | None = None) -> int:
    """Add the entries of ``source`` to the box, replacing those with the same id.

    ``source`` is checked in full first, so a bad file changes nothing. The
    number of entries imported is returned.
    """
    incoming = read(source)
    box = load(path)
    if box.problem:
        raise ContentError(f"{box.problem} (fix or remove it, then import again)")
    save(box.pack.extended(incoming), path)
    return len(incoming.heroes) + len(incoming.minions)


__all__ = [
    "Box",
    "ContentError",
    "box_file",
    "export",
    "import_",
    "load",
    "remember",
    "remember_ability",
    "remember_boss",
    "remember_equipment",
    "save",
]
