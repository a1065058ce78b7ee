"""What the table screen shows, as JSON-ready data.

Nothing in Mice and Mystics is secret, so the view is the same for every
audience. Its shape::

    {
      "game": "mice-mystics",
      "chapter": str,
      "outcome": "setup" | "playing" | "defeat" | "victory",
      "outcome_reason": str,
      "round": int,                    # 0 before the first turn
      "track": [                       # top (slot 1) to bottom
        {"slot": int, "card": str, "name": str, "side": "mouse" | "minion",
         "current": bool, "acted": bool,
         # a mouse card:
         "captured": bool, "wounds": int, "poison": int, "markers": [str],
         # a minion card:
         "figures": int, "wounds": [int],   # wounds per figure
         "life": int, "boss": bool},
      ],
      "current": str | None,           # card id whose turn it is
      "minion_player": str | None,     # mouse lowest on the track: it plays the minions
      "wheel": {"cheese": int, "surged": bool},      # cheese is 0-5
      "chapter_track": {"hourglass": int, "end": int},
      "encounter": None | {"name": str, "page": int, "ambush": bool, "mousetraps": bool,
                           "greedy_roaches": bool,
                           "minions": [{"minion": str, "count": int}],
                           "surge": [{"minion": str, "count": int}]},
      "greedy_roaches": bool,
      "heroes": [
        {"id": str, "name": str, "classes": [str], "battle": int, "defense": int,
         "lore": int, "move": int, "life": int, "wounds": int, "poison": int,
         "cheese": int, "level_up": bool, "markers": [str], "captured": bool,
         "captures": int, "abilities": [str], "starting_equipment": [str],
         "equipped": [str], "pack": [str], "tricks": [str], "searched": [str],
         "achievements": [str]},
      ],
      "turn": {"moved": bool, "movement": int | None, "action": str,
               "free_actions": [str]},
      "last_roll": None | {"purpose": str, "actor": str, "faces": [str],
                           "movement": int | None,   # spaces this movement roll gives
                           "tally": {"melee_hits": int, "ranged_hits": int, "blocks": int,
                                     "stars": int, "cheese": int, "movement": int}},
      "pending": [{"ask": str, "text": str, "answer": str, "options": [str],
                   "hero": str, "card": str, "figure": int, "hits": int,
                   "poison": bool}],          # the first must be answered next
      "reminders": [str],              # e.g. the minion targeting rule on a minion turn
      "achievements": [{"achievement": str, "hero": str, "effect": str}],
      "story_achievements": [str],
      "party_items": [str],
      "legal": [str],                  # command kinds that can currently succeed
      "catalogue": {                   # what the table can bring into play, for set-up forms
        "heroes": [{"id": str, "name": str, "classes": [str],
                    "missing": [str]}],         # numbers still to enter with mm.set_stats
        "minions": [{"id": str, "name": str, "boss": bool, "missing": [str]}]},
    }
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tablekit.rules.mice_mystics.achievements import EFFECTS, Achievement
from tablekit.rules.mice_mystics.content import Pack
from tablekit.rules.mice_mystics.dice import Tally
from tablekit.rules.mice_mystics.legal import legal_commands
from tablekit.rules.mice_mystics.mice import Marker, Mouse
from tablekit.rules.mice_mystics.minions import TARGETING
from tablekit.rules.mice_mystics.state import State
from tablekit.rules.mice_mystics.turns import last_mouse


def view(state: State) -> dict[str, Any]:
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
        "encounter": None if encounter is None else asdict(encounter),
        "greedy_roaches": state.greedy,
        "heroes": [_hero(state, mouse) for mouse in state.mice],
        "turn": {
            "moved": state.turn.moved,
            "movement": state.turn.movement,
            "action": state.turn.action,
            "free_actions": list(state.turn.free),
        },
        "last_roll": None
        if roll is None
        else {
            "purpose": roll.purpose,
            "actor": roll.actor,
            "faces": list(roll.faces),
            "movement": roll.movement,
            "tally": asdict(Tally.of(roll.faces)),
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


def _catalogue(pack: Pack) -> dict[str, Any]:
    """Heroes and minions of the pack, with the numbers the table must still enter."""
    return {
        "heroes": [
            {
                "id": h.id,
                "name": h.name,
                "classes": list(h.classes),
                "missing": [n for n in _HERO_NUMBERS if getattr(h, n) is None],
            }
            for h in pack.heroes
        ],
        "minions": [
            {
                "id": m.id,
                "name": m.name,
                "boss": m.boss,
                "missing": [] if m.boss else [n for n in _MINION_NUMBERS if getattr(m, n) is None],
            }
            for m in pack.minions
        ],
    }


def _card(state: State, card_id: str) -> dict[str, Any]:
    base = {
        "slot": state.track.slot(card_id),
        "card": card_id,
        "current": card_id == state.track.current,
        "acted": state.track.has_acted(card_id),
    }
    if state.is_mouse(card_id):
        mouse = state.mouse(card_id)
        return base | {
            "name": mouse.name,
            "side": "mouse",
            "captured": mouse.captured,
            "wounds": mouse.wounds,
            "poison": mouse.poison,
            "markers": [m.value for m in mouse.markers],
        }
    card = state.card(card_id)
    return base | {
        "name": card.stats.name,
        "side": "minion",
        "figures": card.figures,
        "wounds": list(card.wounds),
        "life": card.stats.life,
        "boss": card.stats.boss,
    }


def _hero(state: State, mouse: Mouse) -> dict[str, Any]:
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
        "equipped": list(mouse.equipped),
        "pack": list(mouse.pack),
        "tricks": list(mouse.tricks),
        "searched": list(mouse.searched),
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
