"""The session's structure (the summary, Game Structure): prologue, mission, goals,
the GM's turn (with its notes of obstacles and twists) and the players' turn, the
winter session, and the rewards."""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.conditions import condition_id, condition_name
from tablekit.rules.mouse_guard.draft import Draft
from tablekit.rules.mouse_guard.state import Phase

FATE_REWARDS = ("belief", "instinct", "goal")
"""Playing a belief or an instinct, and working toward a goal, earn a Fate point."""

PERSONA_REWARDS = ("against_belief", "goal_done", "workhorse", "mvp", "embodiment")
"""Acting against a belief, accomplishing a goal, Workhorse, MVP and Embodiment earn Persona."""


def set_phase(d: Draft, c: cmd.SetPhase, rng: random.Random) -> None:
    """Move on. A prologue begins a new session; the session's first players' turn brings
    a free check each (the summary gives one per player per session, not per turn).

    Not while a test or a conflict is in progress: a new session would clear the
    traits' used marks and a winter session change traits mid-fight, and an obstacle
    of the GM's turn (the summary, Game Structure 4.a.i: "a conflict") is overcome
    inside that turn.
    """
    phase = Phase(c.phase)
    if d.state.test is not None:
        raise RuleError("Finish or cancel the test before moving on")
    if d.state.conflict is not None:
        raise RuleError("End the conflict before moving on")
    if phase is d.state.phase:
        raise RuleError("The session is already in that phase")
    if c.continues and (phase is not Phase.PROLOGUE or d.state.session):
        raise RuleError("Only the first session on the device can continue a campaign")
    first_turn = not d.state.players_turn_begun or phase is Phase.PROLOGUE
    if phase is Phase.PROLOGUE:
        d.emit(ev.SessionBegan(c.continues))
    d.emit(ev.PhaseSet(phase.value))
    free = d.state.ruleset.checks.free
    if phase is Phase.PLAYERS_TURN and first_turn and free:
        for character in d.state.characters:
            d.emit(ev.ChecksEarned(character.name, "", free))


def prologue(d: Draft, c: cmd.Prologue, rng: random.Random) -> None:
    """Retelling the last mission recovers Hungry/Thirsty, Angry or Tired, or a point of Nature.

    The summary gives the prologue to one chosen player, in subsequent
    sessions: none in the first session (there is no last mission to retell),
    unless that session continues a campaign played before the device came to
    the table; and one mouse's a session.
    """
    character = d.state.character(c.character)
    if d.state.phase is not Phase.PROLOGUE:
        raise RuleError("A prologue is told at the start of a session")
    if d.state.session < 2 and not d.state.continued:
        raise RuleError(
            "The first session has no prologue: there is no last mission to retell "
            "(unless it continues a campaign)"
        )
    if d.state.prologues:
        raise RuleError(
            "{name} has told this session's prologue; one chosen player tells it",
            name=d.state.prologues[0],
        )
    if c.recover == "nature":
        nature = character.rating("Nature")
        if nature is None or nature.rating >= character.nature_max:
            raise RuleError("{name} has lost no Nature", name=character.name)
        d.emit(ev.NatureChanged(character.name, 1, "prologue"))
    else:
        rules = d.state.ruleset
        condition = condition_id(rules, c.recover)
        name = condition_name(rules, condition)
        if condition not in rules.prologue_recovers:
            raise RuleError("A prologue does not recover {condition}", condition=name)
        if condition not in character.conditions:
            raise RuleError("{name} is not {condition}", name=character.name, condition=name)
        d.emit(ev.ConditionSet(character.name, condition, False))
    d.emit(ev.PrologueTold(character.name))


def note(d: Draft, c: cmd.Note, rng: random.Random) -> None:
    """The GM's turn tracker: an obstacle introduced or a twist chosen, kept for the session."""
    d.emit(ev.NoteAdded(c.note, c.text.strip()))


def set_mission(d: Draft, c: cmd.SetMission, rng: random.Random) -> None:
    d.emit(ev.MissionSet(c.mission))


def set_goal(d: Draft, c: cmd.SetGoal, rng: random.Random) -> None:
    character = d.state.character(c.character)
    d.emit(ev.GoalSet(character.name, c.goal))


def reward(d: Draft, c: cmd.Reward, rng: random.Random) -> None:
    """A Fate or Persona point for one of the reasons on the sheet and in the summary."""
    character = d.state.character(c.character)
    if c.reward in FATE_REWARDS:
        d.emit(ev.PointsGained(character.name, 1, 0, c.reward))
    elif c.reward in PERSONA_REWARDS:
        d.emit(ev.PointsGained(character.name, 0, 1, c.reward))
    else:
        raise RuleError("{reward!r} is not a reward", reward=c.reward)
