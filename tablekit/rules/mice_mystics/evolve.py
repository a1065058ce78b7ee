"""How each event changes the state: cheap, pure, and never random.

Replay folds thousands of events, so every step only rebuilds the few small
tuples it touches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablekit.rules.game import Event
from tablekit.rules.mice_mystics import events as ev
from tablekit.rules.mice_mystics.chapter import ChapterTrack
from tablekit.rules.mice_mystics.content import MinionEntry
from tablekit.rules.mice_mystics.equipment import equipping, stowing
from tablekit.rules.mice_mystics.frozen import replace
from tablekit.rules.mice_mystics.mice import Marker, Mouse
from tablekit.rules.mice_mystics.minions import MinionCard
from tablekit.rules.mice_mystics.state import LastRoll, Outcome, Question, State, Turn
from tablekit.rules.mice_mystics.track import Track


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    return _STEPS[type(event)](state, event)


def _chapter_started(s: State, e: ev.ChapterStarted) -> State:
    mice = tuple(
        Mouse(h.stats, abilities=h.abilities, pack=h.kept, kit=h.stats.starting_equipment)
        for h in e.heroes
    )
    weapons = tuple((card, kind) for h in e.heroes for card, kind in h.stats.weapons)
    return State(
        pack=s.pack,
        chapter=e.chapter,
        outcome=Outcome.PLAYING,
        mice=mice,
        chapter_track=ChapterTrack(1, e.end_page),
        story=e.story,
        weapons=_kinds(s.weapons, weapons),
    )


def _kinds(
    known: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...]:
    """Weapon kinds by card name, the ``new`` ones replacing their namesakes."""
    return tuple({**dict(known), **dict(new)}.items())


def _equipment_set(s: State, e: ev.EquipmentSet) -> State:
    hero = replace(
        s.pack.hero(e.hero), starting_equipment=e.cards, weapons=e.weapons, equipment_known=True
    )
    s = replace(s, pack=s.pack.with_hero(hero), weapons=_kinds(s.weapons, e.weapons))
    if not s.is_mouse(e.hero) or s.outcome is not Outcome.PLAYING:
        return s
    mouse = s.mouse(e.hero)
    stats = replace(mouse.stats, starting_equipment=e.cards, weapons=e.weapons)
    return s.with_mouse(replace(mouse, stats=replace(stats, equipment_known=True), kit=e.cards))


def _boss_defined(s: State, e: ev.BossDefined) -> State:
    boss = MinionEntry(e.boss, e.name, ranged=e.ranged, boss=True, cards=e.cards)
    known = next((m for m in s.pack.minions if m.id == e.boss), None)
    if known is not None:
        boss = replace(known, name=e.name, ranged=e.ranged, cards=e.cards)
    return replace(s, pack=s.pack.with_minion(boss))


def _stats_set(s: State, e: ev.StatsSet) -> State:
    numbers = {
        k: v
        for k in ("battle", "defense", "lore", "move", "life")
        if (v := getattr(e, k)) is not None
    }
    hero_ids = {h.id for h in s.pack.heroes}
    if e.figure in hero_ids:
        return replace(s, pack=s.pack.with_hero(replace(s.pack.hero(e.figure), **numbers)))
    minion_id, _, card_id = e.figure.partition(":")
    entry = s.pack.minion(minion_id)
    flags = {k: v for k in ("ranged", "large") if (v := getattr(e, k)) is not None}
    if card_id:
        cards = tuple(replace(c, **numbers) if c.id == card_id else c for c in entry.cards)
        entry = replace(entry, cards=cards, **flags)
    else:
        entry = replace(entry, **numbers, **flags)
    return replace(s, pack=s.pack.with_minion(entry))


def _minions_placed(s: State, e: ev.MinionsPlaced) -> State:
    for arrival in e.arrivals:
        known = next((c for c in s.minions if c.id == arrival.stats.id), None)
        card = known or MinionCard(arrival.stats, ())
        s = s.with_card(card.joined(arrival.count))
    return s


def _track_dealt(s: State, e: ev.TrackDealt) -> State:
    return replace(s, track=s.track.dealt(e.order))


def _shuffled_in(s: State, e: ev.CardsShuffledIn) -> State:
    return replace(s, track=s.track.shuffled_in(e.order))


def _ambushed(s: State, e: ev.CardAmbushed) -> State:
    return replace(s, track=s.track.ambushed(e.card, e.steps))


def _card_removed(s: State, e: ev.CardRemoved) -> State:
    minions = tuple(c for c in s.minions if c.id != e.card)
    greedy = s.greedy and any(c.stats.roach for c in minions)
    return replace(s, track=s.track.without(e.card), minions=minions, greedy=greedy)


def _turn_started(s: State, e: ev.TurnStarted) -> State:
    t = s.track
    if e.round != t.round:
        track = Track(t.cards, e.card, frozenset(), e.round)
    else:
        acted = t.acted if t.current is None else t.acted | {t.current}
        track = Track(t.cards, e.card, acted, t.round)
    return replace(s, track=track, turn=Turn())


def _unchanged(s: State, e: Event) -> State:
    return s


def _rolled(s: State, e: ev.Rolled) -> State:
    s = replace(s, last_roll=LastRoll(e.purpose, e.actor, e.faces, e.movement))
    if e.movement is not None and e.actor == s.track.current:
        s = replace(s, turn=replace(s.turn, moved=True, movement=e.movement))
    return s


def _action(s: State, e: ev.ActionTaken) -> State:
    return replace(s, turn=replace(s.turn, action=e.action))


def _free_action(s: State, e: ev.FreeActionTaken) -> State:
    return replace(s, turn=replace(s.turn, free=s.turn.free + (e.action,)))


def _cheese(s: State, e: ev.CheeseGained) -> State:
    mouse = s.mouse(e.hero)
    return s.with_mouse(replace(mouse, cheese=max(0, mouse.cheese + e.amount)))


def _wheel_filled(s: State, e: ev.WheelFilled) -> State:
    return replace(s, wheel=s.wheel.filled(e.amount))


def _surged(s: State, e: ev.Surged) -> State:
    return replace(s, wheel=s.wheel.emptied())


def _hourglass(s: State, e: ev.HourglassMoved) -> State:
    return replace(s, chapter_track=replace(s.chapter_track, hourglass=e.page))


def _end_marker(s: State, e: ev.EndMarkerMoved) -> State:
    return replace(s, chapter_track=replace(s.chapter_track, end=e.page))


def _asked(s: State, e: ev.Asked) -> State:
    return replace(s, pending=s.pending + (e.question,))


def _answered(s: State, e: ev.Answered) -> State:
    return replace(s, pending=s.pending[1:])


def _encounter(s: State, e: ev.EncounterRevealed) -> State:
    greedy = s.greedy or e.encounter.greedy_roaches
    return replace(s, encounter=e.encounter, greedy=greedy, roaches_defeated=())


def _encounter_discarded(s: State, e: ev.EncounterDiscarded) -> State:
    return replace(s, encounter=None)


def _minion_attacked(s: State, e: ev.MinionAttacked) -> State:
    return replace(s, turn=replace(s.turn, attacked=s.turn.attacked + (e.figure,)))


def _minion_wounded(s: State, e: ev.MinionWounded) -> State:
    return s.with_card(s.card(e.card).wounded(e.figure, e.wounds))


def _minion_defeated(s: State, e: ev.MinionDefeated) -> State:
    card = s.card(e.card)
    s = replace(s.with_card(card.without(e.figure)), pending=_renumbered(s.pending, e))
    if e.card == s.track.current and s.turn.attacked:
        s = replace(s, turn=replace(s.turn, attacked=_still_attacked(s.turn.attacked, e.figure)))
    if card.stats.roach and e.by:
        counts = dict(s.roaches_defeated)
        counts[e.by] = counts.get(e.by, 0) + 1
        s = replace(s, roaches_defeated=tuple(counts.items()))
    return s


def _renumbered(pending: tuple[Question, ...], e: ev.MinionDefeated) -> tuple[Question, ...]:
    """Questions about later figures of the same card follow them down one place."""
    return tuple(
        replace(q, figure=q.figure - 1) if q.card == e.card and q.figure > e.figure else q
        for q in pending
    )


def _still_attacked(attacked: tuple[int, ...], gone: int) -> tuple[int, ...]:
    """The figures that attacked this turn, once figure ``gone`` has left: later ones
    move down one place, as the card's figures do."""
    return tuple(f - 1 if f > gone else f for f in attacked if f != gone)


def _mouse(change: Callable[[Mouse, Any], Mouse]) -> Callable[[State, Any], State]:
    def step(s: State, e: Any) -> State:
        return s.with_mouse(change(s.mouse(e.hero), e))

    return step


def _captured(m: Mouse, e: ev.MouseCaptured) -> Mouse:
    return m.taken(e.keep_equipped)


def _equipped(m: Mouse, e: ev.CardsEquipped) -> Mouse:
    for card in e.equip:
        m = equipping(m, card)
    for card in e.unequip:
        m = stowing(m, card)
    return m


def _card_gained(s: State, e: ev.CardGained) -> State:
    mouse = s.mouse(e.hero)
    held: tuple[str, ...] = getattr(mouse, e.place)
    s = s.with_mouse(mouse.holding(e.place, held + (e.card,)))
    return replace(s, weapons=_kinds(s.weapons, ((e.card, e.weapon),))) if e.weapon else s


def _ability_used(s: State, e: ev.AbilityUsed) -> State:
    return replace(s, turn=replace(s.turn, abilities=s.turn.abilities + (e.hero,)))


def _achievement(s: State, e: ev.AchievementEarned) -> State:
    return replace(s, achievements=s.achievements + ((e.achievement, e.hero),))


def _story(s: State, e: ev.StoryAchieved) -> State:
    return replace(s, story=s.story + (e.name,))


def _party(s: State, e: ev.PartyItemChanged) -> State:
    rest = tuple(item for item in s.party if item != e.item)
    return replace(s, party=rest + (e.item,) if e.held else rest)


def _ended(s: State, e: ev.ChapterEnded) -> State:
    return replace(s, outcome=e.outcome, outcome_reason=e.reason, pending=())


_STEPS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.ChapterStarted: _chapter_started,
    ev.StatsSet: _stats_set,
    ev.EquipmentSet: _equipment_set,
    ev.BossDefined: _boss_defined,
    ev.MinionsPlaced: _minions_placed,
    ev.TrackDealt: _track_dealt,
    ev.CardsShuffledIn: _shuffled_in,
    ev.CardAmbushed: _ambushed,
    ev.CardRemoved: _card_removed,
    ev.TurnStarted: _turn_started,
    ev.TurnSkipped: _unchanged,
    ev.Rolled: _rolled,
    ev.ActionTaken: _action,
    ev.FreeActionTaken: _free_action,
    ev.CheeseGained: _cheese,
    ev.WheelFilled: _wheel_filled,
    ev.Surged: _surged,
    ev.HourglassMoved: _hourglass,
    ev.EndMarkerMoved: _end_marker,
    ev.Asked: _asked,
    ev.Answered: _answered,
    ev.EncounterRevealed: _encounter,
    ev.EncounterDiscarded: _encounter_discarded,
    ev.MinionAttacked: _minion_attacked,
    ev.MinionWounded: _minion_wounded,
    ev.MinionDefeated: _minion_defeated,
    ev.BossDefeated: _unchanged,
    ev.MouseWounded: _mouse(lambda m, e: m.wounded(e.amount, e.poison)),
    ev.MouseHealed: _mouse(lambda m, e: m.healed(e.amount, e.poison)),
    ev.MouseCaptured: _mouse(_captured),
    ev.MouseRescued: _mouse(lambda m, e: replace(m, captured=False)),
    ev.MarkerSet: _mouse(lambda m, e: m.marked(Marker(e.marker), e.on)),
    ev.TileSearched: _mouse(lambda m, e: replace(m, searched=m.searched + (e.tile,))),
    ev.CardGained: _card_gained,
    ev.CardDiscarded: _mouse(lambda m, e: m.without_card(e.card)),
    ev.CardsEquipped: _mouse(_equipped),
    ev.AbilityGained: _mouse(lambda m, e: replace(m, abilities=m.abilities + (e.ability,))),
    ev.AbilityUsed: _ability_used,
    ev.AchievementEarned: _achievement,
    ev.StoryAchieved: _story,
    ev.PartyItemChanged: _party,
    ev.ChapterEnded: _ended,
}
