"""Which command kinds can currently succeed, so a screen can grey out the rest.

This follows the same checks the handlers make, from the state alone; the
handlers stay the final word (a command can still fail on its fields).
"""

from __future__ import annotations

from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.acting import RESCUE
from tablekit.rules.mice_mystics.campaign import STORY_LIMIT
from tablekit.rules.mice_mystics.mice import Marker, Mouse
from tablekit.rules.mice_mystics.minions import Moves
from tablekit.rules.mice_mystics.state import Outcome, State

_TABLE = frozenset(
    {
        cmd.SetStats.kind,
        cmd.SetEquipment.kind,
        cmd.DefineBoss.kind,
        cmd.EndTurn.kind,
        cmd.DrawEncounter.kind,
        cmd.AddMinions.kind,
        cmd.StoryAchievement.kind,
        cmd.DeclareVictory.kind,
        cmd.PartyItem.kind,
    }
)


def legal_commands(state: State) -> frozenset[str]:
    """The kinds of command worth offering now."""
    entering = {cmd.SetStats.kind, cmd.SetEquipment.kind, cmd.DefineBoss.kind}
    if state.outcome is not Outcome.PLAYING:
        return frozenset({cmd.StartChapter.kind, *entering})
    if state.pending:
        return frozenset({state.pending[0].answer, *entering})
    kinds = set(_TABLE)
    if len(state.story) >= STORY_LIMIT:
        kinds.discard(cmd.StoryAchievement.kind)
    active = [m for m in state.mice if not m.captured]
    if active:
        kinds |= {
            cmd.WoundMouse.kind,
            cmd.CaptureMouse.kind,
            cmd.SetMarker.kind,
            cmd.GainCheese.kind,
        }
    if any(m.wounds or m.poison for m in active):
        kinds.add(cmd.HealMouse.kind)
    if state.minions:
        kinds |= {cmd.WoundMinion.kind, cmd.RemoveMinion.kind}
    if any(c.stats.roach for c in state.minions) and any(m.cheese for m in active):
        kinds.add(cmd.RoachSteal.kind)
    if any(m.found for m in state.mice):
        kinds.add(cmd.DiscardCard.kind)
    if any(m.abilities and m.stats.id not in state.turn.abilities for m in active):
        kinds.add(cmd.UseAbility.kind)
    current = state.track.current
    if current is None:
        return frozenset(kinds)
    if state.is_mouse(current):
        kinds |= _mouse_turn(state, state.mouse(current), len(active))
    else:
        if len(state.turn.attacked) < state.card(current).figures:
            kinds.add(cmd.MinionAttack.kind)
        if state.card(current).stats.moves is not Moves.POUNCE:
            kinds.add(cmd.RollMovement.kind)
    return frozenset(kinds)


def _mouse_turn(state: State, mouse: Mouse, active: int) -> set[str]:
    if mouse.captured or state.turn.action == RESCUE:
        return set()
    turn = state.turn
    kinds = set() if turn.moved else {cmd.RollMovement.kind}
    if mouse.has(Marker.CHARMED):
        return kinds | {cmd.MinionAttack.kind} if active > 1 and not turn.attacked else kinds
    kinds.add(cmd.ClimbOut.kind)
    if turn.moved and turn.movement:
        kinds.add(cmd.Mousetrap.kind)
    if not turn.action:
        if mouse.has(Marker.STUNNED) or mouse.has(Marker.WEBBED):
            kinds.add(cmd.Recover.kind)
        if not mouse.has(Marker.STUNNED):
            kinds |= {cmd.Search.kind, cmd.Explore.kind}
            if state.minions:
                kinds.add(cmd.Attack.kind)
            if turn.moved and not mouse.has(Marker.WEBBED):
                kinds.add(cmd.Scurry.kind)
    if "level up" not in turn.free and mouse.can_level_up:
        kinds.add(cmd.LevelUp.kind)
    if "share" not in turn.free and active > 1:
        kinds.add(cmd.Share.kind)
    if "equip" not in turn.free and (mouse.pack or mouse.wielded):
        kinds.add(cmd.Equip.kind)
    return kinds
