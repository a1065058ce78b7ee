"""Mouse Guard as a :class:`~tablekit.rules.game.Game`: dispatch to the handlers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablekit.rules.game import Command, Event, Handled, Handler
from tablekit.rules.mouse_guard import after_roll, phases, procedure, result, sheets
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import ties as test_ties
from tablekit.rules.mouse_guard.after_roll import DEEPER_UNDERSTANDING, OF_COURSE
from tablekit.rules.mouse_guard.conditions import MOUSE_GUARD
from tablekit.rules.mouse_guard.conflict import (
    action,
    before_roll,
    disposition,
    disposition_roll,
    maneuver,
    secrecy,
    setup,
    spending,
    ties,
    volley,
    wises,
)
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict.events import CONFLICT_EVENTS
from tablekit.rules.mouse_guard.draft import Draft
from tablekit.rules.mouse_guard.events import EVENTS, RulesetUsed
from tablekit.rules.mouse_guard.evolve import evolve
from tablekit.rules.mouse_guard.legal import legal_commands
from tablekit.rules.mouse_guard.ruleset import Ruleset, recorded
from tablekit.rules.mouse_guard.state import State
from tablekit.rules.mouse_guard.switches import when_wise
from tablekit.rules.mouse_guard.view import view
from tablekit.rules.mouse_guard.view_types import MouseGuardView

_HANDLERS: dict[type[Command], Handler[Draft]] = {
    cmd.AddCharacter: sheets.add_character,
    cmd.RemoveCharacter: sheets.remove_character,
    cmd.SetRating: sheets.set_rating,
    cmd.SetTrait: sheets.set_trait,
    cmd.SetWise: sheets.set_wise,
    cmd.SetPhase: phases.set_phase,
    cmd.Prologue: phases.prologue,
    cmd.Note: phases.note,
    cmd.SetMission: phases.set_mission,
    cmd.SetGoal: phases.set_goal,
    cmd.Reward: phases.reward,
    cmd.BeginTest: procedure.begin_test,
    cmd.UseTraitAgainst: procedure.use_trait_against,
    cmd.UseTraitFor: procedure.use_trait_for,
    cmd.AddHelper: procedure.add_helper,
    cmd.TapNature: procedure.tap_nature,
    cmd.PersonaDice: procedure.persona_dice,
    cmd.Roll: procedure.roll,
    cmd.DeeperUnderstanding: when_wise(DEEPER_UNDERSTANDING, after_roll.deeper_understanding),
    cmd.OfCourse: when_wise(OF_COURSE, after_roll.of_course),
    cmd.Explode: after_roll.explode_axes,
    cmd.LevelThree: after_roll.level_three,
    cmd.BreakTie: test_ties.break_tie,
    cmd.Tiebreaker: test_ties.tiebreaker,
    cmd.Resolve: result.resolve,
    cmd.CancelTest: result.cancel_test,
    cmd.SetCondition: sheets.set_condition,
    cmd.Recover: result.recover,
    cmd.SpendCheck: sheets.spend_check,
    cmd.EarnChecks: sheets.earn_checks,
    cmd.ChargeTrait: sheets.charge_trait,
    cmd.RechargeTrait: sheets.recharge_trait,
    cmd.Advance: sheets.advance,
    ccmd.BeginConflict: setup.begin_conflict,
    ccmd.FormTeam: setup.form_team,
    ccmd.RollDisposition: disposition.roll_disposition,
    ccmd.DispositionExplode: disposition_roll.explode,
    ccmd.SetDisposition: disposition.set_disposition,
    ccmd.Arm: setup.arm,
    ccmd.Script: volley.script,
    ccmd.Unscript: volley.unscript,
    ccmd.ClearScript: volley.clear_script,
    ccmd.Lock: volley.lock,
    ccmd.Unlock: volley.unlock,
    ccmd.Reveal: volley.reveal,
    ccmd.HelpAction: before_roll.help_action,
    ccmd.ActionTraitAgainst: before_roll.trait_against,
    ccmd.ActionTraitFor: before_roll.trait_for,
    ccmd.ActionNature: before_roll.nature,
    ccmd.ActionPersonaDice: spending.persona_dice,
    ccmd.ActionTapNature: spending.tap_nature,
    ccmd.RollAction: action.roll_action,
    ccmd.ActionExplode: spending.explode_axes,
    ccmd.ActionWise: wises.use_wise,
    ccmd.ActionLevelThree: wises.use_level_three,
    ccmd.KeepRoll: spending.keep_roll,
    ccmd.BreakActionTie: ties.break_tie,
    ccmd.ActionTiebreaker: ties.tiebreaker,
    ccmd.Maneuver: maneuver.maneuver,
    ccmd.EndConflict: setup.end_conflict,
}


class MouseGuard(Handled[State, Draft]):
    """Tests and conflicts on the Mouse Guard engine, by the rules of ``ruleset``: Mouse
    Guard's own, or a hack's (its name and title are the game's)."""

    name: str = "mouse-guard"
    title: str = "Mouse Guard"
    commands: Sequence[type[Command]] = cmd.COMMANDS + ccmd.CONFLICT_COMMANDS
    events: Sequence[type[Event]] = EVENTS + CONFLICT_EVENTS
    state_type: type[State] = State
    handlers = _HANDLERS

    def __init__(self, ruleset: Ruleset | None = None) -> None:
        self.ruleset = ruleset if ruleset is not None else MOUSE_GUARD
        self.name, self.title = self.ruleset.name, self.ruleset.title

    def start(self) -> State:
        """No mice yet, in set-up, under the game's ruleset until the journal records one."""
        return State(ruleset=self.ruleset)

    def draft(self, state: State, command: Command) -> Draft:
        """The state as it is; the session's first change records its rules first."""
        draft = Draft(state)
        if not state.ruleset_digest:
            rules = state.ruleset
            draft.emit(RulesetUsed(rules.name, rules.digest, recorded(rules)))
        return draft

    def evolve(self, state: State, event: Event) -> State:
        """The state after ``event``."""
        return evolve(state, event)

    def view(self, state: State) -> MouseGuardView:
        """Everything the table screen shows, in the shape :mod:`.view_types` declares."""
        return view(state)

    def legal_commands(self, state: State) -> frozenset[str]:
        """The command kinds that can currently succeed."""
        return legal_commands(state)

    def hidden(self, item: Command | Event) -> Mapping[str, str]:
        """A test has no secrets; a scripted conflict action is its side's (conflict.secrecy)."""
        return secrecy.hidden(item)
