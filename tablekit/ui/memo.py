"""A least-recently-used cache capped by bytes, for what the screen draws again and again.

``functools.lru_cache`` caps by count, and a count says nothing of memory: 2,048
rendered labels held 50 MiB after a long evening. :func:`bounded` weighs each
value (a surface by its pixels, text by its length) and lets the least recently
used go once the total passes the cap, so memory stays flat however long the
table plays. The caps are stated in the README.

A font one cache lets go may still be a key of another's (a label's width or
image is kept by the font it was measured in): those entries go with it, or they
would keep the font alive, its 300 KiB counted nowhere.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, NamedTuple, ParamSpec, TypeVar
from weakref import WeakSet

import pygame

P = ParamSpec("P")
R = TypeVar("R")

ENTRY = 360
"""Bytes counted for an entry's own bookkeeping beside its value: its key's tuple and numbers,
the dict's slot, the order's link and the (value, weight) pair: 280-360 bytes as tracemalloc
measures them (``tests/ui/test_memo.py``). The words in its key are counted as text too, so
that a cap is what the cache really holds (at 200, without the words' own 50 bytes, the
1 MiB caches of widths and sizes held 1.4-1.5 MiB)."""


class CacheInfo(NamedTuple):
    """Like ``functools``' cache_info, with the bytes held and the cap."""

    hits: int
    misses: int
    entries: int
    held: int
    cap: int


class Bounded(Generic[P, R]):
    """``function``'s results by its arguments, at most ``cap`` bytes as ``weigh`` counts."""

    def __init__(self, function: Callable[P, R], cap: int, weigh: Callable[[Any], int]) -> None:
        self.__wrapped__ = function
        self.__doc__ = function.__doc__
        self._cap = cap
        self._weigh = weigh
        self._kept: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        self._held = self._hits = self._misses = 0
        _CACHES.add(self)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key = (args, tuple(kwargs.items())) if kwargs else args
        found = self._kept.get(key)
        if found is not None:
            self._hits += 1
            self._kept.move_to_end(key)
            return found[0]
        self._misses += 1
        value = self.__wrapped__(*args, **kwargs)
        weight = self._weigh(value) + ENTRY + sum(text_bytes(a) for a in args if isinstance(a, str))
        self._kept[key] = (value, weight)
        self._held += weight
        gone = []
        while self._held > self._cap and len(self._kept) > 1:
            _, (old, dropped) = self._kept.popitem(last=False)
            self._held -= dropped
            gone.append(old)
        _let_go(gone)
        return value

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self._hits, self._misses, len(self._kept), self._held, self._cap)

    def cache_clear(self) -> None:
        gone = [value for value, _ in self._kept.values()]
        self._kept.clear()
        self._held = self._hits = self._misses = 0
        _let_go(gone)

    def forget(self, held: set[int]) -> None:
        """Drop the entries whose arguments hold an object whose ``id`` is in ``held``."""
        for key in [key for key in self._kept if _holds(key, held)]:
            _, weight = self._kept.pop(key)
            self._held -= weight


_CACHES: WeakSet[Bounded[Any, Any]] = WeakSet()
"""Every cache made, so that a font let go by one is let go by all."""


def _let_go(values: Iterable[object]) -> None:
    """Forget, in every cache, the entries kept by one of the fonts among ``values``."""
    fonts = {id(value) for value in values if isinstance(value, pygame.font.Font)}
    if fonts:
        for cache in list(_CACHES):
            cache.forget(fonts)


def _holds(key: object, held: set[int]) -> bool:
    """Whether ``key`` (arguments, or arguments and keyword items) holds one of ``held``."""
    return isinstance(key, tuple) and any(id(part) in held or _holds(part, held) for part in key)


def bounded(cap: int, weigh: Callable[[Any], int]) -> Callable[[Callable[P, R]], Bounded[P, R]]:
    """Decorate a function with a cache of at most ``cap`` bytes, each value weighed by
    ``weigh`` (plus :data:`ENTRY` for its key and slot)."""

    def decorate(function: Callable[P, R]) -> Bounded[P, R]:
        return Bounded(function, cap, weigh)

    return decorate


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes a surface's pixels take."""
    return surface.get_pitch() * surface.get_height()


def text_bytes(value: object) -> int:
    """About what a string, a tuple of strings or a number takes (strings by their length)."""
    if isinstance(value, str):
        return 50 + len(value)
    if isinstance(value, tuple):
        return 60 + sum(text_bytes(item) for item in value)
    return 30


MIB = 2**20
