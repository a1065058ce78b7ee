"""Scripting a volley in secret and revealing it (the summary's Conflicts, steps 5-9).

Each side scripts three actions on its pad for each of its teams still
standing, one team after another (the team scripting now is the side's first
standing team not locked); the GM's teams lock first, and a team can unlock
only while no team of the other side has locked. Back takes the last action
off the team's script, and holding it clears the script. Once every team is
locked, actions are revealed one meeting at a time (slot by slot, front by
front, see :class:`.state.Conflict`), the GM's first, and a revealed action
is fixed and public. A meeting whose team is already at 0 is skipped.

Who acts follows the sheet's "multiple characters in a team": the team's
mice take turns, so two alternate (A B A, then B A B), three take one action
each, and a fourth starts the next volley. The captain may order them
otherwise as long as nobody takes a second turn before everyone has had one,
and nobody acts twice in a row while a team mate could act.

Refusals speak only of the public counts and locks, never of a secret: not of
what the other side has scripted, nor of the actors in a side's own unrevealed
slots, nor of the action or actor a refused line named (both hidden in the
line itself), because a refusal reaches the table's screen and a script's
output whichever side sent the line. So a line naming an actor who is not on
the team, or whose turn it is not, is refused in one sentence that says neither
which nor who is next; leaving ``actor`` out takes the rotation.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.action import begin_exchange
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.state import SLOTS, Team, other
from tablekit.rules.mouse_guard.conflict.tables import ACTIONS
from tablekit.rules.mouse_guard.draft import Draft


def may_act(members: tuple[str, ...], so_far: tuple[str, ...], actor: str) -> bool:
    """Whether ``actor`` may take the next turn after ``so_far``."""
    counts = {m: so_far.count(m) for m in members}
    if counts[actor] > min(counts.values()):
        return False
    back_to_back = len(members) > 1 and so_far and so_far[-1] == actor
    return not back_to_back


def next_actor(members: tuple[str, ...], so_far: tuple[str, ...]) -> str:
    """The member whose turn it is: the first, in team order, who may act."""
    return next(m for m in members if may_act(members, so_far, m))


def _scripting(d: Draft, side: str) -> Team:
    team = current(d, "scripting").team(side)
    if team.locked:
        raise RuleError("Your script is locked; unlock it to change it")
    return team


def script(d: Draft, c: ccmd.Script, rng: random.Random) -> None:
    """Put ``action`` in the side's next slot, with its actor."""
    team = _scripting(d, c.side)
    if c.action not in ACTIONS:
        raise RuleError("The action must be attack, defend, feint or maneuver")
    if len(team.script) >= SLOTS:
        raise RuleError("Your script already holds three actions")
    so_far = team.turns + tuple(s.actor for s in team.script)
    if not c.actor:
        actor = next_actor(team.members, so_far)
    else:
        actor = next((m for m in team.members if m.lower() == c.actor.lower()), "")
        if not actor or not may_act(team.members, so_far, actor):
            raise RuleError(
                "The actor named cannot take this action: name a team mate whose turn it is, "
                "or leave the actor out for whoever is next"
            )
    d.emit(cev.ActionScripted(c.side, c.action, actor))


def unscript(d: Draft, c: ccmd.Unscript, rng: random.Random) -> None:
    """Take the last action off the side's script."""
    if not _scripting(d, c.side).script:
        raise RuleError("Your script is empty")
    d.emit(cev.ActionUnscripted(c.side))


def clear_script(d: Draft, c: ccmd.ClearScript, rng: random.Random) -> None:
    """Take every action off the side's script."""
    if not _scripting(d, c.side).script:
        raise RuleError("Your script is empty")
    d.emit(cev.ScriptCleared(c.side))


def lock(d: Draft, c: ccmd.Lock, rng: random.Random) -> None:
    """Lock a full script; the patrol locks after the GM, who chooses first."""
    conflict = current(d, "scripting")
    team = _scripting(d, c.side)
    if len(team.script) < SLOTS:
        raise RuleError(
            "Lock needs three actions; your script holds {count}", count=len(team.script)
        )
    if c.side == "patrol" and not all(t.locked for t in conflict.standing("gm")):
        raise RuleError("The GM chooses first: wait for the GM's lock")
    d.emit(cev.ScriptLocked(c.side, True))


def unlock(d: Draft, c: ccmd.Unlock, rng: random.Random) -> None:
    """Unlock one's own last locked script, while no team of the other side has locked."""
    conflict = current(d, "scripting")
    if not any(t.locked for t in conflict.standing(c.side)):
        raise RuleError("Your script is not locked")
    if any(t.locked for t in conflict.standing(other(c.side))):
        raise RuleError("Both scripts are locked: the volley is being revealed")
    d.emit(cev.ScriptLocked(c.side, False))


def reveal(d: Draft, c: ccmd.Reveal, rng: random.Random) -> None:
    """Reveal the next meeting's two actions, the GM's first, and set up their tests."""
    conflict = current(d, "revealing")
    step = conflict.next_meeting()
    assert step is not None  # a volley ends once no meeting is left (action.finish)
    slot, gm, patrol = conflict.meetings()[step]
    d.emit(
        cev.ActionRevealed("gm", slot, conflict.team("gm", gm).script[slot], gm),
        cev.ActionRevealed("patrol", slot, conflict.team("patrol", patrol).script[slot], patrol),
    )
    begin_exchange(d, step)
