"""The conflict as the screens show it, with every unrevealed action wrapped in a Secret.

Shape (``None`` when no conflict is in progress)::

    {
      "type": str, "title": str,            # "fight", "Fight"
      "status": "disposition" | "scripting" | "revealing" | "acting" | "maneuver" | "over",
      "volley": int, "revealed": int,       # volleys begun; actions revealed in this one
      "skills": {action: [rating]},         # what each action tests in this type
      "sides": {"gm": TEAM, "patrol": TEAM},
      "exchange": None | EXCHANGE,          # the revealed pair being tested
      "history": [EXCHANGE],                # every settled action, oldest first
      "compromise": None | {"winner": side | "", "loser": side | "", "lost": {side: int},
                            "band": "none" | "minor" | "compromise" | "major",
                            "winner_terms": str, "loser_terms": str,
                            "table": [{"band", "winner", "loser"}]},
    }
    TEAM = {"side", "name", "captain", "members": [str], "goal": str, "dice": int,
            "start": int, "disposition": int,     # 0 until set
            "parts": [{"reason", "amount"}], "faces": [str],
            "script": {"filled": int, "slots": 3, "locked": bool, "summary": "GM: 3 of 3, locked"},
            "actions": [{"action", "actor", "revealed": true} | Secret(side, {"action", "actor"})],
            "impeded": bool, "positioned": bool,
            "arms": [{"member", "weapon", "choice"}], "disarmed": [str]}
    EXCHANGE = {"volley", "slot", "gm": {"action", "actor"}, "patrol": {...},
                "interaction": "independent" | "versus" | "feint_vs_defend" | "feint_vs_attack",
                "tests": [TEST], "changes": [{"side", "reason", "amount"}],
                "maneuvers": [{"side", "margin"}], "bought": [{"side", "effects": [str]}]}
    TEST = {"side", "actor", "action", "ob": int | None, "rating": str, "pool": int,
            "modifiers": [{"reason", "amount"}], "bonus": int, "helpers": [str],
            "rolled": bool, "faces": [str], "successes": int,
            "odds": {"pass": float, "margin": {"1": float, "2": float, "3": float}}  # independent
                  | {"win": float, "tie": float, "lose": float}}                    # versus
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tablekit.rules.mouse_guard.conflict.action import rating_for
from tablekit.rules.mouse_guard.conflict.compromise import compromise
from tablekit.rules.mouse_guard.conflict.skills import ACTIONS
from tablekit.rules.mouse_guard.conflict.state import SLOTS, ActionTest, Conflict, Exchange, Team
from tablekit.rules.mouse_guard.odds import chance, versus
from tablekit.rules.mouse_guard.state import State
from tablekit.rules.secret import Secret


def conflict_view(state: State) -> dict[str, Any] | None:
    """The conflict in progress, for every audience (secrets wrapped)."""
    c = state.conflict
    if c is None:
        return None
    return {
        "type": c.type,
        "title": c.kind.title,
        "status": c.status,
        "volley": c.volley,
        "revealed": c.revealed,
        "skills": {a: list(c.kind.actions[a]) for a in ACTIONS},
        "sides": {t.side: _team(t, c) for t in (c.gm, c.patrol)},
        "exchange": None if c.exchange is None else _exchange(c.exchange, c, state),
        "history": [_exchange(x, c, None) for x in c.history],
        "compromise": compromise(c),
    }


def summary(team: Team, revealed: int) -> str:
    """The counts the table may see: "GM: 3 of 3, locked" or "Patrol: 2 of 3"."""
    label = "GM" if team.side == "gm" else "Patrol"
    if revealed:
        return f"{label}: {revealed} of {SLOTS} revealed"
    return f"{label}: {len(team.script)} of {SLOTS}" + (", locked" if team.locked else "")


def _team(team: Team, c: Conflict) -> dict[str, Any]:
    actions: list[Any] = []
    for index, slot in enumerate(team.script):
        shown = {"action": slot.action, "actor": slot.actor}
        actions.append(
            shown | {"revealed": True} if index < c.revealed else Secret(team.side, shown)
        )
    return {
        "side": team.side,
        "name": team.name,
        "captain": team.captain,
        "members": list(team.members),
        "goal": team.goal,
        "dice": team.dice,
        "start": team.start,
        "disposition": team.disposition,
        "parts": [asdict(p) for p in team.parts],
        "faces": list(team.faces),
        "script": {
            "filled": len(team.script),
            "slots": SLOTS,
            "locked": team.locked,
            "summary": summary(team, c.revealed),
        },
        "actions": actions,
        "impeded": team.impeded,
        "positioned": team.positioned,
        "arms": [asdict(a) for a in team.arms],
        "disarmed": list(team.disarmed),
    }


def _exchange(x: Exchange, c: Conflict, state: State | None) -> dict[str, Any]:
    pools = {t.side: _pool(t, c, state) for t in x.tests}
    return {
        "volley": x.volley,
        "slot": x.slot,
        "gm": asdict(x.gm),
        "patrol": asdict(x.patrol),
        "interaction": x.interaction,
        "tests": [_test(t, pools, x) for t in x.tests],
        "changes": [{"side": s, **asdict(p)} for s, p in x.changes],
        "maneuvers": [{"side": s, "margin": m} for s, m in x.maneuvers],
        "bought": [{"side": s, "effects": list(e)} for s, e in x.bought],
    }


def _pool(test: ActionTest, c: Conflict, state: State | None) -> tuple[str, int]:
    """The rating and pool a test rolls (or would roll now, with the default skill)."""
    if test.rolled or state is None:
        return test.rating, test.pool()
    rating, base = rating_for(state, c, test, "")
    return rating, test.pool(base)


def _test(test: ActionTest, pools: dict[str, tuple[str, int]], x: Exchange) -> dict[str, Any]:
    rating, pool = pools[test.side]
    return {
        "side": test.side,
        "actor": test.actor,
        "action": test.action,
        "ob": test.ob,
        "rating": rating,
        "pool": pool,
        "modifiers": [asdict(m) for m in test.modifiers],
        "bonus": test.bonus,
        "helpers": list(test.helpers),
        "rolled": test.rolled,
        "faces": list(test.faces),
        "successes": test.successes,
        "odds": _odds(test, pool, pools, x),
    }


def _odds(
    test: ActionTest, pool: int, pools: dict[str, tuple[str, int]], x: Exchange
) -> dict[str, Any]:
    """Exact chances before the roll; weapons' added successes lower what the dice need."""
    if test.ob is not None:
        need = test.ob - test.bonus
        return {
            "pass": float(chance(pool, max(0, need))),
            "margin": {str(k): float(chance(pool, max(0, need + k))) for k in (1, 2, 3)},
        }
    rival = next(t for t in x.tests if t.side != test.side)
    if rival.rolled and not test.rolled:
        need = rival.successes - test.bonus
        win = chance(pool, max(0, need + 1))
        tie = chance(pool, max(0, need)) - win
        return {"win": float(win), "tie": float(tie), "lose": float(1 - win - tie)}
    odds = _versus(pool, test.bonus, pools[rival.side][1], rival.bonus)
    return {"win": odds[0], "tie": odds[1], "lose": odds[2]}


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
