"""How each conflict event changes the state: pure and deterministic, never random."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tablekit.rules.game import Event
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.state import (
    ActionTest,
    Aid,
    Conflict,
    Exchange,
    Part,
    Slot,
    Team,
    other,
)
from tablekit.rules.mouse_guard.dice import successes
from tablekit.rules.mouse_guard.state import State


def _on(change: Callable[[Conflict, Any], Conflict]) -> Callable[[State, Any], State]:
    """A step that changes the conflict in progress."""

    def step(s: State, e: Any) -> State:
        assert s.conflict is not None
        return replace(s, conflict=change(s.conflict, e))

    return step


def _team(
    c: Conflict, side: str, change: Callable[[Team], Team], index: int | None = None
) -> Conflict:
    """Change ``side``'s team ``index`` (by default the one in play)."""
    return c.with_team(change(c.team(side, index)))


def _formed(c: Conflict, e: cev.TeamFormed) -> Conflict:
    """The members leave their teams (a team losing its captain follows its first member
    left) and make a new team at the end of the side's."""
    moving = {m.lower() for m in e.members}
    for team in c.teams(e.side):
        kept = tuple(m for m in team.members if m.lower() not in moving)
        captain = team.captain if team.captain in kept else kept[0]
        c = c.with_team(replace(team, members=kept, captain=captain))
    first = c.team(e.side, 0)
    new = Team(
        e.side,
        f"{e.captain}'s team",
        e.members,
        e.captain,
        e.goal,
        index=len(c.teams(e.side)),
        dice=e.dice or first.dice,
    )
    return replace(c, others=c.others + (new,))


def _locked(c: Conflict, e: cev.ScriptLocked) -> Conflict:
    """Lock the side's team scripting now, or unlock its last locked team."""
    if e.locked:
        return _team(c, e.side, lambda t: replace(t, locked=True))
    last = [t.index for t in c.standing(e.side) if t.locked][-1]
    return _team(c, e.side, lambda t: replace(t, locked=False), last)


def _exchange(c: Conflict, change: Callable[[Exchange], Exchange]) -> Conflict:
    assert c.exchange is not None
    return replace(c, exchange=change(c.exchange))


def _disposition(c: Conflict, e: cev.DispositionSet) -> Conflict:
    return _team(
        c,
        e.side,
        lambda t: replace(
            t,
            start=e.disposition,
            disposition=e.disposition,
            parts=e.parts,
            faces=e.faces,
            rolled=e.rating,
        ),
        e.team,
    )


def _disposition_exploded(c: Conflict, e: cev.DispositionExploded) -> Conflict:
    """The explosion's successes go on the starting disposition and what is left of it."""
    more = successes(e.faces)

    def change(t: Team) -> Team:
        parts = t.parts + ((Part("explode", more),) if more else ())
        return replace(
            t,
            start=t.start + more,
            disposition=t.disposition + more,
            parts=parts,
            faces=t.faces + e.faces,
            exploded=True,
        )

    return _team(c, e.side, change, e.team)


def _armed(c: Conflict, e: cev.Armed) -> Conflict:
    def change(t: Team) -> Team:
        kept = tuple(a for a in t.arms if a.member != e.arms.member)
        return replace(t, arms=kept + ((e.arms,) if e.arms.weapon else ()))

    team = c.team_of(e.side, e.arms.member)
    return _team(c, e.side, change, team.index if team else None)


def _scripted(c: Conflict, e: cev.ActionScripted) -> Conflict:
    return _team(c, e.side, lambda t: replace(t, script=t.script + (Slot(e.action, e.actor),)))


def _revealed(c: Conflict, e: cev.ActionRevealed) -> Conflict:
    c = _team(
        c,
        e.side,
        lambda t: replace(
            t, turns=t.turns + (e.action.actor,), revealed=max(t.revealed, e.slot + 1)
        ),
        e.team,
    )
    slot, gm, patrol = c.meeting
    return replace(c, meeting=(e.slot, e.team, patrol) if e.side == "gm" else (e.slot, gm, e.team))


def _exchange_begun(c: Conflict, e: cev.ExchangeBegun) -> Conflict:
    """The meeting just revealed becomes the action in hand; each team's Impede and Gain
    Position are spent on it."""
    slot, gm, patrol = c.meeting
    exchange = Exchange(
        c.volley,
        slot,
        c.team("gm", gm).script[slot],
        c.team("patrol", patrol).script[slot],
        e.interaction,
        e.tests,
        gm_team=gm,
        patrol_team=patrol,
    )
    c = replace(c, exchange=exchange, revealed=slot + 1 if e.step < 0 else e.step + 1)
    for side, index in (("gm", gm), ("patrol", patrol)):
        c = _team(c, side, lambda t: replace(t, impeded=False, positioned=False), index)
    return c


def _helped(c: Conflict, e: cev.ActionHelped) -> Conflict:
    def change(x: Exchange) -> Exchange:
        test = x.test_of(e.side)
        assert test is not None
        aids = test.aids + ((Aid(e.helper, e.via, e.wise),) if e.via else ())
        return x.with_test(replace(test, helpers=test.helpers + (e.helper,), aids=aids))

    return _exchange(c, change)


def _trait_used(c: Conflict, e: cev.ActionTraitUsed) -> Conflict:
    """The trait is noted on the side's test, and its dice go on ``target``'s pool."""

    def noted(t: ActionTest) -> ActionTest:
        t = replace(t, traits=t.traits + (e.trait,))
        return replace(t, against=e.trait) if e.use == "against" else replace(t, trait_for=e.trait)

    c = _test_of(c, e.side, noted)
    return _test_of(c, e.target, lambda t: replace(t, modifiers=t.modifiers + (e.change,)))


def _rolled(c: Conflict, e: cev.ActionRolled) -> Conflict:
    assert c.exchange is not None
    test = c.exchange.test_of(e.side)
    assert test is not None
    done = replace(
        test,
        rolled=True,
        rating=e.rating,
        base=e.base,
        faces=e.faces,
        nature=e.nature or test.nature,
        instead=e.instead,
    )
    return replace(c, exchange=c.exchange.with_test(done))


def _test_of(c: Conflict, side: str, change: Callable[[ActionTest], ActionTest]) -> Conflict:
    def on(x: Exchange) -> Exchange:
        test = x.test_of(side)
        assert test is not None
        return x.with_test(change(test))

    return _exchange(c, on)


def _pool_changed(c: Conflict, e: cev.ActionPoolChanged) -> Conflict:
    return _test_of(
        c,
        e.side,
        lambda t: replace(
            t,
            modifiers=t.modifiers + (e.change,),
            tapped=t.tapped or e.tapped,
            tapped_within=t.tapped_within and (e.within or not e.tapped),
        ),
    )


def _exploded(c: Conflict, e: cev.ActionExploded) -> Conflict:
    return _test_of(
        c, e.side, lambda t: replace(t, explosion=e.faces, options=t.options + ("explode",))
    )


def _rerolled(c: Conflict, e: cev.ActionRerolled) -> Conflict:
    def change(t: ActionTest) -> ActionTest:
        new = iter(e.faces)
        faces = tuple(next(new, f) if f == "snake" else f for f in t.faces)
        traits = t.traits + ((e.trait,) if e.trait else ())
        return replace(t, faces=faces, options=t.options + (e.way,), traits=traits)

    return _test_of(c, e.side, change)


def _tie_broken(c: Conflict, e: cev.ActionTieBroken) -> Conflict:
    return _exchange(
        c,
        lambda x: replace(
            x, tie_winner=e.winner, tie_way=e.way, tiebreaker=(e.gm_faces, e.patrol_faces)
        ),
    )


def _changed(c: Conflict, e: cev.DispositionChanged) -> Conflict:
    def change(t: Team) -> Team:
        return replace(t, disposition=t.disposition + t.changed(e.change.amount))

    c = _team(c, e.side, change)
    if c.exchange is None:
        return c
    return _exchange(c, lambda x: replace(x, changes=x.changes + ((e.side, e.change),)))


def _won(c: Conflict, e: cev.ManeuverWon) -> Conflict:
    return _exchange(c, lambda x: replace(x, maneuvers=x.maneuvers + ((e.side, e.margin),)))


def _bought(c: Conflict, e: cev.EffectsBought) -> Conflict:
    def settle(x: Exchange) -> Exchange:
        pending = tuple(m for m in x.maneuvers if m[0] != e.side)
        return replace(x, maneuvers=pending, bought=x.bought + ((e.side, e.effects),))

    c = _exchange(c, settle)
    foe = other(e.side)
    if "impede" in e.effects:
        c = _team(c, foe, lambda t: replace(t, impeded=True))
    if "gain_position" in e.effects:
        c = _team(c, e.side, lambda t: replace(t, positioned=True))
    if "disarm" in e.effects:

        def disarm(t: Team) -> Team:
            arms = tuple(
                a for a in t.arms if not (a.member == e.target and a.weapon == e.item.lower())
            )
            return replace(t, arms=arms, disarmed=t.disarmed + (f"{e.target}: {e.item}",))

        c = _team(c, foe, disarm)
    return c


def _exchange_ended(c: Conflict, e: cev.ExchangeEnded) -> Conflict:
    assert c.exchange is not None
    return replace(c, exchange=None, history=c.history + (c.exchange,))


def _volley_ended(c: Conflict, e: cev.VolleyEnded) -> Conflict:
    c = replace(c, volley=c.volley + 1, revealed=0)
    for team in c.every_team:
        c = c.with_team(replace(team, script=(), locked=False, revealed=0))
    return c


CONFLICT_STEPS: dict[type[Event], Callable[[State, Any], State]] = {
    cev.ConflictBegun: lambda s, e: replace(s, conflict=e.conflict),
    cev.TeamFormed: _on(_formed),
    cev.DispositionSet: _on(_disposition),
    cev.DispositionExploded: _on(_disposition_exploded),
    cev.Armed: _on(_armed),
    cev.ActionScripted: _on(_scripted),
    cev.ActionUnscripted: _on(
        lambda c, e: _team(c, e.side, lambda t: replace(t, script=t.script[:-1]))
    ),
    cev.ScriptCleared: _on(lambda c, e: _team(c, e.side, lambda t: replace(t, script=()))),
    cev.ScriptLocked: _on(_locked),
    cev.ActionRevealed: _on(_revealed),
    cev.ExchangeBegun: _on(_exchange_begun),
    cev.ActionHelped: _on(_helped),
    cev.ActionTraitUsed: _on(_trait_used),
    cev.ActionNatureChosen: _on(
        lambda c, e: _test_of(c, e.side, lambda t: replace(t, nature=e.nature))
    ),
    cev.ActionRolled: _on(_rolled),
    cev.ActionPoolChanged: _on(_pool_changed),
    cev.ActionExploded: _on(_exploded),
    cev.ActionRerolled: _on(_rerolled),
    cev.ActionSuccessAdded: _on(
        lambda c, e: _test_of(
            c,
            e.side,
            lambda t: replace(
                t,
                added=t.added + 1,
                options=t.options + ("level_three",),
                traits=t.traits + (e.trait,),
            ),
        )
    ),
    cev.RollKept: _on(
        lambda c, e: _test_of(c, e.side, lambda t: replace(t, options=t.options + ("kept",)))
    ),
    cev.ActionTieBroken: _on(_tie_broken),
    cev.DispositionChanged: _on(_changed),
    cev.ManeuverWon: _on(_won),
    cev.EffectsBought: _on(_bought),
    cev.ExchangeEnded: _on(_exchange_ended),
    cev.VolleyEnded: _on(_volley_ended),
    cev.ConflictWon: _on(lambda c, e: replace(c, over=True, winner=e.winner)),
    cev.ConflictEnded: lambda s, e: replace(s, conflict=None, last_conflict=e.outcome),
}
"""The conflict's steps, merged into :mod:`tablekit.rules.mouse_guard.evolve`'s."""
