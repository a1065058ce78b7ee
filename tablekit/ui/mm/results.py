"""What just happened, in one line the table reads: "Search: success, draw a search card".

:func:`result_line` reads the events a command produced (as projected for the
table) and the view after them, and says the one thing the table must know,
plus the cheese a roll brought. Every sentence is in the catalogue.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.view_types import MiceMysticsView
from tablekit.ui.i18n import mark
from tablekit.ui.mm.board import MARKER_NAMES, PURPOSE_TALLY, tally_line

Tr = Callable[[str], str]
Events = Sequence[dict[str, Any]]

TAKEN_BACK = {
    cmd.EndTurn.kind: mark("End turn"),
    cmd.RollMovement.kind: mark("Move"),
    cmd.Scurry.kind: mark("Scurry"),
    cmd.Attack.kind: mark("Attack"),
    cmd.MinionAttack.kind: mark("Attack"),
    cmd.Defend.kind: mark("Defence roll"),
    cmd.Search.kind: mark("Search"),
    cmd.TakeSearchCard.kind: mark("Search card"),
    cmd.Recover.kind: mark("Recover"),
    cmd.Explore.kind: mark("Explore"),
    cmd.Mousetrap.kind: mark("Mousetrap"),
    cmd.ClimbOut.kind: mark("Water"),
    cmd.WoundMouse.kind: mark("Wound"),
    cmd.HealMouse.kind: mark("Heal"),
    cmd.GainCheese.kind: mark("Cheese"),
    cmd.CaptureMouse.kind: mark("Capture"),
    cmd.SetMarker.kind: mark("Marker"),
    cmd.WoundMinion.kind: mark("Wound"),
    cmd.RemoveMinion.kind: mark("Remove"),
    cmd.DrawEncounter.kind: mark("Encounter"),
    cmd.ResolveSurge.kind: mark("Surge"),
    cmd.DeclareVictory.kind: mark("Victory"),
}
"""A taken-back command in the words of the button that gave it."""
LAST_CHANGE = mark("the last change")


def result_line(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    """The line that says what ``events`` did, "" if they did nothing the table reads."""
    first = _main(events, view, tr)
    extra = _cheese(events, view, tr)
    return " · ".join(part for part in (_blocks(events, view, tr), first, extra) if part)


def _blocks(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    """A defence roll that let hits through says how many it blocked, before the wounds."""
    rolls = _of(events, "mm.rolled")
    shown = view["last_roll"]
    if not rolls or rolls[-1]["purpose"] != "defense" or shown is None:
        return ""
    hurt = ("mm.mouse_wounded", "mm.minion_wounded", "mm.minion_defeated", "mm.asked")
    if not any(_of(events, kind) for kind in hurt):
        return ""  # "blocks every hit" says it
    return tr("Blocks {count}").format(count=shown["tally"]["blocks"])


TURN_PASSING = frozenset({"mm.turn_started", "mm.turn_skipped", "mm.action_taken"})
"""What a turn passing brings and nothing else (the track shows whose turn it is)."""


def passes_turn(events: Events) -> bool:
    """Whether ``events`` only pass the turn on, so the roll in view keeps its words."""
    kinds = {event.get("type") for event in events}
    return "mm.turn_started" in kinds and kinds <= TURN_PASSING


def _of(events: Events, kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event.get("type") == kind]


def name_of(view: MiceMysticsView, figure: str) -> str:
    """The name the table knows ``figure`` by: a hero, a card on the track, a minion type."""
    for hero in view["heroes"]:
        if hero["id"] == figure:
            return hero["name"]
    for card in view["track"]:
        if card["card"] == figure:
            return card["name"]
    minion = figure.partition(":")[0]
    for known in view["catalogue"]["minions"]:
        if known["id"] == minion:
            return known["name"]
    for hero_ in view["catalogue"]["heroes"]:
        if hero_["id"] == figure:
            return hero_["name"]
    return figure.replace("_", " ").capitalize()


def _main(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    for rule in (_taken_back, _ended, _captured, _defeated, _hurt, _rolled):
        said = rule(events, view, tr)
        if said:
            return said
    for started in _of(events, "mm.turn_started"):
        name = name_of(view, started["card"])
        return tr("{name}'s turn").format(name=name)
    if _of(events, "mm.surged"):
        return tr("Surge! The wheel is full")
    for moved in _of(events, "mm.hourglass_moved"):
        return tr("Hourglass to {page}").format(page=moved["page"])
    for marker in _of(events, "mm.marker_set"):
        words = tr(MARKER_NAMES.get(marker["marker"], marker["marker"]))
        template = mark("{hero}: {marker}") if marker["on"] else mark("{hero}: no longer {marker}")
        return tr(template).format(hero=name_of(view, marker["hero"]), marker=words.lower())
    for gained in _of(events, "mm.cheese_gained"):
        hero = _hero(view, gained["hero"])
        return tr("{hero}: cheese {amount} ({cheese})").format(
            hero=name_of(view, gained["hero"]),
            amount=f"{gained['amount']:+d}",
            cheese=hero["cheese"] if hero else 0,
        )
    for card in _of(events, "mm.card_gained"):
        return tr("{hero} takes {card}").format(hero=name_of(view, card["hero"]), card=card["card"])
    if _of(events, "mm.track_dealt"):
        return _dealt(view, tr)
    if _of(events, "mm.minions_placed"):
        return tr("Minions placed on the board")
    return ""


def _dealt(view: MiceMysticsView, tr: Tr) -> str:
    """The track dealt anew mid-round says who has had a turn this round: a card on top
    whose turn is passed over is not skipped, it has acted (rulebook, "Game round")."""
    done = [card["name"] for card in view["track"] if card["acted"] and not card["current"]]
    if not done:
        return tr("Initiative dealt anew")
    names = ", ".join(done)
    return tr("Initiative dealt anew; had their turn this round: {names}").format(names=names)


def _taken_back(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    for event in events:
        if event.get("type") in ("undone", "redone"):
            try:
                kind = json.loads(event["command"]).get("type", "")
            except (ValueError, AttributeError):
                kind = ""
            what = tr(TAKEN_BACK.get(kind, LAST_CHANGE))
            undone = event["type"] == "undone"
            template = mark("Undone: {what}") if undone else mark("Redone: {what}")
            return tr(template).format(what=what)
    return ""


def _ended(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    for ended in _of(events, "mm.chapter_ended"):
        outcome = tr(str(ended["outcome"]).upper())
        return f"{outcome}: {ended['reason']}" if ended["reason"] else outcome
    return ""


def _captured(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    for captured in _of(events, "mm.mouse_captured"):
        hero = name_of(view, captured["hero"])
        moved = _of(events, "mm.hourglass_moved")
        if moved:
            page = moved[-1]["page"]
            return tr("{hero} is captured: hourglass to {page}").format(hero=hero, page=page)
        return tr("{hero} is captured").format(hero=hero)
    for rescued in _of(events, "mm.mouse_rescued"):
        return tr("{hero} is rescued").format(hero=name_of(view, rescued["hero"]))
    return ""


def _defeated(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    for boss in _of(events, "mm.boss_defeated"):
        return tr("{minion} defeated").format(minion=name_of(view, boss["minion"]))
    gone = _of(events, "mm.minion_defeated")
    if not gone:
        return ""
    card = gone[-1]["card"]
    left = sum(c["figures"] for c in view["track"] if c["card"] == card and c["side"] == "minion")
    minion = name_of(view, card)
    count = sum(1 for event in gone if event["card"] == card)
    if count > 1:
        return tr("{count} × {minion} defeated ({left} left)").format(
            count=count, minion=minion, left=left
        )
    return tr("{minion} defeated ({left} left)").format(minion=minion, left=left)


def _hero(view: MiceMysticsView, hero_id: str) -> Any:
    return next((h for h in view["heroes"] if h["id"] == hero_id), None)


def _hurt(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    for wounded in _of(events, "mm.mouse_wounded"):
        hero = _hero(view, wounded["hero"])
        name = name_of(view, wounded["hero"])
        total = (hero["wounds"] + hero["poison"]) if hero else 0
        life = hero["life"] if hero else 0
        template = mark("{hero} takes {count} wounds ({total} of {life})")
        if wounded["amount"] == 1:
            template = mark("{hero} takes a wound ({total} of {life})")
        if wounded["poison"]:
            template = mark("{hero} takes {count} poison ({total} of {life})")
        return tr(template).format(hero=name, count=wounded["amount"], total=total, life=life)
    for healed in _of(events, "mm.mouse_healed"):
        hero = _hero(view, healed["hero"])
        total = (hero["wounds"] + hero["poison"]) if hero else 0
        return tr("{hero} is healed ({total} wounds left)").format(
            hero=name_of(view, healed["hero"]), total=total
        )
    for hit in _of(events, "mm.minion_wounded"):
        return _minion_hurt(hit, view, tr)
    return ""


def _minion_hurt(hit: dict[str, Any], view: MiceMysticsView, tr: Tr) -> str:
    """ "Rat warrior 2 takes a wound (1 of 2)": the figure counted from 1, and numbered
    only where its card has several; its wounds so far against its life."""
    figure = hit["figure"]
    card = next((c for c in view["track"] if c["card"] == hit["card"]), None)
    name = name_of(view, hit["card"])
    total, life = hit["wounds"], 0
    if card is not None and card["side"] == "minion":
        name = f"{name} {figure + 1}" if card["figures"] > 1 else name
        total = card["wounds"][figure] if figure < len(card["wounds"]) else total
        life = card["life"]
    template = mark("{hero} takes {count} wounds ({total} of {life})")
    if hit["wounds"] == 1:
        template = mark("{hero} takes a wound ({total} of {life})")
    return tr(template).format(hero=name, count=hit["wounds"], total=total, life=life)


def _rolled(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    rolls = _of(events, "mm.rolled")
    if not rolls:
        return ""
    roll = rolls[-1]
    purpose, actor = roll["purpose"], name_of(view, roll["actor"])
    if purpose == "search":
        if _of(events, "mm.tile_searched"):
            return tr("Search: success, draw a search card")
        return tr("Search: no stars, nothing found")
    if purpose in ("movement", "scurry") and roll.get("movement") is not None:
        return tr("{name} moves {count} spaces").format(name=actor, count=roll["movement"])
    if purpose == "attack":
        asked = [e["question"] for e in _of(events, "mm.asked") if e["question"]["ask"] == "defend"]
        if not asked:
            return tr("{name} attacks: no hits").format(name=actor)
        target = asked[0]["hero"] or asked[0]["card"]
        return tr("{name} attacks: {hits} hits on {target}").format(
            name=actor, hits=sum(q["hits"] for q in asked), target=name_of(view, target)
        )
    if purpose == "defense":
        return tr("{name} blocks every hit").format(name=actor)
    shown = view["last_roll"]
    if shown is not None and purpose in PURPOSE_TALLY:
        return f"{actor}: {tally_line(shown, tr)}"
    return ""


def _cheese(events: Events, view: MiceMysticsView, tr: Tr) -> str:
    """The cheese a roll brought: to the mouse that rolled it, or to the minion wheel."""
    if not _of(events, "mm.rolled"):
        return ""
    mouse = sum(e["amount"] for e in _of(events, "mm.cheese_gained") if e["amount"] > 0)
    if mouse:
        return tr("cheese +{count}").format(count=mouse)
    if _of(events, "mm.wheel_filled") and not _of(events, "mm.surged"):
        return tr("wheel {cheese}/6").format(cheese=view["wheel"]["cheese"])
    return ""
