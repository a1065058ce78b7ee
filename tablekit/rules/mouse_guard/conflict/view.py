"""The conflict as the screens show it, with every unrevealed action wrapped in a Secret.

Its shape is :class:`~tablekit.rules.mouse_guard.view_types.ConflictView`
(``None`` when no conflict is in progress).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

from tablekit.rules.mouse_guard import view_types as vt
from tablekit.rules.mouse_guard.conflict.action import pick_for, rating_for
from tablekit.rules.mouse_guard.conflict.after_roll import (
    can_explode,
    level_three_traits,
    waits,
    wise_ways,
)
from tablekit.rules.mouse_guard.conflict.compromise import compromise
from tablekit.rules.mouse_guard.conflict.state import (
    SLOTS,
    ActionTest,
    Conflict,
    Exchange,
    Outcome,
    Part,
    Slot,
    Team,
    disposition_after,
)
from tablekit.rules.mouse_guard.conflict.weapons import allowed
from tablekit.rules.mouse_guard.odds import chance, versus
from tablekit.rules.mouse_guard.state import State
from tablekit.rules.secret import Secret


def conflict_view(state: State) -> vt.ConflictView | None:
    """The conflict in progress, for every audience (secrets wrapped)."""
    c = state.conflict
    if c is None:
        return None
    kind = c.kind(state.ruleset.tables)
    return {
        "type": c.type,
        "title": kind.title,
        "status": cast(vt.Status, c.status),
        "volley": c.volley,
        "revealed": c.revealed,
        "skills": {
            "attack": list(kind.actions["attack"]),
            "defend": list(kind.actions["defend"]),
            "feint": list(kind.actions["feint"]),
            "maneuver": list(kind.actions["maneuver"]),
            "disposition": list(kind.skill),
            "abilities": list(kind.abilities),
        },
        "sides": {"gm": _team(c.team("gm"), c), "patrol": _team(c.team("patrol"), c)},
        "teams": [_team(t, c) for t in c.every_team],
        "exchange": None if c.exchange is None else _exchange(c.exchange, c, state),
        "history": [_exchange(x, c, None) for x in c.history],
        "log": volley_log(c),
        "compromise": compromise(c),
        "armoury": armoury(state, c),
    }


def volley_log(c: Conflict) -> list[vt.LogEntry]:
    """Every settled pair, as the table reads it back: both actions, both rolls with their
    margins, the winner, what a maneuver bought and the dispositions once it settled."""
    now = {(t.side, t.index): t.start for t in c.every_team}
    found: list[vt.LogEntry] = []
    for x in c.history:
        for side, part in x.changes:
            key = (side, x.team_of(side))
            start = next(t.start for t in c.every_team if (t.side, t.index) == key)
            now[key] = disposition_after(start, now[key], part.amount)
        found.append(
            {
                "volley": x.volley,
                "slot": x.slot,
                "gm": _slot(x.gm),
                "patrol": _slot(x.patrol),
                "interaction": cast(vt.Interaction, x.interaction),
                "rolls": [_logged(t, x) for t in x.tests],
                "winner": _side(x.winner()) if x.winner() else "",
                "tie": None if not x.tie_way else _tie(x),
                "changes": [
                    {"side": _side(s), "reason": p.reason, "amount": p.amount} for s, p in x.changes
                ],
                "bought": [
                    {"side": _side(s), "effects": cast(list[vt.Effect], list(e))}
                    for s, e in x.bought
                ],
                "dispositions": {
                    "gm": now[("gm", x.gm_team)],
                    "patrol": now[("patrol", x.patrol_team)],
                },
            }
        )
    return found


def _logged(test: ActionTest, x: Exchange) -> vt.LogRoll:
    """One side's roll in the log, with its margin over the obstacle or the other side."""
    if test.ob is not None:
        margin = test.successes - test.ob
    elif x.tie_winner:
        margin = 1 if x.tie_winner == test.side else -1
    else:
        rival = next(t for t in x.tests if t.side != test.side)
        margin = test.successes - rival.successes
    return {
        "side": _side(test.side),
        "actor": test.actor,
        "rating": test.rating,
        "ob": test.ob,
        "faces": _faces(test.faces + test.explosion),
        "successes": test.successes,
        "margin": margin,
    }


def armoury(state: State, c: Conflict) -> list[vt.WeaponView]:
    """What ``mg.arm`` takes in ``c``: the weapons its type allows, without fight weapons
    where the ruleset's conflicts ignore gear."""
    rules = state.ruleset
    return [
        {
            "weapon": name,
            "title": w.title,
            "choices": list(w.choices),
            "costs": [{"ability": a, "dice": n} for a, n in w.ability_dice.items()],
        }
        for name, w in rules.tables.weapons.items()
        if allowed(rules.tables, w, c.type) and (w.argument or rules.gear_in_conflicts)
    ]


def outcome_view(outcome: Outcome | None) -> vt.LastConflict | None:
    """How the last conflict ended, as the table remembers it (None before the first)."""
    if outcome is None:
        return None
    return {
        "type": outcome.type,
        "opponent": outcome.opponent,
        "winner": cast(vt.Winner, outcome.winner),
        "band": cast(vt.Band | Literal[""], outcome.band),
        "lost": {"gm": outcome.lost[0], "patrol": outcome.lost[1]},
        "winner_terms": outcome.winner_terms,
        "loser_terms": outcome.loser_terms,
        "abandoned": outcome.abandoned,
    }


def summary(team: Team, revealed: int, several: bool = False) -> str:
    """The counts the table may see: "GM: 3 of 3, locked" or "Patrol: 2 of 3"; with
    ``several`` teams on the side, "Patrol (Saxon's team): 2 of 3"."""
    label = "GM" if team.side == "gm" else "Patrol"
    if several:
        label += f" ({team.captain}'s team)"
    if revealed:
        return f"{label}: {revealed} of {SLOTS} revealed"
    return f"{label}: {len(team.script)} of {SLOTS}" + (", locked" if team.locked else "")


def _team(team: Team, c: Conflict) -> vt.TeamView:
    actions: list[vt.RevealedAction | Secret] = []
    for index, slot in enumerate(team.script):
        shown = _slot(slot)
        actions.append(
            {**shown, "revealed": True} if index < team.revealed else Secret(team.side, shown)
        )
    several = len(c.teams(team.side)) > 1
    return {
        "side": _side(team.side),
        "index": team.index,
        "name": team.name,
        "captain": team.captain,
        "members": list(team.members),
        "goal": team.goal,
        "dice": team.dice,
        "start": team.start,
        "disposition": team.disposition,
        "parts": _parts(team.parts),
        "faces": _faces(team.faces),
        "script": {
            "filled": len(team.script),
            "slots": SLOTS,
            "locked": team.locked,
            "revealed": team.revealed,
            "summary": summary(team, team.revealed, several),
        },
        "actions": actions,
        "impeded": team.impeded,
        "positioned": team.positioned,
        "arms": [{"member": a.member, "weapon": a.weapon, "choice": a.choice} for a in team.arms],
        "disarmed": list(team.disarmed),
    }


def _exchange(x: Exchange, c: Conflict, state: State | None) -> vt.ExchangeView:
    pools = {t.side: _pool(t, c, state) for t in x.tests}
    return {
        "volley": x.volley,
        "slot": x.slot,
        "gm": _slot(x.gm),
        "patrol": _slot(x.patrol),
        "interaction": cast(vt.Interaction, x.interaction),
        "tests": [_test(t, pools, x, c, state) for t in x.tests],
        "changes": [
            {"side": _side(s), "reason": p.reason, "amount": p.amount} for s, p in x.changes
        ],
        "maneuvers": [{"side": _side(s), "margin": m} for s, m in x.maneuvers],
        "bought": [
            {"side": _side(s), "effects": cast(list[vt.Effect], list(e))} for s, e in x.bought
        ],
        "tied": x.tied,
        "tie": None if not x.tie_way else _tie(x),
    }


def _tie(x: Exchange) -> vt.TieView:
    return {
        "winner": cast(vt.Winner, x.tie_winner),
        "way": cast(vt.TieWay, x.tie_way),
        "gm_faces": _faces(x.tiebreaker[0]),
        "patrol_faces": _faces(x.tiebreaker[1]),
    }


def _slot(slot: Slot) -> vt.ScriptedAction:
    return {"action": cast(vt.Action, slot.action), "actor": slot.actor}


def _side(side: str) -> vt.ConflictSide:
    """``side`` as the view's type; a conflict has only these two (:data:`.state.SIDES`)."""
    return "gm" if side == "gm" else "patrol"


def _parts(parts: Sequence[Part]) -> list[vt.Part]:
    return [{"reason": p.reason, "amount": p.amount} for p in parts]


def _faces(faces: Sequence[str]) -> list[vt.Face]:
    """Faces as the view lists them; every face was read with :func:`..draft.read_faces`."""
    return cast(list[vt.Face], list(faces))


def _pool(test: ActionTest, c: Conflict, state: State | None) -> tuple[str, int]:
    """The rating and pool a test rolls (or would roll now, with the default skill)."""
    if test.rolled or state is None:
        return test.rating, test.pool()
    rating, base = rating_for(state, c, test, "")
    return rating, test.pool(base)


def _stand_in(test: ActionTest, c: Conflict, state: State | None) -> tuple[str, str]:
    """How Nature stands in ("within", "against" or "") and for which skill, as rolled or
    as it would be rolled now."""
    if test.rolled or state is None:
        return test.nature, test.instead
    chosen = pick_for(state, c, test, "")
    return chosen.nature, chosen.instead


def _test(
    test: ActionTest,
    pools: dict[str, tuple[str, int]],
    x: Exchange,
    c: Conflict,
    state: State | None,
) -> vt.ActionTestView:
    rating, pool = pools[test.side]
    live = state if test.rolled else None  # what the actor may still do after the roll
    sheet = live is not None and live.has(test.actor)
    nature, instead = _stand_in(test, c, state)
    return {
        "side": _side(test.side),
        "actor": test.actor,
        "action": cast(vt.Action, test.action),
        "ob": test.ob,
        "rating": rating,
        "nature": cast(Literal["", "within", "against"], nature),
        "instead": instead,
        "pool": pool,
        "modifiers": _parts(test.modifiers),
        "bonus": test.bonus,
        "helpers": list(test.helpers),
        "helps": [{"name": a.helper, "via": a.via, "wise": a.wise} for a in test.aids],
        "trait_against": test.against,
        "trait_for": test.trait_for,
        "rolled": test.rolled,
        "faces": _faces(test.faces),
        "tapped": test.tapped,
        "explosion": _faces(test.explosion),
        "options_used": cast(list[vt.ActionOption], list(test.options)),
        "fate_open": live is not None and can_explode(live, test),
        "wise_ways": cast(list[vt.WiseWay], list(wise_ways(live, test) if live else ())),
        "wises": [w.name for w in live.character(test.actor).wises] if live and sheet else [],
        "level_three": list(level_three_traits(live, test) if live else ()),
        "waits": live is not None and waits(live, test),
        "successes": test.successes,
        "odds": _odds(test, pool, pools, x),
    }


def _odds(
    test: ActionTest, pool: int, pools: dict[str, tuple[str, int]], x: Exchange
) -> vt.ActionOdds:
    """The chances that matter, from what is known now; a rolled side shows its result.

    Against an obstacle, "pass" is the chance that the action counts: at least
    ``max(1, ob)`` successes, since an Ob 0 action needs one success to do
    anything; "margin" the chance of each margin over the obstacle. Weapons'
    added successes lower what the dice need. Once the side has rolled, each
    value is its result, 1.0 or 0.0. In a versus roll, win, tie and lose are
    the chances before either side rolls, then against the side that has
    rolled, and once both have, the result.
    """
    if test.ob is not None:
        return _against(test, pool, test.ob)
    rival = next(t for t in x.tests if t.side != test.side)
    if test.rolled and rival.rolled:
        won = x.winner()
        return {
            "win": float(won == test.side),
            "tie": float(not won),
            "lose": float(won == rival.side),
        }
    if rival.rolled:
        win, tie = _beating(pool, rival.successes - test.bonus)
        return {"win": win, "tie": tie, "lose": 1 - win - tie}
    if test.rolled:
        lose, tie = _beating(pools[rival.side][1], test.successes - rival.bonus)
        return {"win": 1 - lose - tie, "tie": tie, "lose": lose}
    odds = _versus(pool, test.bonus, pools[rival.side][1], rival.bonus)
    return {"win": odds[0], "tie": odds[1], "lose": odds[2]}


def _against(test: ActionTest, pool: int, ob: int) -> vt.IndependentOdds:
    """Passing (at least one success, and the obstacle) and each margin over ``ob``."""
    needs = (max(1, ob), ob + 1, ob + 2, ob + 3)
    if test.rolled:
        met = [float(test.successes >= need) for need in needs]
    else:
        met = [float(chance(pool, max(0, need - test.bonus))) for need in needs]
    return {"pass": met[0], "margin": {"1": met[1], "2": met[2], "3": met[3]}}


def _beating(dice: int, rival: int) -> tuple[float, float]:
    """The chance that ``dice`` dice roll more than ``rival`` successes, and exactly as many."""
    if rival < 0:
        return 1.0, 0.0
    more = chance(dice, rival + 1)
    return float(more), float(chance(dice, rival) - more)


def _versus(dice: int, bonus: int, rival: int, rival_bonus: int) -> tuple[float, float, float]:
    """Win, tie, lose with added successes, from the plain versus odds when there are none."""
    if not (bonus or rival_bonus):
        odds = versus(dice, rival)
        return float(odds.win), float(odds.tie), float(odds.lose)
    win = tie = 0.0
    for k in range(dice + 1):
        mine = float(chance(dice, k) - chance(dice, k + 1))
        them = k + bonus - rival_bonus
        win += mine * float(1 - chance(rival, max(0, them)))
        tie += mine * float(chance(rival, max(0, them)) - chance(rival, max(0, them + 1)))
    return win, tie, 1 - win - tie
