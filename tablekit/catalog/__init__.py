"""The game catalogue: which games a table can play, and everything the interface and the
command line need of each (its scene, the dice the camera reads for it, its pads, its
words and its line on Home).

Where it sits: a layer of its own, below the interface (:mod:`tablekit.ui`) and the command
line (:mod:`tablekit.cli`), which own it, and above the devices, the dice reader, local
files, the session and the rules, whose parts it puts together. The rules know a game only
as its rules (:mod:`tablekit.rules.games`), which is all a journal, a script or the config
needs; nothing below the catalogue imports it or names what it names (a scene, a dice
reader), as the contracts in ``pyproject.toml`` and ``tests/test_purity.py`` check. A listing
names its scene as ``"module:Class"`` because the scene is in the layer above: the interface
imports it when the game is first shown, and a test checks that every listed scene is a
scene of :mod:`tablekit.ui`.

Nothing of a game is imported before it is asked for. :data:`SHIPPED` holds each shipped
game's :class:`Entry` (name, title, language), which is all Home and Settings list; its
listing, with the rules, pads and dice, is imported when the game is first played. A new
game is one entry here, one listing module beside this one, and its rules in
:data:`tablekit.rules.games.SHIPPED`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablekit.catalog.listing import DiceKind, Entry, Listing
from tablekit.rules import games as rules
from tablekit.rules.game import Game

if TYPE_CHECKING:
    from tablekit.rules.mouse_guard.ruleset import Ruleset


def _mice_mystics() -> Listing:
    from tablekit.catalog.mice_mystics import LISTING

    return LISTING


def _mouse_guard() -> Listing:
    from tablekit.catalog.mouse_guard import LISTING

    return LISTING


def _regelhuskeark() -> Listing:
    from tablekit.catalog.regelhuskeark import LISTING

    return LISTING


def _mouse_card() -> Listing:
    from tablekit.catalog.mouse_card import LISTING

    return LISTING


SHIPPED = (
    Entry("mice-mystics", "Mice and Mystics", "en", _mice_mystics),
    Entry("mouse-guard", "Mouse Guard", "en", _mouse_guard),
    Entry("regelhuskeark", "Regelhuskeark", "da", _regelhuskeark),
    Entry("mouse-card", "Mouse Card", "en", _mouse_card),
)
"""Every shipped game, in the order Home offers them; a test checks each against its listing."""

_extra: dict[str, Listing] = {}
"""Listings registered at run time (tests, a game under development)."""


def entries() -> dict[str, Entry]:
    """Every game as Home lists it, keyed by its stable name, importing none of them."""
    return {entry.name: entry for entry in SHIPPED} | {
        name: entry_of(listing) for name, listing in _extra.items()
    }


def entry_of(listing: Listing) -> Entry:
    """The entry of a listing already at hand."""
    return Entry(listing.name, listing.title, listing.language, lambda: listing)


def listing_named(name: str) -> Listing:
    """The game called ``name``, importing only its own listing; KeyError if there is none."""
    return _extra[name] if name in _extra else _shipped(name)


@cache
def _shipped(name: str) -> Listing:
    return {entry.name: entry for entry in SHIPPED}[name].listing()


def listings() -> dict[str, Listing]:
    """Every game, keyed by its stable name (this imports them all)."""
    return {name: listing_named(name) for name in entries()}


def games() -> dict[str, Game[Any]]:
    """The rules of every game, keyed by name; each made once per process."""
    return {name: rules_of(listing) for name, listing in listings().items()}


def rules_of(listing: Listing) -> Game[Any]:
    """The game's rules, made on first use and checked against the listing's name."""
    game = rules.made(listing.rules)
    if game.name != listing.name:
        raise ValueError(f"the listing {listing.name!r} makes rules named {game.name!r}")
    return game


def dice_kinds() -> dict[str, DiceKind]:
    """Every kind of die some game reads from the tray, keyed by the reader's name."""
    return {kind.kind: kind for listing in listings().values() for kind in listing.dice}


@contextmanager
def registered(*added: Listing) -> Iterator[None]:
    """Add games to the catalogue, and their rules to the rules', while the block runs."""
    before = dict(_extra)
    _extra.update({listing.name: listing for listing in added})
    try:
        with ExitStack() as stack:
            for listing in added:
                stack.enter_context(rules.registered(listing.name, listing.rules))
            yield
    finally:
        _extra.clear()
        _extra.update(before)


class Games(Mapping[str, Listing]):
    """The games a table can play: the catalogue's and ``own`` (a table's own rulesets, see
    :func:`own_entries`), each listing imported when first asked for; :func:`listed` reads
    their entries."""

    def __init__(self, own: Mapping[str, Entry] | None = None) -> None:
        self.own = dict(own or {})

    def entries(self) -> dict[str, Entry]:
        return entries() | self.own

    def __getitem__(self, name: str) -> Listing:
        return self.own[name].listing() if name in self.own else listing_named(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries())

    def __len__(self) -> int:
        return len(self.entries())


def listed(games: Mapping[str, Listing]) -> list[Entry]:
    """The entries of ``games`` (a :class:`Games` or a plain mapping of listings), for a list
    of titles that imports no game not yet played."""
    if isinstance(games, Games):
        return list(games.entries().values())
    return [entry_of(listing) for listing in games.values()]


class Rules(Mapping[str, Game[Any]]):
    """The rules of ``games``, keyed by name, each made only when asked for: opening one
    session imports one game."""

    def __init__(self, games: Mapping[str, Listing]) -> None:
        self.games = games

    def __getitem__(self, name: str) -> Game[Any]:
        return rules_of(self.games[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)


def own_entries(folder: Path | None = None) -> dict[str, Entry]:
    """The table's own rulesets (``rulesets/*.toml`` in the data directory) as games, keyed
    by name: each file is read for its entry, and the Mouse Guard engine that plays it is
    imported when one is first played."""
    from tablekit.local.rulesets import own_rulesets

    return {ruleset.name: _own_entry(ruleset) for ruleset in own_rulesets(folder)[0]}


def _own_entry(ruleset: Ruleset) -> Entry:
    @cache
    def listing() -> Listing:
        from tablekit.catalog.mouse_guard import ruleset_listing

        return ruleset_listing(ruleset)

    return Entry(ruleset.name, ruleset.title, ruleset.language, listing)
