"""Values that only some audiences may see.

A game's view wraps anything unrevealed (a scripted conflict action, a card
drawn face down) in :class:`Secret`. The session projects the view for each
audience, so the shared table screen never receives the value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TABLE = "table"
"""The shared screen: sees no secret at all."""


@dataclass(frozen=True)
class Secret:
    """``value`` is visible only to ``owner`` (a pad name, or ``"gm"``)."""

    owner: str
    value: Any


HIDDEN: dict[str, Any] = {"hidden": True}
"""What an audience sees in place of a secret it does not own."""


def project(view: Any, audience: str) -> Any:
    """Return ``view`` as plain JSON-ready data for ``audience``.

    Secrets owned by the audience are unwrapped; every other secret becomes
    :data:`HIDDEN`, which carries neither its value nor its owner's choice.
    """
    if isinstance(view, Secret):
        if audience != TABLE and view.owner == audience:
            return project(view.value, audience)
        return dict(HIDDEN)
    if isinstance(view, dict):
        if any(isinstance(key, Secret) for key in view):
            raise TypeError("a Secret cannot be a key: its value would show in the key's text")
        return {str(k): project(v, audience) for k, v in view.items()}
    if isinstance(view, list | tuple):
        return [project(v, audience) for v in view]
    return view
