"""Equipment: starting equipment, found weapons, and the rule that a mouse needs a weapon.

The rulebook ("Search Cards", item 5) says a mouse cannot attack unless it has
a weapon equipped, and ("Battle") that a melee attack needs a melee weapon and
a ranged attack a ranged weapon or a spell. The device can follow that only
for a mouse whose starting equipment the table has entered (``mm.set_equipment``):
until then nothing is refused, so sessions that never entered equipment play
on as before. A found card counts as a weapon when the table said so as the
mouse kept it. A spell is an ability card: a mouse that used one this turn may
make a ranged attack without a ranged weapon.
"""

from __future__ import annotations

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mice_mystics.frozen import replace
from tablekit.rules.mice_mystics.mice import Mouse
from tablekit.rules.mice_mystics.state import State

MELEE = "melee"
RANGED = "ranged"
KINDS = (MELEE, RANGED)
"""The two kinds of weapon a weapon card's symbol shows."""


def weapon_kind(state: State, mouse: Mouse, card: str) -> str:
    """``melee`` or ``ranged`` if ``card`` is a weapon the table named, else ""."""
    own = dict(mouse.stats.weapons)
    return own.get(card) or dict(state.weapons).get(card, "")


def weapons_equipped(state: State, mouse: Mouse) -> tuple[tuple[str, str], ...]:
    """(card, kind) for each weapon ``mouse`` has equipped."""
    return tuple(
        (card, kind) for card in mouse.wielded if (kind := weapon_kind(state, mouse, card))
    )


def check_armed(state: State, mouse: Mouse, ranged: bool) -> None:
    """Refuse an attack the mouse's equipped weapons do not allow (once they are known)."""
    if not mouse.stats.equipment_known:
        return
    kinds = {kind for _, kind in weapons_equipped(state, mouse)}
    if not kinds:
        raise RuleError(
            "{mouse} has no weapon equipped, and a mouse cannot attack without one",
            mouse=Phrase(mouse.name),
        )
    if ranged and RANGED not in kinds and mouse.stats.id not in state.turn.abilities:
        raise RuleError(
            "{mouse} has no ranged weapon equipped: attack in melee, or cast a spell first",
            mouse=Phrase(mouse.name),
        )
    if not ranged and MELEE not in kinds:
        raise RuleError(
            "{mouse} has only a ranged weapon equipped: make a ranged attack",
            mouse=Phrase(mouse.name),
        )


def equipping(mouse: Mouse, card: str) -> Mouse:
    """``mouse`` with ``card`` moved from its pack to its equipment slots.

    A copy of a starting equipment card not already equipped goes back among
    the starting equipment, which a capture leaves alone.
    """
    at = mouse.pack.index(card)
    mouse = replace(mouse, pack=mouse.pack[:at] + mouse.pack[at + 1 :])
    if mouse.kit.count(card) < mouse.stats.starting_equipment.count(card):
        return replace(mouse, kit=mouse.kit + (card,))
    return replace(mouse, equipped=mouse.equipped + (card,))


def stowing(mouse: Mouse, card: str) -> Mouse:
    """``mouse`` with ``card`` moved from its equipment slots into its pack."""
    if card in mouse.equipped:
        at = mouse.equipped.index(card)
        mouse = replace(mouse, equipped=mouse.equipped[:at] + mouse.equipped[at + 1 :])
    elif card in mouse.kit:
        at = mouse.kit.index(card)
        mouse = replace(mouse, kit=mouse.kit[:at] + mouse.kit[at + 1 :])
    return replace(mouse, pack=mouse.pack + (card,))
