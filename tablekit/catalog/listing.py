"""What the catalogue knows of a game: its :class:`Listing`, and the light :class:`Entry`
Home lists before anything of the game is imported. All are frozen msgspec ``Struct``s,
which are built in C where a dataclass costs a few ``exec`` calls on every start.

A listing says how to make the game's rules, which scene plays it, which dice
the tray camera reads for it, its language and its content, and how its
action pads map to commands. The home screen, scripts, the teach screen and
the pads find games only through the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from tablekit.rules.game import Game
from tablekit.rules.pads import PadLightsOf, PadMap
from tablekit.rules.summary import Line


class DiceKind(msgspec.Struct, frozen=True):
    """A kind of physical die the tray camera reads for a game.

    ``kind`` is the reader's name for it (``mm-action``, ``taught:NAME``),
    ``title`` what the teach screen calls it, ``faces`` the face names a
    reading of it yields, in the order a face picker offers them.
    """

    kind: str
    title: str
    faces: tuple[str, ...]


Summary = Callable[[Mapping[str, Any]], list[Line]]
"""From a session's table view, the lines Home's card shows: where the game is, who plays."""


class Listing(msgspec.Struct, frozen=True):
    """One game, as the catalogue knows it.

    * ``name``: the stable id written in journals, scripts and the config;
    * ``rules``: makes the game's rules (called once per process);
    * ``scene``: ``"module:Class"`` of the scene that plays it, which the interface imports
      when the game is first shown (the catalogue sits below the interface: see
      :mod:`tablekit.catalog`);
    * ``dice``: the dice the tray camera reads for it;
    * ``language``: the interface language it is played in unless the table chose one;
    * ``packs``: the content packs its rules load, as the game names them;
    * ``pads``: its pure mapping from pad presses to commands, if it uses pads;
    * ``lights``: what each pad's LEDs show in a state, if it uses pads;
    * ``summary``: a session's place and players for Home's card, if the game says;
    * ``words``: its own words in other languages, ``(language, english, word)``,
      shown before the interface's catalogue is asked (a ruleset's condition names,
      say: a table's own ruleset brings its translations with it).
    """

    name: str
    title: str
    rules: Callable[[], Game[Any]]
    scene: str
    dice: tuple[DiceKind, ...] = ()
    language: str = "en"
    packs: tuple[str, ...] = ()
    pads: PadMap | None = None
    lights: PadLightsOf | None = None
    summary: Summary | None = None
    words: tuple[tuple[str, str, str], ...] = ()


class Entry(msgspec.Struct, frozen=True):
    """A game as Home and Settings list it: its name, title and language, known without
    importing its rules; ``listing`` imports the rest when the game is first played."""

    name: str
    title: str
    language: str
    listing: Callable[[], Listing]
