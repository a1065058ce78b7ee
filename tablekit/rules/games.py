"""Which games' rules tablekit has, by their stable names, each imported when first asked for.

This is the rules' own half of the catalogue: a game here is only its rules
(a :class:`~tablekit.rules.game.Game`), the thing a journal, a script and the
config name. What the table sees of a game (its scene, the dice the camera
reads for it, its pads and words) is the catalogue's, a layer above the
rules that the interface and the command line own. Each game's rules are
made once per process, on first use, so opening one session imports one game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any

from tablekit.rules.game import Game

if TYPE_CHECKING:
    from tablekit.rules.mouse_guard.ruleset import Ruleset

Maker = Callable[[], Game[Any]]
"""Makes a game's rules; called once per process."""


PACK = "base"
"""The Mice and Mystics content pack the table plays with: heroes, minions and their cards."""


def _mice_mystics() -> Game[Any]:
    from tablekit.rules.mice_mystics.content import shipped_pack
    from tablekit.rules.mice_mystics.game import MiceAndMystics

    return MiceAndMystics(shipped_pack(PACK))


def _mouse_guard(ruleset: str) -> Callable[[], Game[Any]]:
    def make() -> Game[Any]:
        from tablekit.rules.mouse_guard.game import MouseGuard
        from tablekit.rules.mouse_guard.ruleset import shipped_ruleset

        return MouseGuard(shipped_ruleset(ruleset))

    return make


def on_engine(ruleset: Ruleset) -> Maker:
    """Makes the rules of a table's own ruleset, played on the Mouse Guard engine."""

    def make() -> Game[Any]:
        from tablekit.rules.mouse_guard.game import MouseGuard

        return MouseGuard(ruleset)

    return make


def _mouse_card() -> Game[Any]:
    from tablekit.rules.mouse_card.game import MouseCard

    return MouseCard()


SHIPPED: dict[str, Maker] = {
    "mice-mystics": _mice_mystics,
    "mouse-guard": _mouse_guard("mouse-guard"),
    "regelhuskeark": _mouse_guard("regelhuskeark"),
    "mouse-card": _mouse_card,
}
"""Every shipped game's rules by name, in the order Home offers them. Regelhuskeark is
a ruleset of the Mouse Guard engine, not a package of its own."""

_extra: dict[str, Maker] = {}
"""Games registered at run time (tests, a game under development)."""


def names() -> list[str]:
    """The name of every game whose rules are known: the shipped ones, then any registered."""
    return list(SHIPPED | _extra)


def rules_named(name: str) -> Game[Any]:
    """The rules of the game ``name``, made on first use; KeyError if there is none."""
    return made(_extra.get(name) or SHIPPED[name])


@cache
def made(make: Maker) -> Game[Any]:
    """What ``make`` makes, once per process."""
    return make()


@contextmanager
def registered(name: str, make: Maker) -> Iterator[None]:
    """Know the game ``name`` while the block runs; forgotten after."""
    before = dict(_extra)
    _extra[name] = make
    try:
        yield
    finally:
        _extra.clear()
        _extra.update(before)


class Known(Mapping[str, Game[Any]]):
    """Every known game's rules and ``extra`` ones (a table's own rulesets), each made
    only when asked for: opening a session imports only its own game's rules, so
    ``tablekit state`` does not pay for every game."""

    def __init__(self, extra: Mapping[str, Maker] | None = None) -> None:
        self.extra = dict(extra or {})

    def __getitem__(self, name: str) -> Game[Any]:
        make = self.extra.get(name)
        return made(make) if make is not None else rules_named(name)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*names(), *self.extra]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*names(), *self.extra]))
