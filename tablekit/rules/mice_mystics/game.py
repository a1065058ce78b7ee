"""Mice and Mystics as a :class:`~tablekit.rules.game.Game`: dispatch and legality."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.game import Command, Event, Handled, Handler
from tablekit.rules.mice_mystics import actions, battle, placing, setup, surges, table
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.content import Pack, base_pack
from tablekit.rules.mice_mystics.draft import Draft
from tablekit.rules.mice_mystics.events import EVENTS
from tablekit.rules.mice_mystics.evolve import evolve
from tablekit.rules.mice_mystics.legal import legal_commands
from tablekit.rules.mice_mystics.state import Outcome, State
from tablekit.rules.mice_mystics.view import view

if TYPE_CHECKING:  # the view's shape, for mypy only (see view.py)
    from tablekit.rules.mice_mystics.view_types import MiceMysticsView

_HANDLERS: dict[type[Command], Handler[Draft]] = {
    cmd.StartChapter: setup.start_chapter,
    cmd.SetStats: setup.set_stats,
    cmd.SetEquipment: setup.set_equipment,
    cmd.DefineBoss: setup.define_boss,
    cmd.EndTurn: table.ending_turn,
    cmd.RollMovement: actions.roll_movement,
    cmd.Scurry: actions.scurry,
    cmd.Attack: battle.attack,
    cmd.MinionAttack: battle.minion_attack,
    cmd.Defend: battle.defend,
    cmd.PlaceBossWounds: battle.place_boss_wounds,
    cmd.Search: actions.search,
    cmd.TakeSearchCard: actions.take_search_card,
    cmd.DiscardCard: actions.discard_card,
    cmd.Recover: actions.recover,
    cmd.Explore: actions.explore,
    cmd.Mousetrap: actions.mousetrap,
    cmd.ClimbOut: actions.climb_out,
    cmd.LevelUp: actions.level_up,
    cmd.Share: actions.share,
    cmd.Equip: actions.equip,
    cmd.UseAbility: actions.use_ability,
    cmd.DrawEncounter: placing.draw_encounter,
    cmd.AddMinions: placing.add_minions,
    cmd.ResolveSurge: surges.resolve_surge,
    cmd.WoundMouse: table.wounding_mouse,
    cmd.CaptureMouse: table.capturing_mouse,
    cmd.HealMouse: table.healing_mouse,
    cmd.SetMarker: table.setting_marker,
    cmd.GainCheese: table.gaining_cheese,
    cmd.WoundMinion: table.wounding_minion,
    cmd.RemoveMinion: table.removing_minion,
    cmd.RoachSteal: table.roach_steal,
    cmd.PartyItem: table.party_item,
    cmd.StoryAchievement: table.story_achievement,
    cmd.DeclareVictory: table.declare_victory,
}

_ANYTIME = (cmd.SetStats, cmd.SetEquipment, cmd.DefineBoss)
_BETWEEN_CHAPTERS = (cmd.StartChapter, *_ANYTIME)


class MiceAndMystics(Handled[State, Draft]):
    """The rules of Mice and Mystics, with heroes and minions from a content pack."""

    name: str = "mice-mystics"
    title: str = "Mice and Mystics"
    commands: Sequence[type[Command]] = cmd.COMMANDS
    events: Sequence[type[Event]] = EVENTS
    state_type: type[State] = State
    handlers = _HANDLERS

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack if pack is not None else base_pack()

    def start(self) -> State:
        """Before any chapter: only the content pack."""
        return State(pack=self.pack)

    def draft(self, state: State, command: Command) -> Draft:
        """The state as it is, once the command fits the chapter's phase and any question
        waiting."""
        _check_moment(state, command)
        return Draft(state)

    def evolve(self, state: State, event: Event) -> State:
        """The state after ``event``."""
        return evolve(state, event)

    def view(self, state: State) -> MiceMysticsView:
        """Everything the table screen shows, in the shape :mod:`.view_types` declares."""
        return view(state)

    def legal_commands(self, state: State) -> frozenset[str]:
        """The command kinds that can currently succeed."""
        return legal_commands(state)

    def hidden(self, item: Command | Event) -> Mapping[str, str]:
        """Nothing in Mice and Mystics is secret: every command and event is public."""
        return {}


_ANSWERS = frozenset({cmd.Defend, cmd.PlaceBossWounds, cmd.ResolveSurge, cmd.TakeSearchCard})
"""Commands that answer a question the rules asked, and so need one waiting."""


def _check_moment(state: State, command: Command) -> None:
    """Refuse a command that does not fit the chapter's phase or a pending question."""
    if isinstance(command, _ANYTIME):
        return
    if state.outcome is not Outcome.PLAYING:
        if isinstance(command, _BETWEEN_CHAPTERS):
            return
        if state.outcome is Outcome.SETUP:
            raise RuleError("Start a chapter first")
        raise RuleError(
            "The chapter is over ({outcome}); start the next one",
            outcome=Phrase(state.outcome.value),
        )
    if state.pending and command.kind != state.pending[0].answer:
        raise RuleError("First answer this: {question}", question=state.pending[0].text)
    if not state.pending and type(command) in _ANSWERS:
        raise RuleError("There is no question waiting for that answer")
