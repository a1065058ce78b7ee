"""Which games tablekit knows: one line per game, each pointing at its listing.

A game's package holds a ``listing`` module with a :class:`Listing` called
``LISTING``. Registering a new game is one line in :data:`GAMES`; everything
else (the home screen, the config check, the scripts, the teach screen) reads
the catalogue. Listings are imported on demand, so a game costs nothing until
it is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from tablekit.rules.game import Game
from tablekit.rules.listing import DiceKind, Listing

GAMES = (
    "tablekit.rules.mice_mystics.listing",
    "tablekit.rules.mouse_guard.listing",
    "tablekit.rules.regelhuskeark.listing",
    "tablekit.rules.mouse_card.listing",
)
"""The module of every game's listing, in the order the home screen offers them."""

_extra: dict[str, Listing] = {}
"""Listings registered at run time (tests, a game under development)."""


def listings() -> dict[str, Listing]:
    """Every game, keyed by its stable name."""
    found = {listing.name: listing for listing in _shipped()}
    return {**found, **_extra}


def listing_named(name: str) -> Listing:
    """The game called ``name``, importing only its own listing when its package is named
    after it (``mouse-guard`` in ``tablekit.rules.mouse_guard``), as every shipped game's is;
    KeyError if there is none. Opening one session then costs one game's import."""
    if name in _extra:
        return _extra[name]
    module = f"tablekit.rules.{name.replace('-', '_')}.listing"
    if module in GAMES:
        listing: Listing = importlib.import_module(module).LISTING
        if listing.name == name:
            return listing
    return listings()[name]


def games() -> dict[str, Game[Any]]:
    """The rules of every game, keyed by name; each made once per process."""
    return {name: rules_of(listing) for name, listing in listings().items()}


def rules_of(listing: Listing) -> Game[Any]:
    """The game's rules, made on first use and checked against the listing's name."""
    return _made(listing)


def dice_kinds() -> dict[str, DiceKind]:
    """Every kind of die some game reads from the tray, keyed by the reader's name."""
    return {kind.kind: kind for listing in listings().values() for kind in listing.dice}


@contextmanager
def registered(*added: Listing) -> Iterator[None]:
    """Add games to the catalogue while the block runs; the catalogue is restored after."""
    before = dict(_extra)
    _extra.update({listing.name: listing for listing in added})
    try:
        yield
    finally:
        _extra.clear()
        _extra.update(before)


@cache
def _shipped() -> tuple[Listing, ...]:
    return tuple(importlib.import_module(module).LISTING for module in GAMES)


@cache
def _made(listing: Listing) -> Game[Any]:
    game = listing.rules()
    if game.name != listing.name:
        raise ValueError(f"the listing {listing.name!r} makes rules named {game.name!r}")
    return game
