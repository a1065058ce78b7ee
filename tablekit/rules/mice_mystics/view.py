"""What the table screen shows, as JSON-ready data.

Nothing in Mice and Mystics is secret, so the view is the same for every
audience. Its shape is :class:`~tablekit.rules.mice_mystics.view_types.MiceMysticsView`
and the types beside it; ``docs/state.md`` describes it for scripts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablekit.rules.mice_mystics.achievements import EFFECTS, Achievement
from tablekit.rules.mice_mystics.content import Pack
from tablekit.rules.mice_mystics.dice import Roll, Tally
from tablekit.rules.mice_mystics.encounter import Encounter, MinionGroup
from tablekit.rules.mice_mystics.equipment import weapon_kind
from tablekit.rules.mice_mystics.legal import legal_commands
from tablekit.rules.mice_mystics.mice import Marker, Mouse
from tablekit.rules.mice_mystics.minions import TARGETING
from tablekit.rules.mice_mystics.state import State
from tablekit.rules.mice_mystics.turns import last_mouse

if TYPE_CHECKING:  # the view's shape, for mypy only: a read need not build its 18 TypedDicts
    from tablekit.rules.mice_mystics import view_types as vt


def view(state: State) -> vt.MiceMysticsView:
    """The table view of ``state``."""
    encounter = state.encounter
    roll = state.last_roll
    return {
        "game": "mice-mystics",
        "chapter": state.chapter,
        "outcome": state.outcome.value,
        "outcome_reason": state.outcome_reason,
        "round": state.track.round,
        "track": [_card(state, card) for card in state.track.cards],
        "current": state.track.current,
        "minion_player": last_mouse(state),
        "wheel": {"cheese": state.wheel.cheese, "surged": state.wheel.surged},
        "chapter_track": {
            "hourglass": state.chapter_track.hourglass,
            "end": state.chapter_track.end,
        },
        "encounter": None if encounter is None else _encounter(encounter),
        "greedy_roaches": state.greedy,
        "heroes": [_hero(state, mouse) for mouse in state.mice],
        "turn": {
            "moved": state.turn.moved,
            "movement": state.turn.movement,
            "action": state.turn.action,
            "free_actions": list(state.turn.free),
            "attacked": [figure + 1 for figure in state.turn.attacked],
        },
        "last_roll": None
        if roll is None
        else {
            "purpose": roll.purpose,
            "actor": roll.actor,
            "faces": list(roll.faces),
            "movement": roll.movement,
            "tally": _tally(roll.faces),
        },
        "pending": [
            {
                "ask": q.ask.value,
                "text": q.text,
                "answer": q.answer,
                "options": list(q.options),
                "hero": q.hero,
                "card": q.card,
                "figure": q.figure,
                "hits": q.hits,
                "poison": q.poison,
            }
            for q in state.pending
        ],
        "reminders": _reminders(state),
        "achievements": [
            {"achievement": name, "hero": hero, "effect": EFFECTS[Achievement(name)]}
            for name, hero in state.achievements
        ],
        "story_achievements": list(state.story),
        "party_items": list(state.party),
        "legal": sorted(legal_commands(state)),
        "catalogue": _catalogue(state.pack),
    }


_HERO_NUMBERS = ("battle", "defense", "lore", "move", "life")
_MINION_NUMBERS = ("battle", "defense", "life", "ranged")
_CARD_NUMBERS = ("battle", "defense", "life")
_BOSS_NUMBERS = ("ranged",)
"""A boss's own numbers; the others are on its initiative cards."""


def _missing(entry: object, names: tuple[str, ...]) -> list[str]:
    """The numbers of ``entry`` still to enter from the card."""
    return [n for n in names if getattr(entry, n) is None]


def _known(entry: object, names: tuple[str, ...]) -> dict[str, int | bool | None]:
    """Every number of ``entry``: what the pack or the table gave, None if still unknown."""
    return {n: getattr(entry, n) for n in names}


def _catalogue(pack: Pack) -> vt.Catalogue:
    """Heroes and minions of the pack, with the numbers the table must still enter."""
    return {
        "heroes": [
            {
                "id": h.id,
                "name": h.name,
                "classes": list(h.classes),
                "missing": [n for n in _HERO_NUMBERS if getattr(h, n) is None],
                "numbers": _known(h, _HERO_NUMBERS),
                "starting_equipment": list(h.starting_equipment),
                "weapons": [{"card": card, "kind": kind} for card, kind in h.weapons],
                "equipment_known": h.equipment_known,
            }
            for h in pack.heroes
        ],
        "minions": [
            {
                "id": m.id,
                "name": m.name,
                "boss": m.boss,
                "missing": _missing(m, _BOSS_NUMBERS if m.boss else _MINION_NUMBERS),
                "numbers": _known(m, _MINION_NUMBERS),
                "cards": [
                    {
                        "id": f"{m.id}:{c.id}",
                        "name": c.name,
                        "missing": [n for n in _CARD_NUMBERS if getattr(c, n) is None],
                        "numbers": _known(c, _CARD_NUMBERS),
                    }
                    for c in m.cards
                ],
            }
            for m in pack.minions
        ],
    }


def _card(state: State, card_id: str) -> vt.TrackCard:
    slot, current = state.track.slot(card_id), card_id == state.track.current
    acted = state.track.has_acted(card_id)
    if state.is_mouse(card_id):
        mouse = state.mouse(card_id)
        return {
            "slot": slot,
            "card": card_id,
            "current": current,
            "acted": acted,
            "name": mouse.name,
            "side": "mouse",
            "captured": mouse.captured,
            "wounds": mouse.wounds,
            "poison": mouse.poison,
            "markers": [m.value for m in mouse.markers],
        }
    card = state.card(card_id)
    return {
        "slot": slot,
        "card": card_id,
        "current": current,
        "acted": acted,
        "name": card.stats.name,
        "side": "minion",
        "figures": card.figures,
        "wounds": list(card.wounds),
        "life": card.stats.life,
        "boss": card.stats.boss,
    }


def _encounter(encounter: Encounter) -> vt.Encounter:
    return {
        "minions": _groups(encounter.minions),
        "ambush": encounter.ambush,
        "mousetraps": encounter.mousetraps,
        "greedy_roaches": encounter.greedy_roaches,
        "surge": _groups(encounter.surge),
        "page": encounter.page,
        "name": encounter.name,
    }


def _groups(groups: Sequence[MinionGroup]) -> list[vt.MinionGroup]:
    return [{"minion": g.minion, "count": g.count} for g in groups]


def _tally(faces: Roll) -> vt.Tally:
    tally = Tally.of(faces)
    return {
        "melee_hits": tally.melee_hits,
        "ranged_hits": tally.ranged_hits,
        "blocks": tally.blocks,
        "stars": tally.stars,
        "cheese": tally.cheese,
        "movement": tally.movement,
    }


def _hero(state: State, mouse: Mouse) -> vt.Hero:
    stats = mouse.stats
    return {
        "id": stats.id,
        "name": stats.name,
        "classes": list(stats.classes),
        "battle": stats.battle,
        "defense": stats.defense,
        "lore": stats.lore,
        "move": stats.move,
        "life": stats.life,
        "wounds": mouse.wounds,
        "poison": mouse.poison,
        "cheese": mouse.cheese,
        "level_up": mouse.can_level_up,
        "markers": [m.value for m in mouse.markers],
        "captured": mouse.captured,
        "captures": mouse.captures,
        "abilities": list(mouse.abilities),
        "starting_equipment": list(stats.starting_equipment),
        "equipment_known": stats.equipment_known,
        "kit": list(mouse.kit),
        "equipped": list(mouse.equipped),
        "pack": list(mouse.pack),
        "tricks": list(mouse.tricks),
        "searched": list(mouse.searched),
        "weapons": [
            {"card": card, "kind": kind}
            for card in dict.fromkeys(mouse.wielded + mouse.pack)
            if (kind := weapon_kind(state, mouse, card))
        ],
        "achievements": [name for name, hero in state.achievements if hero == stats.id],
    }


def _reminders(state: State) -> list[str]:
    current = state.track.current
    notes: list[str] = []
    if current and not state.is_mouse(current):
        notes.append(TARGETING)
    mouse = state.current_mouse
    if mouse and mouse.has(Marker.CHARMED):
        notes.append(
            f"{mouse.name} is charmed: it moves and attacks as a melee minion. " + TARGETING
        )
    if state.encounter and state.encounter.mousetraps:
        notes.append("Mousetraps: one on each red X space of the tile where this encounter began.")
    return notes
