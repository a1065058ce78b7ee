"""Values that only some audiences may see, and the closed set of audiences.

A game's view wraps anything unrevealed (a scripted conflict action, a card
drawn face down) in :class:`Secret`, owned by a *side* (``"gm"`` or
``"patrol"``). The session projects the view for an :class:`Audience`, so
the shared table screen never receives the value.

Audiences are a closed set: the table, the GM, and one per action pad
(:data:`PAD_SIDES`). Each sees the secrets of at most one side, named in
the audience itself, so no name can stand in for another: the GM's pad
(``opponents``) sees the GM's secrets because :data:`PAD_SIDES` says it
serves the GM's side. No pad is called ``table`` or ``gm``, so a pad's name
is never mistaken for another audience's.
"""

from __future__ import annotations

from typing import Any

import msgspec

from tablekit.rules.errors import Refusal

GM_SIDE = "gm"
"""The game master's side: owner of the GM's secrets."""

GM_PAD = "opponents"
"""The pad the GM holds: it scripts the side that opposes the patrol."""

PATROL_PAD = "patrol"
"""The pad the patrol's captain holds."""

PAD_SIDES: dict[str, str] = {GM_PAD: GM_SIDE, PATROL_PAD: "patrol"}
"""Every action pad, by the name its ``[buttons]`` settings and its presses use,
with the side it serves. This is the one place a pad's audience meets a side."""


class Audience(msgspec.Struct, frozen=True):
    """Who a projection is for: ``name`` as a script says it, ``side`` whose secrets it sees.

    ``side`` None sees no secret at all.
    """

    name: str
    side: str | None = None


TABLE = Audience("table")
"""The shared screen: sees no secret at all."""

GM = Audience("gm", GM_SIDE)
"""The game master's view: the GM's side's secrets, nobody else's."""


class UnknownAudience(Refusal):
    """An audience outside the closed set; the message lists the ones there are."""


def pad_audience(pad: str) -> Audience:
    """The audience of the action pad called ``pad``; only pads in :data:`PAD_SIDES` exist."""
    side = PAD_SIDES.get(pad)
    if side is None:
        raise UnknownAudience(f"no pad called {pad!r}; audiences: {', '.join(audience_names())}")
    return Audience(f"pad:{pad}", side)


def audience(name: str) -> Audience:
    """The audience ``name`` says: ``table``, ``gm`` or ``pad:NAME`` of a pad that exists."""
    if name == TABLE.name:
        return TABLE
    if name == GM.name:
        return GM
    if name.startswith("pad:"):
        return pad_audience(name.removeprefix("pad:"))
    raise UnknownAudience(f"no audience {name!r}; audiences: {', '.join(audience_names())}")


def audience_names() -> list[str]:
    """Every audience by the name a script gives it."""
    return [TABLE.name, GM.name, *(f"pad:{pad}" for pad in PAD_SIDES)]


class Secret(msgspec.Struct, frozen=True):
    """``value`` is visible only to audiences whose side is ``owner``."""

    owner: str
    value: Any


HIDDEN: dict[str, Any] = {"hidden": True}
"""What an audience sees in place of a secret it does not own."""


PLAIN = frozenset({str, int, float, bool, type(None)})
"""The leaves a view holds as they are: never a secret, nothing to copy."""


def project(view: Any, audience: Audience) -> Any:
    """Return ``view`` as plain JSON-ready data for ``audience``.

    Secrets owned by the audience's side are unwrapped; every other secret
    becomes :data:`HIDDEN`, which carries neither its value nor its owner's choice.
    Dicts and lists are copied (tuples become lists, keys strings), leaves are not: a
    screen asks for every view after every press, and most of a view is leaves.
    """
    kind = type(view)
    if kind is dict:
        return {
            (k if type(k) is str else _key(k)): v if type(v) in PLAIN else project(v, audience)
            for k, v in view.items()
        }
    if kind is list or kind is tuple:
        return [v if type(v) in PLAIN else project(v, audience) for v in view]
    if isinstance(view, Secret):
        if audience.side is not None and view.owner == audience.side:
            return project(view.value, audience)
        return dict(HIDDEN)
    if isinstance(view, dict):
        return {_key(k): project(v, audience) for k, v in view.items()}
    if isinstance(view, list | tuple):
        return [project(v, audience) for v in view]
    return view


def _key(key: Any) -> str:
    """A view's key as text; a secret may not be one (its value would show in the text)."""
    if isinstance(key, Secret):
        raise TypeError("a Secret cannot be a key: its value would show in the key's text")
    return str(key)
